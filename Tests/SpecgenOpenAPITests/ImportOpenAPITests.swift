import Foundation
import SpecgenEmitter
import SpecgenOpenAPI
import SpecgenSpec
import SpecgenTestSupport
import Testing

/// OpenAPI in, spec out: each import case holds a document (some spread over several files), the spec it must
/// import as (`imported.yaml`, or `PayDesk.yaml` for the case the plugin builds and SpecgenMockTests calls) and the
/// warnings it must give, located in the document (`import-warnings.txt`). Every imported spec must lint without
/// errors and generate a client that compiles.
struct ImportOpenAPITests {
    static let cases = Fixtures.cases(holding: "import-warnings.txt")

    @Test func everyImportCaseIsRead() {
        #expect(
            Self.cases == [
                "PayDesk", "import-allof-conflict", "import-discriminator-tags", "import-enum-names",
                "import-generated-names", "import-inheritance", "import-json",
                "import-json-characters", "import-json-or-stream", "import-multi-file", "import-named-examples",
                "import-operation-refs",
                "import-paging-widths", "import-read-write-only",
                "import-reserved-parameters", "import-server-variables", "import-swagger2", "import-swagger2-files",
                "import-swagger2-forms", "import-union-order", "import-warnings", "import-webhook-events",
                "import-webhooks",
                "import-x-webhooks",
            ])
    }

    /// The spec a case must import as.
    static func expected(_ name: String) -> URL {
        let plugin = Fixtures.url(name, "\(name).yaml")
        return FileManager.default.fileExists(atPath: plugin.path) ? plugin : Fixtures.url(name, "imported.yaml")
    }

    /// Imports a case's document, reading its files from the case's folder by the paths the document names.
    static func importCase(_ name: String) throws -> OpenAPIImport {
        let folder = Fixtures.url(name, "")
        let root = try #require(
            ["openapi.yaml", "openapi.json"].first {
                FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
            })
        return OpenAPIImporter().importDocument(at: root) { path in
            FileManager.default.contents(atPath: folder.appendingPathComponent(path).path).map { Array($0) }
        }
    }

    @Test(arguments: cases)
    func importsAsRecordedAndCompiles(_ name: String) async throws {
        let result = try Self.importCase(name)
        let spec = try #require(result.spec, "\(result.diagnostics)")
        expectGolden(spec, matches: Self.expected(name))
        let warnings = result.diagnostics.map(\.description).joined(separator: "\n")
        expectGolden(warnings + (warnings.isEmpty ? "" : "\n"), matches: Fixtures.url(name, "import-warnings.txt"))

        let loaded = Spec.load(bytes: Array(spec.utf8), path: "imported.yaml")
        #expect(!loaded.hasErrors, "\(loaded.diagnostics.filter(\.isError))")
        let generated = Generator.generate(bytes: Array(spec.utf8), path: "Specs/Imported.yaml")
        let files = try #require(generated.files, "\(generated.diagnostics)")
        let compilation = try await GeneratedModule.typecheck(
            files.map { ($0.name, $0.contents) }, module: "Imported", flags: GeneratedModule.targetFlags)
        #expect(compilation.succeeded, "\(compilation.diagnostics)")
    }

    @Test func importingTwiceGivesTheSameBytes() throws {
        let first = try Self.importCase("PayDesk")
        let second = try Self.importCase("PayDesk")
        #expect(first.spec == second.spec)
        #expect(first.spec?.isEmpty == false)
    }

    @Test func summaryCountsWhatWasImportedAndLost() throws {
        let mappings = try Self.importCase("PayDesk").summary
        #expect(mappings.documentOperations == 8)
        #expect(mappings.endpoints == 8)
        #expect(mappings.documentSchemas == 9)
        #expect(mappings.jsonFallbacks == 0)
        #expect(mappings.warnings.isEmpty)
        let rough = try Self.importCase("import-warnings").summary
        #expect(rough.jsonFallbacks == 3)
        // A dangling schema and a dangling parameter, each warned about once.
        #expect(rough.warnings["dangling-ref"] == 2)
        #expect(rough.warnings["recursive-struct"] == 1)
        #expect(rough.warnings["path-key"] == 1)
        #expect(rough.warnings["http-method"] == 1)
        #expect(rough.documentOperations == 3)
        #expect(rough.endpoints == 2)
        let multiFile = try Self.importCase("import-multi-file").summary
        // Three schemas live in other files (animal, keeper, and the two named in common/schemas.yaml).
        #expect(multiFile.documentSchemas == 4)
    }

    @Test func anUnreadableDocumentIsAnErrorWithNoSpec() {
        let result = OpenAPIImporter().importDocument(at: "missing.yaml") { _ in nil }
        #expect(result.spec == nil)
        #expect(
            result.diagnostics.map(\.description) == [
                "missing.yaml:1:1: error: cannot read 'missing.yaml'; check the path: no file is there"
            ])
    }

    /// A folder named where a document goes is said to be one, with the documents inside it.
    @Test func aFolderIsNamedAsOneWithItsDocuments() throws {
        let folder = try makeTemporaryFolder("openapi-folder")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("openapi.yaml"))
        try Data().write(to: folder.appendingPathComponent("notes.txt"))
        let result = OpenAPIImporter().importDocument(at: folder.path) { _ in nil }
        #expect(
            result.diagnostics.map(\.description) == [
                "\(folder.path):1:1: error: '\(folder.path)' is a folder, not an OpenAPI document; name the document "
                    + "inside it: '\(folder.path)/openapi.yaml'"
            ])
    }

    @Test func aBrokenDocumentIsLocated() {
        let result = OpenAPIImporter().importDocument(at: "broken.yaml") { _ in Array("openapi: 3.1.0\npaths: [\n".utf8)
        }
        #expect(result.spec == nil)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.location.path == "broken.yaml")
        #expect(result.diagnostics.first?.isError == true)
    }
}
