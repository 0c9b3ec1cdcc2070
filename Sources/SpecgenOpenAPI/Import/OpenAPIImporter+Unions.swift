import Foundation
import SpecgenSpec
import SpecgenYAML

/// Composition: `allOf` structs, `oneOf`/`anyOf` unions and their tags, and enumerations.
extension ImportRun {
    /// `allOf`: a struct that includes the structs it names and adds the properties of the rest. A part that is a
    /// union adds the properties of its object variants, each optional, since a struct cannot include a union.
    func composition(
        _ schema: DocNode, parts: [DocNode], name: String, into map: Model
    ) -> (Model, ModelShape) {
        var includes: [String] = []
        var own: [DocNode] = [schema]
        var optional: [DocNode] = []
        func add(_ part: DocNode, depth: Int) {
            if let reference = part.string("$ref") {
                guard namesModel(reference, from: part) else {
                    if depth < 8, let target = documents.resolve(reference, from: part)?.node {
                        add(target, depth: depth + 1)
                    }
                    return
                }
                guard let model = modelName(forReference: reference, from: part),
                    let target = documents.resolve(reference, from: part)?.node
                else { return }
                // A subtype extends its base's own properties, not the union the base became.
                if let base = hierarchyBases[model] {
                    if !includes.contains(base) { includes.append(base) }
                    return
                }
                switch shapes[model] {
                case .object?:
                    if !includes.contains(model) { includes.append(model) }
                case .union?:
                    unionParts(target, in: name, at: part, depth: depth, into: &optional)
                case .alias?, nil:
                    own.append(target)
                case .enumeration?:
                    warn(
                        .allofNonObject, at: part.location,
                        "allOf includes '\(model)', an enum, in the object '\(name)'; not included")
                }
                return
            }
            let view = SchemaView(part, run: self)
            for inner in view.allOf ?? [] { add(inner, depth: depth + 1) }
            if view.variants != nil { unionParts(part, in: name, at: part, depth: depth, into: &optional) }
            if part["properties"] != nil || part["required"] != nil || part["additionalProperties"] != nil {
                own.append(part)
            }
        }
        for part in parts { add(part, depth: 0) }
        return structure(schema, ownParts: own, optionalParts: optional, includes: includes, name: name, into: map)
    }

    /// The object variants of a union inside an `allOf`, whose properties the struct takes as optional.
    func unionParts(
        _ union: DocNode, in name: String, at part: DocNode, depth: Int, into parts: inout [DocNode]
    ) {
        warn(
            .allofUnion, at: part.location,
            "allOf includes a oneOf/anyOf, which a struct cannot include; '\(name)' takes its variants' properties, "
                + "each optional")
        for variant in SchemaView(union, run: self).variants ?? [] {
            guard let target = resolved(variant) else { continue }
            parts.append(target)
            for inner in SchemaView(target, run: self).allOf ?? [] where depth < 8 {
                if let resolvedInner = resolved(inner) { parts.append(resolvedInner) }
            }
        }
    }

    /// `oneOf`/`anyOf`: a union of its variants, discriminated when the document names the property.
    func union(
        _ schema: DocNode, variants: [DocNode], name: String, into header: Model
    ) -> (Model, ModelShape) {
        var model = header
        var discriminator = schema["discriminator"]?.string("propertyName")
        // The mapping's entries, each with the model it names, in the mapping's order.
        var mapped: [(tag: String, model: String, at: SourceLocation)] = []
        if discriminator != nil, let mapping = schema["discriminator"]?["mapping"]?.entries {
            for (tag, keyLocation, target) in mapping {
                guard let value = mappingValue(tag, target, of: name) else { continue }
                if let model = modelName(forReference: Self.mappingReference(value), from: target) {
                    mapped.append((tag, model, keyLocation))
                }
            }
        }
        let tags = Dictionary(grouping: mapped, by: \.model).mapValues { $0.map(\.tag) }
        var written: [UnionVariant] = []
        // Each written variant's type, and the tags it is known by.
        var variantTypes: [TypeRef] = []
        var tagsWritten: [String] = []
        var seenTypes = Set<TypeRef>()
        var seenCases = Set<String>()
        var allModels = true
        for (index, variant) in variants.enumerated() {
            let reference = SchemaView.reference(of: variant)
            let label =
                reference == nil
                ? Self.variantLabel(variant, discriminator: discriminator) ?? variant.string("title")
                    ?? "variant\(index + 1)" : nil
            let what = "variant \(index + 1) of '\(name)'"
            let variantType = typeOnly(of: variant, hint: name + namer.typeNamePart(label ?? ""), as: what)
            guard !seenTypes.contains(variantType) else {
                warn(
                    .unionDuplicate, at: variant.location,
                    "\(what) has the same type as an earlier one (\(variantType)); dropped",
                    covering: variant)
                continue
            }
            seenTypes.insert(variantType)
            let shape = variantType.name.flatMap { shapes[$0] }
            if case .object? = shape {} else { allModels = false }
            var entry = UnionVariant(
                type: inJSON(variantType, what, at: variant.location),
                location: Self.unlocated)
            if let explicit = recordedCaseName(variant, taken: seenCases) {
                entry.caseName = explicit
                seenCases.insert(explicit.lowercased())
            } else if let label, case .object? = shape {
                // A model made from the variant is named after the union; its case is named as the variant sits.
                let caseName = namer.bareMemberName(label)
                if !seenCases.contains(caseName.lowercased()) {
                    entry.caseName = caseName
                    seenCases.insert(caseName.lowercased())
                }
            }
            // Tags come from the mapping, else from the values the variant's tag property takes, else (as the
            // loader does) from its constant or its name.
            let variantTags =
                variantType.name.flatMap { tags[$0] } ?? discriminator.flatMap { tagValues(of: variant, property: $0) }
                ?? []
            let constant = constantTag(of: variantType.description, discriminator)
            if variantTags.count > 1 {
                entry.tags = variantTags
            } else if let tag = variantTags.first, tag != constant {
                entry.tags = [tag]
            }
            tagsWritten += variantTags.isEmpty ? [constant] : variantTags
            // A variant made a model keeps its description there.
            if reference != nil || shape == nil, let description = variant.string("description") {
                entry.description = description
            }
            written.append(entry)
            variantTypes.append(variantType)
        }
        // A mapping entry that names no variant is no case of the union: its values decode as undocumented ones.
        let variantNames = Set(variantTypes.compactMap(\.name))
        for entry in mapped where !variantNames.contains(entry.model) {
            warn(
                .discriminatorDropped, at: entry.at,
                "the discriminator mapping of '\(name)' names '\(entry.model)' for '\(entry.tag)', which is not one "
                    + "of its variants; a value tagged '\(entry.tag)' decodes as an undocumented variant",
                fix: "list the schema in the union's oneOf or anyOf, or remove the mapping entry")
        }
        if discriminator != nil, allModels, Set(tagsWritten).count < tagsWritten.count {
            warn(
                .discriminatorDropped, at: (schema["discriminator"] ?? schema).location,
                "two variants of '\(name)' have the same '\(discriminator ?? "")'; decoded in order instead")
            discriminator = nil
            for index in written.indices { written[index].tags = [] }
        }
        if discriminator != nil, !allModels {
            warn(
                .discriminatorDropped, at: (schema["discriminator"] ?? schema).location,
                "'\(name)' has a discriminator but a variant that is not an object; decoded in order instead")
            discriminator = nil
            for index in written.indices { written[index].tags = [] }
        }
        if written.count == 1, discriminator == nil, written[0].caseName == nil, written[0].tags.isEmpty,
            written[0].description == nil
        {
            // One variant left (the others were duplicates or null): the union is another name for it. A
            // discriminated one stays a union: a kind added later reads as `undocumented`, not as this one.
            model.kind = .alias(written[0].type, Constraints())
            return (model, .alias(variantTypes[0]))
        }
        model.kind = .union(Union(variants: written, discriminator: discriminator))
        model.example = Self.example(of: schema)
        return (model, .union)
    }

    /// A discriminator mapping's value, which names a schema; nil, with a warning, when it is a mapping or a list.
    func mappingValue(_ tag: String, _ value: DocNode, of name: String) -> String? {
        if let text = value.string { return text }
        warn(
            .discriminatorDropped, at: value.location,
            "the discriminator mapping of '\(name)' gives '\(tag)' \(value.node.kindDescription), not a schema's "
                + "name or $ref; the entry is left out",
            fix: "write the $ref of the schema values tagged '\(tag)' have",
            covering: value)
        return nil
    }

    /// The string values a variant's tag property takes when it is an enum of several
    /// (`type: {enum: [search, search_2025]}`); nil when it takes one or any.
    func tagValues(of variant: DocNode, property: String) -> [String]? {
        guard let target = resolved(variant, warning: false),
            let tagProperty = target["properties"]?[property].flatMap({ resolved($0, warning: false) }),
            let values = tagProperty["enum"]?.items, values.count > 1
        else { return nil }
        let strings = values.compactMap(\.string)
        return strings.count == values.count ? strings : nil
    }

    /// The model a `$ref` variant names, if it names one.
    func namesOf(_ variant: DocNode) -> String? {
        guard let reference = SchemaView.reference(of: variant) else { return nil }
        return modelName(forReference: reference, from: variant)
    }

    /// A variant's label from its discriminator constant or a one-value `type` enum (`{type: {enum: [text]}}`).
    static func variantLabel(_ variant: DocNode, discriminator: String?) -> String? {
        for key in [discriminator, "type", "object", "kind"].compactMap({ $0 }) {
            guard let property = variant["properties"]?[key] else { continue }
            if let constant = property.string("const") { return constant }
            if let values = property["enum"]?.items, values.count == 1, let value = values[0].string { return value }
        }
        return nil
    }

    /// The tag the loader gives a variant model without `tag`: its constant for the discriminator, else its name.
    func constantTag(of model: String, _ discriminator: String?) -> String {
        guard let discriminator, case .object(let fields, _)? = shapes[model],
            let constant = fields.first(where: { $0.wireName == discriminator })?.constant
        else { return model }
        return constant
    }

    /// `enum`: string values (each kept, with a Swift name where two would collide) or integer values.
    func enumeration(
        _ schema: DocNode, values: [DocNode], name: String, into header: Model, cases: [DocNode]? = nil
    ) -> (Model, ModelShape) {
        var model = header
        // The declared type decides what the values are on the wire: `{type: string, enum: [1, 2]}` sends "1", and
        // an integer enum keeps only its integers. An untyped enum is of integers when every value is one; values of
        // mixed kinds are read as text, which changes how the others travel, so that is warned.
        let isWhole = { (value: DocNode) in value.int != nil && value.node.isPlainScalar }
        let integer: Bool
        switch SchemaView.declaredType(of: schema) {
        case "string"?:
            integer = false
        case "integer"?:
            let others = values.filter { !isWhole($0) }
            integer = others.count < values.count
            if let first = others.first {
                let listed = others.map { "'\($0.string ?? "")'" }.joined(separator: ", ")
                warn(
                    .enumValues, at: first.location,
                    (others.count == 1 ? "the value " : "the values ")
                        + "\(listed) of the integer enum '\(name)' "
                        + (others.count == 1 ? "is not an integer" : "are not integers")
                        + (integer ? "; left out" : "; read as an enum of text"),
                    fix: "write the values as integers, or declare the type string")
            }
        default:
            integer = values.allSatisfy(isWhole)
            if !integer, values.contains(where: { $0.node.isPlainScalar && ($0.double != nil || $0.bool != nil) }),
                SchemaView.valueKind(of: values) == "string"
            {
                warn(
                    .enumValues, at: (schema["enum"] ?? schema).location,
                    "the values of the enum '\(name)' are of mixed kinds; read as an enum of text",
                    fix: "declare the enum's type, with values of that type")
            }
        }
        let names =
            cases.map { $0.map { $0.string("title") ?? "" } }
            ?? (schema["x-enum-varnames"] ?? schema["x-enumNames"] ?? schema["x-enum-names"])?.items?
            .compactMap(\.string)
        let descriptions =
            cases?.map { $0.string("description") }
            ?? schema["x-enum-descriptions"]?.items?.map(\.string)
        var taken = Set<String>([Namer.unknownEnumCase.lowercased()])
        var seenValues = Set<String>()
        var written: [EnumValue] = []
        var texts: [String] = []
        // A value left out keeps its place, so `x-enum-varnames` and descriptions stay with their values.
        for (index, value) in values.enumerated() where !integer || isWhole(value) {
            let text = value.string ?? ""
            guard !seenValues.contains(text) else { continue }
            seenValues.insert(text)
            texts.append(text)
            var swiftName: String?
            if let names, index < names.count, !names[index].isEmpty {
                swiftName = namer.bareMemberName(names[index])
            } else if integer {
                swiftName = nil
                let derived = namer.integerCaseName(text)
                if taken.contains(derived.lowercased()) { swiftName = derived }
            } else {
                let derived = namer.bareMemberName(text)
                if namer.words(text).isEmpty {
                    // A value with no word in it (`""`, `*`) is written `empty` in the spec, where a reader sees it.
                    swiftName = "empty"
                } else if taken.contains(derived.lowercased()) {
                    swiftName = derived
                }
            }
            let base = swiftName ?? (integer ? namer.integerCaseName(text) : namer.bareMemberName(text))
            let chosen = Self.unique(base) { taken.contains($0.lowercased()) }
            taken.insert(chosen.lowercased())
            if swiftName != nil || chosen != base { swiftName = chosen }
            var entry = EnumValue(value: text, isInteger: integer, location: Self.unlocated)
            if let swiftName, swiftName != (integer ? namer.integerCaseName(text) : namer.bareMemberName(text)) {
                entry.swiftName = swiftName
            }
            if let descriptions, index < descriptions.count, let description = descriptions[index] {
                entry.description = description
            }
            written.append(entry)
        }
        model.kind = .enumeration(written)
        model.example = Self.example(of: schema)
        return (model, .enumeration(values: texts, integer: integer))
    }

    /// The case name the export recorded for a union variant (`x-specgen-case`), when it is one the union can take: a
    /// Swift identifier no other variant has, and not the case that keeps unknown variants. Another value is left
    /// out with an `extension-value` warning.
    func recordedCaseName(_ variant: DocNode, taken: Set<String>) -> String? {
        guard let written = variant["x-specgen-case"] else { return nil }
        if let name = written.string, Namer.isMemberIdentifier(name), name != Namer.unknownEnumCase,
            !taken.contains(name.lowercased())
        {
            return name
        }
        warn(
            .extensionValue, at: written.location,
            "'x-specgen-case' \(written.node.scalar.map { "'\($0)'" } ?? written.node.kindDescription) is not a case "
                + "name this union can take; left out",
            fix: "write a Swift name no other variant of it has")
        return nil
    }
}
