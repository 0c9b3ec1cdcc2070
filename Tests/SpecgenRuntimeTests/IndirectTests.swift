import Foundation
import SpecgenRuntime
import Testing

/// `@Indirect` properties behave as the plain properties they replace: synthesized coding (absent, `null`, present),
/// equality, hashing and value semantics.
struct IndirectTests {
    struct Address: Codable, Hashable, Sendable {
        var city: String
        var zip: String?
    }

    /// The shape of a generated model without handwritten coding.
    struct Order: Codable, Hashable, Sendable {
        var id: String
        @Indirect var shipping: Address?
        @Indirect var billing: Address

        init(id: String, shipping: Address? = nil, billing: Address) {
            self.id = id
            self.shipping = shipping
            self.billing = billing
        }
    }

    func decode(_ text: String) throws -> Order {
        try JSONCoding.decoder().decode(Order.self, from: Data(text.utf8))
    }

    func encode(_ order: Order) throws -> String {
        let encoder = JSONCoding.encoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(order), as: UTF8.self)
    }

    @Test func anOptionalPropertyIsNilWhenAbsentOrNullAndLeftOutWhenNil() throws {
        let absent = try decode(#"{"id": "o_1", "billing": {"city": "Lyon"}}"#)
        #expect(absent.shipping == nil)
        #expect(absent.billing == Address(city: "Lyon", zip: nil))
        let null = try decode(#"{"id": "o_1", "shipping": null, "billing": {"city": "Lyon"}}"#)
        #expect(null.shipping == nil)
        #expect(try encode(null) == #"{"billing":{"city":"Lyon"},"id":"o_1"}"#)

        let present = try decode(
            #"{"id": "o_2", "shipping": {"city": "Oslo", "zip": "0150"}, "billing": {"city": "Oslo"}}"#)
        #expect(present.shipping == Address(city: "Oslo", zip: "0150"))
        #expect(
            try encode(present) == #"{"billing":{"city":"Oslo"},"id":"o_2","shipping":{"city":"Oslo","zip":"0150"}}"#)
    }

    @Test func aRequiredPropertyStillRequiresItsKey() throws {
        #expect {
            _ = try decode(#"{"id": "o_1", "shipping": {"city": "Lyon"}}"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _)? = error as? DecodingError else { return false }
            return key.stringValue == "billing"
        }
        // A value of the wrong shape is the nested type's error, with its path.
        #expect {
            _ = try decode(#"{"id": "o_1", "billing": {"city": 7}}"#)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context)? = error as? DecodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["billing", "city"]
        }
    }

    @Test func copiesAreIndependentValues() {
        let original = Order(id: "o_1", shipping: Address(city: "Lyon"), billing: Address(city: "Lyon"))
        var copy = original
        copy.shipping?.city = "Nice"
        copy.billing.zip = "06000"
        #expect(original.shipping?.city == "Lyon")
        #expect(original.billing.zip == nil)
        #expect(copy.shipping?.city == "Nice")
        #expect(copy.billing == Address(city: "Lyon", zip: "06000"))
        #expect(copy != original)
        copy.shipping = nil
        #expect(copy.shipping == nil && original.shipping != nil)
    }

    @Test func equalValuesInSeparateStorageAreEqualAndHashAlike() throws {
        let text = #"{"id": "o_1", "shipping": {"city": "Lyon"}, "billing": {"city": "Lyon"}}"#
        let first = try decode(text)
        let second = try decode(text)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
        var third = second
        third.shipping = Address(city: "Lyon", zip: "69001")
        #expect(first != third)
    }
}
