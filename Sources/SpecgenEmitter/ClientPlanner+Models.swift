import SpecgenSpec

/// The plans of models and of the constraint checks their values carry.
extension ClientPlanner {
    // MARK: - Models

    func modelPlan(_ model: Model) -> ModelPlan {
        let name = namer.swiftName(of: model)
        let deprecation = model.deprecation.map { $0.message ?? "" }
        switch model.kind {
        case .object(let fields):
            let properties = fields.enumerated().map { index, field in
                var property = property(field)
                property.isIndirect = layout.isIndirect(member: index, of: model.name)
                return property
            }
            return .object(
                ObjectPlan(
                    typeName: name, documentation: model.description, deprecation: deprecation, properties: properties,
                    additionalProperties: model.additionalProperties.map(swiftType),
                    isCodable: modelUsage.isCodable(model.name),
                    validations: zip(fields, properties).compactMap { field, property in
                        validation(
                            of: field.type, constraints: field.constraints, value: property.name,
                            field: "\(model.name).\(field.wireName)", presence: property.presence)
                    },
                    hasSensitive: fields.contains(where: \.sensitive),
                    keyPath: "models.\(model.name)"
                ))
        case .enumeration(let values):
            return .enumeration(
                EnumPlan(
                    typeName: name, documentation: model.description, deprecation: deprecation,
                    cases: values.map {
                        EnumCasePlan(
                            name: caseName($0), rawValue: $0.value, documentation: $0.description,
                            deprecation: $0.deprecation.map { $0.message ?? "" })
                    }, rawType: model.isIntegerEnum ? "Int" : "String", keyPath: "models.\(model.name)"))
        case .alias(let target, _):
            return .alias(
                AliasPlan(
                    typeName: name, target: swiftType(target), usage: usage(of: target),
                    documentation: model.description,
                    deprecation: deprecation, keyPath: "models.\(model.name)"))
        case .union(let union):
            return .union(
                UnionPlan(
                    typeName: name, documentation: model.description, deprecation: deprecation,
                    discriminator: union.discriminator,
                    cases: union.variants.enumerated().map { index, variant in
                        UnionPlan.Case(
                            name: namer.caseName(of: variant), type: swiftType(variant.type),
                            specType: variant.type.description,
                            tags: union.discriminator == nil ? [] : variant.discriminatorValues,
                            constants: union.discriminator != nil ? [] : types.stringConstants(of: variant.type),
                            documentation: variant.description, validation: nestedCheck(variant.type),
                            isIndirect: layout.isIndirect(member: index, of: model.name))
                    },
                    isIndirect: recursiveUnions.contains(model.name),
                    usage: union.variants.reduce(into: ModuleUsage.runtime) { $0.formUnion(usage(of: $1.type)) },
                    keyPath: "models.\(model.name)"))
        }
    }

    func property(_ field: Field) -> PropertyPlan {
        let base = swiftType(field.type)
        let presence = field.presence
        return PropertyPlan(
            name: memberName(field), wireName: field.wireName, type: fieldType(base, presence), baseType: base,
            presence: presence,
            defaultValue: field.defaultValue.flatMap { defaultExpression($0, type: field.type) },
            dateCoding: dateCoding(field, presence: presence),
            documentation: field.description, deprecation: field.deprecation.map { $0.message ?? "" },
            sensitive: field.sensitive, textForm: textForm(field.type, format: field.format),
            partKind: types.partKind(field.type), usage: usage(of: field.type, presence: presence)
        )
    }

    // MARK: - Validation

    /// The checks for one value, or nil when it has none.
    func validation(
        of type: TypeRef, constraints: Constraints, value: String, field: String, presence: SpecgenSpec.Presence
    ) -> ValidationPlan? {
        let (target, aliasConstraints) = resolved(type)
        var checks: [ValidationPlan.Check] = []
        for constraint in [constraints] + aliasConstraints {
            if let pattern = constraint.pattern { checks.append(.pattern(pattern)) }
            if constraint.minLength != nil || constraint.maxLength != nil {
                checks.append(.length(min: constraint.minLength, max: constraint.maxLength))
            }
            if constraint.minimum != nil || constraint.maximum != nil {
                checks.append(.range(min: constraint.minimum, max: constraint.maximum))
            }
            if constraint.minItems != nil || constraint.maxItems != nil {
                checks.append(.items(min: constraint.minItems, max: constraint.maxItems))
            }
        }
        if let nested = nestedCheck(target) { checks.append(nested) }
        guard !checks.isEmpty else { return nil }
        let text = textForm(type, format: nil).flatMap { [.uuid, .url].contains($0) ? $0 : nil }
        return ValidationPlan(value: value, field: field, presence: presence, checks: checks, text: text)
    }

    /// The check that runs the `validate()` of a model with constraints, or of each one in an array or map.
    func nestedCheck(_ type: TypeRef) -> ValidationPlan.Check? {
        switch resolved(type).type {
        case .named(let name) where validatedModels.contains(name): .nested
        case .array(let element) where nestedName(element).map(validatedModels.contains) == true:
            .eachNested(isMap: false)
        case .map(let element) where nestedName(element).map(validatedModels.contains) == true:
            .eachNested(isMap: true)
        default: nil
        }
    }

    func nestedName(_ type: TypeRef) -> String? {
        if case .named(let name) = resolved(type).type { return name }
        return nil
    }

    /// Object models with checks, directly or through the models they contain (a fixed point, so cycles end).
    func findValidatedModels() -> Set<String> {
        var found: Set<String> = []
        func hasOwnChecks(_ field: Field) -> Bool {
            ([field.constraints] + resolved(field.type).constraints).contains { !$0.isEmpty }
        }
        func contained(_ type: TypeRef) -> String? {
            switch resolved(type).type {
            case .named(let name): name
            case .array(let element), .map(let element): nestedName(element)
            case .primitive: nil
            }
        }
        var changed = true
        while changed {
            changed = false
            for model in spec.models where !found.contains(model.name) && overrides[model.name] == nil {
                let checked: Bool
                switch model.kind {
                case .object:
                    checked = model.fields.contains {
                        hasOwnChecks($0) || contained($0.type).map(found.contains) == true
                    }
                case .union(let union):
                    // A union checks the variant it holds.
                    checked = union.variants.contains { contained($0.type).map(found.contains) == true }
                case .enumeration, .alias:
                    checked = false
                }
                if checked {
                    found.insert(model.name)
                    changed = true
                }
            }
        }
        return found
    }
}
