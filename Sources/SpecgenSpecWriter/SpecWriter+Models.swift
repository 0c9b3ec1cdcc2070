import SpecgenSpec

/// Writes models and fields: structs with only their own properties (what they include is written once, in the
/// included model), enums, unions and aliases.
struct ModelWriter {
    /// The models the written ones may include or name as variants, by name.
    private let models: [String: Model]

    init(models: [Model]) {
        var byName: [String: Model] = [:]
        for model in models where byName[model.name] == nil { byName[model.name] = model }
        self.models = byName
    }

    func model(_ model: Model) -> SpecText.Entry {
        var map = SpecMap()
        map["swiftName"] = model.swiftName.map(SpecText.string)
        if case .alias(let type, let constraints) = model.kind {
            // `Name: type`, or what the type is first, then what it says about it.
            if model.swiftName == nil, model.description == nil, model.deprecation == nil, !model.isStandalone,
                constraints.isEmpty, model.example == nil
            {
                return SpecText.Entry(key: model.name, value: .string(type.description))
            }
            map["type"] = .string(type.description)
            Self.constraints(constraints, into: &map)
            map["example"] = model.example.map(SpecWriter.value)
        }
        map["description"] = model.description.map(SpecText.description)
        if model.isStandalone { map["standalone"] = .plain("true") }
        map["deprecated"] = model.deprecation.map(Self.deprecation)
        switch model.kind {
        case .object(let fields):
            let inherited = inheritedFields(of: model)
            if !model.includes.isEmpty {
                let names = model.includes.map(\.name)
                map["includes"] = names.count == 1 ? .string(names[0]) : .list(names.map(SpecText.string))
            }
            // An included field is restated only where the struct changes it (making it required).
            let own = fields.filter { field in !inherited.contains { Self.sameField($0, field) } }
            if !own.isEmpty || model.includes.isEmpty { map["properties"] = Self.fields(own) }
            map["additionalProperties"] = model.additionalProperties.map { .string($0.description) }
        case .enumeration(let values):
            map["enum"] = .list(values.map(Self.enumValue))
        case .union(let union):
            map["oneOf"] = .list(union.variants.map { variant($0, discriminator: union.discriminator) })
            map["discriminator"] = union.discriminator.map(SpecText.string)
        case .alias:
            return SpecText.Entry(key: model.name, value: map.text)
        }
        map["example"] = model.example.map(SpecWriter.value)
        return SpecText.Entry(key: model.name, value: map.text)
    }

    /// The fields a struct gets from the models it includes, as the loader gave them to it.
    private func inheritedFields(of model: Model) -> [Field] {
        model.includes.flatMap { reference in models[reference.name]?.fields ?? [] }
    }

    /// Whether two fields say the same, wherever they are written.
    private static func sameField(_ a: Field, _ b: Field) -> Bool {
        var b = b
        b.location = a.location
        b.typeLocation = a.typeLocation
        b.constraints.patternLocation = a.constraints.patternLocation
        return a == b
    }

    private static func enumValue(_ value: EnumValue) -> SpecText {
        let written: SpecText = value.isInteger ? .plain(value.value) : .string(value.value)
        guard value.swiftName != nil || value.description != nil || value.deprecation != nil else { return written }
        var map = SpecMap()
        map["value"] = written
        map["swiftName"] = value.swiftName.map(SpecText.string)
        map["description"] = value.description.map(SpecText.description)
        map["deprecated"] = value.deprecation.map(deprecation)
        return map.text
    }

    /// A variant's type alone, or with its case name, tags and description. A tag the variant's model gives the
    /// discriminator as a constant goes without saying: the loader reads it from there.
    private func variant(_ variant: UnionVariant, discriminator: String?) -> SpecText {
        var map = SpecMap()
        map["type"] = .string(variant.type.description)
        map["case"] = variant.caseName.map(SpecText.string)
        let implied: SpecValue? =
            if let discriminator, let name = variant.type.name {
                models[name]?.fields.first { $0.wireName == discriminator }?.constant
            } else { nil }
        if variant.tags.count == 1, implied == .string(variant.tags[0]) {
            // Implied by the constant.
        } else if variant.tags.count == 1 {
            map["tag"] = .string(variant.tags[0])
        } else if !variant.tags.isEmpty {
            map["tags"] = .list(variant.tags.map(SpecText.string))
        }
        map["description"] = variant.description.map(SpecText.description)
        return map.keys == ["type"] ? .string(variant.type.description) : map.text
    }

    static func deprecation(_ deprecation: Deprecation) -> SpecText {
        deprecation.message.map(SpecText.string) ?? .plain("true")
    }

    static func constraints(_ constraints: Constraints, into map: inout SpecMap) {
        map["pattern"] = constraints.pattern.map(SpecText.string)
        map["minLength"] = constraints.minLength.map { .plain(String($0)) }
        map["maxLength"] = constraints.maxLength.map { .plain(String($0)) }
        map["minimum"] = constraints.minimum.map(SpecWriter.number)
        map["maximum"] = constraints.maximum.map(SpecWriter.number)
        map["minItems"] = constraints.minItems.map { .plain(String($0)) }
        map["maxItems"] = constraints.maxItems.map { .plain(String($0)) }
    }

    /// Fields by wire name (properties, parameters, headers, inline bodies).
    static func fields(_ fields: [Field]) -> SpecText {
        .map(fields.map { SpecText.Entry(key: $0.wireName, value: field($0)) })
    }

    /// `type`, `type?` or `type??` alone, or the long form when the field says more.
    static func field(_ field: Field) -> SpecText {
        let type = field.type.description + field.presence.suffix
        var map = SpecMap()
        map["type"] = .string(type)
        map["swiftName"] = field.swiftName.map(SpecText.string)
        map["style"] = field.style.map { .string($0.rawValue) }
        map["format"] = field.format.map(SpecText.string)
        constraints(field.constraints, into: &map)
        if let constant = field.constant {
            map["const"] = SpecWriter.value(constant)
        } else {
            map["default"] = field.defaultValue.map(SpecWriter.value)
        }
        map["example"] = field.example.map(SpecWriter.value)
        if field.sensitive { map["sensitive"] = .plain("true") }
        map["description"] = field.description.map(SpecText.description)
        map["deprecated"] = field.deprecation.map(deprecation)
        return map.keys == ["type"] ? .string(type) : map.text
    }
}
