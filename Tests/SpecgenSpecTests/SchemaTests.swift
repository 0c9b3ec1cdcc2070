import Foundation
import SpecgenTestSupport
import Testing

/// `Docs/specgen.schema.json` accepts every spec in `Specs/` and the fixture APIs, and rejects broken ones, checked with Python's
/// `jsonschema` (installed by `.ci/run`), so editors with a YAML language server validate what specgen accepts.
struct SchemaTests {
    static func validate(_ specs: [String]) async throws -> (status: Int32, output: String) {
        let run = try await ProcessRun.run(
            "python3", ["Tests/Scripts/validate_schema.py", "Docs/specgen.schema.json"] + specs)
        return (run.status, run.stdout + run.stderr)
    }

    @Test func everySpecValidatesAgainstTheSchema() async throws {
        let specs = SeedAPIs.specPaths + FixtureAPIs.specPaths + ["Tests/Fixtures/Todos/Todos.yaml"]
        let result = try await Self.validate(specs)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.components(separatedBy: ": valid").count == specs.count + 1, "\(result.output)")
    }

    @Test(arguments: ["unknown-keys", "wrong-value-kinds", "bad-request-line", "invalid-status-codes"])
    func brokenSpecsAreRejectedByTheSchema(fixture: String) async throws {
        let result = try await Self.validate([Fixtures.path(fixture, "spec.yaml")])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains(": invalid at "), "\(result.output)")
    }
}
