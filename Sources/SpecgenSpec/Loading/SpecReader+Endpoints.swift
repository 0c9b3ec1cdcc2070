import SpecgenYAML

extension SpecReader {
    static let endpointKeys = [
        "request", "summary", "description", "path", "query", "headers", "body", "response", "errors", "auth",
        "idempotent", "idempotencyKey", "retry", "timeout", "cachePolicy", "paginate", "poll", "deprecated", "mock",
        "server", "tags", "resource",
    ]

    func endpoints(_ node: YAMLNode) -> [Endpoint] {
        guard
            let reader = MappingReader(
                node, keyPath: "endpoints",
                allowed: (node.pairs ?? []).compactMap(\.key.scalar), context: context)
        else { return [] }
        return reader.pairs.compactMap { endpoint($0) }
    }

    private func endpoint(_ pair: YAMLPair) -> Endpoint? {
        let name = pair.key.scalar ?? ""
        let keyPath = "endpoints.\(name)"
        guard let reader = MappingReader(pair.value, keyPath: keyPath, allowed: Self.endpointKeys, context: context),
            let requestNode = reader.value("request") ?? missingRequest(reader),
            let (method, path) = request(requestNode, keyPath: "\(keyPath).request")
        else { return nil }
        var endpoint = Endpoint(
            name: name, summary: reader.documentation("summary"), description: reader.documentation("description"),
            method: method, path: path, requestLocation: context.location(requestNode),
            location: context.location(pair.key))
        endpoint.tags = reader.stringList("tags") ?? []
        if let node = reader.value("resource"), let resource = reader.string("resource") {
            endpoint.writtenResource = resource
            endpoint.resourceLocation = context.textLocation(node)
        }
        endpoint.pathParameters = fields(reader.value("path"), keyPath: "\(keyPath).path")
        endpoint.queryParameters = fields(reader.value("query"), keyPath: "\(keyPath).query")
        endpoint.headerParameters = fields(reader.value("headers"), keyPath: "\(keyPath).headers")
        endpoint.body = reader.value("body").flatMap { body($0, keyPath: "\(keyPath).body") }
        endpoint.responses =
            reader.value("response").map { responses($0, keyPath: "\(keyPath).response") }
            ?? [ResponseCase(status: .range(2), body: .empty, location: endpoint.location)]
        endpoint.errors = reader.value("errors").map { errors($0, keyPath: "\(keyPath).errors") } ?? []
        endpoint.auth = reader.value("auth").map { authRequirement($0, keyPath: "\(keyPath).auth") }
        endpoint.idempotent = reader.bool("idempotent") ?? false
        endpoint.idempotencyKey = reader.string("idempotencyKey")
        if let node = reader.value("server"), let name = reader.string("server") {
            endpoint.server = ServerReference(name: name, location: context.textLocation(node))
        }
        if let retryNode = reader.value("retry") {
            if retryNode.bool == false {
                endpoint.retry = .disabled
            } else if let policy = retryPolicy(retryNode, keyPath: "\(keyPath).retry", base: apiRetry) {
                endpoint.retry = .policy(policy)
            }
        }
        endpoint.requestSettings = requestSettings(reader)
        endpoint.pagination = reader.value("paginate").flatMap { pagination($0, keyPath: "\(keyPath).paginate") }
        endpoint.polling = reader.value("poll").flatMap { polling($0, keyPath: "\(keyPath).poll") }
        endpoint.deprecation = reader.deprecation()
        endpoint.mockSequence = reader.value("mock").map { mockSequence($0, keyPath: "\(keyPath).mock") } ?? []
        return endpoint
    }

    private func missingRequest(_ reader: MappingReader) -> YAMLNode? {
        context.error(
            .structure,
            reader.node, "missing required key 'request' in '\(reader.keyPath)'",
            fix: "add 'request: GET /path'")
        return nil
    }

    /// `GET /tickets/{ticketID}`.
    private func request(_ node: YAMLNode, keyPath: String) -> (HTTPMethod, String)? {
        let parts = (node.scalar ?? "").split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2 else {
            context.error(
                .route,
                node, "expected 'METHOD /path' at '\(keyPath)', found '\(node.scalar ?? node.kindDescription)'",
                fix: "write it as 'GET /tickets/{ticketID}'")
            return nil
        }
        guard let method = HTTPMethod(rawValue: parts[0].uppercased()) else {
            let names = HTTPMethod.allCases.map(\.rawValue)
            context.error(
                .route,
                node, "unknown HTTP method '\(parts[0])' at '\(keyPath)'",
                fix: Suggestions.closest(to: String(parts[0]), in: names).map { "did you mean '\($0)'?" }
                    ?? "use one of: \(names.joined(separator: ", "))")
            return nil
        }
        let path = String(parts[1])
        guard path.hasPrefix("/") else {
            context.error(
                .route,
                at: context.textLocation(node).advanced(by: parts[0].count + 1),
                "the path '\(path)' at '\(keyPath)' must start with '/'", fix: "write '/\(path)'")
            return nil
        }
        return (method, path)
    }

    /// A type (a JSON body), or `json:`, `form:`, `multipart:` with a type or inline fields, or `binary: mime/type`.
    private func body(_ node: YAMLNode, keyPath: String) -> RequestBody? {
        let location = context.location(node)
        if TypeExpressionParser.isTypeNode(node) {
            guard let expression = types.resolve(node, keyPath: keyPath) else { return nil }
            return RequestBody(encoding: .json, content: .type(expression.type), location: location)
        }
        guard
            let reader = MappingReader(
                node, keyPath: keyPath,
                allowed: ["json", "form", "multipart", "binary", "description"],
                context: context)
        else { return nil }
        let kinds = ["json", "form", "multipart", "binary"].filter(reader.has)
        guard kinds.count == 1, let kind = kinds.first, let content = reader.value(kind),
            let encoding = BodyEncoding(rawValue: kind)
        else {
            context.error(
                .bodies,
                node, "a body declares exactly one of 'json', 'form', 'multipart' or 'binary' at '\(keyPath)'")
            return nil
        }
        let description = reader.documentation("description")
        if encoding == .binary {
            guard let contentType = reader.string("binary") else { return nil }
            return RequestBody(
                encoding: .binary, content: .type(.primitive(.binary)), contentType: contentType,
                description: description, location: location, typeLocation: context.location(content))
        }
        if content.pairs != nil {
            return RequestBody(
                encoding: encoding, content: .fields(fields(content, keyPath: "\(keyPath).\(kind)")),
                description: description, location: location, typeLocation: context.location(content))
        }
        guard let expression = types.resolve(content, keyPath: "\(keyPath).\(kind)") else { return nil }
        if expression.presence != .required {
            context.error(
                .typeSyntax,
                content, "a request body cannot be optional at '\(keyPath)'",
                fix: "make its fields optional instead")
        }
        return RequestBody(
            encoding: encoding, content: .type(expression.type), description: description,
            location: location, typeLocation: context.location(content))
    }

    /// A type (status 200), `empty` (any 2XX), `binary`, or a mapping of statuses.
    private func responses(_ node: YAMLNode, keyPath: String) -> [ResponseCase] {
        let location = context.location(node)
        if TypeExpressionParser.isTypeNode(node) {
            if node.scalar == "empty" { return [ResponseCase(status: .range(2), body: .empty, location: location)] }
            guard let body = responseBody(node, keyPath: keyPath) else { return [] }
            return [ResponseCase(status: .code(200), body: body, location: location, typeLocation: location)]
        }
        return statusEntries(node, keyPath: keyPath) { status, pair, entryPath, location in
            if TypeExpressionParser.isTypeNode(pair.value) {
                guard let body = responseBody(pair.value, keyPath: entryPath) else { return nil }
                return ResponseCase(
                    status: status, body: body, location: location,
                    typeLocation: context.location(pair.value))
            }
            guard
                let entry = MappingReader(
                    pair.value, keyPath: entryPath,
                    allowed: ["body", "description", "example", "examples", "headers", "stream", "until"],
                    context: context)
            else { return nil }
            let bodyNode = entry.value("body")
            let headers = fields(entry.value("headers"), keyPath: "\(entryPath).headers")
            if let streamNode = entry.value("stream") {
                guard let stream = streamedBody(entry, node: streamNode, status: status, keyPath: entryPath) else {
                    return nil
                }
                return ResponseCase(
                    status: status, body: .stream(stream), description: entry.documentation("description"),
                    headers: headers, location: location, typeLocation: bodyNode.map(context.location) ?? location)
            }
            if let until = entry.value("until") {
                context.error(
                    .streams,
                    until, "'until' at '\(entryPath)' ends an event stream, and this response is not one",
                    fix: "add 'stream: events', or remove 'until'")
            }
            guard let body = bodyNode.map({ responseBody($0, keyPath: "\(entryPath).body") }) ?? .empty else {
                return nil
            }
            return ResponseCase(
                status: status, body: body, description: entry.documentation("description"),
                example: entry.specValue("example"), examples: entry.namedExamples(), headers: headers,
                location: location,
                typeLocation: bodyNode.map(context.location) ?? location)
        }
    }

    /// `stream: events | lines | bytes`, with the item type in `body` and an event stream's `until`.
    private func streamedBody(
        _ entry: MappingReader, node: YAMLNode, status: StatusPattern, keyPath: String
    ) -> StreamedBody? {
        guard let text = entry.string("stream") else { return nil }
        guard let format = StreamedBody.Format(rawValue: text) else {
            context.error(
                .streams,
                node, "unknown stream format '\(text)' at '\(keyPath).stream'",
                fix: Suggestions.closest(to: text, in: StreamedBody.Format.allCases.map(\.rawValue)).map {
                    "did you mean '\($0)'?"
                } ?? "use 'events' (Server-Sent Events), 'lines' (JSON Lines) or 'bytes'")
            return nil
        }
        if !status.isSuccess {
            context.error(
                .streams,
                node, "a streamed response at '\(keyPath)' must be a success",
                fix: "stream a 2XX response; errors are read whole")
        }
        for key in ["example", "examples"] {
            if let example = entry.value(key) {
                context.error(
                    .streams, example, "a streamed response at '\(keyPath)' takes no example", fix: "remove '\(key)'")
            }
        }
        var item: TypeRef?
        if let bodyNode = entry.value("body") {
            if format == .bytes {
                context.error(
                    .streams,
                    bodyNode, "a byte stream at '\(keyPath)' has no item type",
                    fix: "remove 'body', or stream 'events' or 'lines' of it")
            } else if case .json(let type)? = responseBody(bodyNode, keyPath: "\(keyPath).body") {
                item = type
            } else {
                context.error(
                    .streams,
                    bodyNode, "the items of a stream at '\(keyPath)' are JSON", fix: "name a type, such as 'Chunk'")
            }
        } else if format == .lines {
            context.error(
                .streams,
                node, "a JSON Lines stream at '\(keyPath)' needs 'body': the type of each line",
                fix: "add 'body: Line', naming the type of each line")
        }
        let terminator = entry.string("until")
        if let until = entry.value("until"), format != .events {
            context.error(
                .streams,
                until, "'until' at '\(keyPath)' ends an event stream, not a '\(text)' stream", fix: "remove 'until'")
        }
        return StreamedBody(format: format, item: item, terminator: format == .events ? terminator : nil)
    }

    private func responseBody(_ node: YAMLNode, keyPath: String) -> ResponseBody? {
        switch node.scalar {
        case "empty": return .empty
        case "binary": return .binary
        default:
            guard let expression = types.resolve(node, keyPath: keyPath) else { return nil }
            if expression.presence != .required {
                context.error(
                    .typeSyntax,
                    node, "a response body cannot be optional at '\(keyPath)'",
                    fix: "declare the status that has no body as 'empty', e.g. '204: empty'")
            }
            return .json(expression.type)
        }
    }

    func pagination(_ node: YAMLNode, keyPath: String) -> Pagination? {
        guard
            let reader = MappingReader(
                node, keyPath: keyPath,
                allowed: [
                    "page", "firstPage", "offset", "cursor", "nextCursor", "after", "itemId", "link", "limit", "items",
                    "hasMore",
                ],
                context: context)
        else { return nil }
        let styles = ["page", "offset", "cursor", "after", "link"].filter { reader.value($0) != nil }
        guard styles.count == 1, let key = styles.first else {
            context.error(
                .paging,
                node,
                styles.isEmpty
                    ? "pagination at '\(keyPath)' names no style"
                    : "pagination at '\(keyPath)' mixes styles: \(styles.map { "'\($0)'" }.joined(separator: ", "))",
                fix: "write exactly one of 'page', 'offset', 'cursor', 'after' or 'link'")
            return nil
        }
        func path(_ key: String) -> [String]? { reader.string(key).map { $0.split(separator: ".").map(String.init) } }
        func misplaced(_ keys: [String], style: String) {
            for other in keys where reader.value(other) != nil {
                context.error(
                    .paging,
                    reader.value(other) ?? node, "'\(other)' at '\(keyPath)' does not apply to '\(style)' pagination",
                    fix: "remove '\(other)'")
            }
        }
        let style: Pagination.Style
        switch key {
        case "page":
            guard let page = reader.string("page") else { return nil }
            style = .page(parameter: page, firstPage: reader.int("firstPage") ?? 1)
        case "offset":
            guard let offset = reader.string("offset") else { return nil }
            style = .offset(parameter: offset)
        case "cursor":
            guard let cursor = reader.string("cursor") else { return nil }
            guard let next = path("nextCursor") else {
                context.error(
                    .paging,
                    node, "'cursor' pagination at '\(keyPath)' needs 'nextCursor'",
                    fix: "name the response field that holds the next page's cursor, e.g. 'nextCursor: next_cursor'")
                return nil
            }
            style = .cursor(parameter: cursor, responseField: next)
        case "after":
            guard let after = reader.string("after") else { return nil }
            style = .afterItem(parameter: after, itemField: reader.string("itemId") ?? "id")
        default:
            guard let relation = reader.string("link") else { return nil }
            style = .link(relation: relation)
        }
        if key != "page" { misplaced(["firstPage"], style: key) }
        if key != "cursor" { misplaced(["nextCursor"], style: key) }
        if key != "after" { misplaced(["itemId"], style: key) }
        let limit = reader.string("limit")
        if limit == nil, key == "page" || key == "offset" {
            context.error(
                .paging,
                node, "'\(key)' pagination at '\(keyPath)' needs 'limit'",
                fix: "name the query parameter of the page size, e.g. 'limit: limit'; a short page is the last")
            return nil
        }
        return Pagination(
            style: style, limitParameter: limit, itemsField: reader.string("items"), hasMoreField: path("hasMore"),
            location: context.location(node))
    }

    func polling(_ node: YAMLNode, keyPath: String) -> Polling? {
        guard
            let reader = MappingReader(
                node, keyPath: keyPath, allowed: ["name", "field", "success", "failure", "interval", "maxAttempts"],
                context: context),
            let name = reader.requiredString("name"), let field = reader.requiredString("field"),
            let success = reader.stringList("success") ?? missing("success", reader)
        else { return nil }
        let attempts = reader.int("maxAttempts") ?? Polling.defaultMaxAttempts
        if attempts < 1 {
            context.error(.polling, reader.value("maxAttempts") ?? node, "maxAttempts must be at least 1")
        }
        return Polling(
            name: name, field: field.split(separator: ".").map(String.init), success: success,
            failure: reader.stringList("failure") ?? [],
            interval: reader.duration("interval") ?? Polling.defaultInterval,
            maxAttempts: max(1, attempts), location: context.location(node))
    }

    /// `mock: {sequence: [{status: 200, body: {...}}, ...]}`.
    private func mockSequence(_ node: YAMLNode, keyPath: String) -> [MockStep] {
        guard let reader = MappingReader(node, keyPath: keyPath, allowed: ["sequence"], context: context) else {
            return []
        }
        guard let items = reader.value("sequence").flatMap({ $0.items }), !items.isEmpty else {
            // An unknown key is reported already; otherwise say what a sequence looks like.
            if reader.pairs.allSatisfy({ $0.key.scalar == "sequence" }) {
                context.error(
                    .mockSteps,
                    reader.value("sequence") ?? node, "expected 'sequence:' with a list of steps at '\(keyPath)'",
                    fix: "write 'sequence: [{body: {status: processing}}, {body: {status: ready}}]'")
            }
            return []
        }
        return items.enumerated().compactMap { index, item in
            guard
                let step = MappingReader(
                    item, keyPath: "\(keyPath).sequence[\(index)]", allowed: ["status", "body"],
                    context: context)
            else { return nil }
            return MockStep(status: step.int("status"), body: step.specValue("body"), location: context.location(item))
        }
    }

    private func missing<T>(_ key: String, _ reader: MappingReader) -> T? {
        context.error(.structure, reader.node, "missing required key '\(key)' in '\(reader.keyPath)'")
        return nil
    }
}
