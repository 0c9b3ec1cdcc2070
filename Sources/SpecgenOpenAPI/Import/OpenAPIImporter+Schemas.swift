import Foundation
import SpecgenSpec
import SpecgenYAML

/// A schema's type as a field writes it: the type text, whether it may be null, and the field options it carries.
struct ImportedType {
    var type: String
    var nullable = false
    /// Options written after `type` in a field's long form: format, constraints, const, default, example.
    var options = SpecMap()
    var description: String?
    /// `true`, or the deprecation's message.
    var deprecation: SpecText?
    /// The Swift name the export recorded (`x-specgen-swift-name`).
    var swiftName: String?
    /// Absent, `null` and a value are three things (`x-specgen-presence: nullable`, the spec's `??`).
    var nullClears = false

    init(_ type: String) {
        self.type = type
    }
}

/// Schemas: components become models, inline objects, enums and unions become models named from where they sit,
/// and everything else becomes a type expression.
extension ImportRun {
    // MARK: References

    /// The model a `$ref` to a schema names, made on first use; nil (with a warning) when the reference dangles.
    func modelName(forReference reference: String, from node: DocNode) -> String? {
        let target = documents.target(of: reference, from: node.file)
        let key = target.file + "#/" + target.pointer.joined(separator: "/")
        if let name = referenced[key] { return name }
        guard let (schema, _) = documents.resolve(reference, from: node) else {
            warn(
                .danglingRef, at: node.location, "$ref '\(reference)' points at nothing; typed as json",
                fix: "declare the schema it names")
            summary.jsonFallbacks += 1
            return nil
        }
        let isComponent =
            target.file == root?.file && target.pointer.count == 3
            && target.pointer[0] == "components" && target.pointer[1] == "schemas"
        if !isComponent { summary.documentSchemas += 1 }
        let raw = target.pointer.last ?? Self.stem(of: target.file)
        // A model the export gave a Swift name keeps its document name: the client uses the Swift name instead.
        let name: String
        if schema.string("x-specgen-swift-name") != nil, !takenTypeNames.contains(raw.lowercased()) {
            name = raw
            takenTypeNames.insert(raw.lowercased())
        } else {
            name = allocateTypeName(raw)
        }
        referenced[key] = name
        let outer = currentAnchor
        if isComponent, let position = componentOrder[raw] { currentAnchor = position }
        reserveModel(name)
        defineModel(name, schema: schema)
        currentAnchor = outer
        return name
    }

    /// `schemas/Pet.yaml` → `Pet`.
    static func stem(of file: String) -> String {
        let last = lastComponent(file)
        guard let dot = last.firstIndex(of: ".") else { return last }
        return String(last[..<dot])
    }

    /// Whether a `$ref` names a schema that becomes a model, rather than a piece of some other schema.
    func namesModel(_ reference: String, from node: DocNode) -> Bool {
        if reference.hasSuffix("/" + OpenAPIExporter.urlSchemaKey) { return false }  // the export's `url`
        let pointer = documents.target(of: reference, from: node.file).pointer
        guard pointer.count >= 2 else { return true }
        return ["schemas", "definitions", "$defs"].contains(pointer[pointer.count - 2])
    }

    // MARK: Models

    /// Writes a model from its schema: a struct, an enum, a union, or an alias of the type it is.
    func defineModel(_ name: String, schema: DocNode) {
        modelLocations[name] = schema.location
        if let (body, shape) = modelBody(schema, name: name) {
            setModel(name, Self.withSwiftName(body, schema.string("x-specgen-swift-name")), shape: shape)
            return
        }
        var type = self.type(of: schema, hint: name, asModel: true)
        if type.nullable { nullableModels.insert(name) }
        type.nullable = false
        var map = SpecMap()
        map["description"] = type.description.map(SpecText.description)
        map["deprecated"] = type.deprecation
        let alias: SpecText
        if map.isEmpty && type.options.isEmpty {
            alias = .string(type.type)
        } else {
            var long = SpecMap()
            long["type"] = .string(type.type)
            for entry in type.options.entries where Self.aliasKeys.contains(entry.key) {
                long[entry.key] = entry.value
            }
            long["example"] = type.options["example"]
            for entry in map.entries { long[entry.key] = entry.value }
            alias = long.text
        }
        setModel(name, Self.withSwiftName(alias, schema.string("x-specgen-swift-name")), shape: .alias(type.type))
    }

    /// A model's text with the Swift name the export recorded, first.
    static func withSwiftName(_ body: SpecText, _ swiftName: String?) -> SpecText {
        guard let swiftName else { return body }
        var map = SpecMap()
        map["swiftName"] = .string(swiftName)
        for entry in longForm(body).entries { map.set(entry.key, entry.value, comment: entry.comment) }
        return map.text
    }

    /// The options an alias model takes: a field's, less those that only mean something on a field.
    static let aliasKeys: Set<String> = [
        "format", "pattern", "minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems",
    ]

    /// The model a schema is, when it is an object, an enum, a union or a composition; nil for a plain type.
    func modelBody(_ schema: DocNode, name: String) -> (SpecText, ModelShape)? {
        let view = SchemaView(schema, run: self)
        if view.nullable { nullableModels.insert(name) }
        var map = SpecMap()
        let (description, deprecation) = Self.described(schema)
        map["description"] = description.map(SpecText.description)
        map["deprecated"] = deprecation

        if let allOf = view.allOf, allOf.count > 1 || view.hasProperties {
            return composition(schema, parts: allOf, name: name, into: map)
        }
        if let variants = view.variants, !variants.isEmpty, view.isConstantUnion {
            return enumeration(
                schema, values: variants.compactMap { $0["const"] }, name: name, into: map, cases: variants)
        }
        if let variants = view.variants, variants.count > 1, !view.isStringUnion {
            return union(schema, variants: variants, name: name, into: map)
        }
        if let values = view.enumValues, !values.isEmpty, view.variants == nil {
            return enumeration(schema, values: values, name: name, into: map)
        }
        // `properties: {}` and nothing more is a struct without fields (a body that must be empty), not a map.
        if view.hasProperties || (schema["properties"]?.isMapping == true && view.isClosed && view.variants == nil) {
            return structure(schema, ownParts: [schema], includes: [], name: name, into: map)
        }
        return nil
    }

    private func withExample(_ map: inout SpecMap, _ schema: DocNode) {
        if let example = schema["example"] ?? schema["examples"]?.items?.first {
            map["example"] = example.value
        }
    }

    /// A struct of the properties of `ownParts` (and, all optional, of `optionalParts`), after the models it
    /// includes. An included model whose property the struct narrows (`data: [Station]` over `data: [json]`) is
    /// not included but copied, since the format lets a struct restate an included property but not retype it.
    func structure(
        _ schema: DocNode, ownParts: [DocNode], optionalParts: [DocNode] = [], includes: [String], name: String,
        into header: SpecMap
    ) -> (SpecText, ModelShape) {
        var map = header
        var fields: [ImportedField] = []
        var required = Set<String>()
        var open = false
        var extraType: String?
        for part in ownParts {
            for name in part["required"]?.items?.compactMap(\.string) ?? [] { required.insert(name) }
        }
        for (index, part) in (ownParts + optionalParts).enumerated() {
            let isOptionalPart = index >= ownParts.count
            for (wireName, keyLocation, property) in part["properties"]?.entries ?? [] {
                let hint = name + namer.typeNamePart(wireName)
                let type = self.type(of: property, hint: hint)
                var field = importedField(wireName, type, required: !isOptionalPart && required.contains(wireName))
                field.location = keyLocation
                if let existing = fields.firstIndex(where: { $0.wireName == wireName }) {
                    if !isOptionalPart { fields[existing] = field }
                } else {
                    fields.append(field)
                }
            }
            switch SchemaView.additional(of: part, run: self) {
            case .closed: break
            case .open:
                open = true
                extraType = extraType ?? "json"
            case .typed(let node):
                open = true
                extraType = self.type(of: node, hint: name + "Value").type
            }
        }
        // Includes whose properties agree with the struct's and with each other stay includes; the others are
        // copied in.
        var kept: [String] = []
        var inherited: [ImportedField] = []
        var copied: [ImportedField] = []
        for include in includes {
            guard case .object(let includedFields, let includedOpen)? = shapes[include] else { continue }
            let conflicts = includedFields.contains { field in
                if let own = fields.first(where: { $0.wireName == field.wireName }) {
                    return own.type != field.type || (own.optional && !field.optional)
                }
                // Two includes must declare a property they share alike, presence included.
                guard let earlier = (inherited + copied).first(where: { $0.wireName == field.wireName }) else {
                    return false
                }
                return earlier.type != field.type || earlier.optional != field.optional
            }
            if conflicts || includedOpen {
                // A property an earlier include already brings stays as that include declares it: a value of the
                // composition satisfies both parts, so either type reads it.
                for field in includedFields
                where !(fields + copied + inherited).contains(where: { $0.wireName == field.wireName }) {
                    copied.append(field)
                }
                if includedOpen {
                    open = true
                    extraType = extraType ?? "json"
                }
            } else {
                kept.append(include)
                inherited += includedFields
            }
        }
        if !kept.isEmpty {
            map["includes"] = kept.count == 1 ? .string(kept[0]) : .list(kept.map(SpecText.string))
        }
        // A part that only makes an included property required restates it, as the format asks.
        for wireName in required.sorted() where !fields.contains(where: { $0.wireName == wireName }) {
            if let index = copied.firstIndex(where: { $0.wireName == wireName }), copied[index].optional {
                copied[index].optional = false
                copied[index].text = Self.requiredText(copied[index])
            } else if let field = inherited.first(where: { $0.wireName == wireName }), field.optional {
                var restated = field
                restated.optional = false
                restated.text = Self.requiredText(field)
                fields.append(restated)
            }
        }
        fields = withSwiftNames(copied + fields, inherited: inherited.map(\.wireName))
        var properties = SpecMap()
        for field in fields { properties[field.wireName] = field.text }
        if !properties.isEmpty || kept.isEmpty { map["properties"] = properties.text }
        if let extraType { map["additionalProperties"] = .string(extraType) }
        withExample(&map, schema)
        return (map.text, .object(fields: mergedFields(inherited, fields), open: open))
    }

    private func isRequired(_ wireName: String, in parts: [DocNode]) -> Bool {
        parts.contains { part in part["required"]?.items?.contains { $0.string == wireName } == true }
    }

    private func mergedFields(_ inherited: [ImportedField], _ own: [ImportedField]) -> [ImportedField] {
        var merged: [ImportedField] = []
        for field in inherited + own {
            if let index = merged.firstIndex(where: { $0.wireName == field.wireName }) {
                merged[index] = field
            } else {
                merged.append(field)
            }
        }
        return merged
    }

    /// Gives a property a `swiftName` when its derived name is taken by an earlier one (`ticket_id`, `ticketId`).
    private func withSwiftNames(_ fields: [ImportedField], inherited: [String]) -> [ImportedField] {
        var taken = Set(inherited.map { namer.bareMemberName($0).lowercased() })
        for field in fields {
            if case .string(let chosen)? = Self.longForm(field.text)["swiftName"] { taken.insert(chosen.lowercased()) }
        }
        return fields.map { field in
            if Self.longForm(field.text)["swiftName"] != nil { return field }
            let base = namer.bareMemberName(field.wireName)
            if inherited.contains(field.wireName) || !taken.contains(base.lowercased()) {
                taken.insert(base.lowercased())
                return field
            }
            let swiftName = Self.numbered(base) { taken.contains($0.lowercased()) }
            taken.insert(swiftName.lowercased())
            var renamed = field
            var long = Self.longForm(field.text)
            long["swiftName"] = .string(swiftName)
            renamed.text = long.text
            return renamed
        }
    }

    /// A field's text in long form, whatever form it was written in.
    static func longForm(_ text: SpecText) -> SpecMap {
        var map = SpecMap()
        switch text {
        case .map(let entries):
            for entry in entries { map[entry.key] = entry.value }
        default:
            map["type"] = text
        }
        return map
    }

    static func requiredText(_ field: ImportedField) -> SpecText {
        var long = longForm(field.text)
        long["type"] = .string(field.type)
        if long.keys == ["type"] { return .string(field.type) }
        return long.text
    }

    /// A field as the spec writes it: `type` or `type?` alone, or the long form when it has options.
    func importedField(_ wireName: String, _ type: ImportedType, required: Bool) -> ImportedField {
        // An absent field with a default takes it, so the field is a value, as the format writes defaults.
        // So is a constant: the format fills it in when it is absent.
        let optional = (!required && type.options["default"] == nil && type.options["const"] == nil) || type.nullable
        let written = type.type + (optional ? (type.nullClears ? "??" : "?") : "")
        var map = SpecMap()
        map["type"] = .string(written)
        map["swiftName"] = type.swiftName.map(SpecText.string)
        for entry in type.options.entries { map[entry.key] = entry.value }
        map["description"] = type.description.map(SpecText.description)
        map["deprecated"] = type.deprecation
        let constant: String? =
            if case .string(let value)? = type.options["const"] { value } else { nil }
        return ImportedField(
            wireName: wireName, type: type.type, optional: optional, constant: constant,
            text: map.keys == ["type"] ? .string(written) : map.text)
    }

    /// `allOf`: a struct that includes the structs it names and adds the properties of the rest. A part that is a
    /// union adds the properties of its object variants, each optional, since a struct cannot include a union.
    private func composition(
        _ schema: DocNode, parts: [DocNode], name: String, into map: SpecMap
    ) -> (SpecText, ModelShape) {
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
    private func unionParts(
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
    private func union(
        _ schema: DocNode, variants: [DocNode], name: String, into header: SpecMap
    ) -> (SpecText, ModelShape) {
        var map = header
        var discriminator = schema["discriminator"]?.string("propertyName")
        var tags: [String: String] = [:]  // model name → tag from the mapping
        if discriminator != nil, let mapping = schema["discriminator"]?["mapping"]?.entries {
            for (tag, _, target) in mapping {
                guard let reference = target.string else { continue }
                let full =
                    reference.contains("#") || reference.contains("/")
                    ? reference
                    : "#/components/schemas/" + reference
                if let model = modelName(forReference: full, from: target) { tags[model] = tags[model] ?? tag }
            }
        }
        var written: [SpecText] = []
        var seenTypes = Set<String>()
        var seenCases = Set<String>()
        var allModels = true
        for (index, variant) in variants.enumerated() {
            let reference = SchemaView.reference(of: variant)
            let label =
                reference == nil
                ? Self.variantLabel(variant, discriminator: discriminator) ?? variant.string("title")
                    ?? "variant\(index + 1)" : nil
            let type = self.type(of: variant, hint: name + namer.typeNamePart(label ?? ""))
            guard !seenTypes.contains(type.type) else {
                warn(
                    .unionDuplicate, at: variant.location,
                    "variant \(index + 1) of '\(name)' has the same type as an earlier one (\(type.type)); dropped")
                continue
            }
            seenTypes.insert(type.type)
            if case .object? = shapes[type.type] {} else { allModels = false }
            var entry = SpecMap()
            entry["type"] = .string(type.type)
            if let explicit = variant.string("x-specgen-case") {
                entry["case"] = .string(explicit)
                seenCases.insert(explicit.lowercased())
            } else if let label, case .object? = shapes[type.type] {
                // A model made from the variant is named after the union; its case is named as the variant sits.
                let caseName = namer.bareMemberName(label)
                if !seenCases.contains(caseName.lowercased()) {
                    entry["case"] = .string(caseName)
                    seenCases.insert(caseName.lowercased())
                }
            }
            if let tag = tags[type.type], tag != constantTag(of: type.type, discriminator) {
                entry["tag"] = .string(tag)
            }
            // A variant made a model keeps its description there.
            if reference != nil || shapes[type.type] == nil, let description = variant.string("description") {
                entry["description"] = SpecText.description(description)
            }
            written.append(entry.keys == ["type"] ? .string(type.type) : entry.text)
        }
        let tagsWritten = written.compactMap { entry -> String? in
            switch entry {
            case .string(let type): return constantTag(of: type, discriminator)
            case .map(let entries):
                if case .string(let tag)? = entries.first(where: { $0.key == "tag" })?.value { return tag }
                if case .string(let type)? = entries.first(where: { $0.key == "type" })?.value {
                    return constantTag(of: type, discriminator)
                }
                return nil
            default: return nil
            }
        }
        if discriminator != nil, allModels, Set(tagsWritten).count < tagsWritten.count {
            warn(
                .discriminatorDropped, at: (schema["discriminator"] ?? schema).location,
                "two variants of '\(name)' have the same '\(discriminator ?? "")'; decoded in order instead")
            discriminator = nil
            written = written.map(Self.withoutTag)
        }
        // A variant whose tag property takes several values (`type: {enum: [search, search_2025]}`) and that the
        // mapping does not name cannot be given one tag: the union decodes in order, constants first.
        if let property = discriminator, allModels,
            let variant = variants.first(where: { variant in
                guard let target = resolved(variant, warning: false), let model = namesOf(variant) else { return false }
                return tags[model] == nil && (target["properties"]?[property]?["enum"]?.items?.count ?? 0) > 1
            })
        {
            warn(
                .discriminatorDropped, at: (schema["discriminator"] ?? schema).location,
                "a variant of '\(name)' (\(namesOf(variant) ?? "inline")) takes several '\(property)' values, which one "
                    + "tag cannot say; decoded in order instead")
            discriminator = nil
            written = written.map(Self.withoutTag)
        }
        if discriminator != nil, !allModels {
            warn(
                .discriminatorDropped, at: (schema["discriminator"] ?? schema).location,
                "'\(name)' has a discriminator but a variant that is not an object; decoded in order instead")
            discriminator = nil
        }
        if written.count == 1, case .string(let only) = written[0] {
            // One variant left (the others were duplicates or null): the union is another name for it.
            return (Self.alias(of: only, keeping: map), .alias(only))
        }
        map["oneOf"] = .list(written)
        map["discriminator"] = discriminator.map(SpecText.string)
        withExample(&map, schema)
        return (map.text, .union)
    }

    /// What makes two inline models the same model: their text without descriptions and examples.
    static func identity(of body: SpecText) -> SpecText {
        switch body {
        case .map(let entries):
            return .map(
                entries.filter { !["description", "example", "deprecated"].contains($0.key) }.map {
                    SpecText.Entry(key: $0.key, value: identity(of: $0.value))
                })
        case .list(let items): return .list(items.map(identity))
        default: return body
        }
    }

    /// A union variant's text without its `tag`, for a union that decodes in order.
    static func withoutTag(_ variant: SpecText) -> SpecText {
        guard case .map(let entries) = variant else { return variant }
        let kept = entries.filter { $0.key != "tag" }
        return kept.count == 1 ? kept[0].value : .map(kept)
    }

    /// A union of one variant written as an alias of it, keeping the union's other keys (its description) but
    /// `oneOf` and `discriminator`.
    static func alias(of type: String, keeping map: SpecMap) -> SpecText {
        var alias = SpecMap()
        alias["type"] = .string(type)
        for entry in map.entries where entry.key != "oneOf" && entry.key != "discriminator" {
            alias[entry.key] = entry.value
        }
        return alias.keys == ["type"] ? .string(type) : alias.text
    }

    /// The model a `$ref` variant names, if it names one.
    private func namesOf(_ variant: DocNode) -> String? {
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
    private func enumeration(
        _ schema: DocNode, values: [DocNode], name: String, into header: SpecMap, cases: [DocNode]? = nil
    ) -> (SpecText, ModelShape) {
        var map = header
        let integer = values.allSatisfy { $0.int != nil && $0.node.isPlainScalar }
        let names =
            cases.map { $0.map { $0.string("title") ?? "" } }
            ?? (schema["x-enum-varnames"] ?? schema["x-enumNames"] ?? schema["x-enum-names"])?.items?
            .compactMap(\.string)
        let descriptions =
            cases?.map { $0.string("description") }
            ?? schema["x-enum-descriptions"]?.items?.map(\.string)
        var taken = Set<String>([Namer.unknownEnumCase.lowercased()])
        var seenValues = Set<String>()
        var written: [SpecText] = []
        var texts: [String] = []
        for (index, value) in values.enumerated() {
            let text = value.string ?? ""
            guard !seenValues.contains(text) else { continue }
            seenValues.insert(text)
            texts.append(text)
            let raw: SpecText = integer ? .plain(text) : .string(text)
            var swiftName: String?
            if let names, index < names.count, !names[index].isEmpty {
                swiftName = namer.bareMemberName(names[index])
            } else if integer {
                swiftName = nil
                let derived = namer.integerCaseName(text)
                if taken.contains(derived.lowercased()) { swiftName = derived }
            } else {
                let derived = namer.bareMemberName(text)
                if text.isEmpty || derived == "_" {
                    swiftName = "empty"
                } else if taken.contains(derived.lowercased()) {
                    swiftName = derived
                }
            }
            let base = swiftName ?? (integer ? namer.integerCaseName(text) : namer.bareMemberName(text))
            let chosen = Self.unique(base) { taken.contains($0.lowercased()) }
            taken.insert(chosen.lowercased())
            if swiftName != nil || chosen != base { swiftName = chosen }
            var entry = SpecMap()
            entry["value"] = raw
            if let swiftName, swiftName != (integer ? namer.integerCaseName(text) : namer.bareMemberName(text)) {
                entry["swiftName"] = .string(swiftName)
            }
            if let descriptions, index < descriptions.count, let description = descriptions[index] {
                entry["description"] = SpecText.description(description)
            }
            written.append(entry.keys == ["value"] ? raw : entry.text)
        }
        map["enum"] = .list(written)
        withExample(&map, schema)
        return (map.text, .enumeration(values: texts, integer: integer))
    }
}

/// A schema read for what decides its type, with `null` taken out wherever the document spells it: `nullable: true`
/// (3.0), `type: [T, "null"]` (3.1) or a `{type: "null"}` branch of `oneOf`/`anyOf`.
struct SchemaView {
    enum Additional {
        case closed, open
        case typed(DocNode)
    }

    let node: DocNode
    var nullable = false
    var types: [String] = []
    var variants: [DocNode]?
    var allOf: [DocNode]?
    var enumValues: [DocNode]?
    var hasProperties = false
    var isObject = false
    var additional = Additional.closed
    var isClosed: Bool {
        if case .closed = additional { return true }
        return false
    }
    /// Every variant is a string (plain, an enum, a format): the union is a string.
    var isStringUnion = false
    /// Every variant is one constant, with at most a title and description: an enum (Discord's).
    var isConstantUnion = false

    init(_ node: DocNode, run: ImportRun) {
        self.node = node
        nullable = node["nullable"]?.bool == true
        if let type = node.string("type") {
            types = [type]
        } else if let list = node["type"]?.items {
            types = list.compactMap(\.string)
        }
        if types.contains("null") {
            nullable = true
            types.removeAll { $0 == "null" }
        }
        for key in ["oneOf", "anyOf"] {
            guard let items = node[key]?.items else { continue }
            let kept = items.filter { !Self.isNull($0) }
            if kept.count < items.count { nullable = true }
            variants = (variants ?? []) + kept
        }
        if let items = node["allOf"]?.items {
            let kept = items.filter { !Self.isNull($0) && !Self.isEmpty($0) }
            if kept.count < items.count, items.contains(where: Self.isNull) { nullable = true }
            allOf = kept
        }
        if let values = node["enum"]?.items {
            let kept = values.filter { !$0.node.isNull }
            if kept.count < values.count { nullable = true }
            enumValues = kept
        }
        hasProperties = node["properties"]?.entries?.isEmpty == false
        isObject = types.contains("object")
        additional = Self.additional(of: node, run: run)
        if let variants, !variants.isEmpty {
            isConstantUnion = variants.allSatisfy { variant in
                guard let constant = variant["const"], !constant.node.isNull, constant.node.scalar != nil else {
                    return false
                }
                return (variant.entries ?? []).allSatisfy {
                    ["const", "title", "description", "type"].contains($0.key)
                }
            }
            isStringUnion = variants.allSatisfy { variant in
                variant.string("type") == "string" && variant["properties"] == nil && variant.string("$ref") == nil
                    || Self.isStringEnumReference(variant, run: run)
            }
        }
    }

    /// `additionalProperties`: absent or `false` is closed, `true` or `{}` open, a schema typed.
    static func additional(of node: DocNode, run: ImportRun) -> Additional {
        guard let value = node["additionalProperties"] else { return .closed }
        if let bool = value.bool { return bool ? .open : .closed }
        if isEmpty(value) { return .open }
        return .typed(value)
    }

    static func isNull(_ node: DocNode) -> Bool {
        if node.string("type") == "null" { return true }
        if let types = node["type"]?.items, types.count == 1, types[0].string == "null" { return true }
        if let values = node["enum"]?.items, values.count == 1, values[0].node.isNull { return true }
        if let constant = node["const"], constant.node.isNull { return true }
        return false
    }

    /// `{}` or a schema with only a description or title: any value.
    static func isEmpty(_ node: DocNode) -> Bool {
        guard let entries = node.entries else { return false }
        return entries.allSatisfy { ["description", "title", "x-stripeBypassValidation"].contains($0.key) }
    }

    /// The `$ref` a schema is: its own, or that of an `allOf` with one reference and nothing else to add.
    static func reference(of node: DocNode) -> String? {
        if let reference = node.string("$ref") { return reference }
        guard let parts = node["allOf"]?.items, parts.count == 1, let reference = parts[0].string("$ref"),
            node["properties"] == nil, node["oneOf"] == nil, node["anyOf"] == nil
        else { return nil }
        return reference
    }

    static func isStringEnumReference(_ node: DocNode, run: ImportRun) -> Bool {
        guard let reference = node.string("$ref"), run.namesModel(reference, from: node),
            let model = run.modelName(forReference: reference, from: node),
            case .enumeration(_, let integer)? = run.shapes[model]
        else { return false }
        return !integer
    }
}

extension ImportRun {
    /// Keys beside a `$ref` that only describe it, which the import reads as a person would.
    /// The one value a schema allows (`const`, or an `enum` of one scalar), if it names one.
    static func constant(of schema: DocNode) -> DocNode? {
        let values = schema["enum"]?.items
        guard let constant = schema["const"] ?? (values?.count == 1 ? values?.first : nil),
            constant.node.scalar != nil, !constant.node.isNull
        else { return nil }
        return constant
    }

    static let referenceSiblings: Set<String> = [
        "$ref", "description", "summary", "title", "nullable", "deprecated", "readOnly", "writeOnly", "example",
        "examples", "default", "externalDocs",
    ]

    /// The type of a schema where it is used. An inline object, enum, union or composition becomes a model named
    /// `hint`; with `asModel`, the schema is a named model's own and only its plain type is wanted.
    func type(
        of schema: DocNode, hint: String, usage: SchemaUsage = .json, asModel: Bool = false, depth: Int = 0
    ) -> ImportedType {
        if schema.bool != nil, !schema.isMapping { return ImportedType("json") }
        guard schema.isMapping else {
            warn(
                .invalidSchema, at: schema.location,
                "a schema must be a mapping, found \(schema.node.kindDescription); typed as json")
            summary.jsonFallbacks += 1
            return ImportedType("json")
        }
        if let reference = schema.string("$ref") {
            var result = referencedType(reference, at: schema, hint: hint, usage: usage, depth: depth)
            if schema["nullable"]?.bool == true { result.nullable = true }
            Self.describe(&result, schema)
            // OpenAPI 3.1 applies a `$ref`'s siblings too: `{$ref: Kind, const: 2}` is a constant of `Kind`.
            var applied: Set<String> = []
            if isVersion31, let constant = Self.constant(of: schema) {
                result.options["const"] = constant.value
                applied = ["const", "enum"]
            }
            let ignored = (schema.entries ?? []).filter {
                !Self.referenceSiblings.contains($0.key) && !$0.key.hasPrefix("x-") && !applied.contains($0.key)
            }
            if let first = ignored.first {
                warn(
                    .refSiblings, at: first.keyLocation,
                    "\(ignored.map { "'\($0.key)'" }.joined(separator: ", ")) beside '$ref' "
                        + (isVersion31
                            ? "is ignored: a spec type cannot add to the schema a reference names"
                            : "is ignored, as OpenAPI 3.0 says"),
                    fix: "wrap the reference: 'allOf: [{$ref: ...}]' with the other keys beside 'allOf'")
            }
            return withDefaults(result, schema)
        }
        let view = SchemaView(schema, run: self)
        var result: ImportedType
        if !asModel, needsModel(view, usage: usage) {
            var name = allocateTypeName(hint)
            reserveModel(name)
            defineModel(name, schema: schema)
            // Identical inline structs (the same object written out in two places) are one model: the first. Enums
            // are left apart: a shared enum would be named after whichever use comes first, so an unrelated edit
            // that removes that use would rename it.
            if let index = modelIndex[name], let body = models[index].body, case .object? = shapes[name] {
                let key = Self.identity(of: body)
                if let first = inlineModels[key], first != name, shapes[first] != nil {
                    models[index].body = nil
                    name = first
                } else {
                    inlineModels[key] = name
                }
            }
            result = ImportedType(name)
            if nullableModels.contains(name) { result.nullable = true }
            return result
        } else if let reference = SchemaView.reference(of: schema) {
            result = referencedType(
                reference, at: schema["allOf"]?.items?.first ?? schema, hint: hint, usage: usage, depth: depth)
            // `{enum: [8], allOf: [{$ref: Kind}]}` narrows the named type to one value: a constant of it.
            if let constant = Self.constant(of: schema) { result.options["const"] = constant.value }
        } else if let variants = view.variants {
            if variants.isEmpty {
                result = ImportedType("json")
            } else if variants.count == 1 {
                result = type(of: variants[0], hint: hint, usage: usage, depth: depth + 1)
            } else {
                result = stringUnionType(variants)
            }
        } else if let allOf = view.allOf, !allOf.isEmpty, !view.hasProperties {
            result = type(of: allOf[0], hint: hint, usage: usage, depth: depth + 1)
            if allOf.count > 1 {
                warn(.allofFlattened, at: schema.location, "allOf in a \(usage) value keeps only its first part")
            }
        } else {
            result = plainType(view, hint: hint, usage: usage, depth: depth)
        }
        if view.nullable { result.nullable = true }
        Self.describe(&result, schema)
        if result.type == "json", usage == .form || usage == .parameter || usage == .header {
            warn(.anyValue, at: schema.location, "a value of any type in a \(usage) is sent as text")
            result.type = "string"
        }
        return withDefaults(result, schema)
    }

    /// A schema's or parameter's description and deprecation, on a type.
    static func describe(_ type: inout ImportedType, _ node: DocNode) {
        let (description, deprecation) = described(node)
        if let description { type.description = description }
        if let deprecation { type.deprecation = deprecation }
    }

    /// A node's description and deprecation as the spec writes them: `deprecated: true`, or its message when the
    /// description ends in a paragraph `Deprecated: why` (as the export writes it; a bare `Deprecated.` goes too).
    static func described(_ node: DocNode) -> (description: String?, deprecation: SpecText?) {
        let description = node.string("description")
        guard node["deprecated"]?.bool == true else { return (description, nil) }
        guard var paragraphs = description?.components(separatedBy: "\n\n"), let last = paragraphs.last else {
            return (description, .plain("true"))
        }
        guard let message = OpenAPIExporter.deprecationMessage(inParagraph: last) else {
            return (description, .plain("true"))
        }
        paragraphs.removeLast()
        let deprecation: SpecText = message.map(SpecText.string) ?? .plain("true")
        return (paragraphs.isEmpty ? nil : paragraphs.joined(separator: "\n\n"), deprecation)
    }

    /// Whether a schema used in place needs a model of its own.
    func needsModel(_ view: SchemaView, usage: SchemaUsage) -> Bool {
        if usage == .form || usage == .parameter || usage == .header {
            return (view.enumValues?.count ?? 0) >= 2 && view.variants == nil
        }
        if view.hasProperties { return true }
        if let allOf = view.allOf, allOf.count > 1 || (allOf.count == 1 && view.variants != nil) { return true }
        if let variants = view.variants, variants.count > 1, !view.isStringUnion || view.isConstantUnion {
            return true
        }
        if let values = view.enumValues, values.count >= 2, view.variants == nil { return true }
        return false
    }

    /// A `$ref` where a type is used: the model it names, or the type of the schema piece it points into.
    private func referencedType(
        _ reference: String, at node: DocNode, hint: String, usage: SchemaUsage, depth: Int
    ) -> ImportedType {
        if reference.hasSuffix("/" + OpenAPIExporter.urlSchemaKey) { return ImportedType("url") }
        if namesModel(reference, from: node) {
            guard let model = modelName(forReference: reference, from: node) else { return ImportedType("json") }
            var result = ImportedType(model)
            result.nullable = nullableModels.contains(model)
            return adapted(result, to: usage, at: node)
        }
        guard depth < 32, let (target, _) = documents.resolve(reference, from: node) else {
            warn(.danglingRef, at: node.location, "$ref '\(reference)' points at nothing; typed as json")
            summary.jsonFallbacks += 1
            return ImportedType("json")
        }
        return type(of: target, hint: hint, usage: usage, depth: depth + 1)
    }

    /// A model where a form field, parameter or header needs a scalar: an object travels as a deepObject map of
    /// text, a union as text.
    private func adapted(_ type: ImportedType, to usage: SchemaUsage, at node: DocNode) -> ImportedType {
        guard usage == .form || usage == .parameter || usage == .header else { return type }
        switch shapes[type.type] {
        case .object?:
            warn(
                .nestedObject, at: node.location,
                "'\(type.type)' is an object inside a \(usage == .form ? "form body" : "parameter"); "
                    + "sent as a map of text (\(type.type)[key]=value), so its fields' types are not checked")
            var map = ImportedType("{string: string}")
            map.nullable = type.nullable
            return map
        case .union?:
            warn(.nestedUnion, at: node.location, "'\(type.type)' is a union inside a \(usage); sent as text")
            var text = ImportedType("string")
            text.nullable = type.nullable
            return text
        default:
            return type
        }
    }

    /// Variants that are all strings: the enum among them when there is one (its unknown values decode anyway),
    /// else `string`.
    private func stringUnionType(_ variants: [DocNode]) -> ImportedType {
        for variant in variants {
            if let reference = variant.string("$ref"), let model = modelName(forReference: reference, from: variant),
                case .enumeration? = shapes[model]
            {
                return ImportedType(model)
            }
        }
        return ImportedType("string")
    }

    /// A scalar, array or map.
    private func plainType(_ view: SchemaView, hint: String, usage: SchemaUsage, depth: Int) -> ImportedType {
        let schema = view.node
        if view.types.count > 1 {
            warn(
                .typeList, at: (schema["type"] ?? schema).location,
                "a value of several types (\(view.types.joined(separator: ", "))) is typed as json",
                fix: "use oneOf with one schema per type")
            summary.jsonFallbacks += 1
            return ImportedType("json")
        }
        var jsonType = view.types.first
        if jsonType == nil {
            if let constant = schema["const"] {
                jsonType = Self.jsonType(of: constant)
            } else if let first = view.enumValues?.first {
                jsonType = Self.jsonType(of: first)
            } else if schema["items"] != nil {
                jsonType = "array"
            } else if schema["additionalProperties"] != nil || schema["properties"] != nil {
                jsonType = "object"
            }
        }
        let format = schema.string("format")
        var result: ImportedType
        switch jsonType {
        case "string" where schema.string("x-specgen-date-format") != nil:
            // The export's own words for a date written in a pattern.
            result = ImportedType("datetime")
            result.options["format"] = schema.string("x-specgen-date-format").map(SpecText.string)
        case "number" where format == "epoch-seconds" || format == "epoch-milliseconds":
            result = ImportedType("datetime")
            result.options["format"] = format.map(SpecText.string)
        case "string" where format == nil && schema["contentMediaType"] != nil && schema["contentEncoding"] == nil:
            // OpenAPI 3.1's raw bytes: a file where a part can carry one, else text.
            result = ImportedType(usage == .multipart || usage == .json ? "file" : "string")
        case "string":
            result = ImportedType(stringType(format, usage: usage))
            if format == "password" { result.options["sensitive"] = .plain("true") }
            if result.type == "string" {
                if let pattern = schema.string("pattern") {
                    if (try? NSRegularExpression(pattern: pattern)) != nil {
                        result.options["pattern"] = .string(pattern)
                    } else {
                        warn(
                            .pattern, at: schema["pattern"]?.location ?? schema.location,
                            "the pattern is not a regular expression this platform reads; not checked")
                    }
                }
                result.options["minLength"] = schema["minLength"]?.int.map { .plain(String($0)) }
                result.options["maxLength"] = schema["maxLength"]?.int.map { .plain(String($0)) }
            }
        case "integer":
            if format == "unix-time" || format == "unixtime" || format == "timestamp" {
                result = ImportedType("datetime")
                result.options["format"] = "epoch-seconds"
            } else {
                result = ImportedType(format == "int32" ? "int32" : format == "int64" ? "int64" : "int")
                numberConstraints(&result, schema)
            }
        case "number":
            result = ImportedType(format == "float" ? "float" : "double")
            numberConstraints(&result, schema)
        case "boolean":
            result = ImportedType("bool")
        case "array":
            result = arrayType(view, hint: hint, usage: usage, depth: depth)
        case "object":
            result = mapType(view, hint: hint, usage: usage, depth: depth)
        case nil:
            result = ImportedType("json")
        default:
            warn(
                .unknownType, at: (schema["type"] ?? schema).location,
                "unknown type '\(jsonType ?? "")'; typed as json")
            summary.jsonFallbacks += 1
            result = ImportedType("json")
        }
        if let constant = schema["const"] ?? (view.enumValues?.count == 1 ? view.enumValues?.first : nil),
            ["string", "int", "int32", "int64", "bool", "double", "float"].contains(result.type)
        {
            result.options["const"] = constant.value
        }
        return result
    }

    static func jsonType(of node: DocNode) -> String {
        if node.node.isPlainScalar {
            if node.bool != nil { return "boolean" }
            if node.int != nil { return "integer" }
            if node.double != nil { return "number" }
        }
        switch node.node.content {
        case .sequence: return "array"
        case .mapping: return "object"
        case .scalar: return "string"
        }
    }

    private func stringType(_ format: String?, usage: SchemaUsage) -> String {
        switch format {
        case "date-time": "datetime"
        case "date": "date"
        case "uuid": "uuid"
        case "uri", "url", "iri": "url"
        case "byte": "bytes"
        case "binary": usage == .multipart ? "file" : "string"
        default: "string"
        }
    }

    private func numberConstraints(_ result: inout ImportedType, _ schema: DocNode) {
        for key in ["minimum", "maximum"] {
            guard let value = schema[key], let number = value.double, number.isFinite else { continue }
            // The bounds of a 64-bit or 32-bit integer say nothing the type does not.
            if abs(number) >= 9.2e18
                || (result.type == "int32" && (number == -2_147_483_648 || number == 2_147_483_647))
            {
                continue
            }
            result.options[key] = value.value
        }
    }

    private func arrayType(_ view: SchemaView, hint: String, usage: SchemaUsage, depth: Int) -> ImportedType {
        let schema = view.node
        guard let items = schema["items"] else { return withItemLimits(ImportedType("[json]"), schema) }
        let itemUsage: SchemaUsage = usage == .multipart ? .multipart : usage
        var element = type(of: items, hint: hint + "Item", usage: itemUsage, depth: depth + 1)
        if element.nullable {
            warn(
                .nullItems, at: items.location,
                "array items may be null, which a Swift array of '\(element.type)' cannot hold; null items fail to decode",
                fix: "drop null from the items, or type them as json")
            element.nullable = false
        }
        if usage != .json && usage != .multipart && (element.type.hasPrefix("[") || element.type.hasPrefix("{")) {
            warn(.nestedArray, at: items.location, "an array of arrays or maps in a \(usage) is sent as text")
            return ImportedType("[string]")
        }
        return withItemLimits(ImportedType("[\(element.type)]"), schema)
    }

    private func withItemLimits(_ type: ImportedType, _ schema: DocNode) -> ImportedType {
        var result = type
        result.options["minItems"] = schema["minItems"]?.int.map { .plain(String($0)) }
        result.options["maxItems"] = schema["maxItems"]?.int.map { .plain(String($0)) }
        return result
    }

    private func mapType(_ view: SchemaView, hint: String, usage: SchemaUsage, depth: Int) -> ImportedType {
        switch view.additional {
        case .typed(let node):
            var value = type(of: node, hint: hint + "Value", usage: usage == .json ? .json : usage, depth: depth + 1)
            if value.nullable {
                value.nullable = false
                if value.type != "json" {
                    warn(
                        .nullValues, at: node.location,
                        "map values may be null, which '{string: \(value.type)}' cannot hold; typed as json values")
                    value = ImportedType("json")
                }
            }
            if usage != .json, value.type.hasPrefix("[") || value.type.hasPrefix("{") || value.type == "json" {
                return ImportedType("{string: string}")
            }
            return ImportedType("{string: \(value.type)}")
        case .open, .closed:
            return ImportedType(usage == .json || usage == .multipart ? "{string: json}" : "{string: string}")
        }
    }

    /// A field's `default` and `example`, kept when they fit the type.
    private func withDefaults(_ type: ImportedType, _ schema: DocNode) -> ImportedType {
        var result = type
        result.swiftName = schema.string("x-specgen-swift-name") ?? result.swiftName
        if schema.string("x-specgen-presence") == "nullable" { result.nullClears = true }
        if let value = schema["default"], fits(value, result.type), result.options["const"] == nil {
            result.options["default"] = value.value
        }
        if let example = schema["example"] ?? schema["examples"]?.items?.first, !result.type.hasPrefix("{"),
            example.isMapping == false || shapes[result.type] != nil
        {
            result.options["example"] = example.value
        }
        return result
    }

    /// Whether a default value is one the type can hold, as lint requires of it.
    func fits(_ value: DocNode, _ type: String) -> Bool {
        switch type {
        case "string": return value.node.scalar != nil && !value.node.isNull
        case "int", "int32", "int64": return value.int != nil && value.node.isPlainScalar
        case "double", "float": return value.double != nil && value.node.isPlainScalar
        case "bool": return value.bool != nil
        case _ where type.hasPrefix("["): return value.items != nil
        case _ where type.hasPrefix("{"): return value.isMapping
        default:
            if case .enumeration(let values, let integer)? = shapes[type], let text = value.string {
                return values.contains(text) && (integer ? value.int != nil : true)
            }
            return false
        }
    }
}
