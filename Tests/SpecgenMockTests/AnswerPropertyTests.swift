import Foundation
import SpecgenOpenAPI
import SpecgenSpec
import SpecgenTestSupport
import SpecgenWire
import Testing

/// The answers the mock makes fit the document it publishes, as an independent validator reads it: for every
/// operation of the seed specs, the fixture clients, the todo fixture and every imported fixture document, many
/// values of each JSON success and error body (the synthesized answer, the shortest, and each with one thing
/// changed: optional fields, `null`, enum values, union variants, bounds) are checked against the exported OpenAPI
/// document by Python's `jsonschema`, formats asserted (`Tests/Scripts/validate_answers.py`).
struct AnswerPropertyTests {
    /// Values drawn per answer.
    static let perAnswer = 12

    /// The specs checked: written ones by path, and the import fixtures' documents imported in memory.
    static func specs() throws -> [(name: String, spec: Spec)] {
        let written = SeedAPIs.specPaths + FixtureAPIs.specPaths + ["Tests/Fixtures/Todos/Todos.yaml"]
        var specs: [(String, Spec)] = try written.map { path in
            let bytes = try #require(FileManager.default.contents(atPath: PackagePaths.url(path).path))
            let loaded = Spec.load(bytes: Array(bytes), path: path)
            return (path, try #require(loaded.spec, "\(loaded.diagnostics)"))
        }
        for name in Fixtures.cases(holding: "openapi.yaml") where name.hasPrefix("import-") {
            let folder = Fixtures.url(name, "")
            let bytes = try #require(
                FileManager.default.contents(atPath: folder.appendingPathComponent("openapi.yaml").path))
            let imported = OpenAPIDocumentInput.importDocument(bytes: Array(bytes), path: "openapi.yaml") { file in
                FileManager.default.contents(atPath: folder.appendingPathComponent(file).path).map(Array.init)
            }
            specs.append((name, try #require(imported.spec, "\(name): \(imported.errors)")))
        }
        return specs
    }

    /// Each JSON answer of `spec` and the values drawn for it.
    static func answers(of spec: Spec) -> [[String: Any]] {
        let variants = ValueVariants(spec: spec, limit: perAnswer)
        var answers: [[String: Any]] = []
        for endpoint in spec.endpoints {
            var bodies: [(String, TypeRef)] = endpoint.responses.compactMap { response in
                guard case .json(let type) = response.body else { return nil }
                return (response.status.description, type)
            }
            for error in spec.errors(of: endpoint) {
                guard let type = error.body, type != .primitive(.string) else { continue }
                bodies.append((error.status.description, type))
            }
            for (status, type) in bodies {
                for value in variants.values(of: type) {
                    answers.append([
                        "path": endpoint.path, "method": endpoint.method.rawValue.lowercased(), "status": status,
                        "value":
                            (try? JSONSerialization.jsonObject(
                                with: Data(JSONText.encode(value).utf8), options: [.fragmentsAllowed])) as Any,
                    ])
                }
            }
        }
        return answers
    }

    @Test func everyDrawnAnswerFitsTheExportedDocument() async throws {
        let folder = try makeTemporaryFolder("answers")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("cases.json")
        // Drawing the answers is seconds of work for one core: off the threads the tests that time sockets need.
        let (documents, total) = try await offThePool {
            var cases: [[String: Any]] = []
            var total = 0
            for (index, (_, spec)) in try Self.specs().enumerated() {
                let document = folder.appendingPathComponent("\(index)-\(spec.name).json")
                try OpenAPIExporter(spec: spec).document().json.write(to: document, atomically: true, encoding: .utf8)
                let answers = Self.answers(of: spec)
                total += answers.count
                cases.append(["document": document.path, "answers": answers])
            }
            try JSONSerialization.data(withJSONObject: cases).write(to: input)
            return (cases.count, total)
        }
        let run = try await ProcessRun.run("python3", ["Tests/Scripts/validate_answers.py", input.path])
        #expect(run.status == 0, "\(run.stdout.suffix(3000))\(run.stderr.suffix(2000))")
        #expect(run.stdout.hasSuffix("0 failures\n"))
        // Every spec was read, and many answers drawn.
        #expect(documents >= 25 && total > 1_000, "\(documents) documents, \(total) answers")
    }
}
