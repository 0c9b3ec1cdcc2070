import Foundation
package import SpecgenSpec

/// Whether a JSON value decodes as a spec type in the client generated from that spec, and if not, the first error
/// the generated `init(from:)` throws: the generated code's decoding rules, as a function.
///
/// The rules are the emitter's (`ModelEmitter+Coding`) and the runtime's (`JSONCoding`, `UnionDecoding`): a required field without a default must be
/// present and not null (`decode`); an optional, nullable or defaulted one may be absent or null (`decodeIfPresent`,
/// `decodeNullable`); constraints, patterns and constants are not checked on the way in; enums are open, so any
/// value of the enum's raw type decodes (`undocumented`); a discriminated union decodes the variant its tag names
/// and keeps any other tag as `undocumented`; an undiscriminated union keeps what no variant decodes as
/// `undocumented`; the keys a model does not declare decode as its `additionalProperties` type, when it has one.
package struct ClientDecoding: Sendable {
    let spec: Spec
    let types: TypeResolver

    /// The decoding of the client generated from `spec`, whose types `types` resolves (one is built when nil).
    package init(spec: Spec, types: TypeResolver? = nil) {
        self.spec = spec
        self.types = types ?? TypeResolver(spec)
    }

    /// Why the generated client fails to decode `value` as `type`; nil when it decodes.
    package func failure(decoding value: SpecValue, as type: TypeRef, format: String? = nil) -> DecodingFailure? {
        decode(value, as: type, format: format).failure
    }

    /// How the generated client decodes `value` as `type`: the first error it throws, or the variant each union on
    /// the way decoded as.
    package func decode(_ value: SpecValue, as type: TypeRef, format: String? = nil) -> DecodingOutcome {
        var context = Context(collecting: false)
        let failure = failure(value, type, format: format, path: [], &context)
        return DecodingOutcome(failure: failure, choices: failure == nil ? context.choices : [])
    }

    /// Every error decoding `value` as `type` meets, as if each were the only one: the first is what the client
    /// throws; the others are what it would throw were the earlier ones fixed. Empty when the value decodes.
    package func failures(decoding value: SpecValue, as type: TypeRef, format: String? = nil) -> [DecodingFailure] {
        var context = Context(collecting: true)
        _ = failure(value, type, format: format, path: [], &context)
        return context.failures
    }

    /// What a decoding has met: the unions' choices and, when collecting, every error rather than the first.
    struct Context {
        var collecting: Bool
        var choices: [UnionChoice] = []
        var failures: [DecodingFailure] = []

        /// Records an error where it is made; nested values record their own.
        mutating func record(_ failure: DecodingFailure) -> DecodingFailure {
            failures.append(failure)
            return failure
        }
    }

    private func failure(
        _ value: SpecValue, _ type: TypeRef, format: String?, path: [String], _ context: inout Context
    ) -> DecodingFailure? {
        switch type {
        case .primitive(let primitive):
            return failure(value, primitive, format: format, path: path).map { context.record($0) }
        case .array(let element):
            guard case .array(let items) = value else { return context.record(mismatch(value, "an array", path)) }
            var first: DecodingFailure?
            for (index, item) in items.enumerated() {
                guard let failure = failure(item, element, format: format, path: Self.indexed(path, index), &context)
                else { continue }
                if !context.collecting { return failure }
                first = first ?? failure
            }
            return first
        case .map(let valueType):
            guard case .object(let entries) = value else { return context.record(mismatch(value, "an object", path)) }
            var first: DecodingFailure?
            for entry in entries {
                guard let failure = failure(entry.value, valueType, format: format, path: path + [entry.key], &context)
                else { continue }
                if !context.collecting { return failure }
                first = first ?? failure
            }
            return first
        case .named(let name):
            guard let model = types.model(named: name) else { return nil }
            return failure(value, model, format: format, path: path, &context)
        }
    }

    private func failure(
        _ value: SpecValue, _ model: Model, format: String?, path: [String], _ context: inout Context
    ) -> DecodingFailure? {
        switch model.kind {
        case .object(let fields):
            guard case .object(let entries) = value else {
                return context.record(mismatch(value, "an object (\(model.name))", path))
            }
            var first: DecodingFailure?
            for field in fields {
                let found = entries.first { $0.key == field.wireName }?.value
                let required = field.presence == .required && field.defaultValue == nil && field.constant == nil
                var failure: DecodingFailure?
                switch found {
                case nil:
                    if required {
                        failure = context.record(
                            DecodingFailure(
                                path: path, message: "missing key '\(field.wireName)'", missingKey: field.wireName))
                    }
                case .null?:
                    // `decode` hands `null` to the type, which takes it only when it is JSON or a union (as
                    // `undocumented`); the optional forms read it as nil.
                    var probe = Context(collecting: false)
                    if required, self.failure(.null, field.type, format: field.format, path: [], &probe) != nil {
                        failure = context.record(
                            DecodingFailure(path: path + [field.wireName], message: "null for a required value"))
                    }
                case let found?:
                    failure = self.failure(
                        found, field.type, format: field.format, path: path + [field.wireName], &context)
                }
                guard let failure else { continue }
                if !context.collecting { return failure }
                first = first ?? failure
            }
            guard let extra = model.additionalProperties else { return first }
            for entry in entries where !fields.contains(where: { $0.wireName == entry.key }) {
                guard let failure = failure(entry.value, extra, format: nil, path: path + [entry.key], &context)
                else { continue }
                if !context.collecting { return failure }
                first = first ?? failure
            }
            return first
        case .enumeration:
            switch value {
            case .string where !model.isIntegerEnum, .int where model.isIntegerEnum: return nil
            default:
                return context.record(
                    mismatch(value, (model.isIntegerEnum ? "an integer" : "a string") + " (\(model.name))", path))
            }
        case .alias(let target, _):
            return failure(value, target, format: format, path: path, &context)
        case .union(let union):
            let known = union.variants.map(\.type.description)
            var rejections: [UnionChoice.Rejection] = []
            func chose(_ variant: UnionVariant?, _ context: inout Context) {
                context.choices.append(
                    UnionChoice(
                        path: path, union: model.name, variant: variant?.type.description, known: known,
                        rejections: rejections))
            }
            guard let discriminator = union.discriminator else {
                // Each variant in order, its string constants first; what none decodes is `undocumented`.
                for variant in union.variants {
                    let constants = types.stringConstants(of: variant.type)
                    if let unmet = constants.first(where: { value[$0[0]] != .string($0[1]) }) {
                        rejections.append(
                            UnionChoice.Rejection(
                                variant: variant.type.description, key: unmet[0],
                                message: "'\(unmet[0])' is not '\(unmet[1])'"))
                        continue
                    }
                    var attempt = Context(collecting: false)
                    guard let failure = failure(value, variant.type, format: nil, path: path, &attempt) else {
                        chose(variant, &context)
                        context.choices += attempt.choices
                        return nil
                    }
                    rejections.append(
                        UnionChoice.Rejection(
                            variant: variant.type.description,
                            key: failure.keyPath.dropFirst(path.count).first.map(Self.firstKey),
                            message: failure.description))
                }
                chose(nil, &context)
                return nil
            }
            guard case .string(let tag)? = value[discriminator],
                let variant = union.variants.first(where: { $0.discriminatorValues.contains(tag) })
            else {
                chose(nil, &context)
                return nil
            }
            chose(variant, &context)
            return failure(value, variant.type, format: nil, path: path, &context)
        }
    }

    private func failure(
        _ value: SpecValue, _ primitive: Primitive, format: String?, path: [String]
    )
        -> DecodingFailure?
    {
        switch primitive {
        case .json, .binary, .file:
            return nil
        case .bool:
            if case .bool = value { return nil }
            return mismatch(value, "a boolean", path)
        case .int, .int32, .int64:
            let bits = primitive == .int32 ? Int32.bitWidth : Int64.bitWidth
            switch value {
            case .int(let number) where bits == 64 || Int32(exactly: number) != nil: return nil
            case .double(let number) where number.rounded() == number && abs(number) < 0x1p52: return nil
            default: return mismatch(value, "an integer", path)
            }
        case .double, .float:
            switch value {
            case .int, .double: return nil
            default: return mismatch(value, "a number", path)
            }
        case .datetime where EpochFormat(format: format) != nil:
            // A number, or text that reads as one (`DateFormat.date(from:)`).
            switch value {
            case .int, .double: return nil
            case .string(let text) where Double(text) != nil: return nil
            default: return mismatch(value, "a number (\(format ?? ""))", path)
            }
        case .datetime, .date:
            guard case .string(let text) = value else { return mismatch(value, "a string", path) }
            let pattern = format ?? (primitive == .date ? "yyyy-MM-dd" : nil)
            return WireText.parsesAsDateTime(text, format: pattern)
                ? nil : DecodingFailure(path: path, message: "not a date (\(pattern ?? "ISO 8601"))")
        case .string, .url:
            if case .string = value { return nil }
            return mismatch(value, "a string", path)
        case .uuid:
            guard case .string(let text) = value else { return mismatch(value, "a string", path) }
            return UUID(uuidString: text) == nil ? DecodingFailure(path: path, message: "not a UUID") : nil
        case .bytes:
            guard case .string(let text) = value else { return mismatch(value, "a string", path) }
            return Data(base64Encoded: text) == nil ? DecodingFailure(path: path, message: "not Base64") : nil
        }
    }

    private func mismatch(_ value: SpecValue, _ expected: String, _ path: [String]) -> DecodingFailure {
        DecodingFailure(path: path, message: "expected \(expected), found \(Self.kind(of: value))")
    }

    /// `tags` of `tags[0]`.
    package static func firstKey(_ component: String) -> String {
        String(component.prefix { $0 != "[" })
    }

    static func indexed(_ path: [String], _ index: Int) -> [String] {
        guard let last = path.last else { return ["[\(index)]"] }
        return path.dropLast() + [last + "[\(index)]"]
    }

    static func kind(of value: SpecValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// How a generated client decodes a value: the first error it throws, or, when it decodes, which variant each union
/// in the value decoded as.
package struct DecodingOutcome: Hashable, Sendable {
    /// The error; nil when the value decodes.
    package var failure: DecodingFailure?
    /// The unions' choices, in the order they were decoded; empty on failure.
    package var choices: [UnionChoice]
}

/// The variant a union in a value decoded as.
package struct UnionChoice: Hashable, Sendable {
    /// Where the union's value is.
    package var path: [String]
    /// The union model.
    package var union: String
    /// The variant's type, such as `Card`; nil for `undocumented`.
    package var variant: String?
    /// The types of every variant the union declares.
    package var known: [String]
    /// Why the variants tried before the chosen one (or before `undocumented`) did not decode.
    package var rejections: [Rejection] = []

    /// Why a variant did not decode: the key of the variant's value where it failed, and the error.
    package struct Rejection: Hashable, Sendable {
        /// The variant's type.
        package var variant: String
        /// The first key under the value where decoding failed; nil for the value itself.
        package var key: String?
        /// The error.
        package var message: String
    }
}

/// The first error a generated client's decoding throws: what went wrong and where in the value.
package struct DecodingFailure: Hashable, Sendable, CustomStringConvertible {
    /// The keys from the root to the value that failed (`data[0]`, `id`); empty for the root.
    package var path: [String]
    /// What went wrong, such as `missing key 'id'`.
    package var message: String
    /// The key that is missing, when one is.
    package var missingKey: String?

    /// The keys from the root to what failed: the path, then the missing key.
    package var keyPath: [String] { path + (missingKey.map { [$0] } ?? []) }

    /// `missing key 'id' at 'data[0]'`.
    package var description: String {
        path.isEmpty ? message : "\(message) at '\(path.joined(separator: "."))'"
    }
}
