public import SpecgenSpec
import SpecgenYAML

/// An input file that may be a spec or an OpenAPI document: the tools that take either (`specgen diff`,
/// `specgen-mock`) ask here which it is, and import a document in memory, as `specgen import-openapi` would write it.
public enum OpenAPIDocumentInput {
    /// Whether the file's top-level keys are an OpenAPI document's (`openapi`) or Swagger 2.0's (`swagger`) and not a
    /// spec's (`specgen`).
    public static func isDocument(_ bytes: [UInt8]) -> Bool { rootKeys(bytes).map(isDocument(keys:)) ?? false }

    /// Whether top-level keys are an OpenAPI document's or Swagger 2.0's, and not a spec's.
    public static func isDocument(keys: Set<String>) -> Bool {
        !keys.contains("specgen") && (keys.contains("openapi") || keys.contains("swagger"))
    }

    /// The keys of a YAML or JSON file's top-level mapping; nil when it is none (the loader says what is wrong).
    public static func rootKeys(_ bytes: [UInt8]) -> Set<String>? {
        guard let document = try? YAMLDocument(parsing: bytes, path: "document"), let pairs = document.root?.pairs
        else { return nil }
        return Set(pairs.compactMap(\.key.scalar))
    }

    /// A document imported in memory.
    public struct Imported: Sendable {
        /// The spec, its operations, models and properties located in the document; nil when there are errors.
        public var spec: Spec?
        /// Why the document could not be imported, located in it.
        public var errors: [Diagnostic]
        /// How many warnings the import gave on what the spec format cannot say.
        public var warnings: Int
    }

    /// Imports the document `bytes` read from `path`; its `$ref`s to other files are read through `read`.
    public static func importDocument(
        bytes: [UInt8], path: String, read: @escaping (String) -> [UInt8]?
    ) -> Imported {
        let result = OpenAPIImporter().importDocument(at: path) { file in file == path ? bytes : read(file) }
        let errors = result.diagnostics.filter(\.isError) + result.checked(as: path).diagnostics.filter(\.isError)
        let warnings = result.diagnostics.filter { $0.severity == .warning }.count
        return Imported(spec: errors.isEmpty ? result.value : nil, errors: errors, warnings: warnings)
    }
}
