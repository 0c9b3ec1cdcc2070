import Foundation
import SpecgenFuzzing
import SpecgenSpec
import SpecgenWire
import Testing

/// An example lint keeps is one the mock may answer with, so the generated client must read it: for random texts of
/// `uuid`, `date`, `datetime`, `url` and `bytes` fields (valid values, and the same with a character changed, added
/// or dropped), lint keeps the example exactly when the wire's own check of a value (`ServerValueCheck`, as the mock
/// judges a request) accepts it, and every example it keeps, the client decodes (`ClientDecoding`). Trains and
/// payments APIs publish examples such as `3f3e3e1-c824-4d63-b37a-d8d698862f1d` for a UUID, which the mock served
/// and the client could not read.
struct ExampleTextAgreementTests {
    static let valid: [(Primitive, [String])] = [
        (.uuid, ["3F2504E0-4F89-41D3-9A0C-0305E82C3301", "4f4e4e11-c824-4d63-b37a-d8d698862f1d"]),
        (.date, ["2025-01-31", "2024-02-29"]),
        (.datetime, ["2025-01-01T12:00:00Z", "2025-06-30T23:59:59.250+02:00"]),
        (.url, ["https://api.example.com/v1/things?limit=10", "/relative/path"]),
        (.bytes, ["aGVsbG8gd29ybGQ=", "AAEC"]),
    ]
    static let characters = Array("0123456789abcdefABCDEF-:T.Z+/=?# xg%")

    @Test func lintKeepsAnExampleExactlyWhenTheWireAcceptsIt() throws {
        var random = SplitMix64(seed: 0xE8A_3D1E)
        var kept = 0
        var refused = 0
        for (primitive, samples) in Self.valid {
            for _ in 0..<120 {
                var text = Array(samples.randomElement(using: &random) ?? "")
                switch Int.random(in: 0..<4, using: &random) {
                case 0: break
                case 1 where !text.isEmpty: text.remove(at: Int.random(in: 0..<text.count, using: &random))
                case 2:
                    text.insert(
                        Self.characters.randomElement(using: &random) ?? "x",
                        at: Int.random(in: 0...text.count, using: &random))
                default:
                    if !text.isEmpty {
                        text[Int.random(in: 0..<text.count, using: &random)] =
                            Self.characters.randomElement(using: &random) ?? "x"
                    }
                }
                let example = String(text)
                let spec = try Self.spec(primitive, example: example)
                let field = try #require(spec.model(named: "Thing")?.fields.first)
                let lintKeeps = TypeResolver(spec).exampleProblem(of: field) == nil
                let wireAccepts = ServerValueCheck(spec: spec).problems(in: .string(example), as: field, at: "value")
                    .isEmpty
                #expect(lintKeeps == wireAccepts, "\(primitive) '\(example)': lint \(lintKeeps), wire \(wireAccepts)")
                if lintKeeps {
                    kept += 1
                    let failure = ClientDecoding(spec: spec).failure(
                        decoding: .string(example), as: .primitive(primitive))
                    #expect(failure == nil, "\(primitive) '\(example)' is kept, and the client cannot read it")
                } else {
                    refused += 1
                }
            }
        }
        #expect(kept > 150)
        #expect(refused > 150)
    }

    static func spec(_ primitive: Primitive, example: String) throws -> Spec {
        let quoted = example.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let text = """
            specgen: 1
            name: Examples
            version: 1.0.0
            models:
              Thing:
                properties:
                  value: {type: \(primitive.rawValue), example: "\(quoted)"}
            endpoints:
              getThing:
                request: GET /thing
                response: Thing
            """
        return try #require(Spec.load(bytes: Array(text.utf8), path: "Examples.yaml").spec)
    }
}
