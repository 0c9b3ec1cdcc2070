import SpecgenSpec

/// Prints models: structs with memberwise initializers, forward-compatible enums, and aliases.
struct ModelEmitter {
    func emit(_ model: ModelPlan, writer w: inout SwiftWriter) {
        switch model {
        case .object(let object): emit(object, writer: &w)
        case .enumeration(let enumeration): emit(enumeration, writer: &w)
        case .alias(let alias): emit(alias, writer: &w)
        case .union(let union): emit(union, writer: &w)
        }
    }

    // MARK: - Structs

    func emit(_ object: ObjectPlan, writer w: inout SwiftWriter) {
        w.docComment(object.documentation ?? "The `\(object.keyPath)` model.")
        w.deprecationNote(object.deprecation)
        w.uses(object.usage, publicly: true)
        let conformances = object.isCodable ? ": Codable, Hashable, Sendable" : ": Hashable, Sendable"
        w.type("struct", object.typeName, conformances) { w in
            // Undocumented properties sit on consecutive lines; a documented one is set apart by blank lines.
            for (index, property) in object.properties.enumerated() {
                let previous = index > 0 ? object.properties[index - 1] : nil
                if let previous, previous.isDocumented || property.isDocumented { w.blank() }
                // Every public declaration is documented; a field the spec does not describe names its source.
                w.docComment(property.documentation ?? "The `\(property.wireName)` field of `\(object.keyPath)`.")
                w.deprecationNote(property.deprecation)
                if let dateCoding = property.dateCoding { w.line("@" + dateCoding.wrapper) }
                if property.isIndirect { w.line("@Indirect") }
                w.declaration("var", property.name, ": \(property.type)")
            }
            if let extra = object.additionalProperties {
                w.blank()
                w.docComment(
                    "Properties `\(object.keyPath)` does not declare, kept as they arrived and sent back when encoded.")
                w.declaration("var", "additionalProperties", ": [String: \(extra)]")
            }
            if !object.properties.isEmpty || object.additionalProperties != nil { w.blank() }
            for property in object.properties {
                guard let dateCoding = property.dateCoding, let formatType = dateCoding.formatTypeName else { continue }
                w.docComment("The format of `\(property.wireName)`.")
                w.type("enum", formatType, ": DateFormatSpecifier") { w in
                    w.docComment("`\(dateCoding.format)`")
                    w.declaration("static var", "format", ": DateFormat", " { \(dateCoding.format) }")
                }
                w.blank()
            }
            emitInitializer(object, writer: &w)
            if !object.validations.isEmpty {
                emitValidate("Checks the constraints `\(object.keyPath)` declares", writer: &w) { w in
                    for validation in object.validations { ValidationEmitter().emit(validation, writer: &w) }
                }
            }
            // A struct that never travels as JSON has no coding at all. A wide one spells its coding out in parts:
            // the derived `init(from:)` and `encode(to:)` of 200 fields each take the type checker 150 ms or more.
            let spelledOut = object.customCoding || object.properties.count > Self.derivedCodingLimit
            if object.isCodable && (object.needsCodingKeys || spelledOut) && !object.properties.isEmpty {
                w.blank()
                emitCodingKeys(object.properties, caseIterable: object.additionalProperties != nil, writer: &w)
            }
            if object.isCodable && spelledOut {
                w.blank()
                emitDecoding(object, writer: &w)
                w.blank()
                emitEncoding(object, writer: &w)
            }
            if object.properties.count > Self.derivedEqualityLimit {
                w.blank()
                emitEquality(object, writer: &w)
            }
        }
        // Formatted dates and out-of-line models are stored through the runtime's property wrappers, which public
        // properties name.
        let wrapped = object.properties.contains { $0.dateCoding != nil || $0.isIndirect }
        if wrapped { w.uses(.runtime, publicly: true) }
        if object.hasSensitive {
            w.blank()
            emitRedactedDescription(object, writer: &w)
        }
        if object.hasSensitive || wrapped {
            w.blank()
            emitMirror(object, writer: &w)
        }
    }

    /// The fields by their names for `dump`, `print` and the debugger's `po`: a property wrapper's storage
    /// (`_created: FormattedDate<...>`) would show otherwise, and a sensitive field's value.
    private func emitMirror(_ object: ObjectPlan, writer w: inout SwiftWriter) {
        w.type("extension", object.typeName, ": CustomReflectable") { w in
            w.docComment(
                "The fields by their names, as `dump` and the debugger show them"
                    + (object.hasSensitive ? ", with the sensitive ones redacted." : "."))
            w.declaration("var", "customMirror", ": Mirror") { w in
                var children = object.properties.map { property in
                    "\(SwiftLiteral.string(property.name.withoutBackticks)): "
                        + (property.sensitive ? "\"<redacted>\"" : property.name + " as Any")
                }
                if object.additionalProperties != nil {
                    children.append("\"additionalProperties\": additionalProperties")
                }
                let single = "Mirror(self, children: [\(children.joined(separator: ", "))], displayStyle: .struct)"
                if w.fits(single) {
                    w.line(single)
                } else {
                    // One field a line, as swift-format lays out a long dictionary literal.
                    w.line("Mirror(")
                    w.indented { w in
                        w.line("self,")
                        w.line("children: [")
                        w.indented { w in for child in children { w.line(child + ",") } }
                        w.line("],")
                        w.line("displayStyle: .struct)")
                    }
                }
            }
        }
    }

    private func emitInitializer(_ object: ObjectPlan, writer w: inout SwiftWriter) {
        w.docComment("Creates a value.")
        var parameters = object.properties.map { property in
            let label = property.name.withoutBackticks
            let defaultValue = property.defaultValue ?? (property.isOptional ? "nil" : nil)
            return "\(label): \(property.type)" + (defaultValue.map { " = \($0)" } ?? "")
        }
        if let extra = object.additionalProperties {
            parameters.append("additionalProperties: [String: \(extra)] = [:]")
        }
        w.wrappedDeclaration("", "init", parameters, "") { w in
            for property in object.properties {
                w.line("self.\(property.name.withoutBackticks) = \(property.name)")
            }
            if object.additionalProperties != nil { w.line("self.additionalProperties = additionalProperties") }
        }
    }

    /// Coding keys for properties and for inline request bodies, in property order: keys named as their property as
    /// many to a `case` line as fit (`case id, name`), and each key with a wire name of its own on its own line
    /// (`case createdAt = "created_at"`), as swift-format's OneCasePerLine asks.
    func emitCodingKeys(_ properties: [PropertyPlan], caseIterable: Bool = false, writer w: inout SwiftWriter) {
        w.block("private enum CodingKeys: String, CodingKey" + (caseIterable ? ", CaseIterable" : "")) { w in
            var run: [String] = []
            func writeRun(_ w: inout SwiftWriter) {
                if !run.isEmpty { for line in w.packed(run, separator: ", ", leader: "case ") { w.line(line) } }
                run = []
            }
            for property in properties {
                if property.name.withoutBackticks == property.wireName {
                    run.append(property.name)
                } else {
                    writeRun(&w)
                    w.line("case \(property.name) = \(SwiftLiteral.string(property.wireName))")
                }
            }
            writeRun(&w)
        }
    }

    private func emitDecoding(_ object: ObjectPlan, writer w: inout SwiftWriter) {
        // In a wide struct, the fields stored as optionals (nil until set) are decoded by parts, in functions that
        // the initializer calls once every other stored property has its value.
        let wide = object.properties.count > Self.propertiesPerFunction
        let inParts = wide ? object.properties.filter(isDecodedLater) : []
        let parts = chunks(inParts)
        w.docComment(
            object.additionalProperties == nil
                ? "Decodes a value; absent fields with defaults take them."
                : "Decodes a value; absent fields with defaults take them, and undeclared ones are kept.")
        w.declaration("", "init", "(from decoder: any Decoder) throws") { w in
            if !object.properties.isEmpty { w.line("let container = try decoder.container(keyedBy: CodingKeys.self)") }
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
        for (index, part) in parts.enumerated() {
            w.blank()
            w.docComment("Decodes \(describe(part)), a part of `init(from:)` short enough to type-check quickly.")
            w.block(
                "private mutating func decodeFields\(index + 1)(_ container: KeyedDecodingContainer<CodingKeys>) throws"
            ) {
                w in
                for property in part { w.line(decoding(property)) }
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
        let key = "forKey: .\(property.name.withoutBackticks)"
        if let wrapper = property.dateCoding?.wrapper {
            // A formatted date decodes through its property wrapper, into the wrapper's storage.
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
        return "self.\(property.name.withoutBackticks) = \(value)"
    }

    /// `properties` in runs of at most ``propertiesPerFunction``, in order.
    private func chunks(_ properties: [PropertyPlan]) -> [[PropertyPlan]] {
        stride(from: 0, to: properties.count, by: Self.propertiesPerFunction).map {
            Array(properties[$0..<min($0 + Self.propertiesPerFunction, properties.count)])
        }
    }

    /// "`a` to `z`", the fields of a part.
    private func describe(_ part: [PropertyPlan]) -> String {
        guard let first = part.first, let last = part.last else { return "no field" }
        return part.count == 1 ? "`\(first.wireName)`" : "`\(first.wireName)` to `\(last.wireName)`"
    }

    private func declaredKeys(_ object: ObjectPlan) -> String {
        object.properties.isEmpty ? "[]" : "CodingKeys.allCases.map(\\.stringValue)"
    }

    private func emitEncoding(_ object: ObjectPlan, writer w: inout SwiftWriter) {
        // A wide struct encodes its fields by parts, each in a function of its own.
        let parts = object.properties.count > Self.propertiesPerFunction ? chunks(object.properties) : []
        w.docComment("Encodes the value; absent optional fields are left out.")
        w.declaration("func", "encode", "(to encoder: any Encoder) throws") { w in
            if !object.properties.isEmpty { w.line("var container = encoder.container(keyedBy: CodingKeys.self)") }
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
        for (index, part) in parts.enumerated() {
            w.blank()
            w.docComment("Encodes \(describe(part)), a part of `encode(to:)` short enough to type-check quickly.")
            w.block(
                "private func encodeFields\(index + 1)(_ container: inout KeyedEncodingContainer<CodingKeys>) throws"
            ) {
                w in
                for property in part { w.line(encoding(property)) }
            }
        }
    }

    /// The statement that encodes one property into `container`.
    private func encoding(_ property: PropertyPlan) -> String {
        let bare = property.name.withoutBackticks
        if property.dateCoding != nil { return "try container.encode(_\(bare), forKey: .\(bare))" }
        return "try container.\(property.isOptional ? "encodeIfPresent" : "encode")(\(property.name), forKey: .\(bare))"
    }

    /// The most properties a struct leaves to the derived `init(from:)` and `encode(to:)`, about 0.9 ms of type
    /// checking a property each: Adyen's 212-field `AuthorisationNotificationAdditionalData` took 204 ms and 226 ms
    /// against a budget of 100 ms. A wider struct spells its coding out, by parts.
    static let derivedCodingLimit = 40

    /// The most properties one spelled-out coding or equality function handles. An `encodeIfPresent` costs the type
    /// checker up to 1.8 ms, so a part stays under half the budget.
    static let propertiesPerFunction = 24

    /// The most properties a struct leaves to the derived `==`. The derived one compares with the `==` operator,
    /// whose overloads cost the type checker about 0.7 ms a property, more for optional structs: Twilio's 200-field
    /// form bodies took 135 ms, Stripe's 39-field `PaymentMethodDetails` 95 ms, against a budget of 100 ms. A wider
    /// struct spells `==` out through a generic function, a quarter of the cost.
    static let derivedEqualityLimit = 32

    private func emitEquality(_ object: ObjectPlan, writer w: inout SwiftWriter) {
        var names = object.properties.map(\.name)
        if object.additionalProperties != nil { names.append("additionalProperties") }
        let parts = stride(from: 0, to: names.count, by: Self.propertiesPerFunction).map {
            Array(names[$0..<min($0 + Self.propertiesPerFunction, names.count)])
        }
        w.docComment("Whether two values have equal properties.")
        w.block("public static func == (lhs: \(object.typeName), rhs: \(object.typeName)) -> Bool") { w in
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

    private func emitRedactedDescription(_ object: ObjectPlan, writer w: inout SwiftWriter) {
        w.type("extension", object.typeName, ": CustomStringConvertible, CustomDebugStringConvertible") { w in
            let hidden = object.properties.filter(\.sensitive).map { "`\($0.wireName)`" }.joined(separator: ", ")
            w.docComment("The fields, with \(hidden) redacted, so logging a value never prints a secret.")
            w.declaration("var", "description", ": String") { w in
                let fields = object.properties.map { property in
                    let label = property.name.withoutBackticks
                    return property.sensitive
                        ? "\(label): <redacted>" : "\(label): \\(String(describing: \(property.name)))"
                }
                w.line("\"\(object.typeName)(\(fields.joined(separator: ", ")))\"")
            }
            w.blank()
            w.docComment("The same as ``description``.")
            w.declaration("var", "debugDescription", ": String", " { description }")
        }
    }

    // MARK: - Enums and aliases

    func emit(_ enumeration: EnumPlan, writer w: inout SwiftWriter) {
        let name = enumeration.typeName
        let literal = { (raw: String) in enumeration.rawType == "Int" ? raw : SwiftLiteral.string(raw) }
        w.docComment(enumeration.documentation ?? "The `\(enumeration.keyPath)` enum.")
        w.deprecationNote(enumeration.deprecation)
        w.type("enum", name, ": RawRepresentable, Codable, Hashable, Sendable, CaseIterable") { w in
            for enumCase in enumeration.cases {
                w.docComment(enumCase.documentation)
                w.deprecationNote(enumCase.deprecation)
                w.declaration("case", enumCase.name)
            }
            w.docComment("A value this version of the client does not know, kept exactly as the server sent it.")
            w.declaration("case", "undocumented", "(\(enumeration.rawType))")
            w.blank()
            // Named, not inferred: inferring it, and with it the witnesses of `Codable` among the standard library's
            // `RawRepresentable` extensions, cost the type checker about 20 ms at an enum's first use.
            w.docComment("The type of the wire form.")
            w.declaration("typealias", "RawValue", " = \(enumeration.rawType)")
            w.blank()
            w.docComment("The documented cases.")
            w.declaration(
                "static let", "allCases", ": [\(name)]",
                " = [\(enumeration.cases.map { "." + $0.name.withoutBackticks }.joined(separator: ", "))]")
            w.blank()
            w.docComment("Creates a value from its wire form; an unknown one becomes `undocumented`.")
            w.declaration("", "init", "(rawValue: \(enumeration.rawType))") { w in
                guard enumeration.cases.count <= Self.switchedValuesLimit else {
                    w.line("self = DocumentedCases.byWireForm[rawValue] ?? .undocumented(rawValue)")
                    return
                }
                w.switchBlock("rawValue") { w in
                    for enumCase in enumeration.cases {
                        w.caseLine(literal(enumCase.rawValue), "self = .\(enumCase.name.withoutBackticks)")
                    }
                    w.line("default: self = .undocumented(rawValue)")
                }
            }
            if enumeration.cases.count > Self.switchedValuesLimit {
                w.blank()
                w.docComment("The documented cases by their wire forms, built once.")
                w.block("private enum DocumentedCases") { w in
                    w.wrappedLine(
                        "static let byWireForm = Dictionary",
                        ["\(name).allCases.map { (WireForm.of($0), $0) }", "uniquingKeysWith: { first, _ in first }"],
                        "")
                }
            }
            w.blank()
            w.docComment("The wire form.")
            w.declaration("var", "rawValue", ": \(enumeration.rawType)") { w in
                // Statements, not a switch expression: the type checker solves an expression's branches together,
                // which took Stripe's 300 merchant categories 100 ms against 5 ms.
                w.switchBlock("self") { w in
                    for enumCase in enumeration.cases {
                        w.caseLine(".\(enumCase.name.withoutBackticks)", "return \(literal(enumCase.rawValue))")
                    }
                    w.line("case .undocumented(let rawValue): return rawValue")
                }
            }
        }
    }

    /// The most cases an enum's `init(rawValue:)` matches with a `switch`: each literal pattern costs the type
    /// checker about 0.3 ms (Xero's 250 country codes took 68 ms), so a larger enum looks its values up in a table.
    static let switchedValuesLimit = 64

    // MARK: - Unions

    /// `validate()` for a union some of whose variants have constraints: it checks the variant the value holds.
    private func emitValidation(_ union: UnionPlan, writer w: inout SwiftWriter) {
        let checked = union.cases.filter { $0.validation != nil }
        guard !checked.isEmpty else { return }
        emitValidate("Checks the constraints of the variant it holds", writer: &w) { w in
            w.switchBlock("self") { w in
                for variant in checked {
                    let pattern = ".\(variant.name.withoutBackticks)(let value)"
                    switch variant.validation {
                    case .eachNested(let isMap)?:
                        w.caseLine(pattern, "for item in value\(isMap ? ".values" : "") { try item.validate() }")
                    default:
                        w.caseLine(pattern, "try value.validate()")
                    }
                }
                w.line("default: break")
            }
        }
    }

    /// `public func validate() throws(ValidationFailure) { ... }` in the type's body, documented as `summary`.
    private func emitValidate(_ summary: String, writer w: inout SwiftWriter, body: (inout SwiftWriter) -> Void) {
        w.blank()
        w.uses(.runtime, publicly: true)
        w.docComment(summary + "; request builders call it before sending.")
        w.declaration("func", "validate", "() throws(ValidationFailure)", body: body)
    }

    func emit(_ union: UnionPlan, writer w: inout SwiftWriter) {
        let how =
            union.discriminator.map { "Its `\($0)` property names the variant." }
            ?? "A value decodes as the first variant that fits, in this order."
        w.docComment((union.documentation ?? "The `\(union.keyPath)` union.") + "\n\n" + how)
        w.deprecationNote(union.deprecation)
        w.uses(union.usage, publicly: true)
        w.type("enum", union.typeName, ": Codable, Hashable, Sendable", modifier: union.isIndirect ? "indirect " : "") {
            w in
            for variant in union.cases {
                let tags = variant.tags.map { "`\($0)`" }.joined(separator: " or ")
                w.docComment(variant.documentation ?? (tags.isEmpty ? "A `\(variant.specType)`." : tags + "."))
                w.declaration(
                    "case", variant.name, "(\(variant.type))", modifier: variant.isIndirect ? "indirect " : "")
            }
            w.docComment("A variant this version of the client does not know, kept exactly as the server sent it.")
            w.declaration("case", "undocumented", "(UndocumentedVariant)")
            w.blank()
            w.docComment("Decodes the variant the value is.")
            w.declaration("", "init", "(from decoder: any Decoder) throws") { w in
                if let discriminator = union.discriminator {
                    let key = SwiftLiteral.string(discriminator)
                    w.line("let tag = UnionDecoding.tag(\(key), in: decoder)")
                    w.switchBlock("tag") { w in
                        for variant in union.cases {
                            w.caseLine(
                                variant.tags.map(SwiftLiteral.string).joined(separator: ", "),
                                "self = .\(variant.name.withoutBackticks)(try \(variant.type)(from: decoder))")
                        }
                        w.line("default:")
                        w.indented {
                            $0.line(
                                "self = .undocumented(try UnionDecoding.undocumented(tag: tag, key: \(key), in: decoder))"
                            )
                        }
                    }
                } else {
                    w.line("var decoding = UnionDecoding(decoder)")
                    for variant in union.cases {
                        var arguments = ["\(variant.type).self", SwiftLiteral.string(variant.specType)]
                        if !variant.constants.isEmpty {
                            let pairs = variant.constants.map {
                                "\(SwiftLiteral.string($0[0])): \(SwiftLiteral.string($0[1]))"
                            }
                            arguments.append("constants: [\(pairs.joined(separator: ", "))]")
                        }
                        w.wrappedBlock("if let value = decoding.attempt", arguments, "") { w in
                            w.line("self = .\(variant.name.withoutBackticks)(value)")
                            w.line("return")
                        }
                    }
                    w.line("self = .undocumented(try decoding.undocumented())")
                }
            }
            w.blank()
            w.docComment("Encodes the variant" + (union.discriminator.map { " with its `\($0)`." } ?? "."))
            w.declaration("func", "encode", "(to encoder: any Encoder) throws") { w in
                w.switchBlock("self") { w in
                    for variant in union.cases {
                        // A case of several tags keeps the one its value holds.
                        let tag =
                            variant.tags.count == 1
                            ? ", tag: \(SwiftLiteral.string(variant.tags[0])), key: "
                                + SwiftLiteral.string(union.discriminator ?? "") : ""
                        w.caseLine(
                            ".\(variant.name.withoutBackticks)(let value)",
                            "try UnionDecoding.encode(value\(tag), to: encoder)")
                    }
                    w.line("case .undocumented(let value): try value.encode(to: encoder)")
                }
            }
            emitValidation(union, writer: &w)
        }
    }

    func emit(_ alias: AliasPlan, writer w: inout SwiftWriter) {
        w.docComment(alias.documentation ?? "The `\(alias.keyPath)` alias.")
        w.deprecationNote(alias.deprecation)
        w.uses(alias.usage, publicly: true)
        w.declaration("typealias", alias.typeName, " = \(alias.target)")
    }
}

/// Prints constraint checks.
struct ValidationEmitter {
    func emit(_ validation: ValidationPlan, writer w: inout SwiftWriter) {
        switch validation.presence {
        case .required:
            emitChecks(validation, value: validation.value, writer: &w)
        case .optional:
            w.block("if let value = \(validation.value)") { w in emitChecks(validation, value: "value", writer: &w) }
        case .nullable:
            w.block("if let value = \(validation.value)?.value") { w in
                emitChecks(validation, value: "value", writer: &w)
            }
        }
    }

    private func emitChecks(_ validation: ValidationPlan, value: String, writer w: inout SwiftWriter) {
        let field = "field: " + SwiftLiteral.string(validation.field)
        func bounded(_ min: String?, _ max: String?) -> [String] {
            [min.map { "min: \($0)" }, max.map { "max: \($0)" }].compactMap { $0 }
        }
        for check in validation.checks {
            switch check {
            case .pattern(let pattern):
                w.wrappedLine("try Validation.pattern", [value, SwiftLiteral.string(pattern), field], "")
            case .length(let min, let max):
                w.wrappedLine(
                    "try Validation.length", [value] + bounded(min.map(String.init), max.map(String.init)) + [field], ""
                )
            case .range(let min, let max):
                let bounds = bounded(min.map(SwiftLiteral.number), max.map(SwiftLiteral.number))
                w.wrappedLine("try Validation.range", [value] + bounds + [field], "")
            case .items(let min, let max):
                w.wrappedLine(
                    "try Validation.items", [value] + bounded(min.map(String.init), max.map(String.init)) + [field], "")
            case .nested:
                w.line("try \(value).validate()")
            case .eachNested(let isMap):
                w.line("for item in \(value)\(isMap ? ".values" : "") { try item.validate() }")
            }
        }
    }
}

extension SwiftWriter {
    /// Notes a deprecation in the doc comment, for a declaration the generated code itself must use (a model the
    /// mock's closures name, an enum case its `switch`es name, a property its initializer and coding set), where
    /// `@available` would warn in that code.
    mutating func deprecationNote(_ message: String?) {
        guard let message else { return }
        line("///")
        docComment("- Warning: Deprecated." + (message.isEmpty ? "" : " " + message))
    }

    /// Writes `@available(*, deprecated, ...)` when `message` is set.
    mutating func deprecation(_ message: String?) {
        guard let message else { return }
        line(
            message.isEmpty
                ? "@available(*, deprecated)" : "@available(*, deprecated, message: \(SwiftLiteral.string(message)))")
    }
}
