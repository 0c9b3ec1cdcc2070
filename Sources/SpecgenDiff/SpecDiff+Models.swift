import SpecgenEmitter
import SpecgenSpec

/// Models: added, removed and renamed models, their properties, enum values, aliases and constraints.
extension SpecDiff {
    mutating func compareModels() {
        let oldNames = Self.typeNames(old)
        let newNames = Self.typeNames(new)
        if Self.reordered(old.models.map(\.name), new.models.map(\.name)) {
            add(
                .declarationOrderChanged, "the models are declared in another order",
                at: new.models.first?.location ?? new.location, scope: .operations([], places: nil))
        }
        var renamed: Set<String> = []
        for model in old.models {
            let oldType = oldNames[model.name] ?? model.name
            guard let current = new.model(named: model.name) else {
                if let twin = new.models.first(where: { candidate in
                    old.model(named: candidate.name) == nil && !renamed.contains(candidate.name)
                        && Self.sameShape(candidate.kind, model.kind)
                }) {
                    renamed.insert(twin.name)
                    let newType = newNames[twin.name] ?? twin.name
                    add(
                        oldType == newType ? .modelRenamedInSpec : .modelRenamed,
                        "model '\(model.name)' is now '\(twin.name)'", at: twin.location,
                        symbols: oldType == newType ? [newType] : [oldType, newType],
                        operations: oldUsage.operations(using: model.name),
                        scope: .renamedModel(old: model.name, new: twin.name))
                } else {
                    let users = oldUsage.operations(using: model.name)
                    add(
                        .modelRemoved, "model '\(model.name)' was removed", at: model.location, symbols: [oldType],
                        operations: users, scope: .operations(users, places: nil), explains: [["model", model.name]])
                }
                continue
            }
            let typeName = newNames[current.name] ?? current.name
            let operations = newUsage.operations(using: model.name)
            if oldType != typeName {
                add(
                    .modelRenamedInSwift, "model '\(model.name)' is the Swift type '\(typeName)', was '\(oldType)'",
                    at: current.location, symbols: [oldType, typeName], operations: operations,
                    scope: .operations(operations, places: nil))
            }
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
                if Self.reordered(before.map(\.value), after.map(\.value)) {
                    add(
                        .declarationOrderChanged, "the values of enum '\(model.name)' are listed in another order",
                        at: current.location, operations: operations, scope: exchanges)
                }
                // A value whose Swift case stays under another wire text is one change, not a removal and an addition.
                var rewritten: [(old: EnumValue, new: EnumValue)] = []
                for value in before where !after.contains(where: { $0.value == value.value }) {
                    guard
                        let twin = after.first(where: { candidate in
                            !before.contains { $0.value == candidate.value }
                                && !rewritten.contains { $0.new.value == candidate.value }
                                && Self.caseName(candidate, in: current) == Self.caseName(value, in: model)
                        })
                    else { continue }
                    rewritten.append((value, twin))
                    add(
                        .enumValueWireChanged,
                        "value '\(value.value)' of enum '\(model.name)' is sent as '\(twin.value)', same Swift case",
                        at: twin.location, symbols: [Self.caseName(twin, in: current)], operations: operations,
                        scope: .enumValue(model: model.name, Self.wireValue(value)))
                }
                for value in before where !after.contains(where: { $0.value == value.value }) {
                    if rewritten.contains(where: { $0.old.value == value.value }) { continue }
                    add(
                        inRequest ? .enumValueRemovedRequest : .enumValueRemovedResponse,
                        "value '\(value.value)' was removed from enum '\(model.name)'", at: current.location,
                        symbols: [Self.caseName(value, in: model)],
                        operations: operations, scope: .enumValue(model: model.name, Self.wireValue(value)))
                }
                for value in after {
                    guard let previous = before.first(where: { $0.value == value.value }),
                        Self.caseName(previous, in: model) != Self.caseName(value, in: current)
                    else { continue }
                    add(
                        .enumCaseRenamed,
                        "value '\(value.value)' of enum '\(model.name)' is the case "
                            + "'\(Self.caseName(value, in: current))', was '\(Self.caseName(previous, in: model))'",
                        at: value.location,
                        symbols: [Self.caseName(previous, in: model), Self.caseName(value, in: current)],
                        operations: operations, scope: exchanges)
                }
                for value in after where !before.contains(where: { $0.value == value.value }) {
                    if rewritten.contains(where: { $0.new.value == value.value }) { continue }
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
                scope: .operations(newUsage.operations(using: model.name), places: nil),
                explains: [["model", model.name]])
        }
    }

    mutating func compareProperties(
        _ before: [Field], _ after: [Field], model: Model, typeName: String,
        operations: [String], inRequest: Bool, inResponse: Bool
    ) {
        if Self.reordered(before.map(\.wireName), after.map(\.wireName)) {
            add(
                .propertiesReordered, "the properties of '\(model.name)' are declared in another order",
                at: model.location, symbols: ["\(typeName).init"], operations: operations,
                scope: .operations(operations, places: nil))
        }
        let namer = Namer()
        func swiftName(_ field: Field) -> String { namer.bareSwiftName(of: field) }
        let oldTypeName = old.model(named: model.name).map(namer.swiftName(of:)) ?? typeName
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
                let sameSwiftType =
                    Self.swiftType(of: field.wireName, in: oldPlan, typeName: oldTypeName)
                    == Self.swiftType(of: current.wireName, in: newPlan, typeName: typeName)
                add(
                    sameSwiftType ? .wireTypeChanged : .propertyTypeChanged,
                    "\(what) is now \(current.type), was \(field.type)", at: current.typeLocation,
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
            if field.presence != current.presence, field.presence != .required, current.presence != .required {
                add(
                    .nullabilityChanged,
                    "\(what) is \(current.type)\(current.presence.suffix), was \(field.type)\(field.presence.suffix)",
                    at: current.typeLocation, symbols: [symbol], operations: operations,
                    scope: .operations(operations, places: nil),
                    explains: [["model", model.name, field.wireName]])
            }
            if field.type == current.type, field.format != current.format {
                add(
                    .formatChanged,
                    "\(what) is \(DiffText.format(current.format)), was \(DiffText.format(field.format))",
                    at: current.typeLocation, symbols: [symbol], operations: operations, scope: nil,
                    explains: [["model", model.name, field.wireName]])
                setDateProof(
                    field, current, sends: inRequest, receives: inResponse, type: model.name,
                    operation: operations.first)
            }
            if field.type == current.type, oldTypes.textStyle(of: field) != newTypes.textStyle(of: current) {
                add(
                    .parameterStyleChanged, "\(what) is sent in another style where it travels as text",
                    at: current.location, symbols: [symbol], operations: operations, scope: scope)
            }
            if field.sensitive != current.sensitive {
                // The redacting description, and its conformances, go with the model's last sensitive value.
                let redactionGoes = Self.redacts(oldTypeName, in: oldPlan) && !Self.redacts(typeName, in: newPlan)
                add(
                    redactionGoes ? .redactionRemoved : .sensitivityChanged,
                    "\(what) is \(current.sensitive ? "now" : "no longer") redacted as sensitive"
                        + (redactionGoes ? "; '\(typeName)' has no redacting description any more" : ""),
                    at: current.location, symbols: [symbol, "\(newPlan.names.client).sensitiveNames"],
                    operations: operations, scope: .operations(operations, places: nil))
            }
            let hadDefault = field.constant != nil || field.defaultValue != nil
            if hadDefault, current.constant == nil, current.defaultValue == nil, field.presence == .required,
                current.presence == .required
            {
                // The initializer's argument loses its default (`kind: String = "voucher"`).
                add(
                    .propertyDefaultRemoved, "\(what) has no default or constant any more", at: current.location,
                    symbols: [symbol], operations: operations, scope: scope)
            } else if field.constant != current.constant {
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

    /// Whether the struct `typeName` of `plan` has a description that redacts sensitive values.
    static func redacts(_ typeName: String, in plan: ClientPlan) -> Bool {
        plan.models.contains { model in
            if case .object(let object) = model { object.typeName == typeName && object.hasSensitive } else { false }
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
