public import Foundation
public import SpecgenSpec

/// Makes deterministic example values from the spec's types: the spec's own examples and defaults where it has
/// them, otherwise values that decode in the generated client and meet the declared constraints.
public struct Synthesizer: Sendable {
    let spec: Spec
    /// The spec's types, which say whether an example fits.
    let types: TypeResolver

    /// Creates a synthesizer for a spec.
    public init(spec: Spec) { self.init(spec: spec, types: TypeResolver(spec)) }

    /// Creates a synthesizer for a spec whose types are already resolved.
    package init(spec: Spec, types: TypeResolver) {
        self.spec = spec
        self.types = types
    }

    /// The spec's example for a value of `type`, when it fits the type: one that does not is never used (lint warns).
    package func fitting(
        _ example: SpecValue?, _ type: TypeRef, format: String? = nil, constraints: Constraints = Constraints()
    ) -> SpecValue? {
        guard let example,
            types.mismatch(example, type: type, format: format, deep: true, constraints: constraints) == nil
        else { return nil }
        return example
    }

    /// A value for a type.
    public func value(for type: TypeRef) -> SpecValue {
        value(for: type, name: "value", constraints: Constraints(), format: nil, depth: 0)
    }

    /// A value for a model, by its spec name; nil when there is no such model.
    public func value(forModel name: String) -> SpecValue? {
        spec.model(named: name).map { _ in value(for: .named(name)) }
    }

    /// A model's value as JSON, such as a generated client's `Codable` type decodes; nil when there is no such model.
    public func json(forModel name: String) -> Data? {
        value(forModel: name).map { Data(JSONText.encode($0).utf8) }
    }

    /// A value for a field: its example, its default, or one made from its type and constraints.
    package func value(for field: Field, depth: Int = 0) -> SpecValue {
        if let example = fitting(field.example, field.type, format: field.format, constraints: field.constraints) {
            return example
        }
        if let defaultValue = field.defaultValue { return defaultValue }
        return value(
            for: field.type, name: field.wireName, constraints: field.constraints, format: field.format,
            depth: depth)
    }

    private func value(
        for type: TypeRef, name: String, constraints: Constraints, format: String?, depth: Int
    ) -> SpecValue {
        switch type {
        case .primitive(let primitive):
            return value(for: primitive, name: name, constraints: constraints, format: format)
        case .array(let element):
            // Nested types get fewer items, so recursive models stay finite.
            let count = max(constraints.minItems ?? 0, depth < 4 ? 1 : 0)
            return .array(
                (0..<count).map { _ in
                    value(for: element, name: name, constraints: Constraints(), format: format, depth: depth + 1)
                })
        case .map(let valueType):
            guard depth < 4 else { return .object([]) }
            return .object([
                SpecValueEntry(
                    key: "\(name)_key",
                    value: value(
                        for: valueType, name: name,
                        constraints: Constraints(), format: format,
                        depth: depth + 1))
            ])
        case .named(let modelName):
            guard let model = spec.model(named: modelName) else { return .null }
            let synthesized: SpecValue
            switch model.kind {
            case .object(let fields):
                synthesized = .object(
                    fields.compactMap { field in
                        // Optional fields are filled near the top, so the demo shows them; deeper they are left out.
                        if field.presence != .required && depth >= 3 { return nil }
                        return SpecValueEntry(key: field.wireName, value: value(for: field, depth: depth + 1))
                    })
            case .enumeration(let values):
                synthesized =
                    model.isIntegerEnum
                    ? .int(values.first.flatMap { Int($0.value) } ?? 0) : .string(values.first?.value ?? "")
            case .alias(let underlying, let aliasConstraints):
                synthesized = value(
                    for: underlying, name: name, constraints: aliasConstraints.merged(with: constraints),
                    format: format, depth: depth)
            case .union(let union):
                // The first variant, with its tag when discriminated.
                guard let variant = union.variants.first else { return .null }
                var first = value(for: variant.type, name: name, constraints: Constraints(), format: nil, depth: depth)
                if let discriminator = union.discriminator, case .object = first {
                    first = first.merged(
                        with: .object([SpecValueEntry(key: discriminator, value: .string(variant.discriminatorValue))]))
                }
                synthesized = first
            }
            return fitting(model.example, type).map { synthesized.merged(with: $0) } ?? synthesized
        }
    }

    private func value(for primitive: Primitive, name: String, constraints: Constraints, format: String?) -> SpecValue {
        switch primitive {
        case .string:
            var text = "\(name)_1"
            if let min = constraints.minLength, text.count < min {
                text += String(repeating: "x", count: min - text.count)
            }
            if let max = constraints.maxLength, text.count > max { text = String(text.prefix(max)) }
            // A pattern the name does not match gets a string made from the pattern (lint names one it cannot).
            if let pattern = constraints.pattern, !PatternSampler.wholeMatch(text, pattern: pattern),
                let sample = PatternSampler.sample(
                    pattern, minLength: constraints.minLength, maxLength: constraints.maxLength)
            {
                text = sample
            }
            return .string(text)
        case .int, .int32, .int64:
            var number = 1.0
            if let min = constraints.minimum { number = Swift.max(number, min.rounded(.up)) }
            if let max = constraints.maximum { number = Swift.min(number, max.rounded(.down)) }
            return .int(Int(number))
        case .double, .float:
            if let min = constraints.minimum, let max = constraints.maximum { return .double((min + max) / 2) }
            var number = 1.5
            if let min = constraints.minimum { number = Swift.max(number, min) }
            if let max = constraints.maximum { number = Swift.min(number, max) }
            return .double(number)
        case .bool:
            return .bool(true)
        case .datetime:
            // 2025-01-01T12:00:00Z, written in the field's format when it has one.
            let date = DatePattern.sample
            if let epoch = EpochFormat(format: format) {
                return .int(Int(date.timeIntervalSince1970 * epoch.perSecond))
            }
            if let format {
                return .string(DatePattern.formatter(NamedDateFormat.pattern(of: format)).string(from: date))
            }
            return .string("2025-01-01T12:00:00Z")
        case .date:
            return .string("2025-01-01")
        case .uuid:
            return .string(Self.uuid(for: name))
        case .url:
            return .string("https://example.com/\(name)")
        case .bytes:
            return .string(Data("\(name)".utf8).base64EncodedString())
        case .binary:
            return .string("\(name)")
        case .file:
            // The shape of a file in JSON: what the runtime's `MultipartFile` decodes from.
            return .object([
                SpecValueEntry(key: "filename", value: .string("\(name).txt")),
                SpecValueEntry(key: "contentType", value: .string("text/plain")),
                SpecValueEntry(key: "data", value: .string(Data("\(name)".utf8).base64EncodedString())),
            ])
        case .json:
            return .object([])
        }
    }

    /// A UUID derived from a name (FNV-1a), so the same field always gets the same one.
    static func uuid(for name: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16, uppercase: true)
        let digits = String(repeating: "0", count: 16 - hex.count) + hex
        let chars = Array(digits + digits.reversed())
        func slice(_ range: Range<Int>) -> String { String(chars[range]) }
        return "\(slice(0..<8))-\(slice(8..<12))-4\(slice(13..<16))-8\(slice(17..<20))-\(slice(20..<32))"
    }
}
