import SpecgenSpec
import SpecgenYAML

/// Inheritance: a schema with a `discriminator` that other schemas extend through `allOf` (OpenAPI's
/// polymorphism, and Swagger 2.0's) stands for any of them, told apart by the discriminator. It becomes a union of
/// its subtypes under its own name; the properties they share become a struct, `<Name>Base`, that each subtype
/// includes.
extension ImportRun {
    /// A subtype of a base schema: the tag that names it and the `$ref` to its schema.
    struct Subtype {
        var tag: String
        var reference: String
    }

    /// The subtypes of component schema `raw`, those of its `mapping` first, then the components that extend it
    /// (tagged with their schema names, as OpenAPI says); nil when it is not a base: no discriminator, a `oneOf`
    /// or `anyOf` of its own, or nothing that extends it.
    func subtypes(of raw: String, schema: DocNode) -> [Subtype]? {
        guard schema["discriminator"]?.string("propertyName") != nil, schema["oneOf"] == nil, schema["anyOf"] == nil,
            let components = root?["components"]?["schemas"]?.entries
        else { return nil }
        let own = Self.componentReference(raw)
        var found: [Subtype] = []
        for (tag, _, target) in schema["discriminator"]?["mapping"]?.entries ?? [] {
            guard let value = mappingValue(tag, target, of: raw) else { continue }
            found.append(Subtype(tag: tag, reference: Self.mappingReference(value)))
        }
        for (key, _, candidate) in components where key != raw {
            let reference = Self.componentReference(key)
            guard !found.contains(where: { $0.reference == reference }),
                (candidate["allOf"]?.items ?? []).contains(where: { $0.string("$ref") == own })
            else { continue }
            found.append(Subtype(tag: key, reference: reference))
        }
        return found.contains { $0.reference != own } ? found : nil
    }

    /// The `$ref` to the component schema `name`.
    static func componentReference(_ name: String) -> String { "#/components/schemas/" + pointerToken(name) }

    /// The `$ref` a discriminator mapping's value means: a reference as written, or a component schema's name.
    static func mappingReference(_ value: String) -> String {
        value.contains("#") || value.contains("/") ? value : componentReference(value)
    }

    /// Writes base schema `raw` as the union `name` of its subtypes, after the struct of its own properties, which
    /// the subtypes include (`ImportRun.hierarchyBases`) and which is a variant itself where the mapping names it.
    /// A hierarchy whose tags the discriminator property cannot hold stays the struct, with a warning.
    func defineHierarchy(_ name: String, raw: String, schema: DocNode, subtypes: [Subtype]) {
        let property = schema["discriminator"]?.string("propertyName") ?? ""
        let base = allocateTypeName(raw + "Base", at: schema.location, "the struct of what every kind of '\(raw)' has")
        reserveModel(base)
        defineModel(base, schema: schema)
        if let index = modelIndex[base] {
            // The schema's description is the union's; the struct says what it is.
            models[index].model?.description = "The properties every kind of \(name) has."
        }
        hierarchyBases[name] = base
        baseStructs[base] = name
        let own = Self.componentReference(raw)
        var variants: [(model: String, tags: [String])] = []
        for subtype in subtypes {
            let model: String
            if subtype.reference == own {
                model = base
            } else {
                guard let found = modelName(forReference: subtype.reference, from: schema) else { continue }
                model = found
            }
            // A subtype that is a base itself, told apart by the same property, stands for its own subtypes.
            let nested = hierarchyVariants[model].flatMap { $0.property == property ? $0.variants : nil }
            let members = nested ?? [(model, [subtype.tag])]
            for member in members {
                if let index = variants.firstIndex(where: { $0.model == member.model }) {
                    variants[index].tags += member.tags.filter { !variants[index].tags.contains($0) }
                } else {
                    variants.append(member)
                }
            }
        }
        // Every variant must be a struct, and every tag a value its discriminator property can hold.
        let values = allowedTags(property, of: base)
        let unfit = variants.first { variant in
            if case .object? = shapes[variant.model] {} else if shapes[variant.model] != nil { return true }
            return values.map { allowed in variant.tags.contains { !allowed.contains($0) } } ?? false
        }
        if variants.isEmpty || unfit != nil {
            warn(
                .discriminatorDropped, at: (schema["discriminator"] ?? schema).location,
                "'\(raw)' is extended by other schemas, but "
                    + (unfit.map { "'\($0.model)' cannot be one of its variants" } ?? "none of them imports")
                    + "; read as the struct of its own properties")
            hierarchyBases[name] = nil
            defineModel(name, schema: schema)
            return
        }
        hierarchyVariants[name] = (property, variants)
        var model = modelHeader(name, schema)
        model.kind = .union(
            Union(
                variants: variants.map { variant in
                    // A tag the variant's constant gives goes without saying.
                    let implied = variant.tags.count == 1 && variant.tags[0] == constantTag(of: variant.model, property)
                    return UnionVariant(
                        type: .named(variant.model), tags: implied ? [] : variant.tags, location: Self.unlocated)
                }, discriminator: property))
        places.modelLocations[name] = schema.location
        setModel(model, shape: .union)
    }

    /// The values the discriminator property of struct `base` can hold: its enum's; nil for any text.
    private func allowedTags(_ property: String, of base: String) -> [String]? {
        guard case .object(let fields, _)? = shapes[base],
            let field = fields.first(where: { $0.wireName == property }),
            let type = field.type.name, case .enumeration(let values, _)? = shapes[type]
        else { return nil }
        return values
    }
}
