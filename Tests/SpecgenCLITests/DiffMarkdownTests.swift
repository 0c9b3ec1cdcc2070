import Foundation
import SpecgenDiff
import SpecgenSpec
import SpecgenTestSupport
import Testing

/// The pull-request comment always fits one GitHub comment, and says what it folded.
struct DiffMarkdownTests {
    /// A spec of `count` operations, each on the path `prefix` gives it.
    static func spec(operations count: Int, prefix: String) -> String {
        var text = """
            specgen: 1
            name: Big
            version: 1.0.0
            servers:
              production: https://big.example
            models:
              Item:
                properties:
                  id: string
                  label: {type: string, maxLength: 40}
            endpoints:

            """
        for index in 0..<count {
            text += """
                  op\(index):
                    request: POST /\(prefix)/\(index)
                    body: Item
                    response: Item

                """
        }
        return text
    }

    @Test func aDiffOf200ChangesFitsOneComment() async throws {
        let old = try DiffRuleTests.load(Self.spec(operations: 200, prefix: "items"), path: "Specs/Big.yaml")
        let new = try DiffRuleTests.load(Self.spec(operations: 200, prefix: "things"), path: "Specs/Big.yaml")
        // Seconds of proofs, off the threads the socket tests need.
        let findings = try await offThePool { SpecDiff.findings(old: old, new: new) }
        #expect(findings.count == 200)
        let report = DiffReport(api: new.name, findings: findings, routes: DiffReport.routes(of: [new, old]))
        let markdown = DiffReport.markdown(reports: [report])
        #expect(markdown.count <= 65_536)
        #expect(markdown.contains("> This comment leaves out the evidence of each finding to fit in one comment"))
        expectGolden(markdown, matches: Fixtures.url("diff-markdown", "report-200.md"))
        // Below the limit nothing is folded, and each finding's evidence is in <details>.
        let small = DiffReport.markdown(reports: [report], limit: 10_000_000)
        #expect(!small.contains("leaves out"))
        #expect(small.components(separatedBy: "<details>").count == 201)
        // Far below it, the breaks that fit are shown and the rest counted.
        let tiny = DiffReport.markdown(reports: [report], limit: 5_000)
        #expect(tiny.count <= 5_000)
        #expect(tiny.contains("more breaking change(s) in"))
    }
}
