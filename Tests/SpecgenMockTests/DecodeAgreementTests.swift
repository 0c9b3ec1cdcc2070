import Foundation
import SpecgenFuzzing
import SpecgenMock
import SpecgenRuntime
import SpecgenSpec
import SpecgenTestSupport
import SpecgenWire
import Testing

/// `ClientDecoding`, which the diff's proofs decode answers with, decodes as the compiled client does: for every
/// model of the five seed specs and the Ledger fixture, values built from the spec and random damage to them
/// (a key dropped, a value nulled or of another kind, an unknown enum value or tag) decode in the generated
/// client exactly when `ClientDecoding` says they do.
struct DecodeAgreementTests {
    static let specs = [
        "Keyz": "Specs/Keyz.yaml", "Chatist": "Specs/Chatist.yaml", "Gista": "Specs/Gista.yaml",
        "Joyfill": "Specs/Joyfill.yaml", "DocumentAI": "Specs/DocumentAI.yaml",
        "Ledger": "Tests/Fixtures/Ledger/Ledger.yaml",
    ]

    @Test(arguments: specs.keys.sorted())
    func theSimulatorDecodesAsTheCompiledClient(_ api: String) throws {
        let path = try #require(Self.specs[api])
        let bytes = try #require(FileManager.default.contents(atPath: PackagePaths.url(path).path))
        let spec = try #require(Spec.load(bytes: Array(bytes), path: path).spec)
        let types = try #require(Self.types[api])
        let namer = Namer()
        let usage = ModelUsage(spec)
        // Every model that travels as JSON and is a type of its own (aliases name another type) is covered.
        let decodable = spec.models.filter { model in
            if case .alias = model.kind { return false }
            return usage.isCodable(model.name)
        }
        #expect(
            Set(decodable.map { namer.swiftName(of: $0) }).subtracting(types.keys).isEmpty,
            "models without a compiled type in the table")
        let decoding = ClientDecoding(spec: spec)
        let variants = ValueVariants(spec: spec, limit: 60)
        var random = SplitMix64(seed: 0x5EED_0000 + UInt64(api.utf8.count))
        var checked = 0
        var decoded = 0
        for model in decodable {
            let type = try #require(types[namer.swiftName(of: model)])
            var values = variants.values(of: .named(model.name))
            for value in values.prefix(20) {
                for _ in 0..<4 { values.append(Self.damaged(value, &random)) }
            }
            for value in values {
                let json = JSONText.encode(value)
                let compiled: String?
                do {
                    _ = try JSONCoding.decoder().decode(type, from: Data(json.utf8))
                    compiled = nil
                } catch {
                    compiled = "\(error)"
                }
                let simulated = decoding.failure(decoding: value, as: .named(model.name))
                #expect(
                    (compiled == nil) == (simulated == nil),
                    "\(model.name) \(json): simulated \(simulated?.description ?? "decodes"), compiled \(compiled ?? "decodes")"
                )
                checked += 1
                if compiled == nil { decoded += 1 }
            }
        }
        // Both outcomes are exercised: values that decode and values that do not.
        #expect(decoded > 0 && decoded < checked, "\(decoded) of \(checked) decoded")
    }

    /// `value` with one random thing broken: a key dropped, a value nulled, a value of another kind, an unknown
    /// string where a string was.
    static func damaged(_ value: SpecValue, _ random: inout SplitMix64) -> SpecValue {
        switch value {
        case .object(var entries) where !entries.isEmpty:
            let index = Int.random(in: 0..<entries.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0: entries.remove(at: index)
            case 1: entries[index].value = .null
            case 2: entries[index].value = damaged(entries[index].value, &random)
            case 3: entries[index].value = .int(7)
            default: entries[index].value = .string("unknown")
            }
            return .object(entries)
        case .array(var items) where !items.isEmpty:
            items[0] = damaged(items[0], &random)
            return .array(items)
        case .string:
            return Bool.random(using: &random) ? .string("unknown") : .int(7)
        case .int, .double:
            return Bool.random(using: &random) ? .string("7") : .double(7.5)
        case .bool:
            return .string("true")
        default:
            return Bool.random(using: &random) ? .null : .string("unknown")
        }
    }
}
