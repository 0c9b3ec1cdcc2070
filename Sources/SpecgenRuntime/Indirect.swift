/// A property stored out of line: a generated model holds a large nested model through it, so copying the outer
/// model copies one reference and the compiler emits small copy and destroy code for it.
///
/// Without it a struct stores every nested struct inline, and a model such as Stripe's `Invoice` (which holds
/// addresses, tax settings, errors and their payment intents) becomes tens of kilobytes whose copy, assignment and
/// `Optional` handling the compiler writes out field by field, for every struct that holds it again. The wrapper
/// changes nothing a caller writes: `invoice.customerAddress?.city = "Berlin"` reads, changes and stores the value,
/// and a copy of the model never sees the change (the stored value is immutable and replaced on assignment).
///
/// Coding is the wrapped value's own: an optional property whose key is absent or `null` decodes as nil, and nil
/// leaves the key out, as for an unwrapped optional.
@propertyWrapper
public struct Indirect<Value> {
    private final class Storage {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var storage: Storage

    /// Stores a value.
    public init(wrappedValue: Value) { storage = Storage(wrappedValue) }

    /// The value; setting it stores a new one and leaves copies that hold the old one unchanged.
    public var wrappedValue: Value {
        get { storage.value }
        set { storage = Storage(newValue) }
    }
}

// The storage is immutable, so sharing it across tasks is safe when the value itself is.
extension Indirect: @unchecked Sendable where Value: Sendable {}

extension Indirect: Equatable where Value: Equatable {
    /// Two wrappers are equal when their values are; one storage shared by both is equal without comparing.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage === rhs.storage || lhs.wrappedValue == rhs.wrappedValue
    }
}

extension Indirect: Hashable where Value: Hashable {
    /// Hashes the value, as the unwrapped property would.
    public func hash(into hasher: inout Hasher) { wrappedValue.hash(into: &hasher) }
}

extension Indirect: Decodable where Value: Decodable {
    /// Decodes the value.
    public init(from decoder: any Decoder) throws {
        self.init(wrappedValue: try decoder.singleValueContainer().decode(Value.self))
    }
}

extension Indirect: Encodable where Value: Encodable {
    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension KeyedDecodingContainer {
    /// Decodes an optional out-of-line property whose key may be absent or `null`; synthesized `init(from:)` calls
    /// this.
    public func decode<Wrapped: Decodable>(
        _ type: Indirect<Wrapped?>.Type, forKey key: Key
    ) throws -> Indirect<Wrapped?> {
        Indirect(wrappedValue: try decodeIfPresent(Wrapped.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Leaves the key out for a nil optional out-of-line property; synthesized `encode(to:)` calls this.
    public mutating func encode<Wrapped: Encodable>(_ value: Indirect<Wrapped?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}
