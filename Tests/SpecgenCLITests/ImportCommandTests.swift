import Foundation
import SpecgenTestSupport
import Testing

/// `specgen import-openapi` as a user runs it: the spec written, the summary, and exit 1 with a located error for
/// a file that is not an OpenAPI document, with no spec written.
struct ImportCommandTests {
    @Test func theCommandWritesTheSpecAndPrintsTheSummary() async throws {
        let folder = try makeTemporaryFolder("import")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Zoo.yaml").path
        let run = try await ProcessRun.specgen([
            "import-openapi", Fixtures.path("import-multi-file", "openapi.yaml"), "-o", output, "--name", "Zoo",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written.contains("name: Zoo\n"))
        #expect(run.stderr.contains("note: imported 2 of 2 operations and 4 models (4 schemas, 0 typed as json)"))
    }

    /// Run from the document's own folder, as `specgen import-openapi openapi.yaml`, its relative `$ref`s still
    /// resolve: a file with no folder must not make them absolute.
    @Test func relativeReferencesResolveFromTheDocumentsFolder() async throws {
        let folder = try makeTemporaryFolder("import-relative")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Zoo.yaml").path
        let run = try await ProcessRun.specgen(
            ["import-openapi", "openapi.yaml", "-o", output, "--name", "Zoo"],
            directory: Fixtures.url("import-multi-file", ""))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("warning"), "\(run.stderr)")
        #expect(run.stderr.contains("note: imported 2 of 2 operations and 4 models (4 schemas, 0 typed as json)"))
    }

    @Test(arguments: [
        (
            "specgen: 1\nname: Shop\nendpoints: {}\n",
            "doc.yaml:1:10: error: this is a specgen spec, not an OpenAPI document; check it with 'specgen lint', or "
                + "export it with 'specgen export-openapi'"
        ),
        (
            "swagger: \"1.2\"\napis: []\n",
            "doc.yaml:1:10: error: this is a Swagger 1.2 file; the import reads OpenAPI 3.0 and 3.1 and Swagger 2.0; "
                + "convert it to OpenAPI 3 first"
        ),
        (
            "- openapi\n- paths\n",
            "doc.yaml:1:1: error: this is not an OpenAPI document: its top level is a list, not a mapping with "
                + "'openapi', 'info' and 'paths'"
        ),
        (
            "title: Shop\npaths: {}\n",
            "doc.yaml:1:1: error: this is not an OpenAPI document: it has no 'openapi' (or 'swagger: \"2.0\"') key; "
                + "import an OpenAPI 3.0 or 3.1 or Swagger 2.0 document"
        ),
    ])
    func aFileThatIsNotOpenAPIIsAnErrorAndWritesNothing(document: String, message: String) async throws {
        let folder = try makeTemporaryFolder("import-refused")
        defer { try? FileManager.default.removeItem(at: folder) }
        try document.write(to: folder.appendingPathComponent("doc.yaml"), atomically: true, encoding: .utf8)
        let run = try await ProcessRun.specgen(
            ["import-openapi", "doc.yaml", "-o", "Shop.yaml"], directory: folder)
        #expect(run.status == 1)
        #expect(run.stderr == message + "\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Shop.yaml").path))
    }

    @Test func aBinaryFileIsNamedSo() async throws {
        let folder = try makeTemporaryFolder("import-binary")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0x00]).write(to: folder.appendingPathComponent("tool"))
        let run = try await ProcessRun.specgen(["import-openapi", "tool", "-o", "Shop.yaml"], directory: folder)
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "tool:1:1: error: this is a binary file, not YAML text (control character U+7F here, and NUL bytes)\n"
        )
    }
}
