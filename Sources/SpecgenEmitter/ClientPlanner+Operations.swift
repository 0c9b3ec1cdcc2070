import SpecgenSpec

extension ClientPlanner {
    /// How a query parameter or form field becomes items.
    func items(_ field: Field) -> ItemsPlan {
        switch types.textStyle(of: field) {
        case .repeated(let element)?: .repeated(textForm(element, format: field.format) ?? .string)
        case .comma(let element)?: .comma(textForm(element, format: field.format) ?? .string)
        case .deepObject(let value)?: .deepObject(textForm(value, format: field.format) ?? .string)
        case .json?: .json
        case .single?, nil: .single
        }
    }

    func operation(_ endpoint: Endpoint, names: GeneratedNames) -> OperationPlan {
        let name = namer.methodName(endpoint.name)
        // The mock method's local that holds the operation's closure.
        var taken: Set<String> = [name.withoutBackticks + "Handler"]
        func internalName(_ bare: String) -> String {
            var candidate = bare
            while Namer.reservedLocals.contains(candidate) || taken.contains(candidate) { candidate += "Value" }
            taken.insert(candidate)
            return namer.escaped(candidate)
        }
        func parameter(_ field: Field, label: String? = nil) -> ParameterPlan {
            let bare = namer.bareSwiftName(of: field)
            let base = swiftType(field.type)
            return ParameterPlan(
                label: label ?? bare, internalName: internalName(bare), wireName: field.wireName,
                type: fieldType(base, field.presence),
                defaultValue: field.defaultValue.flatMap { defaultExpression($0, type: field.type) }
                    ?? (field.presence == .required ? nil : "nil"),
                isOptional: field.presence != .required, documentation: field.description,
                textForm: textForm(field.type, format: field.format), partKind: types.partKind(field.type),
                isBody: false,
                usage: usage(of: field.type, presence: field.presence), sensitive: field.sensitive,
                items: items(field), constant: field.constant.flatMap { defaultExpression($0, type: field.type) })
        }

        // Path parameters whose type already names them (`ticketID: TicketID`) need no label.
        var pathParameters: [ParameterPlan] = []
        for field in endpoint.pathParameters {
            var label: String?
            if case .named(let typeName) = field.type,
                namer.bareMemberName(field.swiftName ?? field.wireName) == namer.bareMemberName(typeName)
            {
                label = "_"
            }
            pathParameters.append(parameter(field, label: label))
        }

        var bodyParameters: [ParameterPlan] = []
        var body: BodyPlan?
        var bodyValidations: [ValidationPlan] = []
        if let requestBody = endpoint.body {
            switch requestBody.content {
            case .type(let type):
                let bodyName = internalName(
                    endpoint.pathParameters.contains { namer.bareMemberName($0.wireName) == "body" }
                        || endpoint.queryParameters.contains { namer.bareMemberName($0.wireName) == "body" }
                        ? "requestBody" : "body")
                // Two unlabeled arguments in a row (`sendMessage(id, message)`) read as a list, and an unlabeled one
                // after a labeled one reads as a mistake: a body after any path parameter is labeled `body:`.
                let bodyLabel = pathParameters.isEmpty ? "_" : "body"
                bodyParameters = [
                    ParameterPlan(
                        label: bodyLabel, internalName: bodyName, wireName: "body", type: swiftType(type),
                        defaultValue: nil,
                        isOptional: false, documentation: requestBody.description, textForm: nil, partKind: .json,
                        isBody: true, usage: usage(of: type))
                ]
                if let check = validation(
                    of: type, constraints: Constraints(), value: bodyName, field: "body",
                    presence: .required)
                {
                    bodyValidations.append(check)
                }
                let modelFields = types.fields(of: requestBody) ?? []
                switch requestBody.encoding {
                case .json:
                    body = .json(value: bodyName, inlineFields: [])
                case .form:
                    body = .form(fields: modelFields.map { modelParameter($0) }, prefix: bodyName + ".")
                case .multipart:
                    body = .multipart(fields: modelFields.map { modelParameter($0) }, prefix: bodyName + ".")
                case .binary:
                    body = .binary(value: bodyName, contentType: requestBody.contentType ?? "application/octet-stream")
                }
            case .fields(let fields):
                bodyParameters = fields.map { parameter($0) }
                for (field, plan) in zip(fields, bodyParameters) where plan.constant == nil {
                    if let check = validation(
                        of: field.type, constraints: field.constraints, value: plan.internalName,
                        field: field.wireName, presence: field.presence)
                    {
                        bodyValidations.append(check)
                    }
                }
                switch requestBody.encoding {
                case .json:
                    body = .json(
                        value: "payload",
                        inlineFields: zip(fields, bodyParameters).map { field, plan in
                            var property = property(field)
                            property.name = plan.internalName
                            return property
                        })
                case .form: body = .form(fields: bodyParameters, prefix: "")
                case .multipart: body = .multipart(fields: bodyParameters, prefix: "")
                case .binary: body = nil
                }
            }
        }
        let query = endpoint.queryParameters.map { parameter($0) }
        let headers = endpoint.headerParameters.map { parameter($0) }

        var validations: [ValidationPlan] = []
        let scalarParameters =
            Array(zip(endpoint.pathParameters, pathParameters)) + Array(zip(endpoint.queryParameters, query))
            + Array(zip(endpoint.headerParameters, headers))
        for (field, plan) in scalarParameters where plan.constant == nil {
            if let check = validation(
                of: field.type, constraints: field.constraints, value: plan.internalName,
                field: field.wireName, presence: field.presence)
            {
                validations.append(check)
            }
        }
        validations += bodyValidations

        let requirement = spec.authRequirement(of: endpoint)
        let operationErrors = errors(of: endpoint)
        let errorType = errorTypeName(of: endpoint) ?? names.error
        let (responses, returnType) = responsePlans(endpoint.responses, errorType: errorType)
        var retryable: Bool?
        var retryPolicy: [String]?
        if (endpoint.idempotent || endpoint.idempotencyKey != nil) && !endpoint.method.isIdempotent { retryable = true }
        switch endpoint.retry {
        case .disabled?: retryable = false
        case .policy(let policy)?: retryPolicy = retryExpression(policy)
        case nil: break
        }

        var plan = OperationPlan(
            name: name, qualifiedName: "\(apiName).\(name.withoutBackticks)",
            documentation: documentation(of: endpoint),
            deprecation: endpoint.deprecation.map { $0.message ?? "" },
            // Required arguments first, then those with defaults, each group in spec order; constants are none.
            parameters: pathParameters
                + (bodyParameters + query + headers).filter { $0.defaultValue == nil && $0.constant == nil }
                + (bodyParameters + query + headers).filter { $0.defaultValue != nil && $0.constant == nil },
            method: endpoint.method.rawValue.lowercased(),
            path: endpoint.path,
            pathLiteral: pathLiteral(endpoint, parameters: pathParameters),
            query: query, headers: headers, body: body, validations: validations,
            authSchemes: requirement?.schemes ?? [], authOptional: requirement?.optional ?? false,
            retryable: retryable, retryPolicy: retryPolicy,
            options: optionsExpression(endpoint),
            accept: accept(endpoint, errors: operationErrors),
            responses: responses, returnType: returnType,
            returnUsage: returnUsage(endpoint),
            errorType: errorType,
            handlerTypeName: namer.handlerTypeName(of: endpoint),
            pagination: nil, polling: nil)
        plan.constants = (bodyParameters + query + headers).filter { $0.constant != nil }
        plan.argumentsTypeName = namer.argumentsTypeName(of: endpoint)
        if let resource = endpoint.resource, let member = namer.resourceMemberName(of: endpoint) {
            plan.resourceMember = ResourceMemberPlan(resource: resource, name: member)
        }
        plan.idempotencyKeyHeader = endpoint.idempotencyKey
        plan.fileDownload = fileDownload(of: plan, endpoint: endpoint)
        plan.server = endpoint.server?.name
        if !plan.streams { plan.responseHeaders = responseHeaders(of: endpoint, plan: plan, api: names.api) }
        return withHelpers(plan, endpoint: endpoint)
    }

    /// The struct of typed response headers and the method that returns them; nil when no answer declares headers.
    func responseHeaders(of endpoint: Endpoint, plan: OperationPlan, api: String) -> ResponseHeadersPlan? {
        guard let typeName = namer.responseHeadersTypeName(of: endpoint),
            let methodName = namer.headersMethodName(of: endpoint),
            let handlerTypeName = namer.headersHandlerTypeName(of: endpoint)
        else { return nil }
        var usage: ModuleUsage = []
        let headers = endpoint.responseHeaders.map { field -> HeaderPlan in
            usage.formUnion(self.usage(of: field.type))
            let type = swiftType(field.type)
            let format = dateFormat(field.type, format: field.format)
            let readArguments: String =
                switch resolved(field.type).type {
                case .primitive(.datetime), .primitive(.date):
                    "as: Date.self, format: \(format ?? ".iso8601")"
                default: "as: \(type).self"
                }
            return HeaderPlan(
                name: memberName(field), wireName: field.wireName, type: type,
                isOptional: field.presence != .required, documentation: field.description,
                readArguments: readArguments)
        }
        let methodDocumentation =
            "Calls ``\(plan.selector)`` and returns the body together with the answer's typed headers and status.\n\n"
            + "Throws `.failure(.decoding)` when a required header is missing or a header is not a value of its type; "
            + "``\(plan.selector)`` reads the body alone and never fails over a header.\n\n"
            + "- Remark: `\(endpoint.method.rawValue) \(endpoint.path)` (`endpoints.\(endpoint.name)`)"
        return ResponseHeadersPlan(
            typeName: typeName,
            documentation: "The headers of a `\(endpoint.name)` answer, as "
                + "``\(api)/\(methodName)(\(plan.parameters.map { $0.label + ":" }.joined()))`` returns them.",
            methodName: methodName, methodDocumentation: methodDocumentation,
            handlerTypeName: handlerTypeName,
            headers: headers, usage: usage)
    }

    /// A bytes stream also gets a method that writes its body to a file: URLSession then downloads straight to
    /// disk, which keeps memory flat however fast the network is.
    func fileDownload(of operation: OperationPlan, endpoint: Endpoint) -> FileDownloadPlan? {
        let bytes = operation.responses.contains {
            if case .stream(.bytes, _, _, _) = $0.result { true } else { false }
        }
        guard bytes else { return nil }
        let destination = ParameterPlan(
            label: "to", internalName: "file", wireName: "", type: "URL", defaultValue: nil, isOptional: false,
            documentation: "The file the body is written to; an existing file is replaced.", textForm: nil,
            partKind: .text, isBody: false, usage: .foundation)
        let paragraph =
            "Writes the body to `file` as it arrives, never holding it in memory, and returns its size in bytes. "
            + "Use ``\(operation.selector)`` to read it as a stream instead."
        let documentation = documentation(of: endpoint, adding: paragraph)
        return FileDownloadPlan(documentation: documentation, destination: destination)
    }

    /// The summary, the description, an optional paragraph of the generator's, and the request line.
    func documentation(of endpoint: Endpoint, adding paragraph: String? = nil) -> String {
        var parts: [String] = []
        if let summary = endpoint.summary { parts.append(summary) }
        if let description = endpoint.description { parts.append(description) }
        if let paragraph { parts.append(paragraph) }
        parts.append("- Remark: `\(endpoint.method.rawValue) \(endpoint.path)` (`endpoints.\(endpoint.name)`)")
        return parts.joined(separator: "\n\n")
    }

    func pathLiteral(_ endpoint: Endpoint, parameters: [ParameterPlan]) -> String {
        // Lint rejects undeclared placeholders; one that slipped through is left out of the path.
        SwiftLiteral.interpolated(endpoint.path, literal: { Self.encodedPath(Substring($0)) }) { placeholder in
            parameters.first { $0.wireName == placeholder }.map { parameter in
                "PercentEncoding.encodeComponent(\((parameter.textForm ?? .string).expression(parameter.internalName)))"
            }
        }
    }

    /// The literal parts of a path, with every character a URL path cannot hold percent-encoded (`%` is kept, as
    /// the spec may already have encoded something).
    static func encodedPath(_ text: Substring) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/%".utf8)
        var output = ""
        for byte in text.utf8 {
            if allowed.contains(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return output
    }

    func optionsExpression(_ endpoint: Endpoint) -> String? {
        let timeout = endpoint.requestSettings.timeout ?? spec.requestSettings.timeout
        let cachePolicy = endpoint.requestSettings.cachePolicy ?? spec.requestSettings.cachePolicy
        var arguments: [String] = []
        if let timeout { arguments.append("timeout: \(SwiftLiteral.number(timeout))") }
        if let cachePolicy { arguments.append("cache: .\(cachePolicy.rawValue)") }
        return arguments.isEmpty ? nil : "RequestOptions(\(arguments.joined(separator: ", ")))"
    }
}
