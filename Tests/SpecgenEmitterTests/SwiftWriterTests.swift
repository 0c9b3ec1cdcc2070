import SpecgenSpec
import Testing

@testable import SpecgenEmitter

/// The writer records what emitters declare and use as they print, so the surface and imports never re-read text.
struct SwiftWriterTests {
    @Test func declarationsAreOwnedByTheTypeBeingWritten() {
        var w = SwiftWriter()
        w.type("struct", "Ticket", ": Codable") { w in
            w.declare("var", "`default`", ": String")
            w.declare("", "init", "(default: String)")
        }
        w.type("extension", "Ticket") { w in w.declare("func", "validate", "() throws(ValidationFailure)") }
        w.type("extension", "Ticket", ": CustomStringConvertible") { _ in }
        #expect(
            w.declarations.map(\.text) == [
                "struct Ticket: Codable", "var Ticket.default: String", "Ticket.init(default: String)",
                "func Ticket.validate() throws(ValidationFailure)", "extension Ticket: CustomStringConvertible",
            ])
        #expect(
            w.declarations.map(\.symbol) == [
                "Ticket", "Ticket.default", "Ticket.init", "Ticket.validate", "Ticket",
            ])
        #expect(w.text.hasPrefix("public nonisolated struct Ticket: Codable {\n}\nnonisolated extension Ticket {\n}\n"))
    }

    @Test(arguments: [
        (ModuleUsage(), ModuleUsage(), [String]()),
        (ModuleUsage.runtime, ModuleUsage(), ["import SpecgenRuntime"]),
        (ModuleUsage.runtime, ModuleUsage.foundation, ["public import Foundation", "import SpecgenRuntime"]),
        (
            ModuleUsage(), ModuleUsage([.foundation, .runtime]),
            ["public import Foundation", "public import SpecgenRuntime"]
        ),
    ])
    func importsArePublicOnlyWhenAPublicDeclarationExposesThem(
        used: ModuleUsage, exposed: ModuleUsage, expected: [String]
    ) {
        var w = SwiftWriter()
        w.uses(used, publicly: false)
        w.uses(exposed, publicly: true)
        #expect(w.imports.lines(access: .public) == expected)
    }
}

/// A line too long for 120 columns is broken where Swift allows, and never inside a literal, closure or generic list.
struct LineBreakerTests {
    static let long = String(repeating: "x", count: 90)
    static let medium = String(repeating: "x", count: 60)

    static func written(_ line: String, depth: Int = 1) -> String {
        var w = SwiftWriter()
        if depth == 0 {
            w.line(line)
        } else {
            w.block("do") { w in w.line(line) }
        }
        return w.text
    }

    @Test func anArgumentListGetsOneItemPerLine() {
        #expect(
            Self.written("throw .failed(status: response.statusCode, body: call.payload(\(Self.medium).self, from: r))")
                == """
                do {
                    throw .failed(
                        status: response.statusCode,
                        body: call.payload(\(Self.medium).self, from: r)
                    )
                }

                """)
    }

    @Test func commasInLiteralsClosuresAndGenericsStay() {
        let line = "let call = Call<Result<A, B>>(name: \"a, \\(f(b, c)), d\", run: { x, y in x }, id: \(Self.long))"
        #expect(
            Self.written(line) == """
                do {
                    let call = Call<Result<A, B>>(
                        name: "a, \\(f(b, c)), d",
                        run: { x, y in x },
                        id: \(Self.long)
                    )
                }

                """)
    }

    @Test func aSingleArgumentMovesToItsOwnLineAndAnArrayToOneItemPerLine() {
        #expect(
            Self.written("throw .failure(Self.unimplemented(\"\(Self.long)\"))") == """
                do {
                    throw .failure(
                        Self.unimplemented("\(Self.long)")
                    )
                }

                """)
        #expect(
            Self.written("public static let allCases: [Item] = [.a\(Self.long), .b, .c]", depth: 0) == """
                public static let allCases: [Item] = [
                    .a\(Self.long),
                    .b,
                    .c,
                ]

                """)
    }

    @Test func aResultTypeAConformanceListAndAnAssignmentContinueBelow() {
        #expect(
            Self.written(") async throws(\(Self.long)Error) -> Result\(Self.long) {", depth: 0) == """
                ) async throws(\(Self.long)Error)
                    -> Result\(Self.long)
                {

                """)
        #expect(
            Self.written("public enum \(Self.long): RawRepresentable, Codable, Hashable, Sendable {", depth: 0) == """
                public enum \(Self.long):
                    RawRepresentable, Codable, Hashable, Sendable
                {

                """)
        #expect(
            Self.written("self.handler\(Self.long) = handler\(Self.long)", depth: 0) == """
                self.handler\(Self.long) =
                    handler\(Self.long)

                """)
    }

    @Test func whatCannotBeBrokenIsWrittenWhole() {
        for line in [
            "/// ``\(Self.long)/\(Self.long)``", "path: \"/\(Self.long)/\(Self.long)\"",
            "public var name\(Self.long): Type\(Self.long)?", "value: Type? = \(Self.long)\(Self.long),",
        ] {
            #expect(Self.written(line, depth: 0) == line + "\n")
        }
    }
}
