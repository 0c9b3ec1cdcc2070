import SpecgenSpec

/// `import-openapi --options`: the part of the document an app asked for.
extension ImportRun {
    /// Keeps the operations the options select and the models they reach; the summary counts what was left out.
    func select(_ spec: inout Spec) {
        let (selected, diagnostics) = spec.selecting(selection)
        documents.diagnostics += diagnostics
        let removed = Set(spec.endpoints.map(\.name)).subtracting(selected.endpoints.map(\.name))
        let removedStreams = removed.intersection(notes.streamedFormNames).count
        summary.streamedForms -= removedStreams
        summary.leftOut = removed.count - removedStreams
        summary.endpoints = selected.endpoints.count - summary.streamedForms
        summary.models = selected.models.count
        spec = selected
    }
}
