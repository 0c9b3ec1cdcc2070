import SpecgenSpec
import SpecgenWire

/// Values at the edge of a tightened constraint: what the old spec allows and the new one refuses. The variants
/// of the old spec try its own bounds; these try the new spec's, which the old app knows nothing of.
extension ExchangeSimulator {
    /// The old app's shortest value of `model` with each field of `focus` set just past its new bounds, where the
    /// old bounds allow it.
    func probes(_ model: String, focus: Set<String>, base: SpecValue) -> [SpecValue] {
        guard let before = old.model(named: model), let after = new.model(named: model),
            case .object(let entries) = base
        else { return [] }
        var values: [SpecValue] = []
        for field in before.fields where focus.contains(field.wireName) {
            guard let current = after.fields.first(where: { $0.wireName == field.wireName }) else { continue }
            for probe in Self.edges(field.type, old: field.constraints, new: current.constraints) {
                values.append(
                    .object(
                        entries.filter { $0.key != field.wireName } + [
                            SpecValueEntry(key: field.wireName, value: probe)
                        ]
                    ))
            }
        }
        return values
    }

    /// Values of `type` inside `old`'s bounds and outside `new`'s.
    static func edges(_ type: TypeRef, old: Constraints, new: Constraints) -> [SpecValue] {
        var values: [SpecValue] = []
        switch type {
        case .primitive(.string):
            if let limit = new.maxLength, limit < (old.maxLength ?? .max), limit < 100_000 {
                values.append(.string(String(repeating: "x", count: limit + 1)))
            }
            if let limit = new.minLength, limit > (old.minLength ?? 0) {
                values.append(.string(String(repeating: "x", count: limit - 1)))
            }
        case .primitive(.int), .primitive(.int32), .primitive(.int64):
            if let limit = new.maximum, limit < (old.maximum ?? .infinity),
                let number = Int(exactly: limit.rounded(.down)), number < .max
            {
                values.append(.int(number + 1))
            }
            if let limit = new.minimum, limit > (old.minimum ?? -.infinity),
                let number = Int(exactly: limit.rounded(.up)), number > .min
            {
                values.append(.int(number - 1))
            }
        case .primitive(.double), .primitive(.float):
            if let limit = new.maximum, limit < (old.maximum ?? .infinity) {
                values.append(.double(min(limit + 1, old.maximum ?? .infinity)))
            }
            if let limit = new.minimum, limit > (old.minimum ?? -.infinity) {
                values.append(.double(max(limit - 1, old.minimum ?? -.infinity)))
            }
        default:
            break
        }
        return values
    }
}
