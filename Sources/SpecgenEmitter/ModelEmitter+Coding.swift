import SpecgenSpec

/// Spelled-out `Codable` and `==` of structs: what the derived ones would do, keyed by wire names through the runtime's
/// `AnyCodingKey` (no `CodingKeys` enum per struct), a wide struct's in parts a type checker handles fast.
extension ModelEmitter {
    func emitDecoding(_ object: ObjectPlan, writer w: inout SwiftWriter) {
        // In a wide struct, the fields stored as optionals (nil until set) are decoded by parts, in functions that
        // the initializer calls once every other stored property has its value.
        let wide = object.properties.count > Self.propertiesPerFunction
        let inParts = wide ? object.properties.filter(isDecodedLater) : []
        let parts = chunks(inParts)
        emitDeclaredKeys(object, writer: &w)
        w.docComment(
            object.additionalProperties == nil
                ? "Decodes a value; absent fields with defaults take them."
                : "Decodes a value; absent fields with defaults take them, and undeclared ones are kept.")
        if !object.properties.isEmpty { w.uses(.runtime, publicly: false) }
        w.declaration("", "init", "(from decoder: any Decoder) throws") { w in
            if !object.properties.isEmpty {
                w.line("let container = try decoder.container(keyedBy: AnyCodingKey.self)")
            }
            for property in object.properties where !(wide && isDecodedLater(property)) {
                w.line(decoding(property))
            }
            if let extra = object.additionalProperties {
                w.wrappedLine(
                    "self.additionalProperties = try OpenObject.decode",
                    ["\(extra).self", "from: decoder", "declared: \(declaredKeys(object))"], "")
            }
            for index in parts.indices { w.line("try decodeFields\(index + 1)(container)") }
        }
        emitParts(
            parts, of: "Decodes", "init(from:)", writer: &w,
            header: {
                "private mutating func decodeFields\($0)(_ container: KeyedDecodingContainer<AnyCodingKey>) throws"
            },
            statement: decoding)
    }

    /// The functions a spelled-out `method` calls for its `parts`, numbered from 1, each with `statement` for every
    /// property of its part.
    private func emitParts(
        _ parts: [[PropertyPlan]], of verb: String, _ method: String, writer w: inout SwiftWriter,
        header: (Int) -> String, statement: (PropertyPlan) -> String
    ) {
        for (index, part) in parts.enumerated() {
            w.blank()
            w.docComment("\(verb) \(describe(part)), a part of `\(method)` short enough to type-check quickly.")
            w.block(header(index + 1)) { w in
                for property in part { w.line(statement(property)) }
            }
        }
    }

    /// Whether a property is stored as an optional of its own, nil until set, so it can be decoded after the
    /// initializer has given every other stored property its value.
    private func isDecodedLater(_ property: PropertyPlan) -> Bool {
        property.isOptional && property.dateCoding == nil && !property.isIndirect
    }

    /// The statement that decodes one property from `container`.
    private func decoding(_ property: PropertyPlan) -> String {
        let key = "forKey: \(Self.key(property))"
        if let wrapper = property.dateCoding?.wrapper {
            // A formatted date decodes through the type that stores it, which knows its format.
            let value =
                property.defaultValue.map {
                    "try container.decodeIfPresent(\(wrapper).self, \(key)) ?? \(wrapper)(wrappedValue: \($0))"
                } ?? "try container.decode(\(wrapper).self, \(key))"
            return "self._\(property.name.withoutBackticks) = \(value)"
        }
        let value: String
        switch property.presence {
        case .nullable:
            value = "try container.decodeNullable(\(property.baseType).self, \(key))"
        case .optional:
            value =
                "try container.decodeIfPresent(\(property.baseType).self, \(key))"
                + (property.defaultValue.map { " ?? \($0)" } ?? "")
        case .required:
            if let defaultValue = property.defaultValue {
                value = "try container.decodeIfPresent(\(property.baseType).self, \(key)) ?? \(defaultValue)"
            } else {
                value = "try container.decode(\(property.baseType).self, \(key))"
            }
        }
        if property.storage != nil { return "self._\(property.name.withoutBackticks) = \(property.stored(value))" }
        return "self.\(property.name.withoutBackticks) = \(value)"
    }

    /// `items` in runs of at most ``propertiesPerFunction``, in order.
    private func chunks<Item>(_ items: [Item]) -> [[Item]] {
        stride(from: 0, to: items.count, by: Self.propertiesPerFunction).map {
            Array(items[$0..<min($0 + Self.propertiesPerFunction, items.count)])
        }
    }

    /// "`a` to `z`", the fields of a part.
    private func describe(_ part: [PropertyPlan]) -> String {
        guard let first = part.first, let last = part.last else { return "no field" }
        return part.count == 1 ? "`\(first.wireName)`" : "`\(first.wireName)` to `\(last.wireName)`"
    }

    /// What an open object's coding passes as the keys it declares: `[]`, or its list of wire names.
    private func declaredKeys(_ object: ObjectPlan) -> String {
        object.properties.isEmpty ? "[]" : "Self.declaredKeys"
    }

    /// An open object's list of the wire names it declares, which its coding leaves out of `additionalProperties`:
    /// on one line when it fits, otherwise packed below as swift-format prints a long array.
    private func emitDeclaredKeys(_ object: ObjectPlan, writer w: inout SwiftWriter) {
        guard object.additionalProperties != nil, !object.properties.isEmpty else { return }
        let keys = object.properties.map(Self.key)
        let head = "private static let declaredKeys: [String] = "
        w.docComment(
            "The wire names of the fields `\(object.keyPath)` declares; other members are its extra properties.")
        let single = head + "[" + keys.joined(separator: ", ") + "]"
        if w.fits(single) {
            w.line(single)
            w.blank()
            return
        }
        w.line(head + "[")
        w.indented { w in
            for line in w.packed(keys.map { $0 + "," }, separator: " ") { w.line(line) }
        }
        w.line("]")
        w.blank()
    }

    /// A property's coding key: its wire name as a literal, an `AnyCodingKey`.
    static func key(_ property: PropertyPlan) -> String { SwiftLiteral.string(property.wireName) }

    func emitEncoding(_ object: ObjectPlan, writer w: inout SwiftWriter) {
        // A wide struct encodes its fields by parts, each in a function of its own.
        let parts = object.properties.count > Self.propertiesPerFunction ? chunks(object.properties) : []
        // Its fields are encoded through the runtime's `encodeProperty`.
        w.uses(.runtime, publicly: false)
        w.docComment("Encodes the value; absent optional fields are left out.")
        w.declaration("func", "encode", "(to encoder: any Encoder) throws") { w in
            if !object.properties.isEmpty {
                w.line("var container = encoder.container(keyedBy: AnyCodingKey.self)")
            } else if object.additionalProperties == nil {
                // An object with no field is still sent as one, `{}`, as the derived coding does.
                w.line("_ = encoder.container(keyedBy: AnyCodingKey.self)")
            }
            if parts.isEmpty {
                for property in object.properties { w.line(encoding(property)) }
            } else {
                for index in parts.indices { w.line("try encodeFields\(index + 1)(&container)") }
            }
            if object.additionalProperties != nil {
                w.wrappedLine(
                    "try OpenObject.encode",
                    ["additionalProperties", "to: encoder", "declared: \(declaredKeys(object))"],
                    "")
            }
        }
        emitParts(
            parts, of: "Encodes", "encode(to:)", writer: &w,
            header: {
                "private func encodeFields\($0)(_ container: inout KeyedEncodingContainer<AnyCodingKey>) throws"
            },
            statement: encoding)
    }

    /// The `encode(to:)` of a request's inline body (a local `Payload` struct), keyed by wire names as a model's.
    func emitPayloadEncoding(_ fields: [PropertyPlan], writer w: inout SwiftWriter) {
        w.block("func encode(to encoder: any Encoder) throws") { w in
            w.line("var container = encoder.container(keyedBy: AnyCodingKey.self)")
            for field in fields { w.line(encoding(field)) }
        }
    }

    /// The statement that encodes one property into `container`.
    private func encoding(_ property: PropertyPlan) -> String {
        let bare = property.name.withoutBackticks
        if property.dateCoding != nil { return "try container.encode(_\(bare), forKey: \(Self.key(property)))" }
        // The runtime's generic `encodeProperty`: `encode(_:forKey:)` and `encodeIfPresent(_:forKey:)` each have a
        // dozen overloads to weigh (1.8 ms a call, against 0.35).
        // A property named like a local of the coding methods is read through `self`, so the local cannot shadow it.
        let value = Self.codingLocals.contains(bare) ? "self.\(bare)" : property.name
        return "try container.encodeProperty(\(value), forKey: \(Self.key(property)))"
    }

    /// The names the coding methods give their locals and parameters.
    static let codingLocals: Set<String> = ["container", "encoder", "decoder"]

    /// The most properties one spelled-out coding or equality function handles, so a part stays under half the
    /// budget (a `decodeIfPresent` costs the type checker about 1.4 ms).
    static let propertiesPerFunction = 24

    /// The most properties a struct leaves to the derived `==`. The derived one compares with the `==` operator,
    /// whose overloads cost the type checker about 0.7 ms a property, more for optional structs: Twilio's 200-field
    /// form bodies took 135 ms, Stripe's 39-field `PaymentMethodDetails` 95 ms, against a budget of 100 ms. A wider
    /// struct spells `==` out through a generic function, a quarter of the cost.
    static let derivedEqualityLimit = 32

    func emitEquality(_ object: ObjectPlan, writer w: inout SwiftWriter) {
        var names = object.properties.map(\.name)
        if object.additionalProperties != nil { names.append("additionalProperties") }
        let parts = chunks(names)
        w.docComment("Whether two values have equal properties.")
        w.block(w.access.modifier + "static func == (lhs: \(object.typeName), rhs: \(object.typeName)) -> Bool") { w in
            if parts.count == 1 {
                for name in names { w.line("guard equal(lhs.\(name), rhs.\(name)) else { return false }") }
                w.line("return true")
            } else {
                let calls = parts.indices.map { "equalFields\($0 + 1)(lhs, rhs)" }
                w.line("return " + calls.joined(separator: " && "))
            }
        }
        if parts.count > 1 {
            for (index, part) in parts.enumerated() {
                w.blank()
                w.docComment(
                    "Whether `\(part[0].withoutBackticks)` to `\(part[part.count - 1].withoutBackticks)` are equal.")
                w.block("private static func equalFields\(index + 1)(_ lhs: Self, _ rhs: Self) -> Bool") { w in
                    for name in part { w.line("guard equal(lhs.\(name), rhs.\(name)) else { return false }") }
                    w.line("return true")
                }
            }
        }
        w.blank()
        w.line("private static func equal<Value: Equatable>(_ lhs: Value, _ rhs: Value) -> Bool { lhs == rhs }")
    }
}
