import SpecgenYAML

/// A spec read from bytes: the model when it is usable, and every diagnostic found on the way.
public struct LoadedSpec: Sendable {
    /// The spec, or nil when errors make it unusable.
    public var spec: Spec?
    /// Errors, warnings and notes, sorted for display.
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    public init(spec: Spec?, diagnostics: [Diagnostic]) {
        self.spec = spec
        self.diagnostics = diagnostics
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains(where: \.isError) }
}

extension Spec {
    /// Parses, loads and validates a spec: YAML problems, shape problems and semantic problems, in one list.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - path: The path to show in diagnostics (keep it relative, so output is the same on every machine).
    public static func load(bytes: [UInt8], path: String) -> LoadedSpec {
        let context = LoadContext(path: path)
        guard let document = context.parse(bytes) else {
            return LoadedSpec(spec: nil, diagnostics: context.diagnostics)
        }
        var diagnostics: [Diagnostic] = []
        let spec = SpecLoader().load(document, diagnostics: &diagnostics)
        // The semantic checks run whatever the reading found, so one run reports every problem. On a spec with parts
        // that could not be read, only their errors count: a warning there (a model "no endpoint uses", when the
        // endpoint that uses it was unreadable) may be the unread part's doing.
        let readWhole = !diagnostics.contains(where: \.isError)
        diagnostics += SpecLinter().validate(spec).filter { readWhole || $0.isError }
        let sorted = diagnostics.sortedForDisplay()
        return LoadedSpec(spec: sorted.contains(where: \.isError) ? nil : spec, diagnostics: sorted)
    }
}
