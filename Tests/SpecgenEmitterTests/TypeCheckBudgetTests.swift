import Foundation
import Testing

@testable import SpecgenEmitter

/// The widths past which generated code is spelled out for the type checker are the ones Docs/GeneratedCode.md
/// gives, and a wide struct's coding really comes in parts that no function exceeds.
struct TypeCheckBudgetTests {
    static let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Docs/GeneratedCode.md")

    @Test func theGuideGivesTheEmittersLimits() throws {
        let text = try String(contentsOf: Self.guide, encoding: .utf8)
        let phrases = [
            "a struct of more than \(ModelEmitter.derivedEqualityLimit) properties spells out its `==`",
            "and one of more than \(ModelEmitter.propertiesPerFunction) properties codes them in parts of at most "
                + "\(ModelEmitter.propertiesPerFunction) properties",
            "an enum of more than \(ModelEmitter.switchedValuesLimit) cases finds a wire form in a table",
            "holds more than \(ModelLayout.memberLimit) stored values",
        ]
        #expect(phrases.filter { !text.contains($0) } == [])
    }
}
