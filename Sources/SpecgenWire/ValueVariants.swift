package import SpecgenSpec

/// The values of a type worth trying when a change to it is judged: the synthesized value, then that value with
/// one thing changed at a time. Each optional field absent and present, `null` where a field is nullable, each
/// enum value, each union variant, an empty array, the bounds of a range and of a length. Deterministic, and at
/// most `limit` values.
package struct ValueVariants {
    let spec: Spec
    let synthesizer: Synthesizer
    let limit: Int

    /// The variants of values of `spec`'s types, at most `limit` for each type.
    package init(spec: Spec, limit: Int = 200) {
        self.init(synthesizer: Synthesizer(spec: spec), limit: limit)
    }

    /// The variants of values of the types `synthesizer` makes values of, with its resolved types.
    package init(synthesizer: Synthesizer, limit: Int = 200) {
        spec = synthesizer.spec
        self.synthesizer = synthesizer
        self.limit = limit
    }

    /// The values to try for `type`: the value with only what is required (the shortest), the synthesized one,
    /// then each with one thing changed. With `focus`, only the fields of that wire name (and the undeclared keys
    /// an open model keeps) are changed at the top level, so a change to one field of a wide model is tried in full
    /// within the limit.
    package func values(of type: TypeRef, focus: Set<String>? = nil) -> [SpecValue] {
        let base = synthesizer.value(for: type)
        let minimal = required(base, type, depth: 0)
        var seen: Set<SpecValue> = []
        var values: [SpecValue] = []
        let candidates =
            [minimal, base]
            + alternatives(minimal, type, constraints: Constraints(), format: nil, depth: 0, focus: focus)
            + alternatives(base, type, constraints: Constraints(), format: nil, depth: 0, focus: focus)
        for variant in candidates {
            guard values.count < limit else { break }
            if seen.insert(variant).inserted { values.append(variant) }
        }
        return values
    }

    /// `value` without the fields a sender may leave out, at every level.
    private func required(_ value: SpecValue, _ type: TypeRef, depth: Int) -> SpecValue {
        guard depth < 8 else { return value }
        switch (type, value) {
        case (.array(let element), .array(let items)):
            return .array(items.map { required($0, element, depth: depth + 1) })
        case (.map(let valueType), .object(let entries)):
            return .object(
                entries.map { SpecValueEntry(key: $0.key, value: required($0.value, valueType, depth: depth + 1)) })
        case (.named(let name), _):
            guard let model = spec.model(named: name) else { return value }
            switch (model.kind, value) {
            case (.object(let fields), .object(let entries)):
                return .object(
                    entries.compactMap { entry in
                        guard let field = fields.first(where: { $0.wireName == entry.key }) else { return entry }
                        guard field.isRequiredOnWire || field.constant != nil else { return nil }
                        return SpecValueEntry(
                            key: entry.key, value: required(entry.value, field.type, depth: depth + 1))
                    })
            case (.alias(let target, _), _):
                return required(value, target, depth: depth)
            default:
                return value
            }
        default:
            return value
        }
    }

    /// Values that differ from `value` in one place, for a value of `type`.
    private func alternatives(
        _ value: SpecValue, _ type: TypeRef, constraints: Constraints, format: String?, depth: Int,
        focus: Set<String>? = nil
    ) -> [SpecValue] {
        guard depth < 4 else { return [] }
        switch type {
        case .primitive(let primitive):
            return bounds(primitive, constraints, format: format)
        case .array(let element):
            guard case .array(let items) = value else { return [] }
            var result: [SpecValue] = (constraints.minItems ?? 0) == 0 && !items.isEmpty ? [.array([])] : []
            if let first = items.first {
                result += alternatives(first, element, constraints: Constraints(), format: format, depth: depth + 1)
                    .map { .array([$0] + items.dropFirst()) }
            }
            return result
        case .map(let valueType):
            guard case .object(let entries) = value, let first = entries.first else { return [] }
            return alternatives(first.value, valueType, constraints: Constraints(), format: format, depth: depth + 1)
                .map { .object([SpecValueEntry(key: first.key, value: $0)] + entries.dropFirst()) }
        case .named(let name):
            guard let model = spec.model(named: name) else { return [] }
            return alternatives(value, model, constraints: constraints, format: format, depth: depth, focus: focus)
        }
    }

    private func alternatives(
        _ value: SpecValue, _ model: Model, constraints: Constraints, format: String?, depth: Int,
        focus: Set<String>?
    ) -> [SpecValue] {
        switch model.kind {
        case .object(let fields):
            guard case .object(let entries) = value else { return [] }
            var result: [SpecValue] = []
            func replacing(_ key: String, with newValue: SpecValue?) -> SpecValue {
                var copy = entries.filter { $0.key != key }
                if let newValue {
                    let index = entries.firstIndex { $0.key == key } ?? copy.endIndex
                    copy.insert(SpecValueEntry(key: key, value: newValue), at: min(index, copy.endIndex))
                }
                return .object(copy)
            }
            for field in fields where field.constant == nil && focus.map({ $0.contains(field.wireName) }) ?? true {
                guard result.count < limit else { break }
                let present = entries.first { $0.key == field.wireName }?.value
                if field.presence != .required || field.defaultValue != nil {
                    if present != nil { result.append(replacing(field.wireName, with: nil)) }
                    if present == nil {
                        result.append(replacing(field.wireName, with: synthesizer.value(for: field, depth: depth + 1)))
                    }
                }
                if field.presence == .nullable { result.append(replacing(field.wireName, with: .null)) }
                guard let present, present != .null else { continue }
                result += alternatives(
                    present, field.type, constraints: field.constraints, format: field.format, depth: depth + 1
                ).map { replacing(field.wireName, with: $0) }
            }
            if let extra = model.additionalProperties {
                let key = Self.undeclaredKey(avoiding: Set(fields.map(\.wireName)))
                result.append(.object(entries + [SpecValueEntry(key: key, value: synthesizer.value(for: extra))]))
            }
            return result
        case .enumeration(let values):
            return values.map { model.isIntegerEnum ? .int(Int($0.value) ?? 0) : .string($0.value) }
        case .alias(let target, let aliasConstraints):
            return alternatives(
                value, target, constraints: aliasConstraints.merged(with: constraints), format: format, depth: depth,
                focus: focus)
        case .union(let union):
            return union.variants.flatMap { variant -> [SpecValue] in
                var base = synthesizer.value(for: variant.type)
                guard let discriminator = union.discriminator, case .object = base else { return [base] }
                return variant.discriminatorValues.map { tag in
                    base = base.merged(with: .object([SpecValueEntry(key: discriminator, value: .string(tag))]))
                    return base
                }
            }
        }
    }

    /// A key no field of the model is sent as.
    static func undeclaredKey(avoiding declared: Set<String>) -> String {
        var key = "undeclared"
        while declared.contains(key) { key += "_" }
        return key
    }

    /// The edges of a primitive's range or length that its constraints allow.
    private func bounds(_ primitive: Primitive, _ constraints: Constraints, format: String?) -> [SpecValue] {
        switch primitive {
        case .int, .int32, .int64:
            return [constraints.minimum, constraints.maximum].compactMap { $0 }.compactMap { bound in
                Int(exactly: bound.rounded(.towardZero)).map(SpecValue.int)
            }
        case .double, .float:
            return [constraints.minimum, constraints.maximum].compactMap { $0 }.map(SpecValue.double)
        case .string where constraints.pattern == nil:
            return [constraints.minLength, constraints.maxLength].compactMap { $0 }.filter { $0 <= 1_000 }.map {
                .string(String(repeating: "x", count: $0))
            }
        default:
            return []
        }
    }
}
