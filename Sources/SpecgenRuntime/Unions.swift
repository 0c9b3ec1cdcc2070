/// A union value this version of the client does not recognise, kept exactly as the server sent it, so a server
/// that adds a variant never breaks a shipped app and the value encodes back unchanged.
public struct UndocumentedVariant: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The value as it arrived.
    public var json: JSONValue
    /// Why each documented variant did not fit, in the order they were tried, each with the field path
    /// (`Card: at 'exp_month': missing key`); for a discriminated union, the tag that is not documented.
    public var reasons: [String]

    /// Keeps `json`, with the reasons it was not recognised.
    public init(_ json: JSONValue, reasons: [String] = []) {
        self.json = json
        self.reasons = reasons
    }

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(JSONValue.self))
    }

    /// Encodes the value exactly as it arrived.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(json)
    }

    /// Two values are the same when their JSON is; the reasons only explain.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.json == rhs.json }

    /// Hashes the JSON.
    public func hash(into hasher: inout Hasher) { hasher.combine(json) }

    /// The reasons, one per line after a summary.
    public var description: String {
        (["an undocumented variant"] + reasons).joined(separator: "\n  ")
    }
}

/// Decodes and encodes the variants of a generated union.
///
/// An undiscriminated union tries each variant in the documented order through ``attempt(_:_:constants:)`` and keeps the
/// first that decodes; when none does, ``undocumented()`` keeps the JSON with every variant's reason. A
/// discriminated union reads its ``tag(_:in:)`` and decodes the variant it names.
public struct UnionDecoding {
    private let decoder: any Decoder
    private var reasons: [String] = []

    /// Starts decoding the value `decoder` holds.
    public init(_ decoder: any Decoder) { self.decoder = decoder }

    /// The value as `type`, or nil with the reason recorded under `name`. A variant whose properties are constants
    /// (`"object": "card"`) fits only a value that has them.
    public mutating func attempt<Value: Decodable>(
        _ type: Value.Type, _ name: String, constants: KeyValuePairs<String, String> = [:]
    ) -> Value? {
        for (key, constant) in constants {
            let found = Self.tag(key, in: decoder)
            guard found == constant else {
                reasons.append("\(name): '\(key)' is " + (found.map { "'\($0)'" } ?? "absent") + ", not '\(constant)'")
                return nil
            }
        }
        do {
            return try decoder.singleValueContainer().decode(Value.self)
        } catch let error as DecodingError {
            let (path, message) = ClientError.describe(error, droppingKeys: decoder.codingPath.count)
            reasons.append("\(name): " + (path.isEmpty ? message : "at '\(path)': \(message)"))
        } catch {
            reasons.append("\(name): \(error)")
        }
        return nil
    }

    /// The value kept as JSON, with the reasons no variant fitted.
    public func undocumented() throws -> UndocumentedVariant {
        UndocumentedVariant(try decoder.singleValueContainer().decode(JSONValue.self), reasons: reasons)
    }

    /// The string at `key` of an object, or nil when the value is not an object or has no such string.
    public static func tag(_ key: String, in decoder: any Decoder) -> String? {
        guard let container = try? decoder.container(keyedBy: AnyCodingKey.self) else { return nil }
        return try? container.decodeIfPresent(String.self, forKey: AnyCodingKey(key))
    }

    /// An unknown or missing tag: the value kept as JSON, with the tag named.
    public static func undocumented(tag: String?, key: String, in decoder: any Decoder) throws -> UndocumentedVariant {
        let json = try decoder.singleValueContainer().decode(JSONValue.self)
        return UndocumentedVariant(json, reasons: [tag.map { "'\(key)' is '\($0)'" } ?? "no '\(key)'"])
    }

    /// Encodes one variant as its own value.
    public static func encode(_ value: some Encodable, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// Encodes a variant of a discriminated union and sets its tag, whether or not the variant declares it.
    public static func encode(_ value: some Encodable, tag: String, key: String, to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(value)
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(tag, forKey: AnyCodingKey(key))
    }
}

/// A coding key made from any string: a discriminator, or a property an open object does not declare.
public struct AnyCodingKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The key.
    public var stringValue: String
    /// Always nil: the key is a string.
    public var intValue: Int? { nil }

    /// A key for `stringValue`.
    public init(_ stringValue: String) { self.stringValue = stringValue }
    /// A key for `stringValue`.
    public init?(stringValue: String) { self.stringValue = stringValue }
    /// A key written as a string literal: `forKey: "created_at"`.
    public init(stringLiteral value: String) { self.stringValue = value }
    /// Always nil: the key is a string.
    public init?(intValue: Int) { nil }
}

/// Reads and writes the properties an open object does not declare (`additionalProperties`).
public enum OpenObject {
    /// Every member of the object whose key is not `declared`, decoded as `Value`.
    public static func decode<Value: Decodable>(
        _ type: Value.Type, from decoder: any Decoder, declared: [String]
    ) throws -> [String: Value] {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let known = Set(declared)
        var values: [String: Value] = [:]
        for key in container.allKeys where !known.contains(key.stringValue) {
            values[key.stringValue] = try container.decode(Value.self, forKey: key)
        }
        return values
    }

    /// Writes each of `values` beside the declared properties; a key that a declared property has is skipped, so
    /// the declared value wins.
    public static func encode<Value: Encodable>(
        _ values: [String: Value], to encoder: any Encoder, declared: [String]
    ) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        let known = Set(declared)
        for (key, value) in values where !known.contains(key) {
            try container.encode(value, forKey: AnyCodingKey(key))
        }
    }
}
