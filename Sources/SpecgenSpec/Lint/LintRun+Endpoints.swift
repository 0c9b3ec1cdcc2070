extension LintRun {
    // MARK: - Auth

    mutating func checkAuth() {
        for scheme in spec.authSchemes {
            if case .oauth2(let flow) = scheme.kind {
                if !flow.tokenURL.hasPrefix("/") && !flow.tokenURL.hasPrefix("https://") {
                    error(
                        .auth,
                        scheme.location,
                        "tokenUrl '\(flow.tokenURL)' of '\(scheme.name)' must be a path or an https URL",
                        fix: "write it as '/auth/token/'")
                }
                if flow.grants.isEmpty {
                    error(
                        .auth,
                        scheme.location, "OAuth2 scheme '\(scheme.name)' lists no grants",
                        fix: "add 'grants: [password, refresh_token]'")
                }
            }
        }
        if let security = spec.security { checkAuthReference(security, keyPath: "security") }
    }

    mutating func checkAuthReference(_ requirement: AuthRequirement, keyPath: String) {
        let names = spec.authSchemes.map(\.name)
        for (name, location) in zip(requirement.schemes, requirement.schemeLocations)
        where spec.authScheme(named: name) == nil {
            error(
                .auth,
                location, "unknown auth scheme '\(name)' at '\(keyPath)'",
                fix: Suggestions.closest(to: name, in: names).map { "did you mean '\($0)'?" }
                    ?? (names.isEmpty
                        ? "declare it under 'auth:'" : "use 'none' or one of: \(names.joined(separator: ", "))"))
        }
    }

    // MARK: - Errors

    mutating func checkErrors(_ errors: [ErrorResponse], keyPath: String) {
        for response in errors {
            let entryPath = "\(keyPath).\(response.status)"
            if let type = response.body {
                checkExample(response.example, of: type, at: response.location, keyPath: entryPath)
                checkExamples(response.examples, of: type, keyPath: entryPath)
            }
            if response.status.isSuccess {
                error(
                    .errorCases,
                    response.location, "status \(response.status) at '\(entryPath)' is a success, not an error",
                    fix: "declare it under 'response:'")
            }
            let swiftName = namer.bareMemberName(response.caseName)
            if !isIdentifier(response.caseName) || swiftName != response.caseName {
                error(
                    .errorCases,
                    response.typeLocation,
                    "error case '\(response.caseName)' at '\(entryPath)' is not a lowerCamelCase Swift name",
                    fix: "write it as '\(swiftName)'")
            }
            if Namer.reservedErrorCases.contains(response.caseName) {
                error(
                    .errorCases,
                    response.typeLocation,
                    "error case '\(response.caseName)' at '\(entryPath)' is reserved for failures the client detects itself",
                    fix: "choose another name, such as '\(response.caseName)Response'")
            }
            if let body = response.body, case .primitive(let primitive) = shape(of: body),
                [.binary, .file].contains(primitive)
            {
                error(
                    .errorCases,
                    response.typeLocation, "an error body at '\(entryPath)' cannot be '\(primitive.rawValue)'",
                    fix: "use a model, or 'string' for a plain-text body")
            }
        }
    }

    /// One case name means one body type across the API, since callers match the case by name.
    mutating func checkErrorCaseConsistency() {
        var seen: [(name: String, body: TypeRef?, location: SourceLocation)] = []
        let all = spec.errors + spec.endpoints.flatMap(\.errors)
        for response in all {
            if let first = seen.first(where: { $0.name == response.caseName }) {
                if first.body != response.body {
                    error(
                        .errorCases,
                        response.location,
                        "error case '\(response.caseName)' carries '\(response.body?.description ?? "no body")' here but '\(first.body?.description ?? "no body")' at line \(first.location.line)",
                        fix: "give the cases different names, or the same body type")
                }
            } else {
                seen.append((response.caseName, response.body, response.location))
            }
        }
        // Within one error type a case answers one status (or range): the API's cases, then each operation's with
        // the API's for the statuses it does not document itself.
        var reported: Set<SourceLocation> = []
        for errors in [spec.errors] + spec.endpoints.map({ spec.errors(of: $0) }) {
            var first: [String: ErrorResponse] = [:]
            for response in errors {
                guard let earlier = first[response.caseName] else {
                    first[response.caseName] = response
                    continue
                }
                // Reported where the later of the two is written: an operation's, below the API's.
                let (here, other) =
                    earlier.location.line < response.location.line ? (response, earlier) : (earlier, response)
                guard reported.insert(here.location).inserted else { continue }
                error(
                    .errorCases,
                    here.location,
                    "error case '\(response.caseName)' answers \(here.status) here and \(other.status) at line "
                        + "\(other.location.line), in one error type",
                    fix: "give one of them another case name; a caller tells the statuses apart by the case")
            }
        }
    }

    // MARK: - Endpoints

    mutating func checkEndpoints() {
        checkCollisions(
            spec.endpoints.map { ($0.name, namer.methodName($0.name), $0.location) },
            scope: "endpoints", kind: "operation")
        for endpoint in spec.endpoints { checkEndpoint(endpoint) }
        // Each operation by its method's name, once, for the generated methods that must not take one.
        let operations = Dictionary(
            spec.endpoints.map { (namer.methodName($0.name).withoutBackticks, $0) },
            uniquingKeysWith: { first, _ in first })
        for endpoint in spec.endpoints {
            guard let method = namer.headersMethodName(of: endpoint), let operation = operations[method] else {
                continue
            }
            error(
                .names,
                operation.location,
                "operation '\(operation.name)' has the name of the method that returns '\(endpoint.name)' with its headers",
                fix: "rename one of them")
        }
        // Two helpers of one name are two methods of one signature in the API protocol's extension.
        var helpers: [String: (endpoint: Endpoint, polling: Polling)] = [:]
        for endpoint in spec.endpoints {
            guard let polling = endpoint.polling else { continue }
            let name = namer.methodName(polling.name).withoutBackticks
            if let first = helpers[name] {
                error(
                    .names,
                    polling.location,
                    "polling helper '\(polling.name)' of '\(endpoint.name)' has the Swift name of the helper of "
                        + "'\(first.endpoint.name)' (line \(first.polling.location.line))",
                    fix: "give each helper a name of its own")
            } else {
                helpers[name] = (endpoint, polling)
            }
        }
        for polling in spec.endpoints.compactMap(\.polling) {
            if let operation = operations[namer.methodName(polling.name).withoutBackticks] {
                error(
                    .names,
                    polling.location,
                    "polling helper '\(polling.name)' has the same Swift name as operation '\(operation.name)' (line \(operation.location.line))",
                    fix: "rename the helper, e.g. 'pollUntil...'")
            }
        }
        checkErrorCaseConsistency()
    }

    mutating func checkEndpoint(_ endpoint: Endpoint) {
        let keyPath = "endpoints.\(endpoint.name)"
        let name = namer.methodName(endpoint.name).withoutBackticks
        if name != endpoint.name {
            warning(
                endpoint.location, "operation '\(endpoint.name)' is generated as '\(name)'",
                fix: "name it '\(name)' in the spec so both read the same")
        }
        checkPath(endpoint, keyPath: keyPath)
        for field in endpoint.queryParameters {
            checkParameter(field, keyPath: "\(keyPath).query.\(field.wireName)", allowArrays: true, query: true)
        }
        for field in endpoint.headerParameters {
            checkParameter(field, keyPath: "\(keyPath).headers.\(field.wireName)", allowArrays: false)
        }
        // A query or header value is text: it is sent or left out, never `null`.
        for field in endpoint.queryParameters + endpoint.headerParameters where field.presence == .nullable {
            error(
                .parameters,
                field.typeLocation, "parameter '\(field.wireName)' of '\(endpoint.name)' cannot be null",
                fix: "write '\(field.type)?'; a parameter is sent or left out")
        }
        var parameters = endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters
        if let body = endpoint.body {
            checkBody(body, endpoint: endpoint, keyPath: "\(keyPath).body")
            if case .fields(let fields) = body.content { parameters += fields }
        }
        checkCollisions(
            parameters.map { ($0.wireName, namer.bareSwiftName(of: $0), $0.location) },
            scope: "endpoint '\(endpoint.name)'", kind: "parameter")
        checkResponses(endpoint, keyPath: "\(keyPath).response")
        checkErrors(endpoint.errors, keyPath: "\(keyPath).errors")
        if let auth = endpoint.auth { checkAuthReference(auth, keyPath: "\(keyPath).auth") }
        if endpoint.idempotent, endpoint.method.isIdempotent {
            warning(
                endpoint.location,
                "'idempotent: true' at '\(keyPath)' repeats what \(endpoint.method.rawValue) already means")
        }
        if let server = endpoint.server {
            checkServerReference(server, endpoint: endpoint, keyPath: "\(keyPath).server")
        }
        checkStreams(endpoint, keyPath: keyPath)
        if let header = endpoint.idempotencyKey {
            checkIdempotencyKey(header, endpoint: endpoint, keyPath: "\(keyPath).idempotencyKey")
        }
        if let pagination = endpoint.pagination {
            checkPagination(pagination, endpoint: endpoint, keyPath: "\(keyPath).paginate")
        }
        if let polling = endpoint.polling { checkPolling(polling, endpoint: endpoint, keyPath: "\(keyPath).poll") }
        checkMockSequence(endpoint, keyPath: "\(keyPath).mock")
    }

    /// A scripted step must answer with a status the client understands: a declared response or error.
    mutating func checkMockSequence(_ endpoint: Endpoint, keyPath: String) {
        let declared = spec.declaredStatuses(of: endpoint)
        let firstSuccess = endpoint.responses.first { $0.body != .empty } ?? endpoint.responses.first
        for step in endpoint.mockSequence {
            if let status = step.status, !declared.contains(where: { $0.matches(status) }) {
                let list = declared.map(\.description).joined(separator: ", ")
                error(
                    .mockSteps,
                    step.location,
                    "mock step at '\(keyPath)' answers \(status), which '\(endpoint.name)' does not declare",
                    fix: "use one of its statuses: \(list)")
                continue
            }
            // The body is laid over the answer the mock makes for the status: it must fit that answer's type.
            let response =
                step.status.map { status in
                    endpoint.responses.sorted { $0.status < $1.status }.first { $0.status.matches(status) }
                } ?? firstSuccess
            let type: TypeRef?
            if let response {
                if case .json(let json) = response.body { type = json } else { type = nil }
            } else {
                type = step.status.flatMap { spec.documentedError($0, of: endpoint)?.body }
            }
            if let body = step.body, let type, let problem = types.exampleProblem(body, of: type) {
                error(
                    .mockSteps,
                    step.location, "mock step body at '\(keyPath)' does not fit '\(type)': \(problem)",
                    fix: "give each field a value of its type; the mock serves this body")
            }
        }
    }

    mutating func checkPath(_ endpoint: Endpoint, keyPath: String) {
        let placeholders = endpoint.pathPlaceholders
        var seen: [String] = []
        for placeholder in placeholders {
            if seen.contains(placeholder) {
                error(
                    .pathParameters, endpoint.requestLocation,
                    "path parameter '{\(placeholder)}' appears twice in '\(endpoint.path)'")
            }
            seen.append(placeholder)
            if !endpoint.pathParameters.contains(where: { $0.wireName == placeholder }) {
                error(
                    .pathParameters,
                    endpoint.requestLocation, "path parameter '{\(placeholder)}' of '\(keyPath)' is not declared",
                    fix: "add it under 'path:', e.g. '\(placeholder): string'")
            }
        }
        for field in endpoint.pathParameters {
            let fieldPath = "\(keyPath).path.\(field.wireName)"
            if !placeholders.contains(field.wireName) {
                let suggestion = Suggestions.closest(to: field.wireName, in: placeholders)
                error(
                    .pathParameters,
                    field.location, "path parameter '\(field.wireName)' does not appear in '\(endpoint.path)'",
                    fix: suggestion.map { "did you mean '\($0)'?" }
                        ?? "add '{\(field.wireName)}' to the path or remove it")
            }
            if field.presence != .required {
                error(
                    .pathParameters,
                    field.typeLocation, "path parameter '\(field.wireName)' cannot be optional",
                    fix: "remove the '?'; a path segment is always present")
            }
            checkParameter(field, keyPath: fieldPath, allowArrays: false)
        }
    }

    mutating func checkParameter(
        _ field: Field, keyPath: String, allowArrays: Bool, query: Bool = false, kind: String = "parameter"
    ) {
        checkField(field, keyPath: keyPath)
        checkStyle(field, keyPath: keyPath, textual: allowArrays, query: query)
        if query, field.style == .json { return }
        if isScalar(field.type) { return }
        if allowArrays, types.textStyle(of: field) != nil { return }
        error(
            .parameters,
            field.typeLocation,
            "\(kind) at '\(keyPath)' must be a string, number, boolean, date, UUID or enum"
                + (allowArrays ? " (or an array or string-keyed map of them)" : "") + ", not '\(field.type)'",
            fix: "send structured data in the body")
    }

    /// `style` is written only on query parameters and form fields (`textual`), and fits the field's type:
    /// `repeated` and `comma` for arrays, `deepObject` for maps; `json` on a query parameter of any type but files.
    mutating func checkStyle(_ field: Field, keyPath: String, textual: Bool, query: Bool = false) {
        guard let style = field.style else { return }
        guard textual else {
            return error(
                .parameters, field.location, "'style' at '\(keyPath)' applies only to query parameters and form fields")
        }
        if style == .json {
            if !query {
                error(
                    .parameters, field.location, "style 'json' at '\(keyPath)' applies only to query parameters",
                    fix: "send structured data as a JSON or multipart body")
            } else if types.containsFile(field.type) {
                error(
                    .parameters, field.typeLocation, "'\(field.type)' at '\(keyPath)' cannot be sent as JSON text",
                    fix: "send files in a multipart body")
            } else if field.format != nil {
                error(
                    .parameters, field.location, "'format' at '\(keyPath)' does not apply to JSON text",
                    fix: "remove it: a date in JSON text is ISO 8601, or give the date a format in a model's property")
            }
            return
        }
        switch (style, shape(of: field.type)) {
        case (.repeated, .array), (.comma, .array), (.deepObject, .map): return
        default:
            error(
                .parameters,
                field.location, "style '\(style.rawValue)' at '\(keyPath)' does not fit '\(field.type)'",
                fix: "use 'repeated' or 'comma' for an array, 'deepObject' for a map, 'json' for JSON text")
        }
    }

    mutating func checkBody(_ body: RequestBody, endpoint: Endpoint, keyPath: String) {
        if endpoint.method == .get || endpoint.method == .head {
            error(
                .bodies,
                body.location, "\(endpoint.method.rawValue) request '\(endpoint.name)' cannot have a body",
                fix: "send the data as query parameters, or use POST")
        }
        let fields: [Field]
        switch body.content {
        case .fields(let inline):
            checkFields(
                inline, scope: "the body of '\(endpoint.name)'", keyPath: "\(keyPath).\(body.encoding.rawValue)")
            fields = inline
        case .type(let type):
            switch (body.encoding, shape(of: type)) {
            case (.json, _), (.binary, _):
                fields = []
            case (_, .object(let model)):
                fields = model.fields
            default:
                error(
                    .bodies,
                    body.typeLocation,
                    "a \(body.encoding.rawValue) body at '\(keyPath)' must be a model with properties, not '\(type)'")
                fields = []
            }
        }
        for field in fields {
            let fieldPath = "\(keyPath).\(field.wireName)"
            // A form field, or a part of text or files, is sent or left out: neither has a `null` (a JSON part may be
            // `null`).
            let textual = body.encoding == .form || (body.encoding == .multipart && types.partKind(field.type) != .json)
            if textual, field.presence == .nullable {
                error(
                    .bodies,
                    field.typeLocation,
                    "\(body.encoding == .form ? "form field" : "part") '\(field.wireName)' at '\(fieldPath)' cannot be "
                        + "null", fix: "write '\(field.type)?'; a \(body.encoding.rawValue) field is sent or left out")
            }
            switch body.encoding {
            case .form:
                if types.textStyle(of: field) == nil {
                    error(
                        .bodies,
                        field.typeLocation,
                        "form field '\(field.wireName)' at '\(fieldPath)' must be a value, or an array or string-keyed"
                            + " map of them, not '\(field.type)'",
                        fix: "use a multipart or JSON body for structured data")
                }
                checkStyle(field, keyPath: fieldPath, textual: true)
            case .multipart, .json, .binary:
                checkStyle(field, keyPath: fieldPath, textual: false)
            }
        }
    }
}
