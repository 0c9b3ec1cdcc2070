import Foundation
import SpecgenSpec
import SpecgenYAML

/// A schema's type as a field takes it: the type, whether it may be null, and what the field says about it.
struct ImportedType {
    var type: TypeRef
    var nullable = false
    /// A date's format (`epoch-seconds`, a pattern the export recorded).
    var format: String?
    var constraints = Constraints()
    /// The one value the field holds, a default when it is absent, an example.
    var constant: SpecValue?
    var defaultValue: SpecValue?
    var example: SpecValue?
    /// How an array in the query travels.
    var style: ParameterStyle?
    /// A password: kept out of logs and descriptions.
    var sensitive = false
    var description: String?
    var deprecation: Deprecation?
    /// The Swift name the export recorded (`x-specgen-swift-name`).
    var swiftName: String?
    /// Absent, `null` and a value are three things (`x-specgen-presence: nullable`, the spec's `??`).
    var nullClears = false

    init(_ type: TypeRef) {
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
        if recordedSwiftName(schema) != nil, !takenTypeNames.contains(raw.lowercased()) {
            name = raw
            takenTypeNames.insert(raw.lowercased())
        } else {
            name = allocateTypeName(raw, at: schema.location, "schema '\(raw)'")
        }
        referenced[key] = name
        if isComponent, let position = componentOrder[raw] { componentPositions[name] = position }
        reserveModel(name)
        if isComponent, let subtypes = subtypes(of: raw, schema: schema) {
            defineHierarchy(name, raw: raw, schema: schema, subtypes: subtypes)
        } else {
            defineModel(name, schema: schema)
        }
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

    /// Warns of the `const` and `default` that `type` carries and `what` cannot keep, where the document writes
    /// them (in `schema`, or the schema it refers to), else at `fallback`.
    func warnUnkept(
        _ type: ImportedType, of what: String, writtenIn schema: DocNode?, else fallback: DocNode,
        because reason: String
    ) {
        guard type.constant != nil || type.defaultValue != nil else { return }
        // The node that writes the value: a reference's target (whose dangling, if so, its reader has reported).
        let written = schema.flatMap { resolved($0, warning: false) }
        for (key, value) in [("const", type.constant), ("default", type.defaultValue)] where value != nil {
            warn(
                .defaultValue, at: (written?.peeked(key) ?? written ?? fallback).location,
                "the \(key) of \(what) is not kept: \(reason)")
        }
    }

    /// Writes a model from its schema: a struct, an enum, a union, or an alias of the type it is.
    func defineModel(_ name: String, schema: DocNode) {
        places.modelLocations[name] = schema.location
        // The Swift name the export recorded.
        let swiftName = recordedSwiftName(schema)
        if let (body, shape) = modelBody(schema, name: name) {
            var model = body
            model.swiftName = swiftName
            setModel(model, shape: shape)
            return
        }
        let type = self.type(of: schema, hint: name, asModel: true)
        if type.nullable { nullableModels.insert(name) }
        // What an alias says: its type, the type's constraints, an example and the documentation. A field's
        // default and constant mean nothing on an alias, and are said not kept.
        warnUnkept(
            type, of: "'\(name)'", writtenIn: schema, else: schema,
            because: "the spec's aliases take none; give it on the fields of type '\(name)'")
        let alias = Model(
            name: name, swiftName: swiftName, kind: .alias(type.type, type.constraints),
            description: type.description, deprecation: type.deprecation, example: type.example,
            location: Self.unlocated)
        setModel(alias, shape: .alias(type.type))
    }

    /// The model a schema is, when it is an object, an enum, a union or a composition; nil for a plain type.
    func modelBody(_ schema: DocNode, name: String) -> (Model, ModelShape)? {
        let view = SchemaView(schema, run: self)
        if view.nullable { nullableModels.insert(name) }
        let map = modelHeader(name, schema)

        if let allOf = view.allOf, allOf.count > 1 || view.hasProperties {
            return composition(schema, parts: allOf, name: name, into: map)
        }
        if let variants = view.variants, !variants.isEmpty, view.isConstantUnion {
            return enumeration(
                schema, values: variants.compactMap { $0["const"] }, name: name, into: map, cases: variants)
        }
        // One variant is a union still where a discriminator says a kind added later is not this one.
        if let variants = view.variants, variants.count > 1 || (variants.count == 1 && schema["discriminator"] != nil),
            !view.isStringUnion
        {
            return union(schema, variants: variants, name: name, into: map)
        }
        if let values = view.enumValues, !values.isEmpty, view.variants == nil, !view.enumIsTypeOnly {
            return enumeration(schema, values: values, name: name, into: map)
        }
        // `properties: {}` and nothing more is a struct without fields (a body that must be empty), not a map.
        if view.hasProperties || (schema["properties"]?.isMapping == true && view.isClosed && view.variants == nil) {
            return structure(schema, ownParts: [schema], includes: [], name: name, into: map)
        }
        return nil
    }

    /// A schema's example: its own, or the first of its `examples`.
    static func example(of schema: DocNode) -> SpecValue? {
        (schema["example"] ?? schema["examples"]?.items?.first)?.specValue
    }

    /// A struct of the properties of `ownParts` (and, all optional, of `optionalParts`), after the models it
    /// includes. An included model whose property the struct narrows (`data: [Station]` over `data: [json]`) is
    /// not included but copied, since the format lets a struct restate an included property but not retype it.
    func structure(
        _ schema: DocNode, ownParts: [DocNode], optionalParts: [DocNode] = [], includes: [String], name: String,
        into header: Model
    ) -> (Model, ModelShape) {
        var model = header
        var fields: [ImportedField] = []
        var required = Set<String>()
        var open = false
        var extraType: TypeRef?
        for part in ownParts {
            for name in part["required"]?.items?.compactMap(\.string) ?? [] { required.insert(name) }
        }
        for (index, part) in (ownParts + optionalParts).enumerated() {
            let isOptionalPart = index >= ownParts.count
            for (wireName, keyLocation, property) in part["properties"]?.entries ?? [] {
                let hint = name + namer.typeNamePart(wireName)
                let type = self.type(of: property, hint: hint)
                let inBoth = oneModelForBoth(property, wireName, required: required.contains(wireName), of: name)
                var field = importedField(wireName, type, required: !isOptionalPart && inBoth)
                field.location = keyLocation
                if !isOptionalPart, required.contains(wireName), type.nullable, !type.nullClears {
                    notes.requiredNullable[name, default: []].append((wireName, keyLocation))
                }
                places.fieldLocations[name + "\u{1}" + wireName] = keyLocation
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
                extraType = extraType ?? .primitive(.json)
            case .typed(let node):
                open = true
                extraType = typeOnly(
                    of: node, hint: name + "Value", as: "the values beside the properties of '\(name)'")
            }
        }
        // Includes whose properties agree with the struct's and with each other stay includes; the others are
        // copied in.
        var kept: [String] = []
        var inherited: [ImportedField] = []
        var copied: [ImportedField] = []
        for include in includes {
            guard case .object(let includedFields, let includedOpen)? = shapes[include] else { continue }
            // The Swift name each property takes, for properties of other wire names that would share it.
            func swiftName(_ field: ImportedField) -> String {
                (field.field.swiftName ?? namer.bareMemberName(field.wireName)).lowercased()
            }
            let conflicts = includedFields.contains { field in
                if (fields + inherited + copied).contains(where: {
                    $0.wireName != field.wireName && swiftName($0) == swiftName(field)
                }) {
                    return true
                }
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
                    extraType = extraType ?? .primitive(.json)
                }
            } else {
                kept.append(include)
                inherited += includedFields
            }
        }
        model.includes = kept.map { ModelReference(name: $0, location: Self.unlocated) }
        // A part that only makes an included property required restates it, as the format asks.
        for wireName in required.sorted() where !fields.contains(where: { $0.wireName == wireName }) {
            if let index = copied.firstIndex(where: { $0.wireName == wireName }), copied[index].optional {
                copied[index].optional = false
            } else if let field = inherited.first(where: { $0.wireName == wireName }), field.optional {
                var restated = field
                restated.optional = false
                fields.append(restated)
            }
        }
        fields = withSwiftNames(copied + fields, inherited: inherited.map(\.wireName))
        model.kind = .object(fields.map(\.field))
        model.additionalProperties = extraType
        model.example = Self.example(of: schema)
        return (model, .object(fields: mergedFields(inherited, fields), open: open))
    }

    func isRequired(_ wireName: String, in parts: [DocNode]) -> Bool {
        parts.contains { part in part["required"]?.items?.contains { $0.string == wireName } == true }
    }

    func mergedFields(_ inherited: [ImportedField], _ own: [ImportedField]) -> [ImportedField] {
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
    func withSwiftNames(_ fields: [ImportedField], inherited: [String]) -> [ImportedField] {
        var taken = Set(inherited.map { namer.bareMemberName($0).lowercased() })
        for field in fields {
            if let chosen = field.field.swiftName { taken.insert(chosen.lowercased()) }
        }
        return fields.map { field in
            if field.field.swiftName != nil { return field }
            let base = namer.bareMemberName(field.wireName)
            if inherited.contains(field.wireName) || !taken.contains(base.lowercased()) {
                taken.insert(base.lowercased())
                return field
            }
            let swiftName = Self.numbered(base) { taken.contains($0.lowercased()) }
            taken.insert(swiftName.lowercased())
            var renamed = field
            renamed.field.swiftName = swiftName
            return renamed
        }
    }

    /// Whether a property required in the schema stays required in a model that travels both ways. One that is
    /// `readOnly` (the server's, such as an `id`) or `writeOnly` (the app's, such as a `password`) is required in
    /// one direction only, so the model, which serves both, makes it optional and says so.
    func oneModelForBoth(_ property: DocNode, _ wireName: String, required: Bool, of model: String) -> Bool {
        guard let direction = Self.oneDirection(of: property) else { return required }
        guard required else { return false }
        let (sender, other) = direction == .answers ? ("the server", "requests") : ("the app", "answers")
        warn(
            .oneDirection, at: property.location,
            "'\(wireName)' of '\(model)' is required and \(direction == .answers ? "readOnly" : "writeOnly"): "
                + "\(sender) sends it and \(other) leave it out, so it is optional in the model that serves both",
            fix: "declare separate request and answer schemas to keep it required where it is sent")
        return false
    }

    /// The one direction a property travels in, when `readOnly` or `writeOnly` says so.
    static func oneDirection(of property: DocNode) -> Direction? {
        switch (property["readOnly"]?.bool == true, property["writeOnly"]?.bool == true) {
        case (true, false): .answers
        case (false, true): .requests
        default: nil
        }
    }

    /// A property the document requires and lets be `null`, in a request: the spec's `T?` leaves it out when it is
    /// `nil`, where the server expects it, with `null`. Warned, with the spelling that sends `null`.
    func warnRequiredNullable(_ wireName: String, of owner: String, type: TypeRef, at location: SourceLocation) {
        warn(
            .requiredNullable, at: location,
            "'\(wireName)' of \(owner) is required and may be null; typed '\(type)?', so a request leaves it out "
                + "when it is nil",
            fix: "write '\(type)??' in the spec where the server needs an explicit null")
    }

    /// The required-and-nullable properties of the models requests carry, each warned, once the spec shows which
    /// models those are.
    func warnRequiredNullables(in spec: Spec) {
        let requests = ModelUsage(spec).requestModels
        for (model, fields) in notes.requiredNullable.sorted(by: { $0.key < $1.key }) where requests.contains(model) {
            for (wireName, location) in fields {
                let type = spec.model(named: model)?.fields.first { $0.wireName == wireName }?.type
                warnRequiredNullable(wireName, of: "'\(model)'", type: type ?? .primitive(.json), at: location)
            }
        }
    }

    /// Which way a property travels.
    enum Direction { case answers, requests }

    /// A field as the spec takes it: required, or optional (`??` where the export said absent and `null` differ),
    /// with what the type says about it.
    func importedField(_ wireName: String, _ type: ImportedType, required: Bool) -> ImportedField {
        // An absent field with a default takes it, so the field is a value, as the format writes defaults.
        // So is a constant: the format fills it in when it is absent.
        let optional = (!required && type.defaultValue == nil && type.constant == nil) || type.nullable
        let field = Field(
            wireName: wireName, swiftName: type.swiftName, type: type.type,
            presence: optional ? (type.nullClears ? .nullable : .optional) : .required,
            defaultValue: type.constant ?? type.defaultValue, description: type.description,
            deprecation: type.deprecation, sensitive: type.sensitive, constraints: type.constraints,
            format: type.format, example: type.example, constant: type.constant, style: type.style,
            location: SourceLocation(path: "", line: 1, column: 1))
        return ImportedField(field: field)
    }
}
