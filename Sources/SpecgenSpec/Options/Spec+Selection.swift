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
                let tags = endpoints.flatMap(\.tags).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
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
