package import SpecgenSpec

/// Writes endpoints: the request, its parameters and body, the responses and errors, then the behaviour.
extension SpecWriter {
    func endpoint(_ endpoint: Endpoint, in spec: Spec) -> SpecText.Entry {
        let keyPath = "endpoints.\(endpoint.name)"
        var map = SpecMap()
        func set(_ key: String, _ value: SpecText?) {
            map.set(key, value, comment: value == nil ? nil : comments["\(keyPath).\(key)"])
        }
        set("summary", endpoint.summary.map(SpecText.description))
        set("description", endpoint.description.map(SpecText.description))
        if !endpoint.tags.isEmpty { set("tags", .list(endpoint.tags.map(SpecText.string))) }
        set("resource", endpoint.writtenResource.map(SpecText.string))
        set("request", .string("\(endpoint.method.rawValue) \(endpoint.path)"))
        set("idempotencyKey", endpoint.idempotencyKey.map(SpecText.string))
        if !endpoint.pathParameters.isEmpty { set("path", ModelWriter.fields(endpoint.pathParameters)) }
        if !endpoint.queryParameters.isEmpty { set("query", ModelWriter.fields(endpoint.queryParameters)) }
        if !endpoint.headerParameters.isEmpty { set("headers", ModelWriter.fields(endpoint.headerParameters)) }
        set("body", endpoint.body.map(body))
        set("response", responses(endpoint.responses))
        if !endpoint.errors.isEmpty { set("errors", errors(endpoint.errors)) }
        set("paginate", endpoint.pagination.map { Self.value($0.written) })
        set("poll", endpoint.polling.map { Self.value($0.written) })
        switch endpoint.retry {
        case .disabled?: set("retry", .plain("false"))
        case .policy(let policy)?:
            set("retry", Self.value(policy.written(over: spec.retry ?? RetrySettings(location: policy.location))))
        case nil: break
        }
        var settings = SpecMap()
        self.settings(endpoint.requestSettings, into: &settings)
        for entry in settings.entries { set(entry.key, entry.value) }
        if endpoint.idempotent { set("idempotent", .plain("true")) }
        set("auth", endpoint.auth.map(requirement))
        set("deprecated", endpoint.deprecation.map(ModelWriter.deprecation))
        set("server", endpoint.server.map { .string($0.name) })
        if !endpoint.mockSequence.isEmpty {
            var mock = SpecMap()
            mock["sequence"] = .list(
                endpoint.mockSequence.map { step in
                    var entry = SpecMap()
                    entry["status"] = step.status.map { .plain(String($0)) }
                    entry["body"] = step.body.map(Self.value)
                    return entry.text
                })
            set("mock", mock.text)
        }
        return SpecText.Entry(key: endpoint.name, value: map.text)
    }

    /// `Type` for a JSON body of a type, else `json:`, `form:` or `multipart:` with a type or fields, or `binary:`.
    private func body(_ body: RequestBody) -> SpecText {
        var map = SpecMap()
        switch (body.encoding, body.content) {
        case (.json, .type(let type)) where body.description == nil:
            return .string(type.description)
        case (.binary, _):
            map["binary"] = .string(body.contentType ?? "application/octet-stream")
        case (let encoding, .type(let type)):
            map[encoding.rawValue] = .string(type.description)
        case (let encoding, .fields(let fields)):
            map[encoding.rawValue] = ModelWriter.fields(fields)
        }
        map["description"] = body.description.map(SpecText.description)
        return map.text
    }

    /// `Type` (a 200), `empty` (any 2XX), or the statuses with their bodies.
    private func responses(_ responses: [ResponseCase]) -> SpecText {
        if responses.count == 1, let only = responses.first, only.saysOnlyItsBody {
            switch (only.status, only.body) {
            case (.range(2), .empty): return "empty"
            case (.code(200), .json(let type)) where type != .named("empty") && type != .named("binary"):
                return .string(type.description)
            case (.code(200), .binary): return "binary"
            default: break
            }
        }
        return .map(
            responses.map { response in
                var map = SpecMap()
                switch response.body {
                case .empty: map["body"] = "empty"
                case .binary: map["body"] = "binary"
                case .json(let type): map["body"] = .string(type.description)
                case .stream(let stream):
                    map["stream"] = .string(stream.format.rawValue)
                    map["body"] = stream.item.map { .string($0.description) }
                    map["until"] = stream.terminator.map(SpecText.string)
                }
                map["example"] = response.example.map(Self.value)
                map["examples"] = Self.examples(response.examples)
                if !response.headers.isEmpty { map["headers"] = ModelWriter.fields(response.headers) }
                map["description"] = response.description.map(SpecText.description)
                let key = response.status.description
                return SpecText.Entry(key: key, value: map.keys == ["body"] ? map["body"] ?? "empty" : map.text)
            })
    }
}

extension Polling {
    /// The `poll:` value as a spec writes it, its defaults left out, for the spec writer and for the export's
    /// `x-specgen-poll`, which the import reads back as the spec reads it.
    package var written: SpecValue {
        var entries = [
            SpecValueEntry(key: "name", value: .string(name)),
            SpecValueEntry(key: "field", value: .string(field.joined(separator: "."))),
            SpecValueEntry(key: "success", value: .array(success.map(SpecValue.string))),
        ]
        if !failure.isEmpty {
            entries.append(SpecValueEntry(key: "failure", value: .array(failure.map(SpecValue.string))))
        }
        if interval != Self.defaultInterval {
            entries.append(SpecValueEntry(key: "interval", value: .number(interval)))
        }
        if maxAttempts != Self.defaultMaxAttempts {
            entries.append(SpecValueEntry(key: "maxAttempts", value: .int(maxAttempts)))
        }
        return .object(entries)
    }
}

extension RetrySettings {
    /// The `retry:` value as a spec writes it: the keys that differ from `base`, the policy it applies over (the
    /// defaults for an API's, the API's for an endpoint's), for the spec writer and for the export's
    /// `x-specgen-retry`, which the import reads back over the same base.
    package func written(over base: RetrySettings) -> SpecValue {
        var entries: [SpecValueEntry] = []
        func add(_ key: String, _ value: SpecValue?, differs: Bool) {
            if differs, let value { entries.append(SpecValueEntry(key: key, value: value)) }
        }
        add("maxAttempts", .int(maxAttempts), differs: maxAttempts != base.maxAttempts)
        add("initialDelay", .number(initialDelay), differs: initialDelay != base.initialDelay)
        add("maxDelay", .number(maxDelay), differs: maxDelay != base.maxDelay)
        add("multiplier", .number(multiplier), differs: multiplier != base.multiplier)
        add("jitter", .bool(jitter), differs: jitter != base.jitter)
        add("statuses", .array(statuses.map(SpecValue.int)), differs: statuses != base.statuses)
        add("maxElapsed", maxElapsed.map(SpecValue.number), differs: maxElapsed != base.maxElapsed)
        return .object(entries)
    }
}

extension SpecValue {
    /// A number of seconds or a factor, a whole one as an integer: `2.0` is written `2`.
    static func number(_ value: Double) -> SpecValue {
        Int(exactly: value).map(SpecValue.int) ?? .double(value)
    }
}

extension Pagination {
    /// The `paginate:` value as a spec writes it, for the spec writer and for the export's `x-specgen-paginate`,
    /// which the import reads back as the spec reads it.
    package var written: SpecValue {
        var entries: [SpecValueEntry] = []
        func add(_ key: String, _ value: String?) {
            if let value { entries.append(SpecValueEntry(key: key, value: .string(value))) }
        }
        switch style {
        case .page(let parameter, let firstPage):
            add("page", parameter)
            if firstPage != 1 { entries.append(SpecValueEntry(key: "firstPage", value: .int(firstPage))) }
        case .offset(let parameter):
            add("offset", parameter)
        case .cursor(let parameter, let responseField):
            add("cursor", parameter)
            add("nextCursor", responseField.joined(separator: "."))
        case .afterItem(let parameter, let itemField):
            add("after", parameter)
            if itemField != "id" { add("itemId", itemField) }
        case .link(let relation):
            add("link", relation)
        }
        add("limit", limitParameter)
        add("items", itemsField)
        add("hasMore", hasMoreField?.joined(separator: "."))
        return .object(entries)
    }
}
