import SpecgenFuzzing
import SpecgenOpenAPI
import SpecgenSpec
import Testing

/// Types whose Swift names meet (`pet` beside `Pet`, a component named like the type an inline answer is named
/// after) are numbered apart, and each numbered name depends on the other type: it is reported where its schema
/// stands (`name-clash`). Generated documents draw their component schemas, in random order, from names that meet in
/// groups; each group of n types gets n - 1 reports, each on the line of one of the group's schemas, and no other.
struct ImportNameClashTests {
    /// Names that meet in Swift, by group; the inline answer of `getThing` is named `GetThingResponse`.
    static let groups: [[String]] = [["Pet", "pet"], ["Order", "order"], ["GetThingResponse", "getThingResponse"]]
    static let inlineLine = 10

    @Test func eachNumberedTypeIsReportedAtItsSchema() throws {
        var random = SplitMix64(seed: 0xC1A5_4)
        var reports = 0
        for round in 0..<60 {
            let chosen = Self.groups.joined().filter { _ in Bool.random(using: &random) }.shuffled(using: &random)
            var lines = [
                "openapi: 3.1.0", "info: {title: Clash, version: \"1\"}", "paths:", "  /thing:", "    get:",
                "      operationId: getThing", "      responses:", "        \"200\":", "          description: ok",
                "          content: {application/json: {schema: {type: object, properties: {a: {type: string}}}}}",
            ]
            if !chosen.isEmpty { lines += ["components:", "  schemas:"] }
            var lineOf: [String: Int] = [:]
            for (index, name) in chosen.enumerated() {
                lines.append("    \(name): {type: object, properties: {x\(index): {type: string}}}")
                lineOf[name] = lines.count
            }
            let text = lines.joined(separator: "\n") + "\n"
            let result = OpenAPIImporter().importDocument(at: "clash.yaml") { _ in Array(text.utf8) }
            let clashes = result.diagnostics.filter { $0.kind == "name-clash" }
            var expected = 0
            for group in Self.groups {
                var members = group.compactMap { lineOf[$0] }
                if group[0] == "GetThingResponse" { members.append(Self.inlineLine) }
                let inGroup = clashes.filter { members.contains($0.location.line) }
                #expect(inGroup.count == max(members.count - 1, 0), "round \(round), \(group):\n\(text)\n\(clashes)")
                expected += max(members.count - 1, 0)
            }
            #expect(clashes.count == expected, "round \(round):\n\(text)\n\(result.diagnostics)")
            reports += clashes.count
            let spec = try #require(result.spec, "round \(round): \(result.diagnostics)")
            let loaded = Spec.load(bytes: Array(spec.utf8), path: "imported.yaml")
            #expect(loaded.diagnostics.filter(\.isError).isEmpty, "round \(round): \(loaded.diagnostics)\n\(spec)")
        }
        #expect(reports > 40)
    }

    /// The message names the schema, the name it got and the name it could not have.
    @Test func theReportSaysWhichNameMovesAndWhy() {
        let text = """
            openapi: 3.1.0
            info: {title: Clash, version: "1"}
            paths: {}
            components:
              schemas:
                Pet: {type: object, properties: {a: {type: string}}}
                pet: {type: object, properties: {b: {type: string}}}

            """
        let result = OpenAPIImporter().importDocument(at: "clash.yaml") { _ in Array(text.utf8) }
        #expect(
            result.diagnostics.map(\.description) == [
                "clash.yaml:7:10: warning: schema 'pet' is named 'Pet2': 'Pet' is another type's, and the name moves "
                    + "if that one goes; rename one of them in the document to keep both names stable"
            ])
    }
}
