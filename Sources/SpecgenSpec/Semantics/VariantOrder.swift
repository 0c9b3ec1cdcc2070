/// How an undiscriminated union decodes: the first variant that fits wins, so a variant whose every value also fits
/// an earlier one is never chosen. Lint warns about such a variant; the OpenAPI import orders variants so that none
/// is, where an order exists.
package struct VariantOrder: Sendable {
    private let types: TypeResolver

    /// The order rules of a spec's types.
    package init(_ types: TypeResolver) {
        self.types = types
    }

    /// Whether every JSON value of `later` also decodes as `earlier` (a conservative answer: true only when sure).
    /// With `constantsSent`, the values of `later` are taken to carry its constants, as servers send them, though
    /// the format lets them be left out.
    package func accepts(_ earlier: TypeRef, everyValueOf later: TypeRef, constantsSent: Bool = false) -> Bool {
        if earlier == later { return false }
        switch (types.shape(of: earlier), types.shape(of: later)) {
        case (.primitive(.json), _): return true
        case (.primitive(.string), .primitive(let primitive)):
            return [.datetime, .date, .uuid, .url, .bytes].contains(primitive)
        case (.primitive(.string), .enumeration): return true
        case (.primitive(.double), .primitive(let primitive)), (.primitive(.float), .primitive(let primitive)):
            return [.int, .int32, .int64].contains(primitive)
        case (.map(let value), .object(let model)):
            return types.shape(of: value) == .primitive(.json) || model.fields.isEmpty
        case (.object(let first), .object(let second)):
            // `first` decodes every `second` when each field it requires is required in `second` with the same
            // type, each optional field it shares with `second` has the same type, and no constant differs (a
            // variant's constants are checked when it is tried).
            return first.fields.allSatisfy { field in
                guard let other = second.fields.first(where: { $0.wireName == field.wireName }) else {
                    return !field.isRequiredOnWire && field.constant == nil
                }
                if let constant = field.constant, other.constant != constant { return false }
                return fieldAccepts(field.type, everyValueOf: other.type)
                    && (!field.isRequiredOnWire || other.isRequiredOnWire || constantsSent && other.constant != nil)
            }
        default: return false
        }
    }

    /// Whether a field of type `earlier` reads every value of a field of type `later`: the same type, or an enum
    /// (open: a value it does not know decodes as `undocumented`) reading text or another enum of its raw kind.
    private func fieldAccepts(_ earlier: TypeRef, everyValueOf later: TypeRef) -> Bool {
        if earlier == later { return true }
        guard case .enumeration(let model, _) = types.shape(of: earlier) else { return false }
        switch types.shape(of: later) {
        case .primitive(.string): return !model.isIntegerEnum
        case .primitive(.int), .primitive(.int32), .primitive(.int64): return model.isIntegerEnum
        case .enumeration(let other, _): return other.isIntegerEnum == model.isIntegerEnum
        default: return false
        }
    }

    /// The first variant before `index` that decodes every value of the variant at `index`, or nil.
    package func shadowing(_ index: Int, in variants: [TypeRef]) -> Int? {
        variants.prefix(index).firstIndex { accepts($0, everyValueOf: variants[index]) }
    }

    /// The variants' indices in an order where a variant comes before every variant that decodes all its values
    /// (as servers send them, constants included) and not the other way round; otherwise as given. Of two variants that decode each other's values only the
    /// first is ever chosen, whatever the order: the one that keeps more properties goes first.
    package func order(_ variants: [TypeRef]) -> [Int] {
        var order: [Int] = []
        for index in variants.indices {
            let position = order.firstIndex { placed in
                guard accepts(variants[placed], everyValueOf: variants[index], constantsSent: true) else {
                    return false
                }
                return !accepts(variants[index], everyValueOf: variants[placed], constantsSent: true)
                    || propertyCount(variants[index]) > propertyCount(variants[placed])
            }
            order.insert(index, at: position ?? order.endIndex)
        }
        return order
    }

    private func propertyCount(_ type: TypeRef) -> Int {
        if case .object(let model) = types.shape(of: type) { return model.fields.count }
        return 0
    }
}
