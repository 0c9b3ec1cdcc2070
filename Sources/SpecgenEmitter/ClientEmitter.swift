import SpecgenSpec

/// Prints the protocol, the servers and the live client of one API (Client.swift), and, for a share of its
/// operations, the client's methods and the protocol's page, polling and default-argument helpers (the operations
/// files).
struct ClientEmitter {
    let plan: ClientPlan

    private var names: GeneratedNames { plan.names }

    func emit(writer w: inout SwiftWriter) {
        // `APIClient` and `init(baseURL: URL)` are public in every client.
        w.uses([.foundation, .runtime, .logging], publicly: true)
        emitProtocol(writer: &w)
        w.blank()
        if !plan.servers.isEmpty {
            emitServers(writer: &w)
            w.blank()
        }
        emitClient(writer: &w)
        w.blank()
        w.docComment(
            "Builds each \(plan.apiName) request without sending it: pure functions returning the request "
                + "a call sends, so tests can check method, path, query, headers and body with no network. Constraints the "
                + "spec declares are checked here, before anything is sent.")
        w.declaration("enum", names.requests, "", " {}")
    }

    /// The client's methods for `operations`, in an extension of the client.
    func emitMethods(_ operations: [OperationPlan], writer w: inout SwiftWriter) {
        w.uses(.runtime, publicly: true)
        w.type("extension", names.client) { w in
            for operation in operations {
                emitMethod(operation, writer: &w)
                w.blank()
                if let headers = operation.headersMethod {
                    emitMethod(headers, writer: &w)
                    w.blank()
                }
                if let download = operation.fileDownloadMethod {
                    emitMethod(download, writer: &w)
                    w.blank()
                }
            }
        }
    }

    /// The protocol's helpers for `operations` (calls with the spec's defaults, page sequences, polling, downloads),
    /// in an extension of the protocol; nothing when none has one.
    func emitHelpers(_ operations: [OperationPlan], writer w: inout SwiftWriter) {
        let helpers = operations.filter {
            $0.hasDefaults || $0.pagination != nil || $0.polling != nil || $0.fileDownload != nil
        }
        guard !helpers.isEmpty else { return }
        w.type("extension", names.api) { w in
            for operation in helpers {
                if operation.hasDefaults { emitDefaults(operation, writer: &w) }
                if operation.hasDefaults, let headers = operation.headersMethod {
                    emitDefaults(headers, writer: &w)
                }
                if let download = operation.fileDownloadMethod {
                    emitDownloadFallback(operation, download, writer: &w)
                    if download.hasDefaults { emitDefaults(download, writer: &w) }
                }
                if let pagination = operation.pagination { emitPages(operation, pagination, writer: &w) }
                if let polling = operation.polling { emitPolling(operation, polling, writer: &w) }
            }
        }
        w.blank()
    }

    // MARK: - Protocol and servers

    private func emitProtocol(writer w: inout SwiftWriter) {
        w.docComment(
            (plan.documentation.map { $0 + "\n\n" } ?? "")
                + "Implemented by ``\(names.client)`` over HTTP and by ``\(names.mock)`` with closures, for tests and previews. "
                + "Generated from `\(plan.sourcePath)`, version \(plan.version).")
        w.type("protocol", names.api, ": Sendable") { w in
            for operation in plan.operations {
                w.docComment(operation.documentation)
                w.deprecation(operation.deprecation)
                w.method(operation, withDefaults: false)
                w.blank()
                if let headers = operation.headersMethod {
                    w.docComment(headers.documentation)
                    w.deprecation(headers.deprecation)
                    w.method(headers, withDefaults: false)
                    w.blank()
                }
                if let download = operation.fileDownloadMethod {
                    w.docComment(download.documentation)
                    w.deprecation(download.deprecation)
                    w.line("@discardableResult")
                    w.method(download, withDefaults: false)
                    w.blank()
                }
            }
            if plan.hasLinkPaging {
                w.docComment(
                    "This implementation with its calls sent to the page a link-paginated walk is at: the `...Pages` "
                        + "methods of link-paginated operations make each page's call through it. One with no links "
                        + "to follow, such as ``\(names.mock)``, is itself.")
                w.declaration("func", "with", "(_ pageLink: PageLink) -> Self", modifier: "")
            }
        }
        if plan.hasLinkPaging {
            w.blank()
            w.type("extension", names.api, "") { w in
                w.docComment("Itself: an implementation that does not override this has no links to follow.")
                w.declaration("func", "with", "(_ pageLink: PageLink) -> Self") { w in w.line("self") }
            }
        }
    }

    private func emitServers(writer w: inout SwiftWriter) {
        let variables = plan.servers.flatMap(\.variables)
        w.docComment("The servers `\(plan.sourcePath)` declares.")
        // A case with associated values cannot be enumerated.
        let conformances = variables.isEmpty ? ": CaseIterable, Hashable, Sendable" : ": Hashable, Sendable"
        w.type("enum", names.server, conformances) { w in
            for server in plan.servers {
                w.docComment(server.documentation)
                let associated = server.variables.map { "\($0.label): \($0.typeName) = \($0.defaultExpression)" }
                if associated.isEmpty {
                    w.declaration("case", server.caseName)
                } else {
                    w.wrappedLine("case \(server.caseName)", associated, "")
                }
            }
            var emitted: Set<String> = []
            for variable in variables {
                guard let enumName = variable.enumName, emitted.insert(enumName).inserted else { continue }
                w.blank()
                w.docComment(
                    "The values of the server variable `\(variable.name)`."
                        + (variable.documentation.map { " " + $0 } ?? ""))
                w.type("enum", enumName, ": String, CaseIterable, Hashable, Sendable") { w in
                    for value in variable.values {
                        let raw =
                            value.caseName.withoutBackticks == value.text ? "" : " = \(SwiftLiteral.string(value.text))"
                        w.line("case \(value.caseName)\(raw)")
                    }
                }
            }
            w.blank()
            w.docComment(
                variables.isEmpty
                    ? "The server's URL as the spec writes it."
                    : "The server's URL as the spec writes it, with its variables substituted.")
            w.declaration("var", "address", ": String") { w in
                w.switchBlock("self") { w in
                    for server in plan.servers {
                        w.caseLine(server.pattern(binding: [server.url]), "return " + server.literal(server.url))
                    }
                }
            }
            w.blank()
            w.docComment("The server's URL.")
            w.declaration("var", "url", ": URL") { w in
                w.line("// specgen checked that every server URL parses, so the fallback is never taken.")
                w.line("URL(string: address) ?? URL(filePath: \"/\")")
            }
            guard plan.hasNamedServerURLs else { return }
            w.blank()
            w.docComment("The server's other base URLs, by the name the spec's endpoints give with `server:`.")
            w.declaration("var", "urls", ": [String: URL]") { w in
                w.switchBlock("self") { w in
                    for server in plan.servers {
                        let entries = server.urls.map { "\(SwiftLiteral.string($0.name)): \(server.literal($0.url))" }
                        let value = entries.isEmpty ? "[:]" : "[\(entries.joined(separator: ", "))]"
                        w.caseLine(
                            server.pattern(binding: server.urls.map(\.url)),
                            "return " + value + ".compactMapValues { URL(string: $0) }")
                    }
                }
            }
        }
    }

    // MARK: - Client

    private func emitClient(writer w: inout SwiftWriter) {
        w.docComment("Calls the \(plan.apiName) API over HTTP: one method per operation of `\(plan.sourcePath)`.")
        w.type("struct", names.client, ": \(names.api)") { w in
            w.docComment(
                "The runtime client every call goes through: server URL, transport, middlewares, default headers.")
            w.declaration("private(set) var", "client", ": APIClient")
            for scheme in plan.authSchemes {
                guard let property = scheme.flowProperty else { continue }
                w.blank()
                w.docComment(
                    "The token flow of the `\(scheme.specName)` scheme: sign in, and the stored tokens, refreshed when they expire."
                )
                w.declaration("let", property, ": OAuth2TokenFlow")
            }
            w.blank()
            w.docComment(
                "The retry policy the spec declares"
                    + (plan.retryPolicy == nil ? " (none: calls are not retried)." : "."))
            w.declare("static let", "retryPolicy", ": RetryPolicy?")
            if let policy = plan.retryPolicy {
                w.wrappedLine("public static let retryPolicy: RetryPolicy? = RetryPolicy", policy, "")
            } else {
                w.line("public static let retryPolicy: RetryPolicy? = nil")
            }
            w.blank()
            w.docComment("Wire names of the fields the spec marks sensitive, whose values logs and traces redact.")
            w.declaration(
                "static let", "sensitiveNames", ": Set<String>",
                " = [\(plan.sensitiveNames.map(SwiftLiteral.string).joined(separator: ", "))]")
            w.blank()
            if let first = plan.servers.first {
                emitServerInitializer(defaultServer: first, writer: &w)
                w.blank()
            }
            emitBaseURLInitializer(writer: &w)
            w.blank()
            emitCopy(
                "A copy whose calls use `options` (timeout, cache policy, headers, retries, idempotency key) instead "
                    + "of each operation's own; cheap enough to make for one call: "
                    + "`try await client.with(RequestOptions(timeout: 5, headers: [\"X-Trace\": id])).operation(...)`.",
                taking: "_ options: RequestOptions", setting: "copy.client = client.with(options)", writer: &w)
            w.blank()
            emitCopy(
                "A copy that follows redirects under `redirectPolicy`; by default a client follows up to 10, and never "
                    + "with credentials to another origin.",
                taking: "_ redirectPolicy: RedirectPolicy", setting: "copy.client.redirectPolicy = redirectPolicy",
                writer: &w)
            w.blank()
            emitCopy(
                "A copy with a limit of its own on the calls it runs at once and keeps waiting; by default a client and "
                    + "its copies share one, `CallLimit.default`.",
                taking: "_ callLimit: CallLimit", setting: "copy.client.callLimit = callLimit", writer: &w)
            if plan.hasLinkPaging {
                w.blank()
                emitCopy(
                    "A copy whose calls go to the page a link-paginated walk is at and record the next link for it, "
                        + "which the `...Pages` methods of link-paginated operations use for each page.",
                    taking: "_ pageLink: PageLink", setting: "copy.client = client.with(pageLink)", writer: &w)
            }
            if plan.hasNamedServerURLs {
                w.blank()
                emitCopy(
                    "A copy that sends the operations of the spec's other server URLs (their `server:`) to `urls`, by "
                        + "name; an operation whose name is left out goes to the client's server URL.",
                    taking: "serverURLs urls: [String: URL]", setting: "copy.client.serverURLs = urls", writer: &w)
            }
        }
    }

    /// A `with(...)` method of the client: a copy with one setting changed.
    private func emitCopy(
        _ documentation: String, taking parameter: String, setting assignment: String, writer w: inout SwiftWriter
    ) {
        w.docComment(documentation)
        w.declaration("func", "with", "(\(parameter)) -> \(names.client)") { w in
            w.line("var copy = self")
            w.line(assignment)
            w.line("return copy")
        }
    }

    private var credentialParameters: [(declaration: String, forward: String, documentation: String)] {
        plan.authSchemes.flatMap { scheme -> [(declaration: String, forward: String, documentation: String)] in
            let name = scheme.parameterName
            let about = scheme.documentation.map { " " + $0 } ?? ""
            switch scheme.kind {
            case .bearer:
                return [
                    (
                        scheme.required ? "\(name): TokenProvider" : "\(name): TokenProvider? = nil",
                        "\(name): \(name)",
                        "The `\(scheme.specName)` bearer token, fixed or asked for on every request.\(about)"
                    )
                ]
            case .basic:
                return [
                    (
                        scheme.required ? "\(name): BasicCredentials" : "\(name): BasicCredentials? = nil",
                        "\(name): \(name)",
                        "The `\(scheme.specName)` user name and password, sent in `Authorization: Basic`.\(about)"
                    )
                ]
            case .apiKey(let keyName, let inQuery):
                return [
                    (
                        scheme.required ? "\(name): String" : "\(name): String? = nil", "\(name): \(name)",
                        "The `\(scheme.specName)` API key, sent in \(inQuery ? "query item" : "header") "
                            + "`\(keyName)`.\(about)"
                    )
                ]
            case .oauth2(let tokenPath, _, _, let client):
                var store = [
                    (
                        declaration: "\(name): any TokenStore = InMemoryTokenStore()", forward: "\(name): \(name)",
                        documentation: "Where the `\(scheme.specName)` tokens are kept (in memory by default; a "
                            + "Keychain-backed store implements the same protocol).\(about)"
                    )
                ]
                if let parameter = scheme.tokenURLParameter {
                    store.append(
                        (
                            declaration: "\(parameter): URL? = nil", forward: "\(parameter): \(parameter)",
                            documentation: "Where the `\(scheme.specName)` tokens come from instead of `\(tokenPath)`, "
                                + "such as a staging sign-in server; nil uses the spec's."
                        ))
                }
                guard let client else { return store }
                let clientName = client.parameterName
                return [
                    (
                        client.required
                            ? "\(clientName): ClientCredentials" : "\(clientName): ClientCredentials? = nil",
                        "\(clientName): \(clientName)",
                        "The `\(scheme.specName)` client id and secret: they authenticate every token request, and "
                            + "with no stored token the client gets one with the client credentials grant."
                    )
                ] + store
            }
        }
    }

    private func commonParameterDocs() -> [String] {
        credentialParameters.map { "  - \($0.declaration.prefix { $0 != ":" }): \($0.documentation)" } + [
            "  - transport: Sends the requests; URLSession by default.",
            "  - retryPolicy: How failed requests are retried; the spec's policy by default, nil for none.",
            "  - middlewares: More middlewares: `.attempt` ones (metrics, custom headers) run closest to the transport "
                + "so they see every attempt as sent, `.call` ones (`TracingMiddleware`) once around the call.",
            "  - logger: Where calls are logged, with secrets redacted; nil, the default, logs nothing.",
        ]
    }

    private var trailingParameters: [String] {
        credentialParameters.map(\.declaration) + [
            "transport: any Transport = URLSessionTransport()",
            "retryPolicy: RetryPolicy? = \(names.client).retryPolicy",
            "middlewares: [any Middleware] = []",
            "logger: Logger? = nil",
        ]
    }

    private func emitServerInitializer(defaultServer: ServerPlan, writer w: inout SwiftWriter) {
        w.docComment(
            ([
                "Creates a client for one of the spec's servers.", "", "- Parameters:",
                "  - server: The server; `\(defaultServer.caseName.withoutBackticks)` by default"
                    + (defaultServer.variables.isEmpty ? "." : ", with its variables' defaults."),
            ] + commonParameterDocs()).joined(separator: "\n"))
        let defaultValue = "." + defaultServer.caseName.withoutBackticks + (defaultServer.variables.isEmpty ? "" : "()")
        let parameters = ["server: \(names.server) = \(defaultValue)"] + trailingParameters
        w.wrappedDeclaration("", "init", parameters, "") { w in
            let forwards =
                ["baseURL: server.url"] + credentialParameters.map(\.forward)
                + ["transport: transport", "retryPolicy: retryPolicy", "middlewares: middlewares", "logger: logger"]
            w.wrappedLine("self.init", forwards, "")
            if plan.hasNamedServerURLs { w.line("client.serverURLs = server.urls") }
        }
    }

    private func emitBaseURLInitializer(writer w: inout SwiftWriter) {
        w.docComment(
            ([
                "Creates a client for any server URL, such as a staging deployment or a local mock server.", "",
                "- Parameters:", "  - baseURL: The URL operation paths are relative to.",
            ] + commonParameterDocs())
            .joined(separator: "\n"))
        let parameters = ["baseURL: URL"] + trailingParameters
        w.wrappedDeclaration("", "init", parameters, "") { w in
            let authenticated = !plan.authSchemes.isEmpty
            if authenticated { w.line("var chain: [any Middleware] = []") }
            for scheme in plan.authSchemes {
                let specName = SwiftLiteral.string(scheme.specName)
                let name = scheme.parameterName
                switch scheme.kind {
                case .bearer:
                    let line = "chain.append(BearerTokenMiddleware(scheme: \(specName), provider: \(name)))"
                    w.line(scheme.required ? line : "if let \(name) { \(line) }")
                case .basic:
                    let line = "chain.append(BasicAuthMiddleware(scheme: \(specName), credentials: \(name)))"
                    w.line(scheme.required ? line : "if let \(name) { \(line) }")
                case .apiKey(let keyName, let inQuery):
                    let line =
                        "chain.append(APIKeyMiddleware(scheme: \(specName), name: \(SwiftLiteral.string(keyName)), "
                        + "location: .\(inQuery ? "query" : "header"), key: \(name)))"
                    w.line(scheme.required ? line : "if let \(name) { \(line) }")
                case .oauth2(let tokenPath, let usernameField, let leeway, let client):
                    let property = scheme.flowProperty ?? name
                    let absolute = tokenPath.hasPrefix("https://") || tokenPath.hasPrefix("http://")
                    let specURL = "URL(string: \(SwiftLiteral.string(tokenPath))) ?? baseURL"
                    let tokenBase =
                        !absolute ? "baseURL" : scheme.tokenURLParameter.map { "\($0) ?? \(specURL)" } ?? specURL
                    w.line("\(property) = OAuth2TokenFlow(")
                    w.indented { w in
                        w.line(
                            "tokenPath: \(SwiftLiteral.string(absolute ? "" : tokenPath)), "
                                + "usernameField: \(SwiftLiteral.string(usernameField)), leeway: \(SwiftLiteral.number(leeway)),"
                        )
                        w.line("store: \(name),")
                        if let client {
                            w.line("clientCredentials: \(client.parameterName),")
                            if client.inBody { w.line("clientAuthentication: .body,") }
                            if !client.scopes.isEmpty {
                                w.line("scopes: [\(client.scopes.map(SwiftLiteral.string).joined(separator: ", "))],")
                            }
                        }
                        if absolute {
                            // The token endpoint's own URL is long: one argument a line.
                            w.line("client: APIClient(")
                            w.indented { w in
                                w.line("baseURL: \(tokenBase),")
                                w.line("transport: transport, logger: logger))")
                            }
                        } else {
                            w.line("client: APIClient(baseURL: \(tokenBase), transport: transport, logger: logger))")
                        }
                    }
                    w.line("chain.append(OAuth2Middleware(scheme: \(specName), flow: \(property)))")
                }
            }
            w.wrappedLine(
                "client = APIClient",
                [
                    "baseURL: baseURL", "transport: transport", "retryPolicy: retryPolicy",
                    "middlewares: \(authenticated ? "chain + middlewares" : "middlewares")", "logger: logger",
                    "sensitiveNames: \(names.client).sensitiveNames",
                ], "")
            for header in plan.defaultHeaders {
                w.line(
                    "client.setDefaultHeader(\(SwiftLiteral.string(header.name)), \(SwiftLiteral.string(header.value)))"
                )
            }
        }
    }

    /// A client method; a file download's (its last parameter the destination) sends with a download request and
    /// saves the body where a stream would be returned.
    private func emitMethod(_ operation: OperationPlan, writer w: inout SwiftWriter) {
        let download = operation.savesToFile
        w.docComment(operation.documentation)
        w.deprecation(operation.deprecation)
        if download { w.line("@discardableResult") }
        w.method(operation, withDefaults: false) { w in
            emitCall(operation, writer: &w)
            let builder = "\(names.requests).\(operation.builderName ?? operation.bareName)"
            let arguments = Array(operation.forwardingArgumentList.dropLast(download ? 1 : 0))
            let send =
                download ? "call.send(downloading: " : operation.streams ? "call.send(streaming: " : "call.send("
            let destination = download ? ", to: file" : ""
            let single =
                "let response = try await \(send)\(builder)(\(arguments.joined(separator: ", ")))\(destination))"
            if w.fits(single) {
                w.line(single)
            } else {
                w.line("let response = try await \(send)")
                w.indented { w in w.wrappedLine(builder, arguments, destination + ")") }
            }
            // The successes (all 2XX); any other status is the error type's to map, once for every operation
            // that throws it.
            let failure = "throw .forStatus(of: response, in: call)"
            if operation.responses.count == 1, let only = operation.responses.first, only.status == .range(2) {
                w.line("guard response.isSuccessful else { \(failure) }")
                for statement in statements(only, of: operation) { w.line(statement) }
                return
            }
            w.switchBlock("response.statusCode") { w in
                for response in operation.responses.filter({ !$0.isRange }) + operation.responses.filter(\.isRange) {
                    // A method that returns nothing has no statements, and its case returns.
                    let returned = statements(response, of: operation)
                    let body = returned.isEmpty ? ["return"] : returned
                    if body.count == 1 {
                        w.caseLine(response.statusPattern, body[0])
                    } else {
                        w.line("case \(response.statusPattern):")
                        w.indented { w in for statement in body { w.line(statement) } }
                    }
                }
                w.line("default: " + failure)
            }
        }
    }

    /// `let call = OperationCall<Error>(client: client, context: OperationContext("API.operation", ...))`, wrapped
    /// as swift-format would.
    private func emitCall(_ operation: OperationPlan, writer w: inout SwiftWriter) {
        let head = "let call = OperationCall<\(operation.errorType)>"
        let context = [SwiftLiteral.string(operation.qualifiedName)] + operation.contextArguments
        let contextCall = "OperationContext(\(context.joined(separator: ", ")))"
        if w.fits("\(head)(client: client, context: \(contextCall))") {
            w.line("\(head)(client: client, context: \(contextCall))")
            return
        }
        w.line(head + "(")
        w.indented { w in
            if w.fits("client: client, context: \(contextCall))") {
                w.line("client: client, context: \(contextCall))")
            } else {
                w.line("client: client,")
                w.wrappedLine("context: OperationContext", context, ")")
            }
        }
    }

    /// The download method for conformers that do not implement it (a mock): the stream, written to the file.
    private func emitDownloadFallback(
        _ operation: OperationPlan, _ download: OperationPlan, writer w: inout SwiftWriter
    ) {
        w.docComment(download.documentation)
        w.deprecation(download.deprecation)
        w.line("@discardableResult")
        w.method(download, withDefaults: false) { w in
            w.wrappedLine("try await \(operation.bareName)", operation.forwardingArgumentList, ".write(to: file)")
        }
        w.blank()
    }

    /// The statements that return a success; none when the method returns nothing.
    private func statements(_ response: ResponsePlan, of operation: OperationPlan) -> [String] {
        if operation.savesToFile, case .stream(.bytes, _, _, _) = response.result {
            return ["return try await call.save(response, to: file)"]
        }
        // A streamed answer has no headers method: its items are read after the call returns.
        if operation.readsHeaders, let headers = operation.responseHeaders?.typeName, !operation.streams {
            // The body first, so a body that does not decode is reported as such; then the headers.
            let read = { (value: String) in "return try call.withHeaders(\(value), \(headers).init, from: response)" }
            switch response.result {
            case .decode(let type): return ["let value = try call.decode(\(type).self, from: response)", read("value")]
            case .nothing: return [read("()")]
            case .nilValue: return [read("nil")]
            case .bytes, .stream: return [read("response.body")]
            }
        }
        let result: String? =
            switch response.result {
            case .decode(let type): "return try call.decode(\(type).self, from: response)"
            case .nothing: nil
            case .nilValue: "return nil"
            case .bytes: "return response.body"
            case .stream(.events, _, false, _): "return call.events(from: response)"
            case .stream(.events, let element, true, let terminator):
                "return call.events(\(element).self, from: response, terminator: "
                    + "\(terminator.map(SwiftLiteral.string) ?? "nil"))"
            case .stream(.lines, let element, _, _): "return call.lines(\(element).self, from: response)"
            case .stream(.bytes, _, _, _): "return call.bytes(from: response)"
            }
        return result.map { [$0] } ?? []
    }

    // MARK: - Helpers

    /// The requirement again with the spec's defaults, so calls through the protocol (a client or a mock held as
    /// `any API`) can leave defaulted arguments out. Inside the extension, the full call resolves to the requirement.
    private func emitDefaults(_ operation: OperationPlan, writer w: inout SwiftWriter) {
        w.docComment("Calls ``\(operation.selector)`` with the spec's defaults for the arguments left out.")
        w.deprecation(operation.deprecation)
        w.method(operation, withDefaults: true) { w in
            w.wrappedLine("try await self.\(operation.bareName)", operation.forwardingArgumentList, "")
        }
        w.blank()
    }

    private func emitPages(_ operation: OperationPlan, _ pagination: PaginationPlan, writer w: inout SwiftWriter) {
        let stepParameter = pagination.style.parameter
        var helper = operation
        helper.parameters.removeAll { $0.internalName == stepParameter }
        w.docComment(
            "The pages of `\(operation.name)` as a `PageSequence`, fetched as they are read: \(pagination.summary). "
                + "Its `items` walks the items one by one. Iterating throws what `\(operation.name)` throws.")
        w.deprecation(operation.deprecation)
        let declarations = helper.parameterDeclarations(withDefaults: true)
        let sequence = pagination.sequenceType(errorType: operation.errorType)
        w.wrappedDeclaration("func", pagination.methodName, declarations, " -> \(sequence)") { w in
            // The runtime counts pages, offsets and limits in `Int`; a parameter of another width converts.
            func integerType(_ name: String?) -> String? {
                operation.parameters.first { $0.internalName == name }.map { String($0.type.filter { $0 != "?" }) }
            }
            let limit = pagination.limitParameter.map { name in
                let value = name + (pagination.limitIsOptional ? " ?? 1" : "")
                return integerType(name).map { $0 == "Int" } == false ? "Int(\(value))" : value
            }
            let stepType = integerType(stepParameter)
            var items = ["items: { \(pagination.items) }"]
            if let hasMore = pagination.hasMore { items.append("hasMore: { \(hasMore) }") }
            let factory: String
            let step: String
            switch pagination.style {
            case .numbered(_, let first):
                factory = "numbered"
                items.insert(contentsOf: ["from: \(first)", "limit: \(limit ?? "1")"], at: 0)
                step = "page"
            case .offsets:
                factory = "offsets"
                items.insert("limit: \(limit ?? "1")", at: 0)
                step = "offset"
            case .cursors(_, let nextCursor):
                factory = "cursors"
                items.append("nextCursor: { \(nextCursor) }")
                step = "cursor"
            case .afterItems(_, let idProperty):
                factory = "afterItems"
                items.append("id: { \(idProperty) }")
                step = "after"
            case .links(let relation):
                factory = "links"
                if relation != "next" { items.insert("relation: \(SwiftLiteral.string(relation))", at: 0) }
                step = ""
            }
            let converted: String
            switch pagination.style {
            case .numbered, .offsets:
                converted = stepType.map { $0 == "Int" } == false ? "\(stepType ?? "")(clamping: \(step))" : step
            default:
                converted = step
            }
            let arguments = operation.parameters.map { parameter -> String in
                let value = parameter.internalName == stepParameter ? converted : parameter.internalName
                return parameter.label == "_" ? value : "\(parameter.label): \(value)"
            }
            // A link walk makes each page's call through a copy of the client that knows the page it is at.
            let signature = step.isEmpty ? "link" : step
            let callee = step.isEmpty ? "self.with(link)" : "self"
            w.wrappedScope(".\(factory)", items, " { \(signature) async throws(\(operation.errorType)) in") { w in
                w.wrappedLine("try await \(callee).\(operation.name.withoutBackticks)", arguments, "")
            }
        }
        w.blank()
    }

    private func emitPolling(_ operation: OperationPlan, _ polling: PollingPlan, writer w: inout SwiftWriter) {
        guard let valueType = operation.returnType else { return }
        let successes = polling.success.joined(separator: ", ")
        let failures = polling.failure.joined(separator: ", ")
        w.docComment(
            """
            Calls `\(operation.name)` until `\(polling.fieldDescription)` is \(polling.success.map { "`\($0)`" }.joined(separator: " or ")), \
            waiting `interval` seconds between calls, at most `maxAttempts` times. Cancelling the task stops it.

            - Throws: `PollingError.failed` with the last response when the value is \
            \(polling.failure.isEmpty ? "never a failure state" : polling.failure.map { "`\($0)`" }.joined(separator: " or ")); \
            `.exhausted` after `maxAttempts`; `.call` with the error of a failed call; `.cancelled`.
            """)
        w.deprecation(operation.deprecation)
        let parameters =
            operation.parameterDeclarations(withDefaults: true)
            + [
                "interval: TimeInterval = \(SwiftLiteral.number(polling.interval))",
                "maxAttempts: Int = \(polling.maxAttempts)",
            ]
        w.wrappedDeclaration(
            "func", polling.methodName, parameters,
            " async throws(PollingError<\(operation.errorType), \(valueType)>) -> \(valueType)"
        ) { w in
            w.line("try await SpecgenRuntime.poll(")
            w.indented { w in
                w.line("every: interval, maxAttempts: maxAttempts,")
                w.line("until: { [\(successes)].contains(\(polling.fieldPath)) },")
                w.line(
                    polling.failure.isEmpty
                        ? "failWhen: { _ in false },"
                        : "failWhen: { [\(failures)].contains(\(polling.fieldPath)) },")
                w.scope("{ () async throws(\(operation.errorType)) -> \(valueType) in") { w in
                    w.line("try await self.\(operation.bareName)(\(operation.forwardingArguments))")
                }
            }
            w.line(")")
        }
        w.blank()
    }
}

extension SwiftWriter {
    /// Prints and records an operation's method as the protocol, client, mock or builders declare it; its types'
    /// modules are public. Without a body it is a requirement.
    mutating func method(
        _ operation: OperationPlan, withDefaults: Bool, keyword: String = "func", effects: String? = nil,
        body: ((inout SwiftWriter) -> Void)? = nil
    ) {
        uses(operation.parameterUsage.union(effects == nil ? operation.returnUsage : []), publicly: true)
        wrappedDeclaration(
            keyword, operation.name, operation.parameterDeclarations(withDefaults: withDefaults),
            " " + (effects ?? operation.effects), body: body)
    }
}
