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
        #expect(w.text.hasPrefix("public struct Ticket: Codable {\n}\nextension Ticket {\n}\n"))
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
        #expect(w.imports.lines == expected)
    }
}
