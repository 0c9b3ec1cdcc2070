extension LintRun {
    // MARK: - Auth

    mutating func checkAuth() {
        for scheme in spec.authSchemes {
            if case .oauth2(let flow) = scheme.kind {
                if !flow.tokenURL.hasPrefix("/") && !flow.tokenURL.hasPrefix("https://") {
                    error(
                        scheme.location,
                        "tokenUrl '\(flow.tokenURL)' of '\(scheme.name)' must be a path or an https URL",
                        fix: "write it as '/auth/token/'")
                }
                if flow.grants.isEmpty {
                    error(
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
            if response.status.isSuccess {
                error(
                    response.location, "status \(response.status) at '\(entryPath)' is a success, not an error",
                    fix: "declare it under 'response:'")
            }
            let swiftName = namer.bareMemberName(response.caseName)
            if !isIdentifier(response.caseName) || swiftName != response.caseName {
                error(
                    response.typeLocation,
                    "error case '\(response.caseName)' at '\(entryPath)' is not a lowerCamelCase Swift name",
                    fix: "write it as '\(swiftName)'")
            }
            if Namer.reservedErrorCases.contains(response.caseName) {
                error(
                    response.typeLocation,
                    "error case '\(response.caseName)' at '\(entryPath)' is reserved for failures the client detects itself",
                    fix: "choose another name, such as '\(response.caseName)Response'")
            }
            if let body = response.body, case .primitive(let primitive) = shape(of: body),
                [.binary, .file].contains(primitive)
            {
                error(
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
                        response.location,
                        "error case '\(response.caseName)' carries '\(response.body?.description ?? "no body")' here but '\(first.body?.description ?? "no body")' at line \(first.location.line)",
                        fix: "give the cases different names, or the same body type")
                }
            } else {
                seen.append((response.caseName, response.body, response.location))
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
                operation.location,
                "operation '\(operation.name)' has the name of the method that returns '\(endpoint.name)' with its headers",
                fix: "rename one of them")
        }
        for polling in spec.endpoints.compactMap(\.polling) {
            if let operation = operations[namer.methodName(polling.name).withoutBackticks] {
                error(
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
            checkParameter(field, keyPath: "\(keyPath).query.\(field.wireName)", allowArrays: true)
        }
        for field in endpoint.headerParameters {
            checkParameter(field, keyPath: "\(keyPath).headers.\(field.wireName)", allowArrays: false)
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
        for step in endpoint.mockSequence {
            guard let status = step.status else { continue }
            if !declared.contains(where: { $0.matches(status) }) {
                let list = declared.map(\.description).joined(separator: ", ")
                error(
                    step.location,
                    "mock step at '\(keyPath)' answers \(status), which '\(endpoint.name)' does not declare",
                    fix: "use one of its statuses: \(list)")
            }
        }
    }

    mutating func checkPath(_ endpoint: Endpoint, keyPath: String) {
        let placeholders = endpoint.pathPlaceholders
        var seen: [String] = []
        for placeholder in placeholders {
            if seen.contains(placeholder) {
                error(endpoint.requestLocation, "path parameter '{\(placeholder)}' appears twice in '\(endpoint.path)'")
            }
            seen.append(placeholder)
            if !endpoint.pathParameters.contains(where: { $0.wireName == placeholder }) {
                error(
                    endpoint.requestLocation, "path parameter '{\(placeholder)}' of '\(keyPath)' is not declared",
                    fix: "add it under 'path:', e.g. '\(placeholder): string'")
            }
        }
        for field in endpoint.pathParameters {
            let fieldPath = "\(keyPath).path.\(field.wireName)"
            if !placeholders.contains(field.wireName) {
                let suggestion = Suggestions.closest(to: field.wireName, in: placeholders)
                error(
                    field.location, "path parameter '\(field.wireName)' does not appear in '\(endpoint.path)'",
                    fix: suggestion.map { "did you mean '\($0)'?" }
                        ?? "add '{\(field.wireName)}' to the path or remove it")
            }
            if field.presence != .required {
                error(
                    field.typeLocation, "path parameter '\(field.wireName)' cannot be optional",
                    fix: "remove the '?'; a path segment is always present")
            }
            checkParameter(field, keyPath: fieldPath, allowArrays: false)
        }
    }

    mutating func checkParameter(_ field: Field, keyPath: String, allowArrays: Bool, kind: String = "parameter") {
        checkField(field, keyPath: keyPath)
        checkStyle(field, keyPath: keyPath, textual: allowArrays)
        if isScalar(field.type) { return }
        if allowArrays, types.textStyle(of: field) != nil { return }
        error(
            field.typeLocation,
            "\(kind) at '\(keyPath)' must be a string, number, boolean, date, UUID or enum"
                + (allowArrays ? " (or an array or string-keyed map of them)" : "") + ", not '\(field.type)'",
            fix: "send structured data in the body")
    }

    /// `style` is written only on query parameters and form fields (`textual`), and fits the field's type:
    /// `repeated` and `comma` for arrays, `deepObject` for maps.
    mutating func checkStyle(_ field: Field, keyPath: String, textual: Bool) {
        guard let style = field.style else { return }
        guard textual else {
            return error(field.location, "'style' at '\(keyPath)' applies only to query parameters and form fields")
        }
        switch (style, shape(of: field.type)) {
        case (.repeated, .array), (.comma, .array), (.deepObject, .map): return
        default:
            error(
                field.location, "style '\(style.rawValue)' at '\(keyPath)' does not fit '\(field.type)'",
                fix: "use 'repeated' or 'comma' for an array; a map is always sent as 'deepObject'")
        }
    }

    mutating func checkBody(_ body: RequestBody, endpoint: Endpoint, keyPath: String) {
        if endpoint.method == .get || endpoint.method == .head {
            error(
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
                    body.typeLocation,
                    "a \(body.encoding.rawValue) body at '\(keyPath)' must be a model with properties, not '\(type)'")
                fields = []
            }
        }
        for field in fields {
            let fieldPath = "\(keyPath).\(field.wireName)"
            switch body.encoding {
            case .form:
                if types.textStyle(of: field) == nil {
                    error(
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

    mutating func checkResponses(_ endpoint: Endpoint, keyPath: String) {
        for response in endpoint.responses {
            if !response.status.isSuccess {
                error(
                    response.location, "status \(response.status) at '\(keyPath)' is not a success status",
                    fix: "declare it under 'errors:' with a case name")
            }
            checkResponseHeaders(response, endpoint: endpoint, keyPath: "\(keyPath).\(response.status).headers")
            if endpoint.method == .head, response.body != .empty {
                error(response.typeLocation, "a HEAD response has no body at '\(keyPath)'", fix: "write 'empty'")
            }
            if case .json(let type) = response.body, case .primitive(let primitive) = shape(of: type),
                [.binary, .file].contains(primitive)
            {
                error(
                    response.typeLocation, "a JSON response at '\(keyPath)' cannot be '\(primitive.rawValue)'",
                    fix: "write 'binary' on its own for a raw body")
            }
        }
        let bodies = Set(
            endpoint.responses.compactMap { response -> ResponseBody? in
                response.body == .empty ? nil : response.body
            })
        if bodies.count > 1, let second = endpoint.responses.dropFirst().first(where: { $0.body != .empty }) {
            error(
                second.typeLocation, "the success statuses at '\(keyPath)' return different types",
                fix: "return one type, and 'empty' for statuses that mean nil")
        }
    }

    /// Response headers are scalars read once per answer: none on a stream, no default to stand in for a missing one,
    /// no two with one Swift name, and each of one type across the success statuses.
    mutating func checkResponseHeaders(_ response: ResponseCase, endpoint: Endpoint, keyPath: String) {
        guard let first = response.headers.first else { return }
        if case .stream = response.body {
            error(
                first.location, "headers of the streamed response at '\(keyPath)' are not read",
                fix: "remove 'headers'; a streamed answer returns only its items")
        }
        checkCollisions(
            response.headers.map { ($0.wireName, namer.bareSwiftName(of: $0), $0.location) },
            scope: "the headers at '\(keyPath)'", kind: "header")
        // Against the statuses declared before this one, so each mismatch is reported once, where it appears.
        let earlier = endpoint.responses.prefix { $0.location != response.location }.flatMap(\.headers)
        for header in response.headers {
            let headerPath = "\(keyPath).\(header.wireName)"
            checkParameter(header, keyPath: headerPath, allowArrays: false, kind: "response header")
            if header.presence == .nullable {
                error(
                    header.typeLocation, "response header at '\(headerPath)' cannot be nullable",
                    fix: "write '\(header.type)?'; a header is present or absent")
            }
            if header.defaultValue != nil {
                error(
                    header.location, "response header at '\(headerPath)' takes no default",
                    fix: "make it optional with '?'; the client reads what the server sent")
            }
            if let other = earlier.first(where: {
                $0.wireName.lowercased() == header.wireName.lowercased() && $0.type != header.type
            }) {
                error(
                    header.typeLocation,
                    "header '\(header.wireName)' is '\(header.type)' at '\(keyPath)' and '\(other.type)' at line "
                        + "\(other.location.line)",
                    fix: "give it one type in every status")
            }
        }
    }

    /// A streamed answer is the operation's only success, and nothing pages or polls it.
    mutating func checkStreams(_ endpoint: Endpoint, keyPath: String) {
        guard let streamed = endpoint.responses.first(where: { if case .stream = $0.body { true } else { false } })
        else { return }
        if endpoint.responses.count > 1 {
            error(
                streamed.location, "'\(keyPath)' streams its \(streamed.status) answer and declares other successes",
                fix: "keep the streamed response as the only success; errors go under 'errors:'")
        }
        if let pagination = endpoint.pagination {
            error(
                pagination.location, "'\(keyPath)' streams its answer, so it cannot be paginated",
                fix: "remove 'paginate'")
        }
        if let polling = endpoint.polling {
            error(polling.location, "'\(keyPath)' streams its answer, so it cannot be polled", fix: "remove 'poll'")
        }
    }

    /// Every server must declare the named URL, so switching servers never leaves an operation without one.
    mutating func checkServerReference(_ reference: ServerReference, endpoint: Endpoint, keyPath: String) {
        guard !spec.servers.isEmpty else {
            error(
                reference.location,
                "'\(keyPath)' names server URL '\(reference.name)', but the spec declares no servers",
                fix: "declare a server with 'urls: {\(reference.name): https://...}'")
            return
        }
        for server in spec.servers where !server.urls.contains(where: { $0.name == reference.name }) {
            let names = server.urls.map(\.name)
            error(
                reference.location,
                "'\(keyPath)' names server URL '\(reference.name)', which server '\(server.name)' does not declare",
                fix: Suggestions.closest(to: reference.name, in: names).map { "did you mean '\($0)'?" }
                    ?? "add 'urls: {\(reference.name): https://...}' to server '\(server.name)'")
        }
    }

    mutating func checkIdempotencyKey(_ header: String, endpoint: Endpoint, keyPath: String) {
        let token = header.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "!#$%&'*+-.^_`|~".contains($0)) }
        if header.isEmpty || !token {
            error(
                endpoint.location, "'\(header)' at '\(keyPath)' is not a header name",
                fix: "write a header name such as 'Idempotency-Key'")
        } else if let declared = endpoint.headerParameters.first(where: {
            $0.wireName.lowercased() == header.lowercased()
        }) {
            error(
                declared.location,
                "header '\(declared.wireName)' of '\(endpoint.name)' is also its idempotency key, which the client sets",
                fix: "remove it from 'headers:'")
        }
        if endpoint.method.isIdempotent {
            warning(
                endpoint.location,
                "an idempotency key at '\(keyPath)' is never needed: \(endpoint.method.rawValue) is idempotent already")
        }
    }

    mutating func checkPagination(_ pagination: Pagination, endpoint: Endpoint, keyPath: String) {
        let style = pagination.style
        var integers = [pagination.limitParameter].compactMap { $0 }
        switch style {
        case .page(let parameter, _), .offset(let parameter): integers.insert(parameter, at: 0)
        default: break
        }
        var checked: Set<String> = []
        for name in [style.parameter].compactMap({ $0 }) + integers where checked.insert(name).inserted {
            guard let field = endpoint.queryParameters.first(where: { $0.wireName == name }) else {
                error(
                    pagination.location,
                    "pagination at '\(keyPath)' names query parameter '\(name)', which '\(endpoint.name)' does not declare",
                    fix: "add '\(name): \(integers.contains(name) ? "int" : "string")?' under 'query:'")
                continue
            }
            if integers.contains(name) {
                guard case .primitive(let primitive) = shape(of: field.type),
                    [.int, .int32, .int64].contains(primitive)
                else {
                    error(field.typeLocation, "pagination parameter '\(name)' must be an integer")
                    continue
                }
            } else if ![.primitive(.string), .primitive(.int), .primitive(.int32), .primitive(.int64)].contains(
                types.resolved(field.type).type)
            {
                error(field.typeLocation, "pagination parameter '\(name)' must be a string or an integer")
            } else if field.presence == .required {
                error(
                    field.typeLocation,
                    "'\(style.key)' pagination parameter '\(name)' is required, but the first page is asked for without it",
                    fix: "declare it optional: '\(name): \(field.type)?'")
            }
        }
        guard let body = endpoint.jsonResponseType else {
            error(pagination.location, "pagination at '\(keyPath)' needs a JSON response")
            return
        }
        let item: TypeRef
        if let items = pagination.itemsField {
            guard case .object(let model) = shape(of: body) else {
                error(pagination.location, "pagination 'items: \(items)' needs a model response, not '\(body)'")
                return
            }
            guard let field = model.fields.first(where: { $0.wireName == items }) else {
                error(
                    pagination.location, "model '\(model.name)' has no field '\(items)' for the pagination items",
                    fix: Suggestions.closest(to: items, in: model.fields.map(\.wireName)).map {
                        "did you mean '\($0)'?"
                    })
                return
            }
            guard case .array(let element) = shape(of: field.type) else {
                error(
                    pagination.location,
                    "pagination items '\(items)' of '\(model.name)' must be an array, not '\(field.type)'")
                return
            }
            item = element
        } else if case .array(let element) = shape(of: body) {
            item = element
        } else {
            error(pagination.location, "pagination at '\(keyPath)' needs 'items:' naming the array in '\(body)'")
            return
        }
        if let hasMore = pagination.hasMoreField {
            checkPaginationField(hasMore, in: body, key: "hasMore", keyPath: keyPath, at: pagination.location) {
                $0 == .primitive(.bool) ? nil : "a bool"
            }
        }
        let types = types
        // The value read from the response goes back into the parameter, so both have one type.
        let stepType = style.parameter.flatMap { name in endpoint.queryParameters.first { $0.wireName == name } }
            .map { types.resolved($0.type).type }
        let matchesStep: (TypeRef) -> String? = { found in
            guard let stepType, found != stepType else { return nil }
            return "'\(stepType)' (the type of parameter '\(style.parameter ?? "")')"
        }
        switch style {
        case .cursor(_, let next):
            checkPaginationField(next, in: body, key: "nextCursor", keyPath: keyPath, at: pagination.location) {
                matchesStep($0)
            }
        case .afterItem(_, let itemField):
            guard case .object(let model) = shape(of: item) else {
                error(
                    pagination.location, "'after' pagination at '\(keyPath)' needs items that are models, not '\(item)'"
                )
                return
            }
            checkPaginationField(
                [itemField], in: .named(model.name), key: "itemId", keyPath: keyPath,
                at: pagination.location
            ) {
                matchesStep($0)
            }
            if case .object(let fields) = model.kind,
                let field = fields.first(where: { $0.wireName == itemField }), field.presence != .required
            {
                error(
                    field.typeLocation,
                    "'\(itemField)' of '\(model.name)' is optional, but 'after' pagination at '\(keyPath)' needs it on every item",
                    fix: "make it required: '\(itemField): \(field.type)'")
            }
        case .page, .offset, .link:
            break
        }
    }

    /// Checks that `path` leads through `type` to a field `expectation` accepts (it returns what it wanted, or nil).
    private mutating func checkPaginationField(
        _ path: [String], in type: TypeRef, key: String, keyPath: String, at location: SourceLocation,
        _ expectation: (TypeRef) -> String?
    ) {
        switch types.fieldPath(path, in: type) {
        case .failure(let problem):
            error(
                location, "pagination '\(key): \(path.joined(separator: "."))' at '\(keyPath)' \(problem.message)",
                fix: problem.fix)
        case .success(let fields):
            guard let last = fields.last, let wanted = expectation(types.resolved(last.type).type) else { return }
            error(
                location,
                "pagination '\(key): \(path.joined(separator: "."))' at '\(keyPath)' must be \(wanted), not '\(last.type)'"
            )
        }
    }

    mutating func checkPolling(_ polling: Polling, endpoint: Endpoint, keyPath: String) {
        guard let body = endpoint.jsonResponseType else {
            error(polling.location, "polling at '\(keyPath)' needs a JSON response")
            return
        }
        let fields: [Field]
        switch types.fieldPath(polling.field, in: body) {
        case .failure(let problem):
            error(
                polling.location,
                "polling field '\(polling.field.joined(separator: "."))' at '\(keyPath)' \(problem.message)",
                fix: problem.fix)
            return
        case .success(let path):
            fields = path
        }
        if let optional = fields.first(where: { $0.presence != .required }) {
            error(
                polling.location,
                "polling field segment '\(optional.wireName)' at '\(keyPath)' is optional; polling needs a value every time"
            )
            return
        }
        let current = fields.last?.type ?? body
        switch shape(of: current) {
        case .enumeration(let model, let values):
            for value in polling.success + polling.failure where !values.contains(where: { $0.value == value }) {
                error(
                    polling.location, "'\(value)' at '\(keyPath)' is not a value of enum '\(model.name)'",
                    fix: Suggestions.closest(to: value, in: values.map(\.value)).map { "did you mean '\($0)'?" })
            }
        case .primitive(.string):
            break
        default:
            error(polling.location, "polling field at '\(keyPath)' must be an enum or string, not '\(current)'")
        }
    }
}
