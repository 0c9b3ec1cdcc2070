import SpecgenSpec
import Testing

/// Many diagnostics of one kind and cause are told once, with a count and the first places; nothing else merges.
struct DiagnosticSummaryTests {
    static func warning(_ line: Int, _ message: String, kind: String? = "path-key") -> Diagnostic {
        Diagnostic(.warning, at: SourceLocation(path: "d.json", line: line, column: 3), message, kind: kind)
    }

    @Test func aGroupPastTheListingIsOneDiagnostic() {
        let many = (1...6).map { Self.warning($0, "the path '/a\($0)#x' has '#' in it; read as '/a\($0)'") }
        let summary = many.summarized()
        #expect(summary.count == 1)
        #expect(
            summary.first?.description
                == "d.json:1:3: warning: [path-key] the path '/a1#x' has '#' in it; read as '/a1'; and 5 more "
                + "path-key warnings of this cause, at d.json:2:3, d.json:3:3, d.json:4:3, …")
        // Four are listed as they are: the summary would save nothing.
        #expect(Array(many.prefix(4)).summarized() == Array(many.prefix(4)))
    }

    @Test func otherCausesKindsAndErrorsStayApart() {
        let routes = (1...5).map { Self.warning($0, "GET /r\($0) is declared twice", kind: "duplicate-route") }
        let apostrophes = (6...10).map { Self.warning($0, "the body's type 'T\($0)' is sent as text", kind: "x") }
        let other = Self.warning(11, "the body's type 'T' is read as text", kind: "x")
        let unkinded = (12...17).map { Self.warning($0, "same", kind: nil) }
        let errors = (18...23).map { Diagnostic(.error, at: SourceLocation(path: "d", line: $0, column: 1), "e") }
        let summary = (routes + apostrophes + [other] + unkinded + errors).summarized()
        #expect(summary.map(\.location.line) == [1, 6, 11] + Array(12...23))
        #expect(summary[0].fix?.hasPrefix("and 4 more duplicate-route warnings") == true)
        #expect(summary[1].fix?.hasPrefix("and 4 more x warnings") == true)
        #expect(summary[2].fix == nil)
    }
}
