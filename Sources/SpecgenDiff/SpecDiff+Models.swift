import SpecgenEmitter
import SpecgenSpec

/// Models: added, removed and renamed models, their properties, enum values, aliases and constraints.
extension SpecDiff {
    mutating func compareModels() {
        let oldNames = Self.typeNames(old)
        let newNames = Self.typeNames(new)
        var renamed: Set<String> = []
        for model in old.models {
            let oldType = oldNames[model.name] ?? model.name
            guard let current = new.model(named: model.name) else {
                if let twin = new.models.first(where: { candidate in
                    old.model(named: candidate.name) == nil && !renamed.contains(candidate.name)
                        && Self.sameShape(candidate.kind, model.kind)
                }) {
                    renamed.insert(twin.name)
                    add(
                        .modelRenamed, "model '\(model.name)' is now '\(twin.name)'", at: twin.location,
                        symbols: [oldType], operations: oldUsage.operations(using: model.name),
                        scope: .renamedModel(old: model.name, new: twin.name))
                } else {
                    let users = oldUsage.operations(using: model.name)
                    add(
                        .modelRemoved, "model '\(model.name)' was removed", at: model.location, symbols: [oldType],
                        operations: users, scope: .operations(users, places: nil))
                }
                continue
            }
            let typeName = newNames[current.name] ?? current.name
            let operations = newUsage.operations(using: model.name)
            let exchanges = ProofScope.operations(operations, places: nil)
            let inRequest = oldUsage.requestModels.contains(model.name) || newUsage.requestModels.contains(model.name)
            let inResponse =
                oldUsage.responseModels.contains(model.name) || newUsage.responseModels.contains(model.name)
            switch (model.kind, current.kind) {
            case (.object(let before), .object(let after)):
                compareProperties(
                    before, after, model: current, typeName: typeName, operations: operations,
                    inRequest: inRequest, inResponse: inResponse)
                compareAdditionalProperties(model, current, typeName: typeName, operations: operations)
                switch (oldUsage.isCodable(model.name), newUsage.isCodable(current.name)) {
                case (true, false):
                    add(
                        .modelNoLongerCodable, "'\(model.name)' no longer travels as JSON, so it is not Codable",
                        at: current.location, symbols: [typeName], operations: operations, scope: exchanges)
                case (false, true):
                    add(
                        .modelNowCodable, "'\(model.name)' now travels as JSON, so it is Codable",
                        at: current.location, symbols: [typeName], operations: operations, scope: exchanges)
                default:
                    break
                }
            case (.union(let before), .union(let after)):
                compareUnions(
                    before, after, model: current, typeName: typeName, operations: operations, inRequest: inRequest)
            case (.enumeration(let before), .enumeration(let after)):
                for value in before where !after.contains(where: { $0.value == value.value }) {
                    add(
                        inRequest ? .enumValueRemovedRequest : .enumValueRemovedResponse,
                        "value '\(value.value)' was removed from enum '\(model.name)'", at: current.location,
                        symbols: [Self.caseName(value, in: model)],
                        operations: operations, scope: .enumValue(model: model.name, Self.wireValue(value)))
                }
                for value in after where !before.contains(where: { $0.value == value.value }) {
                    add(
                        .enumValueAdded, "value '\(value.value)' was added to enum '\(model.name)'",
                        at: current.location,
                        symbols: [Self.caseName(value, in: current)],
                        operations: operations, scope: .enumValue(model: model.name, Self.wireValue(value)))
                }
            case (.alias(let before, let oldConstraints), .alias(let after, let newConstraints)):
                if before != after {
                    add(
                        .aliasTypeChanged, "'\(model.name)' now stands for \(after), was \(before)",
                        at: current.location,
                        symbols: [typeName], operations: operations, scope: .model(model.name))
                }
                checkConstraints(
                    oldConstraints, newConstraints, what: "'\(model.name)'", at: current.location,
                    symbols: [typeName], operations: operations, inRequest: inRequest, scope: .model(model.name))
            default:
                add(
                    .modelKindChanged, "model '\(model.name)' changed kind", at: current.location, symbols: [typeName],
                    operations: operations, scope: .model(model.name))
            }
            if model.deprecation == nil, current.deprecation != nil {
                add(
                    .deprecated, "model '\(model.name)' is deprecated", at: current.location, symbols: [typeName],
                    scope: exchanges)
            }
            if model.description != current.description {
                add(
                    .documentationChanged, "the documentation of model '\(model.name)' changed", at: current.location,
                    symbols: [typeName], scope: exchanges)
            }
        }
        for model in new.models where old.model(named: model.name) == nil && !renamed.contains(model.name) {
            add(
                .modelAdded, "model '\(model.name)' was added", at: model.location,
                symbols: [newNames[model.name] ?? model.name],
                scope: .operations(newUsage.operations(using: model.name), places: nil))
        }
    }

    mutating func compareProperties(
        _ before: [Field], _ after: [Field], model: Model, typeName: String,
        operations: [String], inRequest: Bool, inResponse: Bool
    ) {
        let namer = Namer()
        func swiftName(_ field: Field) -> String { namer.bareSwiftName(of: field) }
        var matched: Set<String> = []
        for field in before {
            let oldSymbol = "\(typeName).\(swiftName(field))"
            guard let current = after.first(where: { $0.wireName == field.wireName }) else {
                if let renamed = after.first(where: { candidate in
                    !before.contains { $0.wireName == candidate.wireName } && swiftName(candidate) == swiftName(field)
                }) {
                    matched.insert(renamed.wireName)
                    add(
                        .propertyJSONKeyRenamed,
                        "'\(model.name).\(swiftName(field))' is read from \"\(renamed.wireName)\", was \"\(field.wireName)\"",
                        at: renamed.location, symbols: [oldSymbol], operations: operations,
                        scope: .fields(model: model.name, [field.wireName, renamed.wireName]))
                    continue
                }
                let required = field.presence == .required
                let rule: DiffRule =
                    inResponse
                    ? (required ? .responsePropertyRemoved : .responseOptionalPropertyRemoved)
                    : .requestPropertyRemoved
                add(
                    rule, "property '\(field.wireName)' was removed from '\(model.name)'", at: model.location,
                    symbols: [oldSymbol], operations: operations, scope: .fields(model: model.name, [field.wireName]))
                continue
            }
            matched.insert(current.wireName)
            let symbol = "\(typeName).\(swiftName(current))"
            let what = "property '\(model.name).\(field.wireName)'"
            let scope = ProofScope.fields(model: model.name, [field.wireName])
            if swiftName(field) != swiftName(current) {
                add(
                    .propertyRenamedInSwift, "\(what) is '\(swiftName(current))' in Swift, was '\(swiftName(field))'",
                    at: current.location, symbols: [oldSymbol, symbol], operations: operations, scope: scope)
            }
            if field.type != current.type {
                add(
                    .propertyTypeChanged, "\(what) is now \(current.type), was \(field.type)", at: current.typeLocation,
                    symbols: [symbol], operations: operations, scope: scope)
            }
            if field.presence == .required && current.presence != .required {
                add(
                    inResponse ? .responsePropertyMadeOptional : .requestPropertyMadeOptional,
                    "\(what) became optional",
                    at: current.typeLocation, symbols: [symbol], operations: operations, scope: scope)
            } else if field.presence != .required && current.presence == .required {
                add(
                    inRequest ? .requestPropertyMadeRequired : .responsePropertyMadeRequired, "\(what) became required",
                    at: current.typeLocation, symbols: [symbol], operations: operations, scope: scope)
            }
            if field.constant != current.constant {
                add(
                    .propertyConstantChanged, "\(what) has another constant value", at: current.location,
                    symbols: [symbol], operations: operations, scope: scope)
            } else if field.defaultValue != current.defaultValue {
                add(
                    .propertyDefaultChanged, "\(what) has a new default", at: current.location, symbols: [symbol],
                    operations: operations, scope: scope)
            }
            checkConstraints(
                field.constraints, current.constraints, what: what, at: current.location, symbols: [symbol],
                operations: operations, inRequest: inRequest, scope: scope)
            let exchanges = ProofScope.operations(operations, places: nil)
            if field.deprecation == nil, current.deprecation != nil {
                add(.deprecated, "\(what) is deprecated", at: current.location, symbols: [symbol], scope: exchanges)
            }
            if field.description != current.description {
                add(
                    .documentationChanged, "the documentation of \(what) changed", at: current.location,
                    symbols: [symbol], scope: exchanges)
            }
        }
        for field in after where !matched.contains(field.wireName) {
            let required = field.isRequiredOnWire
            let rule: DiffRule =
                inRequest
                ? (required ? .requestPropertyAddedRequired : .requestPropertyAddedOptional)
                : (required ? .responsePropertyAddedRequired : .responsePropertyAddedOptional)
            add(
                rule, "\(required ? "required" : "optional") property '\(field.wireName)' was added to '\(model.name)'",
                at: field.location, symbols: ["\(typeName).\(swiftName(field))"], operations: operations,
                scope: .fields(model: model.name, [field.wireName]))
        }
    }

    mutating func compareAdditionalProperties(_ model: Model, _ current: Model, typeName: String, operations: [String])
    {
        let symbol = "\(typeName).additionalProperties"
        let scope = ProofScope.undeclaredKeys(model: model.name)
        switch (model.additionalProperties, current.additionalProperties) {
        case (nil, _?):
            add(
                .modelOpened, "'\(model.name)' keeps the properties it does not declare", at: current.location,
                symbols: [symbol], operations: operations, scope: scope)
        case (_?, nil):
            add(
                .modelClosed, "'\(model.name)' no longer keeps the properties it does not declare",
                at: current.location, symbols: [symbol], operations: operations, scope: scope)
        case (let before?, let after?) where before != after:
            add(
                .additionalPropertiesTypeChanged,
                "the additional properties of '\(model.name)' are now \(after), were \(before)", at: current.location,
                symbols: [symbol], operations: operations, scope: scope)
        default:
            break
        }
    }

    /// Variants by type: added, removed, retagged, and (without a discriminator) reordered.
    mutating func compareUnions(
        _ before: Union, _ after: Union, model: Model, typeName: String, operations: [String], inRequest: Bool
    ) {
        let namer = Namer()
        func symbol(_ variant: UnionVariant) -> String { "\(typeName).\(namer.bareCaseName(of: variant))" }
        let scope = ProofScope.model(model.name)
        for variant in before.variants where !after.variants.contains(where: { $0.type == variant.type }) {
            add(
                inRequest ? .unionVariantRemovedRequest : .unionVariantRemovedResponse,
                "variant '\(variant.type)' was removed from union '\(model.name)'", at: model.location,
                symbols: [symbol(variant)], operations: operations, scope: scope)
        }
        for variant in after.variants where !before.variants.contains(where: { $0.type == variant.type }) {
            add(
                .unionVariantAdded, "variant '\(variant.type)' was added to union '\(model.name)'",
                at: variant.location, symbols: [symbol(variant)], operations: operations, scope: scope)
        }
        for variant in after.variants {
            guard let old = before.variants.first(where: { $0.type == variant.type }),
                namer.bareCaseName(of: old) != namer.bareCaseName(of: variant)
            else { continue }
            add(
                .unionCaseRenamed,
                "variant '\(variant.type)' of union '\(model.name)' is the case '\(namer.bareCaseName(of: variant))',"
                    + " was '\(namer.bareCaseName(of: old))'",
                at: variant.location, symbols: [symbol(old), symbol(variant)], operations: operations, scope: scope)
        }
        if before.discriminator != after.discriminator {
            add(
                .unionTagChanged,
                "union '\(model.name)' is told apart by \(after.discriminator.map { "'\($0)'" } ?? "trying each variant"),"
                    + " was \(before.discriminator.map { "'\($0)'" } ?? "trying each variant")",
                at: after.discriminatorLocation ?? model.location, symbols: [typeName], operations: operations,
                scope: scope)
        } else if after.discriminator != nil {
            for variant in after.variants {
                guard let old = before.variants.first(where: { $0.type == variant.type }),
                    old.discriminatorValues != variant.discriminatorValues
                else { continue }
                func tags(_ variant: UnionVariant) -> String {
                    variant.discriminatorValues.map { "'\($0)'" }.joined(separator: " or ")
                }
                add(
                    .unionTagChanged,
                    "variant '\(variant.type)' of union '\(model.name)' is tagged \(tags(variant)), was \(tags(old))",
                    at: variant.location, symbols: [symbol(variant)], operations: operations, scope: scope)
            }
        } else {
            let kept = before.variants.map(\.type).filter { type in after.variants.contains { $0.type == type } }
            let order = after.variants.map(\.type).filter { type in before.variants.contains { $0.type == type } }
            if kept != order {
                add(
                    .unionOrderChanged,
                    "the variants of union '\(model.name)' are tried in another order: "
                        + order.map(\.description).joined(separator: ", "),
                    at: model.location, symbols: [typeName], operations: operations, scope: scope)
            }
        }
    }

    mutating func checkConstraints(
        _ a: Constraints, _ b: Constraints, what: String, at location: SourceLocation,
        symbols: [String], operations: [String], inRequest: Bool, scope: ProofScope?
    ) {
        var a = a
        var b = b
        a.patternLocation = nil
        b.patternLocation = nil
        guard a != b else { return }
        func tighter(_ old: Double?, _ new: Double?, lower: Bool) -> Bool {
            guard let new else { return false }
            guard let old else { return true }
            return lower ? new > old : new < old
        }
        let tightened =
            (b.pattern != nil && b.pattern != a.pattern)
            || tighter(a.minLength.map(Double.init), b.minLength.map(Double.init), lower: true)
            || tighter(a.maxLength.map(Double.init), b.maxLength.map(Double.init), lower: false)
            || tighter(a.minimum, b.minimum, lower: true) || tighter(a.maximum, b.maximum, lower: false)
            || tighter(a.minItems.map(Double.init), b.minItems.map(Double.init), lower: true)
            || tighter(a.maxItems.map(Double.init), b.maxItems.map(Double.init), lower: false)
        // A new pattern cannot be proven harmless by trying values: only a failing one proves anything.
        let provable = b.pattern == nil || b.pattern == a.pattern
        if tightened && inRequest {
            add(
                .constraintTightened, "\(what) has a stricter constraint", at: location, symbols: symbols,
                operations: operations, scope: provable ? scope : nil)
        } else if !tightened {
            add(
                .constraintLoosened, "\(what) has a looser constraint", at: location, symbols: symbols,
                operations: operations, scope: scope)
        }
    }

    static func sameShape(_ a: Model.Kind, _ b: Model.Kind) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            x.map { [$0.wireName, $0.type.description] } == y.map { [$0.wireName, $0.type.description] }
        case (.enumeration(let x), .enumeration(let y)): x.map(\.value) == y.map(\.value)
        case (.alias(let x, _), .alias(let y, _)): x == y
        case (.union(let x), .union(let y)): x.variants.map(\.type) == y.variants.map(\.type)
        default: false
        }
    }

    /// Swift type names by spec model name.
    static func typeNames(_ spec: Spec) -> [String: String] {
        let namer = Namer()
        var names: [String: String] = [:]
        for model in spec.models where names[model.name] == nil { names[model.name] = namer.swiftName(of: model) }
        return names
    }

    /// An enum value as JSON carries it.
    static func wireValue(_ value: EnumValue) -> SpecValue {
        value.isInteger ? Int(value.value).map(SpecValue.int) ?? .string(value.value) : .string(value.value)
    }

    /// The Swift symbol of an enum value, such as `GrantType.refreshToken`.
    static func caseName(_ value: EnumValue, in model: Model) -> String {
        let namer = Namer()
        return "\(namer.swiftName(of: model)).\(namer.bareCaseName(of: value))"
    }
}
