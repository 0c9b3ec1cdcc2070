package import SpecgenSpec

/// Writes a ``Spec`` as the YAML text a person writes: short forms where nothing else is said (`name: string?`,
/// `response: Pet`), descriptions as literal blocks, sections in the order the format documents them. Reading the
/// text back gives the same spec, apart from where things are written.
package struct SpecWriter {
    /// Comments written after keys, by the key path lint uses (`endpoints.listPets.paginate`).
    package var comments: [String: String]
    /// Comment lines at the top of the file.
    package var header: [String]

    /// Creates a writer.
    package init(header: [String] = [], comments: [String: String] = [:]) {
        self.header = header
        self.comments = comments
    }

    /// The spec's text, ending in a newline.
    package func text(of spec: Spec) -> String {
        var map = SpecMap()
        map["specgen"] = .plain(String(spec.formatVersion))
        map["name"] = .string(spec.name)
        map["version"] = .string(spec.version)
        map["description"] = spec.description.map(SpecText.description)
        if !spec.servers.isEmpty { map["servers"] = .map(spec.servers.map(server)) }
        if !spec.defaultHeaders.isEmpty {
            map["defaultHeaders"] = .map(
                spec.defaultHeaders.map { SpecText.Entry(key: $0.name, value: .string($0.value)) })
        }
        if !spec.authSchemes.isEmpty { map["auth"] = .map(spec.authSchemes.map(authScheme)) }
        map["security"] = spec.security.map(requirement)
        map["retry"] = spec.retry.map { Self.value($0.written(over: RetrySettings(location: $0.location))) }
        settings(spec.requestSettings, into: &map)
        if !spec.errors.isEmpty { map["errors"] = errors(spec.errors) }
        if !spec.models.isEmpty { map["models"] = Self.text(of: spec.models) }
        let endpoints = spec.endpoints.map { endpoint($0, in: spec) }
        map["endpoints"] = .map(endpoints)
        map["webhooks"] = spec.webhooks.map(webhooks)
        return map.text.document(header: header)
    }

    /// One model of `spec` as the spec writes it under `models:`: what it says, never where it was read.
    package func text(of model: Model, in spec: Spec) -> String {
        SpecText.map([ModelWriter(models: spec.models).model(model)]).document()
    }

    /// One operation as the spec writes it under `endpoints:`, in `spec` (whose security and shared errors it
    /// leaves out).
    package func text(of endpoint: Endpoint, in spec: Spec) -> String {
        SpecText.map([self.endpoint(endpoint, in: spec)]).document()
    }

    // MARK: Servers and auth

    private func server(_ server: Server) -> SpecText.Entry {
        var map = SpecMap()
        map["url"] = .string(server.url)
        map["description"] = server.description.map(SpecText.description)
        if !server.variables.isEmpty {
            map["variables"] = .map(
                server.variables.map { variable in
                    var entry = SpecMap()
                    entry["default"] = .string(variable.defaultValue)
                    if !variable.values.isEmpty { entry["enum"] = .list(variable.values.map(SpecText.string)) }
                    entry["description"] = variable.description.map(SpecText.description)
                    return SpecText.Entry(key: variable.name, value: entry.text)
                })
        }
        if !server.urls.isEmpty {
            map["urls"] = .map(server.urls.map { SpecText.Entry(key: $0.name, value: .string($0.url)) })
        }
        return SpecText.Entry(key: server.name, value: map.keys == ["url"] ? .string(server.url) : map.text)
    }

    private func authScheme(_ scheme: AuthScheme) -> SpecText.Entry {
        var map = SpecMap()
        switch scheme.kind {
        case .bearer: map["type"] = "bearer"
        case .basic: map["type"] = "basic"
        case .apiKey(let name, let location):
            map["type"] = "apiKey"
            map["in"] = .string(location.rawValue)
            map["name"] = .string(name)
            if scheme.acceptsQuery { map["acceptQuery"] = .plain("true") }
        case .oauth2(let flow):
            map["type"] = "oauth2"
            map["tokenUrl"] = .string(flow.tokenURL)
            map["grants"] = .list(flow.grants.map { .string($0.rawValue) })
            if flow.usernameField != OAuth2Flow.defaultUsernameField {
                map["usernameField"] = .string(flow.usernameField)
            }
            if flow.refreshLeeway != OAuth2Flow.defaultRefreshLeeway {
                map["refreshLeeway"] = Self.number(flow.refreshLeeway)
            }
            if !flow.scopes.isEmpty { map["scopes"] = .list(flow.scopes.map(SpecText.string)) }
            map["authorizationUrl"] = flow.authorizationURL.map(SpecText.string)
            if flow.clientAuthentication != .basic { map["clientAuth"] = .string(flow.clientAuthentication.rawValue) }
        }
        map["description"] = scheme.description.map(SpecText.description)
        return SpecText.Entry(key: scheme.name, value: map.text)
    }

    /// `none`, `scheme`, `scheme?`, or a list of alternatives whose last may end in `?`.
    func requirement(_ requirement: AuthRequirement) -> SpecText {
        guard !requirement.schemes.isEmpty else { return "none" }
        var names = requirement.schemes
        if requirement.optional { names[names.count - 1] += "?" }
        return names.count == 1 ? .string(names[0]) : .list(names.map(SpecText.string))
    }

    // MARK: Behaviour

    func settings(_ settings: RequestSettings, into map: inout SpecMap) {
        map["timeout"] = settings.timeout.map(Self.number)
        map["cachePolicy"] = settings.cachePolicy.map { .string($0.rawValue) }
    }

    // MARK: Errors

    /// Errors by status: `404: notFound`, or the long form with a body, description or example.
    func errors(_ errors: [ErrorResponse]) -> SpecText {
        .map(
            errors.map { error in
                var map = SpecMap()
                map["case"] = .string(error.caseName)
                map["body"] = error.body.map { .string($0.description) }
                map["description"] = error.description.map(SpecText.description)
                map["example"] = error.example.map(Self.value)
                map["examples"] = Self.examples(error.examples)
                return SpecText.Entry(
                    key: error.status.description, value: map.keys == ["case"] ? .string(error.caseName) : map.text)
            })
    }

    // MARK: Values

    /// A number of seconds, a bound or a factor: a whole number without a fraction.
    static func number(_ value: Double) -> SpecText {
        if let whole = Int(exactly: value) { return .plain(String(whole)) }
        return double(value)
    }

    private static func double(_ value: Double) -> SpecText {
        if value.isNaN { return .plain(".nan") }
        if value.isInfinite { return .plain(value < 0 ? "-.inf" : ".inf") }
        return .plain(String(value))
    }

    /// A default, example or constant as YAML that reads back as the same value.
    static func value(_ value: SpecValue) -> SpecText {
        switch value {
        case .null: .plain("null")
        case .bool(let bool): .plain(String(bool))
        case .int(let int): .plain(String(int))
        case .double(let double): Self.double(double)
        case .string(let text): .string(text)
        case .array(let items): .list(items.map(Self.value))
        case .object(let entries): .map(entries.map { SpecText.Entry(key: $0.key, value: Self.value($0.value)) })
        }
    }

    /// Named examples as `examples: {name: value}`; nil when there are none.
    static func examples(_ examples: [NamedExample]) -> SpecText? {
        examples.isEmpty ? nil : .map(examples.map { SpecText.Entry(key: $0.name, value: Self.value($0.value)) })
    }

    /// The `models:` section: each model in order, a struct with only what it adds to the models it includes.
    static func text(of models: [Model]) -> SpecText {
        let writer = ModelWriter(models: models)
        return .map(models.map(writer.model))
    }
}
