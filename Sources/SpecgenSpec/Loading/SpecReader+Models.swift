import SpecgenYAML

extension SpecReader {
    static let constraintKeys = ["pattern", "minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems"]
    static let fieldKeys =
        [
            "type", "swiftName", "description", "default", "deprecated", "sensitive", "format", "example", "optional",
            "nullable",
        ] + constraintKeys

    func models(_ node: YAMLNode) -> [Model] {
        guard
            let reader = MappingReader(
                node, keyPath: "models", allowed: (node.pairs ?? []).compactMap(\.key.scalar),
                context: context)
        else { return [] }
        return reader.pairs.compactMap { model($0) }
    }

    private func model(_ pair: YAMLPair) -> Model? {
        let name = pair.key.scalar ?? ""
        let keyPath = "models.\(name)"
        let location = context.location(pair.key)
        let node = pair.value
        if TypeExpressionParser.isTypeNode(node) {
            guard let expression = types.resolve(node, keyPath: keyPath) else { return nil }
            if expression.presence != .required {
                context.error(
                    node, "an alias cannot be optional at '\(keyPath)'",
                    fix: "make the fields that use '\(name)' optional instead")
            }
            return Model(name: name, kind: .alias(expression.type, Constraints()), location: location)
        }
        let common = ["swiftName", "description", "deprecated", "example"]
        let kindKey = ["properties", "enum", "type"].first { node[$0] != nil }
        let allowed: [String]
        switch kindKey {
        case "properties": allowed = common + ["properties"]
        case "enum": allowed = common + ["enum"]
        case "type": allowed = common + ["type", "format"] + Self.constraintKeys
        default:
            let misspelt = (node.pairs ?? []).lazy.compactMap { pair -> (YAMLNode, String)? in
                guard let key = pair.key.scalar, !common.contains(key) else { return nil }
                return Suggestions.closest(to: key, in: ["properties", "enum", "type"]).map { (pair.key, $0) }
            }.first
            if let (keyNode, suggestion) = misspelt {
                context.error(
                    keyNode, "unknown key '\(keyNode.scalar ?? "")' in '\(keyPath)'",
                    fix: "did you mean '\(suggestion)'?")
            } else if node.pairs != nil {
                context.error(
                    node, "model '\(name)' needs 'properties', 'enum' or 'type'",
                    fix: "write 'properties:' for a struct, 'enum:' for a string enum, or 'type:' for an alias")
            } else {
                context.error(node, "expected a type or a mapping at '\(keyPath)', found \(node.kindDescription)")
            }
            return nil
        }
        guard let reader = MappingReader(node, keyPath: keyPath, allowed: allowed, context: context) else { return nil }
        var model = Model(
            name: name, swiftName: reader.string("swiftName"), kind: .object([]),
            description: reader.string("description"), deprecation: reader.deprecation(),
            example: reader.specValue("example"), location: location)
        switch kindKey {
        case "properties":
            model.kind = .object(fields(reader.value("properties"), keyPath: "\(keyPath).properties"))
        case "enum":
            model.kind = .enumeration(enumValues(reader.value("enum"), keyPath: "\(keyPath).enum"))
        default:
            guard let typeNode = reader.value("type"), let expression = types.resolve(typeNode, keyPath: keyPath)
            else { return nil }
            model.kind = .alias(expression.type, constraints(reader))
        }
        return model
    }

    private func enumValues(_ node: YAMLNode?, keyPath: String) -> [EnumValue] {
        guard let node else { return [] }
        guard let items = node.items, !items.isEmpty else {
            context.error(node, "expected a non-empty list of values at '\(keyPath)'")
            return []
        }
        return items.compactMap { item in
            if let text = item.scalar, !item.isNull {
                return EnumValue(value: text, location: context.location(item))
            }
            guard
                let reader = MappingReader(
                    item, keyPath: keyPath,
                    allowed: ["value", "swiftName", "description", "deprecated"],
                    context: context),
                let value = reader.requiredString("value")
            else { return nil }
            return EnumValue(
                value: value, swiftName: reader.string("swiftName"), description: reader.string("description"),
                deprecation: reader.deprecation(), location: context.location(item))
        }
    }

    /// Reads a mapping of fields (properties, parameters, headers, inline body parts).
    func fields(_ node: YAMLNode?, keyPath: String) -> [Field] {
        guard let node else { return [] }
        if node.isNull { return [] }
        guard
            let reader = MappingReader(
                node, keyPath: keyPath, allowed: (node.pairs ?? []).compactMap(\.key.scalar),
                context: context)
        else { return [] }
        return reader.pairs.compactMap { field($0, keyPath: "\(keyPath).\($0.key.scalar ?? "")") }
    }

    /// One field: a type shorthand (`string?`), or a long form with `type:` and its options.
    func field(_ pair: YAMLPair, keyPath: String) -> Field? {
        let wireName = pair.key.scalar ?? ""
        let location = context.location(pair.key)
        if TypeExpressionParser.isTypeNode(pair.value) {
            guard let expression = types.resolve(pair.value, keyPath: keyPath) else { return nil }
            return Field(
                wireName: wireName, type: expression.type, presence: expression.presence, location: location,
                typeLocation: context.location(pair.value))
        }
        if pair.value.pairs != nil, pair.value["type"] == nil {
            context.error(
                pair.value, "field '\(wireName)' needs a 'type' at '\(keyPath)'",
                fix: "add 'type: string' (or the field's type)")
            return nil
        }
        guard let reader = MappingReader(pair.value, keyPath: keyPath, allowed: Self.fieldKeys, context: context),
            let typeNode = reader.value("type"),
            let expression = types.resolve(typeNode, keyPath: "\(keyPath).type")
        else { return nil }
        var presence = expression.presence
        if reader.bool("optional") == true, presence == .required { presence = .optional }
        if reader.bool("nullable") == true { presence = .nullable }
        return Field(
            wireName: wireName, swiftName: reader.string("swiftName"), type: expression.type, presence: presence,
            defaultValue: reader.specValue("default"), description: reader.string("description"),
            deprecation: reader.deprecation(), sensitive: reader.bool("sensitive") ?? false,
            constraints: constraints(reader), format: reader.string("format"), example: reader.specValue("example"),
            location: location, typeLocation: context.location(typeNode))
    }

    func constraints(_ reader: MappingReader) -> Constraints {
        Constraints(
            pattern: reader.string("pattern"), minLength: reader.int("minLength"), maxLength: reader.int("maxLength"),
            minimum: reader.double("minimum"), maximum: reader.double("maximum"), minItems: reader.int("minItems"),
            maxItems: reader.int("maxItems"), patternLocation: reader.value("pattern").map(context.location))
    }
}
