package import SpecgenSpec

/// The generator's whole pipeline for one spec: bytes in, files or diagnostics out.
package enum Generator {
    /// The outcome of generating one spec.
    package struct Result: Sendable {
        /// The files, or nil when the spec has errors.
        package var files: [GeneratedFile]?
        /// Every diagnostic, errors and warnings.
        package var diagnostics: [Diagnostic]
    }

    /// Loads, checks, plans and renders a spec. `path` is shown in diagnostics; `sourceName` (by default `path`)
    /// in generated headers and doc comments. The whole spec is checked; `options` then choose the operations
    /// generated (with the models they reach), the declarations' access level and the app's types for models.
    package static func generate(
        bytes: [UInt8], path: String, sourceName: String? = nil, options: GenerationOptions = GenerationOptions()
    ) -> Result {
        let loaded = Spec.load(bytes: bytes, path: path)
        guard let whole = loaded.spec, !loaded.hasErrors else {
            return Result(files: nil, diagnostics: loaded.diagnostics)
        }
        let (spec, selection) = whole.selecting(options)
        let overrides = whole.problems(of: options.types)
        guard !overrides.contains(where: \.isError) else {
            return Result(files: nil, diagnostics: loaded.diagnostics + selection + overrides)
        }
        let plan = ClientPlanner(spec: spec, sourcePath: sourceName ?? path, overrides: options.types).plan()
        let files = SwiftEmitter(access: options.access, mock: options.mock).render(plan)
        return Result(files: files, diagnostics: loaded.diagnostics + selection)
    }
}
