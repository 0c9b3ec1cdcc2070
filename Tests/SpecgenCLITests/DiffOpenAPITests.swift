import Foundation
import SpecgenTestSupport
import Testing

/// `specgen diff` takes OpenAPI documents as a team publishes them: imported in memory, with findings located in
/// the document, the same findings as the diff of the two imported specs.
struct DiffOpenAPITests {
    static let document = Fixtures.path("PayDesk", "openapi.yaml")

    /// The fixture's document, edited: a date's unit, a property made optional, a parameter's bound.
    static func edited() throws -> String {
        try String(contentsOf: PackagePaths.url(document), encoding: .utf8)
            .replacingOccurrences(
                of: "created: {type: integer, format: unix-time}", with: "created: {type: string, format: date-time}"
            )
            .replacingOccurrences(of: "required: [email]", with: "required: []")
            .replacingOccurrences(of: "minimum: 1, maximum: 100}", with: "minimum: 1, maximum: 50}")
    }

    @Test func twoDocumentsGiveTheFindingsOfTheirSpecsAtDocumentLocations() async throws {
        let folder = try makeTemporaryFolder("diff-openapi")
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appendingPathComponent("old.yaml")
        let new = folder.appendingPathComponent("new.yaml")
        try FileManager.default.copyItem(at: PackagePaths.url(Self.document), to: old)
        try Data(try Self.edited().utf8).write(to: new)

        let documents = try await LintCommandTests.specgen(["diff", old.path, new.path])
        #expect(documents.status == 0, "\(documents.stderr)")
        for side in ["old", "new"] {
            let spec = folder.appendingPathComponent("\(side)-spec.yaml").path
            let run = try await LintCommandTests.specgen([
                "import-openapi", folder.appendingPathComponent("\(side).yaml").path, "-o", spec,
            ])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let specs = try await LintCommandTests.specgen([
            "diff", folder.appendingPathComponent("old-spec.yaml").path,
            folder.appendingPathComponent("new-spec.yaml").path,
        ])
        #expect(specs.status == 0, "\(specs.stderr)")
        // The same findings, rule and message, either way; only where they point differs.
        func findings(_ text: String) -> [String] {
            text.split(separator: "\n").filter { !$0.hasPrefix(" ") }.dropFirst().map { line in
                String(line[(line.range(of: ": ")?.upperBound ?? line.startIndex)...])
            }.sorted()
        }
        #expect(findings(documents.stdout) == findings(specs.stdout))
        #expect(findings(documents.stdout).contains { $0.hasPrefix("format-changed") || $0.hasPrefix("wire-type") })
        // Located in the document: the property's key and the operation.
        let lines = documents.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(new.path):173:9: ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(new.path):182:13: response-property-made-optional") }, "\(lines)")
        // Every finding points into the document; what the import could not place stands at the nearest place.
        #expect(lines.filter { !$0.hasPrefix(" ") }.dropFirst().allSatisfy { $0.hasPrefix(new.path + ":") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(new.path):22:7: request-constraint-tightened") }, "\(lines)")
    }
}
