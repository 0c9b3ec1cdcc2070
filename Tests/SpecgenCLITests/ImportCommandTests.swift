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
    /// `--options` cuts the import to what an app calls: the operations selected, the models they reach, and a
    /// summary that says how many were left out.
    @Test func theOptionsSelectWhatIsImported() async throws {
        let folder = try makeTemporaryFolder("import-selected")
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = """
            openapi: 3.0.3
            info: {title: Shop, version: "1"}
            paths:
              /products/{id}:
                get:
                  operationId: getProduct
                  tags: [catalog]
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  responses: {"200": {description: A product., content: {application/json: {schema: {$ref: "#/components/schemas/Product"}}}}}
              /orders:
                get:
                  operationId: listOrders
                  tags: [orders]
                  responses: {"200": {description: Orders., content: {application/json: {schema: {type: array, items: {$ref: "#/components/schemas/Order"}}}}}}
              /admin/stats:
                get:
                  operationId: getStats
                  tags: [admin]
                  responses: {"200": {description: Stats., content: {application/json: {schema: {$ref: "#/components/schemas/Stats"}}}}}
            components:
              schemas:
                Product: {type: object, required: [id], properties: {id: {type: string}}}
                Order: {type: object, required: [id], properties: {id: {type: string}, product: {$ref: "#/components/schemas/Product"}}}
                Stats: {type: object, properties: {count: {type: integer}}}
            """
        let documentPath = folder.appendingPathComponent("openapi.yaml")
        try document.write(to: documentPath, atomically: true, encoding: .utf8)
        let options = folder.appendingPathComponent("specgen-options.yaml")
        try "operations:\n  include: [\"tag:orders\", getProduct]\n".write(
            to: options, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("Shop.yaml").path
        let run = try await ProcessRun.specgen([
            "import-openapi", documentPath.path, "-o", output, "--options", options.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "note: imported 2 of 3 operations (1 left out by the options) and 2 models (3 schemas, 0 typed as json)"
            ))
        let spec = try String(contentsOfFile: output, encoding: .utf8)
        #expect(spec.contains("getProduct:") && spec.contains("listOrders:") && !spec.contains("getStats"))
        #expect(spec.contains("tags: [orders]") || spec.contains("tags:\n      - orders"))
        #expect(!spec.contains("Stats:"))
    }

    /// `-o` naming a folder is said to be one, not "NSCocoaErrorDomain error 512".
    @Test func anOutputFolderIsNamedAsOne() async throws {
        let folder = try makeTemporaryFolder("import-into-folder")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await ProcessRun.specgen([
            "import-openapi", Fixtures.path("import-multi-file", "openapi.yaml"), "-o", folder.path, "--name", "Zoo",
        ])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "error: cannot write '\(folder.path)': it is a folder; give the path of the file to write, inside it "
                    + "or beside it"))
    }

    /// A `--name` that names no Swift type is refused before the document is read, not in the spec it would write.
    @Test func aNameThatNamesNoTypeIsRefused() async throws {
        let folder = try makeTemporaryFolder("import-bad-name")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Zoo.yaml").path
        let run = try await ProcessRun.specgen([
            "import-openapi", Fixtures.path("import-multi-file", "openapi.yaml"), "-o", output, "--name", "5",
        ])
        #expect(run.status == 64)
        #expect(
            run.stderr.contains(
                "Error: --name '5' does not start with a letter, so it names no Swift type; start it with a letter, "
                    + "such as 'API5'"),
            "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

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

extension ImportCommandTests {
    /// Six operations that each also answer in YAML give one line: the first warning, how many more of that cause
    /// and where the first three are; a warning of another cause stays its own line; --verbose prints all seven.
    @Test func warningsOfOneKindAndCauseAreToldOnce() async throws {
        let folder = try makeTemporaryFolder("import-summarized")
        defer { try? FileManager.default.removeItem(at: folder) }
        var document = "openapi: 3.0.3\ninfo: {title: Pets, version: '1'}\npaths:\n"
        for index in 1...6 {
            document += """
                  /pets\(index):
                    get:
                      operationId: list\(index)
                      responses:
                        '200':
                          description: ok
                          content:
                            application/json: {schema: {type: string}}
                            application/yaml: {schema: {type: string}}

                """
        }
        document += """
              /other:
                get:
                  operationId: other
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json: {schema: {type: string}}
                        application/xml: {schema: {type: string}}

            """
        let path = folder.appendingPathComponent("pets.yaml").path
        try document.write(toFile: path, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("Pets.yaml").path
        let run = try await ProcessRun.specgen(["import-openapi", path, "-o", output])
        #expect(run.status == 0, "\(run.stderr)")
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(
            warnings == [
                "\(path):12:13: warning: [media-type] the response is read as application/json; application/yaml not "
                    + "imported; and 5 more media-type warnings of this cause, at \(path):21:13, \(path):30:13, "
                    + "\(path):39:13, …",
                "\(path):66:13: warning: the response is read as application/json; application/xml not imported",
            ])
        #expect(
            run.stderr.contains(
                "note: 5 warning(s) of a kind and cause already shown are summarized; --verbose prints them all"))
        #expect(run.stderr.contains("warnings: media-type 7"))

        let verbose = try await ProcessRun.specgen(["import-openapi", path, "-o", output, "--verbose"])
        #expect(verbose.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }.count == 7)
        #expect(!verbose.stderr.contains("are summarized"))
    }
}
