/// A value that may be explicitly `null`, for fields where absent and null mean different things.
///
/// A generated model declares such a field (spec type `string??`) as `Nullable<String>?`: `nil` leaves the key
/// out, `.null` sends `null` (Gista's "clear the display name"), and `.value(x)` sends `x`.
public enum Nullable<Wrapped> {
    /// An explicit JSON `null`.
    case null
    /// A value.
    case value(Wrapped)

    /// The value, or nil when it is `null`.
    public var value: Wrapped? {
        if case .value(let wrapped) = self { return wrapped }
        return nil
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: Codable where Wrapped: Codable {
    /// Decodes `null` as ``null`` and anything else as a value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }

    /// Encodes ``null`` as `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .value(let wrapped): try container.encode(wrapped)
        }
    }
}

extension KeyedDecodingContainer {
    /// Decodes a field that may be absent (nil), `null` (``Nullable/null``) or a value.
    public func decodeNullable<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Nullable<Value>? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decode(Value.self, forKey: key))
    }
}
