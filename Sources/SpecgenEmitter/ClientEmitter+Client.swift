import SpecgenSpec

/// The live client: its state, its initializers for the servers and for any URL, and its copies.
extension ClientEmitter {
    func emitClient(writer w: inout SwiftWriter) {
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
                w.wrappedLine(w.access.modifier + "static let retryPolicy: RetryPolicy? = RetryPolicy", policy, "")
            } else {
                w.line(w.access.modifier + "static let retryPolicy: RetryPolicy? = nil")
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
            emitBaseURLInitializer(calledByAnother: !plan.servers.isEmpty, writer: &w)
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
    func emitCopy(
        _ documentation: String, taking parameter: String, setting assignment: String, writer w: inout SwiftWriter
    ) {
        w.docComment(documentation)
        w.declaration("func", "with", "(\(parameter)) -> \(names.client)") { w in
            w.line("var copy = self")
            w.line(assignment)
            w.line("return copy")
        }
    }

    var credentialParameters: [(declaration: String, forward: String, documentation: String)] {
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

    func commonParameterDocs() -> [String] {
        credentialParameters.map { "  - \($0.declaration.prefix { $0 != ":" }): \($0.documentation)" } + [
            "  - transport: Sends the requests; URLSession by default.",
            "  - retryPolicy: How failed requests are retried; the spec's policy by default, nil for none.",
            "  - middlewares: More middlewares: `.attempt` ones (metrics, custom headers) run closest to the transport "
                + "so they see every attempt as sent, `.call` ones (`TracingMiddleware`) once around the call.",
            "  - logger: Where calls are logged, with secrets redacted; nil, the default, logs nothing.",
        ]
    }

    var trailingParameters: [String] {
        credentialParameters.map(\.declaration) + [
            "transport: any Transport = URLSessionTransport()",
            "retryPolicy: RetryPolicy? = \(names.client).retryPolicy",
            "middlewares: [any Middleware] = []",
            "logger: Logger? = nil",
        ]
    }

    func emitServerInitializer(defaultServer: ServerPlan, writer w: inout SwiftWriter) {
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

    /// The initializer every other one calls. When another calls it, it is kept out of line (`@inline(never)`), so
    /// a release build holds its body once rather than once more inside each caller.
    func emitBaseURLInitializer(calledByAnother: Bool, writer w: inout SwiftWriter) {
        w.docComment(
            ([
                "Creates a client for any server URL, such as a staging deployment or a local mock server.", "",
                "- Parameters:", "  - baseURL: The URL operation paths are relative to.",
            ] + commonParameterDocs())
            .joined(separator: "\n"))
        if calledByAnother { w.line("@inline(never)") }
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
}
