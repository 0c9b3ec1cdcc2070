import Foundation
import SpecgenSpec
import SpecgenYAML

/// Servers and security schemes.
extension ImportRun {
    /// `servers:` with a name for each: the export's `x-specgen-name`, else its description when that is a short
    /// name, else `production`, `server2`.
    func servers(_ node: DocNode?) -> [Server] {
        guard let items = node?.items, !items.isEmpty else { return [] }
        var servers: [Server] = []
        var taken = Set<String>()
        for (index, item) in items.enumerated() {
            guard let written = item.string("url") else { continue }
            let url = absoluteServerURL(written, at: item)
            let description = item.string("description")
            var name =
                item.string("x-specgen-name").map(namer.bareMemberName)
                ?? description.flatMap { text -> String? in
                    let words = namer.words(text)
                    return (1...3).contains(words.count) ? namer.bareMemberName(text) : nil
                } ?? (index == 0 ? "production" : "server\(index + 1)")
            if taken.contains(name.lowercased()) { name = "server\(index + 1)" }
            taken.insert(name.lowercased())
            var server = Server(name: name, url: url, location: Self.unlocated)
            if let description, namer.bareMemberName(description) != name { server.description = description }
            for (variable, _, value) in item["variables"]?.entries ?? [] {
                let values = value["enum"]?.items?.map { $0.string ?? "" } ?? []
                var defaultValue = value["default"]?.string
                if defaultValue == nil || (!values.isEmpty && !values.contains(defaultValue ?? "")) {
                    // OpenAPI requires a default among the values; the spec does too.
                    let chosen = values.first ?? variable
                    warn(
                        .serverVariable, at: (value["default"] ?? value).location,
                        (defaultValue.map {
                            "the default '\($0)' of server variable '\(variable)' is not one of its values"
                        }
                            ?? "server variable '\(variable)' has no default") + "; its default is '\(chosen)'",
                        fix: "give it a default among its values")
                    defaultValue = chosen
                }
                server.variables.append(
                    ServerVariable(
                        name: variable, defaultValue: defaultValue ?? variable, values: values,
                        description: value.string("description"), location: Self.unlocated))
            }
            // A placeholder the server object does not declare (OpenAPI requires it to) gets its own name as its
            // default, so the URL stays a template the app fills in when it chooses the server.
            for variable in Self.placeholders(in: url) where !server.variables.contains(where: { $0.name == variable })
            {
                warn(
                    .serverVariable, at: (item["url"] ?? item).location,
                    "the server URL uses '{\(variable)}', which the server object does not declare; imported as a "
                        + "variable whose default is '\(variable)'",
                    fix: "declare it under 'variables' with a default")
                server.variables.append(
                    ServerVariable(
                        name: variable, defaultValue: variable,
                        description: "Not declared by the document: set it when choosing the server.",
                        location: Self.unlocated))
            }
            // A URL no client can send to, with its variables at any of their values (or with a placeholder no
            // variable can name, `{}`), is left out.
            if let bad = ServerVariable.expansions(of: url, variables: server.variables).first(where: {
                !Server.isAbsoluteHTTP($0) || TemplatePart.placeholders(in: $0).contains("")
            }) {
                warn(
                    .serverURL, at: (item["url"] ?? item).location,
                    "the server URL '\(bad)' is not an absolute http(s) URL; server '\(name)' is not imported",
                    fix: "write the server's URL as 'https://host/base/path'")
                continue
            }
            facts.serverURLs.append(url)
            facts.serverVariables.append(
                Dictionary(server.variables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }))
            servers.append(server)
        }
        return servers
    }

    /// The `{name}` placeholders of a URL template, in order, each once.
    static func placeholders(in url: String) -> [String] {
        var names: [String] = []
        for name in TemplatePart.placeholders(in: url) where !name.isEmpty && !names.contains(name) {
            names.append(name)
        }
        return names
    }

    /// A server URL as the spec writes it: absolute (a relative one under `http://localhost`, with a warning),
    /// without a trailing slash.
    private func absoluteServerURL(_ written: String, at item: DocNode) -> String {
        var url = written
        if !url.contains("://") && !url.hasPrefix("{") {
            warn(
                .relativeServer, at: (item["url"] ?? item).location,
                "the server URL '\(url)' is relative to where the document is served; written as http://localhost\(url.hasPrefix("/") ? "" : "/")\(url)",
                fix: "set the client's baseURL, or write the server's absolute URL")
            url = "http://localhost" + (url.hasPrefix("/") ? "" : "/") + url
        }
        return Self.withoutTrailingSlash(url)
    }

    /// `https://host/v1/` → `https://host/v1`, as the spec writes a server URL.
    static func withoutTrailingSlash(_ url: String) -> String {
        var url = url
        while url.hasSuffix("/"), !url.hasSuffix("://") { url.removeLast() }
        return url
    }

    /// The named URL of an operation's own `servers`, added to every server; nil when it is the API's own. An
    /// operation that lists one server per API server (as the export writes them) gives each API server its own;
    /// otherwise its first server serves them all. The name is the export's `x-specgen-server`, else the host's.
    func operationServer(_ node: DocNode?, named: String?) -> String? {
        guard let items = node?.items, let first = items.first, first.string("url") != nil else { return nil }
        guard !facts.serverURLs.isEmpty else {
            warn(.operationServer, at: first.location, "an operation's server needs the API's servers; not imported")
            return nil
        }
        let perServer = items.count == facts.serverURLs.count
        let urls = facts.serverURLs.indices.map { index -> String in
            let item = perServer ? items[index] : first
            var url = item.string("url") ?? ""
            // A variable the API server declares stays a variable; any other takes its default.
            let declared =
                perServer
                ? facts.serverVariables[index]
                : facts.serverVariables.dropFirst().reduce(facts.serverVariables[0]) { all, next in
                    all.filter { next[$0.key] != nil }
                }
            for (variable, keyLocation, value) in item["variables"]?.entries ?? [] {
                guard let api = declared[variable] else {
                    if let fallback = value["default"]?.string {
                        url = url.replacingOccurrences(of: "{\(variable)}", with: fallback)
                    }
                    continue
                }
                // The spec declares a variable once, on the API's server: the operation's may only restate it.
                let values = value["enum"]?.items?.map { $0.string ?? "" } ?? []
                account(
                    for: value,
                    loses: value["default"]?.string != api.defaultValue || (!values.isEmpty && values != api.values),
                    .serverVariable, at: keyLocation,
                    "the operation's server variable '\(variable)' differs from the API server's; the API server's "
                        + "default '\(api.defaultValue)' and values are used",
                    fix: "declare the variable alike in both places")
            }
            return Self.withoutTrailingSlash(url)
        }
        if urls == facts.serverURLs || (!perServer && facts.serverURLs.contains(urls[0])) { return nil }
        // Its placeholders are the API servers' variables, checked with them; the rest of it must be a URL.
        if let bad = urls.first(where: { !Server.isAbsoluteHTTP(ServerVariable.substitute($0) { _ in "x" }) }) {
            warn(
                .serverURL, at: first.location,
                "the operation's server URL '\(bad)' is not an absolute http(s) URL; not imported",
                fix: "write the server's URL as 'https://host/base/path'")
            return nil
        }
        if let known = facts.extraURLs.first(where: { $0.urls == urls }) { return known.name }
        let host = urls[0].split(separator: "/").dropFirst().first.map(String.init) ?? urls[0]
        let base =
            named.map(namer.bareMemberName)
            ?? namer.bareMemberName(host.split(separator: ".").first.map(String.init) ?? "other")
        let name = Self.unique(base) { candidate in facts.extraURLs.contains { $0.name == candidate } }
        facts.extraURLs.append((name, urls))
        return name
    }

    /// Every server with the operations' URLs under `urls:`.
    func serversWithURLs(_ servers: [Server]) -> [Server] {
        servers.enumerated().map { index, server in
            var server = server
            for (name, perServer) in facts.extraURLs where index < perServer.count {
                server.urls.append(NamedServerURL(name: name, url: perServer[index], location: Self.unlocated))
            }
            return server
        }
    }

    /// The document's security schemes as `auth:`, and its default requirement as `security:`.
    func security(_ root: DocNode) -> ([AuthScheme], AuthRequirement?) {
        var auth: [AuthScheme] = []
        for (key, keyLocation, value) in root["components"]?["securitySchemes"]?.entries ?? [] {
            guard let scheme = resolved(value) else { continue }
            let name = namer.bareMemberName(key)
            facts.schemeNames[key] = name
            let kind: AuthScheme.Kind
            var acceptsQuery = false
            switch (scheme.string("type") ?? "").lowercased() {
            case "http":
                switch (scheme.string("scheme") ?? "").lowercased() {
                case "bearer": kind = .bearer
                case "basic": kind = .basic
                default:
                    warn(
                        .authScheme, at: (scheme["scheme"] ?? scheme).location,
                        "HTTP '\(scheme.string("scheme") ?? "")' authentication is not supported; scheme '\(key)' not imported",
                        fix: "add it as a middleware", covering: scheme)
                    facts.schemeNames[key] = nil
                    continue
                }
            case "apikey":
                let location = scheme.string("in") ?? "header"
                guard let place = APIKeyLocation(rawValue: location) else {
                    warn(
                        .authScheme, at: (scheme["in"] ?? scheme).location,
                        "an API key in a \(location) is not supported; scheme '\(key)' not imported",
                        fix: "send it through a middleware", covering: scheme)
                    facts.schemeNames[key] = nil
                    continue
                }
                kind = .apiKey(name: scheme.string("name") ?? "X-API-Key", location: place)
                // The document decides where the key goes, and the spec says so: a key in the query is accepted
                // there, since the API takes it nowhere else.
                acceptsQuery = place == .query
            case "oauth2":
                kind = oauth2(scheme, key: key).map(AuthScheme.Kind.oauth2) ?? .bearer
            case "openidconnect":
                warn(
                    .authScheme, at: keyLocation,
                    "OpenID Connect scheme '\(key)' is imported as a bearer token the app obtains", covering: scheme)
                kind = .bearer
            default:
                warn(
                    .authScheme, at: keyLocation,
                    "security scheme '\(key)' of type '\(scheme.string("type") ?? "")' is not supported; not imported")
                facts.schemeNames[key] = nil
                continue
            }
            var imported = AuthScheme(
                name: name, kind: kind, description: scheme.string("description"), location: Self.unlocated)
            imported.acceptsQuery = acceptsQuery
            auth.append(imported)
        }
        let requirement = root["security"].flatMap { securityRequirement($0) }
        return (auth, requirement)
    }

    /// An OAuth2 scheme from its flows; nil (with a warning) when only the implicit flow is given.
    private func oauth2(_ scheme: DocNode, key: String) -> OAuth2Flow? {
        let flows = scheme["flows"]
        var grants: [OAuth2Grant] = []
        var tokenURL: String?
        var authorizationURL: String?
        var scopes: [String] = []
        var refresh = false
        for (flowKey, keyLocation, flow) in flows?.entries ?? [] {
            let grant: OAuth2Grant
            switch flowKey {
            case "password": grant = .password
            case "clientCredentials": grant = .clientCredentials
            case "authorizationCode": grant = .authorizationCode
            default:
                warn(
                    .oauth2Flow, at: keyLocation, "the OAuth2 '\(flowKey)' flow is not supported; not imported",
                    covering: flow)
                continue
            }
            grants.append(grant)
            if let url = flow.string("tokenUrl") {
                if let tokenURL, tokenURL != url {
                    warn(
                        .oauth2Flow, at: keyLocation, "the '\(flowKey)' flow's token URL differs; \(tokenURL) is used"
                    )
                }
                tokenURL = tokenURL ?? url
            }
            if grant == .authorizationCode { authorizationURL = flow.string("authorizationUrl") }
            if grant == .clientCredentials { scopes = flow["scopes"]?.entries?.map(\.key) ?? [] }
            if flow.string("refreshUrl") != nil { refresh = true }
        }
        guard let tokenURL, !grants.isEmpty else {
            warn(
                .oauth2Flow, at: scheme.location,
                "OAuth2 scheme '\(key)' has no flow with a token URL; imported as a bearer token the app obtains")
            return nil
        }
        if refresh { grants.append(.refreshToken) }
        // Below the API's server, a path: the client resolves it against its base URL, as it does operations.
        let token = Spec.path(of: tokenURL, below: facts.serverURLs) ?? tokenURL
        guard token.hasPrefix("/") || token.hasPrefix("https://") else {
            // Credentials go only over https.
            warn(
                .oauth2Flow, at: scheme.location,
                "OAuth2 scheme '\(key)' has the token URL '\(tokenURL)', which is no https URL; imported as a bearer "
                    + "token the app obtains")
            return nil
        }
        // The export's extensions for what OpenAPI has no field for.
        var leeway = OAuth2Flow.defaultRefreshLeeway
        if let written = scheme.string("x-specgen-refresh-leeway") {
            if let seconds = Double(written), seconds >= 0, seconds.isFinite {
                leeway = seconds
            } else {
                warn(
                    .oauth2Flow, at: scheme["x-specgen-refresh-leeway"]?.location ?? scheme.location,
                    "'x-specgen-refresh-leeway' of OAuth2 scheme '\(key)' is '\(written)', no number of seconds; "
                        + "the default of \(Int(OAuth2Flow.defaultRefreshLeeway)) s is kept")
            }
        }
        return OAuth2Flow(
            tokenURL: token, grants: grants,
            usernameField: scheme.string("x-specgen-username-field") ?? OAuth2Flow.defaultUsernameField,
            refreshLeeway: leeway, scopes: scopes,
            clientAuthentication: scheme.string("x-specgen-client-auth") == "body" ? .body : .basic,
            authorizationURL: authorizationURL)
    }

    /// `security:` as the spec says it: a scheme, `scheme?`, alternatives, or none.
    func securityRequirement(_ node: DocNode) -> AuthRequirement? {
        guard let items = node.items else { return nil }
        var alternatives: [String] = []
        var optional = false
        for item in items {
            let names = item.entries?.map(\.key) ?? []
            guard let first = names.first else {
                optional = true
                continue
            }
            if names.count > 1 {
                warn(
                    .securityAllOf, at: item.location,
                    "a requirement of several schemes at once (\(names.joined(separator: " and "))) is not "
                        + "supported; only '\(first)' is sent")
            }
            guard let name = facts.schemeNames[first] else {
                if !(item.entries ?? []).isEmpty {
                    warn(.security, at: item.location, "security scheme '\(first)' is not declared or not imported")
                }
                continue
            }
            if !alternatives.contains(name) { alternatives.append(name) }
        }
        guard !alternatives.isEmpty else {
            return items.isEmpty || optional ? AuthRequirement(scheme: nil, location: Self.unlocated) : nil
        }
        return AuthRequirement(
            schemes: alternatives, optional: optional, location: Self.unlocated,
            schemeLocations: alternatives.map { _ in Self.unlocated })
    }
}
