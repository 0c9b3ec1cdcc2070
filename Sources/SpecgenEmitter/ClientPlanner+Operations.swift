import SpecgenSpec

extension ClientPlanner {
    /// How a query parameter or form field becomes items.
    func items(_ field: Field) -> ItemsPlan {
        switch types.textStyle(of: field) {
        case .repeated(let element)?: .repeated(textForm(element, format: field.format) ?? .string)
        case .comma(let element)?: .comma(textForm(element, format: field.format) ?? .string)
        case .deepObject(let value)?: .deepObject(textForm(value, format: field.format) ?? .string)
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
                items: items(field))
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
                for (field, plan) in zip(fields, bodyParameters) {
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
        for (field, plan) in scalarParameters {
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
            // Required arguments first, then those with defaults, each group in spec order.
            parameters: pathParameters + (bodyParameters + query + headers).filter { $0.defaultValue == nil }
                + (bodyParameters + query + headers).filter { $0.defaultValue != nil },
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
        plan.idempotencyKeyHeader = endpoint.idempotencyKey
        plan.fileDownload = fileDownload(of: plan, endpoint: endpoint)
        plan.server = endpoint.server?.name
        if !plan.streams { plan.responseHeaders = responseHeaders(of: endpoint, plan: plan, api: names.api) }
        return withHelpers(plan, endpoint: endpoint)
    }

    /// The struct of typed response headers and the method that returns them; nil when no answer declares headers.
    private func responseHeaders(of endpoint: Endpoint, plan: OperationPlan, api: String) -> ResponseHeadersPlan? {
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

    /// The page helper of a paginated operation; nil when the spec's pagination does not fit (lint reports it).
    private func paginationPlan(
        _ pagination: Pagination, of plan: OperationPlan, responseType: TypeRef
    ) -> PaginationPlan? {
        func parameter(_ wireName: String?) -> ParameterPlan? {
            guard let wireName else { return nil }
            return plan.query.first { $0.wireName == wireName }
        }
        guard let element = types.pageItemType(of: responseType, itemsField: pagination.itemsField) else { return nil }
        var items = "$0"
        if let field = pagination.itemsField.flatMap({ name in nestedFields(responseType).first { $0.wireName == name }
        }) {
            items = "$0." + memberName(field) + (field.presence == .required ? "" : " ?? []")
        }
        let limit = parameter(pagination.limitParameter)
        if pagination.limitParameter != nil && limit == nil { return nil }
        let style: PaginationPlan.Style
        var summary: String
        var ends: [String]
        switch pagination.style {
        case .page(let wireName, let first):
            guard let page = parameter(wireName) else { return nil }
            style = .numbered(parameter: page.internalName, first: first)
            summary = "page \(first), then the next, in `\(wireName)`"
            ends = ["on a page of fewer than `\(pagination.limitParameter ?? "")` items"]
        case .offset(let wireName):
            guard let offset = parameter(wireName) else { return nil }
            style = .offsets(parameter: offset.internalName)
            summary = "item offsets in `\(wireName)`"
            ends = ["on a page of fewer than `\(pagination.limitParameter ?? "")` items"]
        case .cursor(let wireName, let path):
            guard let cursor = parameter(wireName), let next = swiftPath(path, in: responseType) else { return nil }
            style = .cursors(parameter: cursor.internalName, nextCursor: next)
            summary = "each page's `\(path.joined(separator: "."))` in `\(wireName)`"
            ends = ["when that is absent", "on an empty page"]
        case .afterItem(let wireName, let itemField):
            guard let after = parameter(wireName), let id = swiftPath([itemField], in: element) else { return nil }
            style = .afterItems(parameter: after.internalName, idProperty: id)
            summary = "the last item's `\(itemField)` in `\(wireName)`"
            ends = ["on an empty page"]
        case .link(let relation):
            style = .links(relation: relation)
            summary = "the `Link` header's `rel=\"\(relation)\"` URL"
            ends = ["when there is none", "on an empty page"]
        }
        var hasMore: String?
        if let path = pagination.hasMoreField {
            guard let expression = swiftPath(path, in: responseType) else { return nil }
            hasMore = expression
            ends.append("when `\(path.joined(separator: "."))` is false")
        }
        summary +=
            "; the walk ends " + ends.dropLast().joined(separator: ", ")
            + (ends.count > 1 ? " or " : "") + (ends.last ?? "")
        return PaginationPlan(
            methodName: plan.bareName + "Pages", style: style, limitParameter: limit?.internalName,
            limitIsOptional: limit?.isOptional ?? false, items: items, hasMore: hasMore,
            pageType: swiftType(responseType), itemType: swiftType(element), summary: summary)
    }

    /// `$0.meta?.nextCursor`: a dotted field path as a Swift expression on `$0`, optional chaining after optional
    /// fields; nil when the path does not resolve.
    private func swiftPath(_ path: [String], in type: TypeRef) -> String? {
        guard case .success(let fields) = types.fieldPath(path, in: type) else { return nil }
        return swiftPath(fields)
    }

    /// `$0.a?.b`: the fields a path walks through as a Swift expression on `$0`.
    private func swiftPath(_ fields: [Field]) -> String {
        var expression = "$0"
        var chained = false
        for field in fields {
            expression += (chained ? "?." : ".") + memberName(field)
            chained = field.presence != .required
        }
        return expression
    }

    /// The properties of an object model (through aliases), or none.
    private func nestedFields(_ type: TypeRef) -> [Field] {
        if case .object(let model) = types.shape(of: type) { return model.fields }
        return []
    }

    /// A model property used as a form field or multipart part of a model body.
    private func modelParameter(_ field: Field) -> ParameterPlan {
        let base = swiftType(field.type)
        return ParameterPlan(
            label: memberName(field), internalName: memberName(field), wireName: field.wireName,
            type: fieldType(base, field.presence), defaultValue: nil, isOptional: field.presence != .required,
            documentation: nil, textForm: textForm(field.type, format: field.format),
            partKind: types.partKind(field.type),
            isBody: false, usage: usage(of: field.type, presence: field.presence), items: items(field))
    }

    /// A bytes stream also gets a method that writes its body to a file: URLSession then downloads straight to
    /// disk, which keeps memory flat however fast the network is.
    private func fileDownload(of operation: OperationPlan, endpoint: Endpoint) -> FileDownloadPlan? {
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
    private func documentation(of endpoint: Endpoint, adding paragraph: String? = nil) -> String {
        var parts: [String] = []
        if let summary = endpoint.summary { parts.append(summary) }
        if let description = endpoint.description { parts.append(description) }
        if let paragraph { parts.append(paragraph) }
        parts.append("- Remark: `\(endpoint.method.rawValue) \(endpoint.path)` (`endpoints.\(endpoint.name)`)")
        return parts.joined(separator: "\n\n")
    }

    private func pathLiteral(_ endpoint: Endpoint, parameters: [ParameterPlan]) -> String {
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

    private func optionsExpression(_ endpoint: Endpoint) -> String? {
        let timeout = endpoint.requestSettings.timeout ?? spec.requestSettings.timeout
        let cachePolicy = endpoint.requestSettings.cachePolicy ?? spec.requestSettings.cachePolicy
        var arguments: [String] = []
        if let timeout { arguments.append("timeout: \(SwiftLiteral.number(timeout))") }
        if let cachePolicy { arguments.append("cache: .\(cachePolicy.rawValue)") }
        return arguments.isEmpty ? nil : "RequestOptions(\(arguments.joined(separator: ", ")))"
    }

    /// The modules the success value's type comes from.
    private func returnUsage(_ endpoint: Endpoint) -> ModuleUsage {
        endpoint.responses.reduce(into: []) { usage, response in
            switch response.body {
            case .json(let type): usage.formUnion(self.usage(of: type))
            case .binary: usage.insert(.foundation)
            case .stream(let stream):
                // A stream is the runtime's `ResponseStream` of the item, or of `Data`, `ServerSentEvent` or
                // `JSONValue` (the runtime's) when the spec names none.
                usage.insert(.runtime)
                if let item = stream.item {
                    usage.formUnion(self.usage(of: item))
                } else if stream.format == .bytes {
                    usage.insert(.foundation)
                }
            case .empty: break
            }
        }
    }

    private func responsePlans(_ responses: [ResponseCase], errorType: String) -> ([ResponsePlan], String?) {
        var valueType: String?
        var hasEmpty = false
        for response in responses {
            switch response.body {
            case .json(let type): valueType = swiftType(type)
            case .binary: valueType = "Data"
            case .stream(let stream): valueType = "ResponseStream<\(streamItemType(stream)), \(errorType)>"
            case .empty: hasEmpty = true
            }
        }
        let plans = responses.map { response in
            // One documented success stands for every 2XX: a server that answers 201 where the spec says 200 still
            // returns the value. Listing several success statuses makes each one exact.
            let status = responses.count == 1 ? StatusPattern.range(2) : response.status
            let result: ResponsePlan.Result =
                switch response.body {
                case .json(let type): .decode(swiftType(type))
                case .binary: .bytes
                case .stream(let stream):
                    .stream(
                        stream.format, element: streamItemType(stream), decoded: stream.item != nil,
                        terminator: stream.terminator)
                case .empty: valueType == nil ? .nothing : .nilValue
                }
            return ResponsePlan(status: status, result: result)
        }
        return (plans, valueType.map { hasEmpty ? $0 + "?" : $0 })
    }

    /// `application/json` when a response or an error body is JSON, after a stream's own media type.
    private func accept(_ endpoint: Endpoint, errors: [ErrorResponse]) -> String? {
        var types: [String] = []
        for response in endpoint.responses {
            if case .stream(let stream) = response.body { types.append(stream.format.contentType) }
        }
        let json =
            endpoint.responses.contains { if case .json = $0.body { true } else { false } }
            || errors.contains { $0.body != nil }
        if json { types.append("application/json") }
        return types.isEmpty ? nil : types.joined(separator: ", ")
    }

    /// The element type of a stream: the item type, or what its framing yields without one.
    private func streamItemType(_ stream: StreamedBody) -> String {
        if let item = stream.item { return swiftType(item) }
        switch stream.format {
        case .events: return "ServerSentEvent"
        case .lines: return "JSONValue"
        case .bytes: return "Data"
        }
    }

    /// Adds page iteration and polling helpers.
    private func withHelpers(_ plan: OperationPlan, endpoint: Endpoint) -> OperationPlan {
        var plan = plan
        let responseType = endpoint.jsonResponseType
        if let pagination = endpoint.pagination, let responseType {
            plan.pagination = paginationPlan(pagination, of: plan, responseType: responseType)
        }
        if let polling = endpoint.polling, let responseType,
            case .success(let fields) = types.fieldPath(polling.field, in: responseType)
        {
            // Lint makes every segment required, so the path has no optional chaining.
            let path = swiftPath(fields)
            let current = fields.last?.type ?? responseType
            var enumModel: Model?
            if case .named(let name) = resolved(current).type, let model = model(named: name),
                case .enumeration = model.kind
            {
                enumModel = model
            }
            func expression(_ value: String) -> String {
                guard let enumModel, case .enumeration(let values) = enumModel.kind,
                    let match = values.first(where: { $0.value == value })
                else { return SwiftLiteral.string(value) }
                return "." + namer.bareCaseName(of: match)
            }
            plan.polling = PollingPlan(
                methodName: namer.methodName(polling.name), fieldPath: path,
                fieldDescription: polling.field.joined(separator: "."),
                success: polling.success.map(expression), failure: polling.failure.map(expression),
                interval: polling.interval, maxAttempts: polling.maxAttempts)
        }
        return plan
    }
}
