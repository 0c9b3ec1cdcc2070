import SpecgenYAML

extension SpecReader {
    static let constraintKeys = ["pattern", "minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems"]
    static let fieldKeys =
        [
            "type", "swiftName", "description", "default", "deprecated", "sensitive", "format", "example", "optional",
            "nullable", "const", "style",
        ] + constraintKeys

    func models(_ node: YAMLNode) -> [Model] {
        guard
            let reader = MappingReader(
                node, keyPath: "models", allowed: (node.pairs ?? []).compactMap(\.key.scalar),
                context: context)
        else { return [] }
        return reader.pairs.flatMap { pair -> [Model] in
            var inline: [Model] = []
            guard let model = model(pair, inlineVariants: &inline) else { return inline }
            return [model] + inline
        }
    }

    /// A model; a union's variants written inline as objects are added to `inlineVariants` as models of their own.
    private func model(_ pair: YAMLPair, inlineVariants: inout [Model]) -> Model? {
        let name = pair.key.scalar ?? ""
        let keyPath = "models.\(name)"
        let location = context.location(pair.key)
        let node = pair.value
        if TypeExpressionParser.isTypeNode(node) {
            guard let expression = types.resolve(node, keyPath: keyPath) else { return nil }
            if expression.presence != .required {
                context.error(
                    .typeSyntax,
                    node, "an alias cannot be optional at '\(keyPath)'",
                    fix: "make the fields that use '\(name)' optional instead")
            }
            return Model(name: name, kind: .alias(expression.type, Constraints()), location: location)
        }
        let common = ["swiftName", "description", "deprecated", "example", "standalone"]
        let kindKey = ["properties", "includes", "additionalProperties", "enum", "type", "oneOf"].first {
            node[$0] != nil
        }
        let allowed: [String]
        switch kindKey {
        case "properties", "includes", "additionalProperties":
            allowed = common + ["properties", "includes", "additionalProperties"]
        case "enum": allowed = common + ["enum"]
        case "type": allowed = common + ["type", "format"] + Self.constraintKeys
        case "oneOf": allowed = common + ["oneOf", "discriminator"]
        default:
            let misspelt = (node.pairs ?? []).lazy.compactMap { pair -> (YAMLNode, String)? in
                guard let key = pair.key.scalar, !common.contains(key) else { return nil }
                return Suggestions.closest(to: key, in: ["properties", "enum", "type", "oneOf"]).map { (pair.key, $0) }
            }.first
            if let (keyNode, suggestion) = misspelt {
                context.error(
                    .structure,
                    keyNode, "unknown key '\(keyNode.scalar ?? "")' in '\(keyPath)'",
                    fix: "did you mean '\(suggestion)'?")
            } else if node.pairs != nil {
                context.error(
                    .structure,
                    node, "model '\(name)' needs 'properties', 'enum', 'type' or 'oneOf'",
                    fix: "write 'properties:' for a struct, 'enum:' for a string enum, 'type:' for an alias,"
                        + " or 'oneOf:' for a union")
            } else {
                context.error(
                    .structure, node, "expected a type or a mapping at '\(keyPath)', found \(node.kindDescription)")
            }
            return nil
        }
        guard let reader = MappingReader(node, keyPath: keyPath, allowed: allowed, context: context) else { return nil }
        var model = Model(
            name: name, swiftName: reader.string("swiftName"), kind: .object([]),
            description: reader.documentation("description"), deprecation: reader.deprecation(),
            example: reader.specValue("example"), location: location)
        model.isStandalone = reader.bool("standalone") ?? false
        switch kindKey {
        case "properties", "includes", "additionalProperties":
            model.kind = .object(fields(reader.value("properties"), keyPath: "\(keyPath).properties"))
            model.includes = modelReferences(reader.value("includes"), keyPath: "\(keyPath).includes")
            model.additionalProperties = reader.value("additionalProperties").flatMap {
                additionalProperties($0, keyPath: keyPath)
            }
        case "enum":
            model.kind = .enumeration(enumValues(reader.value("enum"), keyPath: "\(keyPath).enum"))
        case "oneOf":
            model.kind = .union(
                Union(
                    variants: variants(
                        reader.value("oneOf"), keyPath: "\(keyPath).oneOf", union: name, inline: &inlineVariants),
                    discriminator: reader.string("discriminator"),
                    discriminatorLocation: reader.value("discriminator").map(context.location)))
        default:
            guard let typeNode = reader.value("type"), let expression = types.resolve(typeNode, keyPath: keyPath)
            else { return nil }
            model.kind = .alias(expression.type, constraints(reader))
        }
        return model
    }

    /// `additionalProperties: true` (any JSON), `false` (none) or a type.
    private func additionalProperties(_ node: YAMLNode, keyPath: String) -> TypeRef? {
        if let open = node.bool { return open ? .primitive(.json) : nil }
        guard let expression = types.resolve(node, keyPath: "\(keyPath).additionalProperties") else { return nil }
        if expression.presence != .required {
            context.error(
                .typeSyntax,
                node, "additional properties cannot be optional at '\(keyPath)'", fix: "write the type without '?'")
        }
        return expression.type
    }

    /// The models a struct includes: a name or a list of names, each declared.
    private func modelReferences(_ node: YAMLNode?, keyPath: String) -> [ModelReference] {
        guard let node else { return [] }
        let items = node.items ?? [node]
        return items.compactMap { item -> ModelReference? in
            guard let name = item.scalar, !item.isNull, item.items == nil else {
                context.error(
                    .includes, item, "expected a model name at '\(keyPath)'", fix: "write 'includes: [Resource]'")
                return nil
            }
            guard let expression = types.resolve(item, keyPath: keyPath) else { return nil }
            guard case .named = expression.type, expression.presence == .required else {
                context.error(
                    .includes,
                    item, "'\(name)' at '\(keyPath)' is not a model", fix: "include models with 'properties'")
                return nil
            }
            return ModelReference(name: name, location: context.location(item))
        }
    }

    /// A union's variants: types (`Card`, `string`, `[Card]`), mappings with `type`, `case`, `tag` (or `tags`) and
    /// `description`, or objects written inline with `properties`, which become models named after the union and
    /// the variant's case (`Shape` and `circle` make `ShapeCircle`), added to `inline`.
    private func variants(
        _ node: YAMLNode?, keyPath: String, union: String, inline: inout [Model]
    ) -> [UnionVariant] {
        guard let node else { return [] }
        guard let items = node.items, !items.isEmpty else {
            context.error(
                .unions,
                node, "expected a non-empty list of types at '\(keyPath)'", fix: "write 'oneOf: [Card, BankAccount]'")
            return []
        }
        var variants: [UnionVariant] = []
        for (index, item) in items.enumerated() {
            if item["properties"] != nil || item["additionalProperties"] != nil {
                if let (variant, model) = inlineVariant(item, index: index, keyPath: keyPath, union: union) {
                    variants.append(variant)
                    inline.append(model)
                }
            } else if let variant = variant(item, keyPath: keyPath) {
                variants.append(variant)
            }
        }
        return variants
    }

    /// An object written inline in `oneOf`: the variant, and the model it names.
    private func inlineVariant(
        _ item: YAMLNode, index: Int, keyPath: String, union: String
    ) -> (UnionVariant, Model)? {
        guard
            let reader = MappingReader(
                item, keyPath: keyPath,
                allowed: ["case", "tag", "tags", "description", "properties", "additionalProperties"], context: context)
        else { return nil }
        let caseName = reader.string("case")
        let suffix = caseName ?? reader.string("tag") ?? "variant\(index + 1)"
        let name = union + Namer().typeName(suffix)
        let location = context.location(item)
        var model = Model(
            name: name, kind: .object(fields(reader.value("properties"), keyPath: "\(keyPath).\(suffix).properties")),
            description: reader.documentation("description") ?? "The `\(suffix)` variant of `\(union)`.",
            location: location)
        model.additionalProperties = reader.value("additionalProperties").flatMap {
            additionalProperties($0, keyPath: "\(keyPath).\(suffix)")
        }
        let tags = self.tags(reader)
        let variant = UnionVariant(
            type: .named(name), caseName: caseName ?? (tags.isEmpty ? suffix : nil), tags: tags,
            description: reader.documentation("description"),
            location: location)
        return (variant, model)
    }

    private func variant(_ item: YAMLNode, keyPath: String) -> UnionVariant? {
        if item.isNull || item.scalar == "null" {
            context.error(
                .typeSyntax,
                item, "'null' is not a variant at '\(keyPath)'",
                fix: "leave it out and make the fields that use the union optional ('Union?')")
            return nil
        }
        if TypeExpressionParser.isTypeNode(item) {
            guard let expression = types.resolve(item, keyPath: keyPath) else { return nil }
            guard expression.presence == .required else {
                context.error(
                    .typeSyntax,
                    item, "a variant cannot be optional at '\(keyPath)'",
                    fix: "make the fields that use the union optional instead")
                return nil
            }
            return UnionVariant(type: expression.type, location: context.location(item))
        }
        guard
            let reader = MappingReader(
                item, keyPath: keyPath, allowed: ["type", "case", "tag", "tags", "description"], context: context),
            let typeNode = reader.value("type"),
            let expression = types.resolve(typeNode, keyPath: "\(keyPath).type")
        else {
            if item.pairs != nil, item["type"] == nil {
                context.error(
                    .typeSyntax,
                    item, "a variant needs a 'type' at '\(keyPath)'",
                    fix: "add 'type: Card', or write an object's 'properties' inline")
            }
            return nil
        }
        return UnionVariant(
            type: expression.type, caseName: reader.string("case"), tags: tags(reader),
            description: reader.documentation("description"), location: context.location(typeNode))
    }

    /// A variant's `tag`, or its `tags` (a non-empty list); not both.
    private func tags(_ reader: MappingReader) -> [String] {
        if let list = reader.value("tags") {
            if reader.has("tag") {
                context.error(
                    .unions, list, "a variant has 'tag' or 'tags', not both", fix: "move the 'tag' into 'tags'")
            }
            guard let tags = reader.stringList("tags"), !tags.isEmpty else {
                if list.items?.isEmpty == true {
                    context.error(
                        .unions, list, "'tags' is empty", fix: "list the values that select the variant, or remove it")
                }
                return []
            }
            return tags
        }
        return reader.string("tag").map { [$0] } ?? []
    }

    private func enumValues(_ node: YAMLNode?, keyPath: String) -> [EnumValue] {
        guard let node else { return [] }
        guard let items = node.items, !items.isEmpty else {
            context.error(.enums, node, "expected a non-empty list of values at '\(keyPath)'")
            return []
        }
        return items.compactMap { item in
            if let text = item.scalar, !item.isNull {
                return EnumValue(value: text, isInteger: item.int != nil, location: context.location(item))
            }
            guard
                let reader = MappingReader(
                    item, keyPath: keyPath,
                    allowed: ["value", "swiftName", "description", "deprecated"],
                    context: context),
                let value = reader.requiredString("value")
            else { return nil }
            return EnumValue(
                value: value, isInteger: reader.value("value")?.int != nil, swiftName: reader.string("swiftName"),
                description: reader.documentation("description"),
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
                .typeSyntax,
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
        let constant = reader.specValue("const")
        var style: ParameterStyle?
        if let styleNode = reader.value("style") {
            style = styleNode.scalar.flatMap(ParameterStyle.init(rawValue:))
            if style == nil {
                context.error(
                    .parameters,
                    styleNode, "unknown style '\(styleNode.scalar ?? "")' at '\(keyPath)'",
                    fix: "write 'repeated', 'comma', 'deepObject' or 'json'")
            }
        }
        if let constantNode = reader.value("const"), reader.value("default") != nil {
            context.error(
                .parameters,
                constantNode, "field '\(wireName)' has both 'const' and 'default' at '\(keyPath)'",
                fix: "remove 'default': a constant is its own default")
        }
        return Field(
            wireName: wireName, swiftName: reader.string("swiftName"), type: expression.type, presence: presence,
            defaultValue: constant ?? reader.specValue("default"), description: reader.documentation("description"),
            deprecation: reader.deprecation(), sensitive: reader.bool("sensitive") ?? false,
            constraints: constraints(reader), format: reader.string("format"), example: reader.specValue("example"),
            constant: constant, style: style, location: location, typeLocation: context.location(typeNode))
    }

    func constraints(_ reader: MappingReader) -> Constraints {
        Constraints(
            pattern: reader.string("pattern"), minLength: reader.int("minLength"), maxLength: reader.int("maxLength"),
            minimum: reader.double("minimum"), maximum: reader.double("maximum"), minItems: reader.int("minItems"),
            maxItems: reader.int("maxItems"), patternLocation: reader.value("pattern").map(context.location))
    }
}
