extension Spec {
    /// The spec with only the operations `options` select, and only the models they reach (with the API's errors
    /// and webhooks, which no selector names). An entry that selects nothing is a warning at the entry, with the
    /// closest operation name; so is a selection that leaves no operation.
    public func selecting(_ options: GenerationOptions) -> (spec: Spec, diagnostics: [Diagnostic]) {
        guard !options.include.isEmpty || !options.exclude.isEmpty else { return (self, []) }
        var diagnostics: [Diagnostic] = []
        for selector in options.include + options.exclude where !endpoints.contains(where: selector.selects) {
            var fix = "name an operation of the spec, or a path one of them has"
            switch selector.pattern {
            case .operation(let name):
                if let suggestion = Suggestions.closest(to: name, in: endpoints.map(\.name)) {
                    fix = "did you mean '\(suggestion)'?"
                }
            case .tag(let tag):
                let tags = endpoints.tags
                fix =
                    Suggestions.closest(to: tag, in: tags).map { "did you mean 'tag:\($0)'?" }
                    ?? (tags.isEmpty
                        ? "no operation of the spec has tags" : "the spec's tags: \(tags.joined(separator: ", "))")
            case .path: break
            }
            diagnostics.append(
                Diagnostic(
                    .warning, at: selector.location, "'\(selector.text)' selects no operation of '\(name)'", fix: fix))
        }
        var selected = self
        selected.endpoints = endpoints.filter { endpoint in
            (options.include.isEmpty || options.include.contains { $0.selects(endpoint) })
                && !options.exclude.contains { $0.selects(endpoint) }
        }
        if selected.endpoints.isEmpty, let first = (options.include + options.exclude).first {
            diagnostics.append(
                Diagnostic(
                    .warning, at: first.location, "the options select none of the \(endpoints.count) operations",
                    fix: "include at least one operation, or exclude fewer"))
        }
        let usage = ModelUsage(self)
        var kept = usage.models(of: Set(selected.endpoints.map(\.name)))
        let others = errors.compactMap(\.body) + (webhooks?.events.map(\.payload) ?? [])
        kept.formUnion(usage.reach.strings(usage.reach.names(from: others)))
        selected.models = models.filter { kept.contains($0.name) }
        return (selected, diagnostics)
    }
}

extension Spec {
    /// The problems of replacing models with an app's types: a name no model has (with the closest), and a model
    /// whose fields the client itself reads or writes (a form or multipart body and its fields' types, an answer a
    /// listing pages through and the fields its paging reads, the item an `after` listing continues from, the fields
    /// a poll watches, a webhook's payload), which an app's type would hide. Each is an error at the entry.
    public func problems(of overrides: [TypeOverride]) -> [Diagnostic] {
        guard !overrides.isEmpty else { return [] }
        let read = modelsTheClientReads()
        var problems: [Diagnostic] = []
        for override in overrides {
            guard model(named: override.model) != nil else {
                let suggestion = Suggestions.closest(to: override.model, in: models.map(\.name))
                problems.append(
                    Diagnostic(
                        .error, at: override.location,
                        "'types' names '\(override.model)', which no model of '\(name)' is",
                        fix: suggestion.map { "did you mean '\($0)'?" } ?? "name a model of the spec",
                        kind: LintErrorKind.companionFile.rawValue))
                continue
            }
            if let why = read[override.model] {
                problems.append(
                    Diagnostic(
                        .error, at: override.location, "'\(override.model)' cannot be an app's type: \(why)",
                        fix: "remove it from 'types', and convert the generated model where the app needs its own",
                        kind: LintErrorKind.companionFile.rawValue))
            }
        }
        return problems
    }

    /// The models whose inside generated code touches, each with the first reason.
    private func modelsTheClientReads() -> [String: String] {
        let resolver = TypeResolver(self)
        var read: [String: String] = [:]
        func note(_ type: TypeRef?, _ why: String) {
            if let name = type?.name, read[name] == nil { read[name] = why }
        }
        func note(path: [String], in type: TypeRef, _ why: String) {
            note(type, why)
            if case .success(let fields) = resolver.fieldPath(path, in: type) {
                for field in fields { note(field.type, why) }
            }
        }
        for endpoint in endpoints {
            if let body = endpoint.body, body.encoding == .form || body.encoding == .multipart {
                let why = "the client writes its fields one by one in the \(body.encoding) body of '\(endpoint.name)'"
                if case .type(let type) = body.content { note(type, why) }
                for field in resolver.fields(of: body) ?? [] { note(field.type, why) }
            }
            guard let response = endpoint.jsonResponseType else { continue }
            if let pagination = endpoint.pagination {
                let why = "the client reads its fields as it pages through the answers of '\(endpoint.name)'"
                note(path: pagination.itemsField.map { [$0] } ?? [], in: response, why)
                if let more = pagination.hasMoreField { note(path: more, in: response, why) }
                switch pagination.style {
                case .cursor(_, let field): note(path: field, in: response, why)
                case .afterItem:
                    note(resolver.pageItemType(of: response, itemsField: pagination.itemsField), why)
                case .page, .offset, .link: break
                }
            }
            if let polling = endpoint.polling {
                note(path: polling.field, in: response, "the client reads its fields as it polls '\(endpoint.name)'")
            }
        }
        for event in webhooks?.events ?? [] {
            note(event.payload, "the client reads a webhook's event from its fields")
        }
        return read
    }
}
