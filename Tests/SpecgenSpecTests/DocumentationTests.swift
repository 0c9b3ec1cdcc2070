import Foundation
import SpecgenSpec
import SpecgenTestSupport
import Testing

/// The worked example in `Docs/SpecFormat.md` is a real spec: it must load with no diagnostics.
struct DocumentationTests {
    @Test func workedExampleInSpecFormatLintsClean() throws {
        let markdown = try String(contentsOf: PackagePaths.url("Docs/SpecFormat.md"), encoding: .utf8)
        let start = try #require(markdown.range(of: "```yaml\nspecgen: 1"))
        let body = markdown[markdown.index(start.lowerBound, offsetBy: "```yaml\n".count)...]
        let end = try #require(body.range(of: "\n```"))
        let loaded = Spec.load(bytes: Array(body[..<end.lowerBound].utf8), path: "SpecFormat.md")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.description))")
        let spec = try #require(loaded.spec)
        #expect(spec.endpoint(named: "getTicket")?.pathParameters.map(\.wireName) == ["ticketID"])
        #expect(spec.servers.map(\.name) == ["production", "staging"])
    }
}
