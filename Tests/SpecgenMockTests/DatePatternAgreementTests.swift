import Foundation
import SpecgenFuzzing
import SpecgenRuntime
import SpecgenSpec
import SpecgenWire
import Testing

/// Lint accepts a `datetime` field's date pattern exactly when the generated client reads back the dates it writes in
/// it, judged by two readers lint does not ask: the runtime's `DateFormat` (the client's own reading) and the wire's
/// `ClientDecoding` (what the mock and the diff take the client to decode). An accepted pattern's mock answer is
/// read by both. The patterns are random: Unicode date fields, literals, quoted text and letters that are no field.
struct DatePatternAgreementTests {
    private static let fields: [Character] = ["y", "M", "L", "d", "H", "h", "k", "K", "m", "s", "S", "a", "E", "D"]
    private static let zones: [Character] = ["Z", "X", "x", "z"]
    private static let others: [Character] = ["t", "r", "e", "q", "w", "G", "W", "F", "c", "A", "n", "b", "Q"]
    private static let literals = ["-", ":", " ", "/", ".", ",", "'T'", "'at'", "''", "_"]

    private static func randomPattern(_ generator: inout SplitMix64) -> String {
        var pattern = ""
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5:
                let letter = fields.randomElement(using: &generator) ?? "y"
                pattern += String(repeating: letter, count: Int.random(in: 1...4, using: &generator))
            case 5:
                let letter = zones.randomElement(using: &generator) ?? "Z"
                pattern += String(repeating: letter, count: Int.random(in: 1...5, using: &generator))
            case 6:
                let letter = others.randomElement(using: &generator) ?? "t"
                pattern += String(repeating: letter, count: Int.random(in: 1...3, using: &generator))
            default:
                pattern += literals.randomElement(using: &generator) ?? "-"
            }
        }
        return pattern
    }

    private static func spec(_ pattern: String) -> String {
        let quoted = pattern.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return """
            specgen: 1
            name: Stamps
            version: 1.0.0
            models:
              Stamp:
                properties:
                  at: {type: datetime, format: "\(quoted)"}
            endpoints:
              stamp:
                request: GET /stamp
                response: Stamp
            """
    }

    @Test func lintAcceptsADatePatternExactlyWhenItsDatesReadBack() throws {
        let base = try #require(Spec.load(bytes: Array(Self.spec("yyyy-MM-dd").utf8), path: "Stamps.yaml").spec)
        let decoding = ClientDecoding(spec: base)
        var generator = SplitMix64(seed: 0xDA7E)
        var accepted = 0
        var refused = 0
        for _ in 0..<600 {
            let pattern = Self.randomPattern(&generator)
            let runtime = DateFormat.pattern(pattern)
            let written = runtime.string(from: DatePattern.sample)
            let readsBack =
                runtime.date(from: written) != nil
                && decoding.failure(decoding: .string(written), as: .primitive(.datetime), format: pattern) == nil
            let loaded = Spec.load(bytes: Array(Self.spec(pattern).utf8), path: "Stamps.yaml")
            let refusals = loaded.diagnostics.filter { $0.isError && $0.message.hasPrefix("date format") }
            #expect(loaded.diagnostics.filter(\.isError).count == refusals.count, "\(pattern): \(loaded.diagnostics)")
            if readsBack {
                accepted += 1
                #expect(refusals.isEmpty, "'\(pattern)' writes '\(written)' and reads it back, but lint refuses it")
                let spec = try #require(loaded.spec, "\(pattern): \(loaded.diagnostics)")
                // The mock's answer is a date the client reads.
                let answer = try #require(Synthesizer(spec: spec).value(forModel: "Stamp"))
                guard case .object(let entries) = answer, entries.map(\.key) == ["at"],
                    case .string(let text) = entries[0].value
                else {
                    Issue.record("'\(pattern)': the mock answered \(answer)")
                    continue
                }
                #expect(runtime.date(from: text) != nil, "'\(pattern)': the mock wrote '\(text)'")
                #expect(
                    ClientDecoding(spec: spec).failure(decoding: answer, as: .named("Stamp")) == nil, "'\(pattern)'")
            } else {
                refused += 1
                #expect(
                    loaded.spec == nil, "'\(pattern)' writes '\(written)', which does not read back; lint passed it")
                let refusal = try #require(refusals.first, "'\(pattern)': \(loaded.diagnostics)")
                #expect(refusal.kind == LintErrorKind.constraints.rawValue)
                // At the field's type, `datetime`, which the format is of.
                #expect((refusal.location.line, refusal.location.column) == (7, 18))
                #expect(refusal.fix?.contains("yyyy-MM-dd HH:mm:ss") == true)
            }
        }
        // Both sides of the rule were tried many times.
        #expect(accepted > 100, "accepted \(accepted)")
        #expect(refused > 100, "refused \(refused)")
    }

    @Test func theMockAnswersANamedAndAPlainPatternInTheClientsOwnText() throws {
        let expectations = [("http-date", "Wed, 01 Jan 2025 12:00:00 GMT"), ("dd.MM.yyyy HH:mm", "01.01.2025 12:00")]
        for (format, expected) in expectations {
            let spec = try #require(Spec.load(bytes: Array(Self.spec(format).utf8), path: "Stamps.yaml").spec)
            let answer = Synthesizer(spec: spec).value(forModel: "Stamp")
            #expect(answer == .object([SpecValueEntry(key: "at", value: .string(expected))]))
        }
    }
}
