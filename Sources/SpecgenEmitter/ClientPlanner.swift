package import SpecgenSpec

/// Makes every naming and typing decision for one spec: Spec → ``ClientPlan``. Pure; the spec must be valid.
package struct ClientPlanner {
    let spec: Spec
    let sourcePath: String
    let namer = Namer()
    let apiName: String
    /// The one resolver of aliases, shapes and part kinds.
    let types: TypeResolver
    /// Object and union models that have constraint checks of their own or in nested models.
    private(set) var validatedModels: Set<String> = []
    /// Unions a value can hold inside itself, stored `indirect`.
    private(set) var recursiveUnions: Set<String> = []
    /// Which nested models structs and unions store out of line.
    let layout: ModelLayout
    /// What each model travels in, which decides whether its struct is `Codable`.
    let modelUsage: ModelUsage
    /// The models the app brings its own types for, by model name: not generated, named by the app's type.
    let overrides: [String: TypeOverride]
    /// The modules of those types, in the options' order (Foundation's and the runtime's are imported as such).
    let appModules: [String]

    /// Creates a planner for a spec read from `sourcePath` (package-relative, so output is the same everywhere),
    /// with the app's types for some models (checked by ``Spec/problems(of:)``).
    package init(spec: Spec, sourcePath: String, overrides: [TypeOverride] = []) {
        self.spec = spec
        self.sourcePath = sourcePath
        self.overrides = Dictionary(overrides.map { ($0.model, $0) }, uniquingKeysWith: { first, _ in first })
        appModules = overrides.compactMap(\.module).filter { !["Foundation", "SpecgenRuntime"].contains($0) }
            .reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        apiName = Namer().typeName(spec.name)
        types = TypeResolver(spec)
        modelUsage = ModelUsage(spec, resolver: types)
        let recursiveUnions = types.recursiveUnions(in: spec.models)
        self.recursiveUnions = recursiveUnions
        layout = ModelLayout(models: spec.models, types: types, recursiveUnions: recursiveUnions)
        validatedModels = findValidatedModels()
    }

    /// The plan.
    package func plan() -> ClientPlan {
        let names = GeneratedNames(apiName: spec.name, namer: namer)
        let operations = spec.endpoints.map { operation($0, names: names) }
        return ClientPlan(
            apiName: apiName, sourcePath: sourcePath, documentation: spec.description, version: spec.version,
            names: names,
            servers: spec.servers.map(serverPlan),
            defaultHeaders: spec.defaultHeaders.map { HeaderValue(name: $0.name, value: $0.value) },
            authSchemes: spec.authSchemes.map(authPlan),
            retryPolicy: spec.retry.map(retryExpression),
            sensitiveNames: sensitiveNames(),
            models: spec.models.filter { overrides[$0.name] == nil }.map(modelPlan),
            errors: errorPlans(names: names),
            operations: operations,
            webhooks: webhooksPlan(names: names),
            appModules: appModules
        )
    }

    // MARK: - Types

    func model(named name: String) -> Model? { types.model(named: name) }

    /// The Swift type of a spec type.
    func swiftType(_ type: TypeRef) -> String {
        switch type {
        case .primitive(let primitive):
            switch primitive {
            case .string: "String"
            case .int: "Int"
            case .int32: "Int32"
            case .int64: "Int64"
            case .double: "Double"
            case .float: "Float"
            case .bool: "Bool"
            case .datetime, .date: "Date"
            case .uuid: "UUID"
            case .url: "URL"
            case .bytes, .binary: "Data"
            case .file: "MultipartFile"
            case .json: "JSONValue"
            }
        case .named(let name):
            overrides[name]?.type ?? model(named: name).map(namer.swiftName(of:)) ?? namer.typeName(name)
        case .array(let element): "[\(swiftType(element))]"
        case .map(let value): "[String: \(swiftType(value))]"
        }
    }

    /// Follows aliases to the type they stand for, collecting their constraints on the way; a model the app brings
    /// its own type for is where the walk stops, as the client knows nothing inside it.
    func resolved(_ type: TypeRef) -> (type: TypeRef, constraints: [Constraints]) {
        types.resolved(type, stoppingAt: Set(overrides.keys))
    }

    /// The modules a spec type's Swift form comes from (`Nullable` for a `??` field is the runtime's).
    func usage(of type: TypeRef, presence: SpecgenSpec.Presence = .required) -> ModuleUsage {
        var usage: ModuleUsage = presence == .nullable ? .runtime : []
        switch type {
        case .primitive(let primitive):
            switch primitive {
            case .datetime, .date, .uuid, .url, .bytes, .binary: usage.insert(.foundation)
            case .file, .json: usage.insert(.runtime)
            case .string, .int, .int32, .int64, .double, .float, .bool: break
            }
        case .named(let name):
            switch overrides[name]?.module {
            case "Foundation"?: usage.insert(.foundation)
            case "SpecgenRuntime"?: usage.insert(.runtime)
            case let module?: if let index = appModules.firstIndex(of: module) { usage.insert(.app(index)) }
            case nil: break
            }
        case .array(let element), .map(let element): usage.formUnion(self.usage(of: element))
        }
        return usage
    }

    /// The Swift type with the field's optionality.
    func fieldType(_ base: String, _ presence: SpecgenSpec.Presence) -> String {
        switch presence {
        case .required: base
        case .optional: base + "?"
        case .nullable: "Nullable<\(base)>?"
        }
    }

    /// A `DateFormat` expression when a date field needs one other than ISO 8601 date-time.
    func dateFormat(_ type: TypeRef, format: String?) -> String? {
        guard case .primitive(let primitive) = resolved(type).type else { return nil }
        switch primitive {
        case .datetime:
            if let epoch = EpochFormat(format: format) { return epoch.runtimeFormat }
            if format == NamedDateFormat.httpDate { return ".httpDate" }
            return format.map { ".pattern(\(SwiftLiteral.string($0)))" }
        case .date: return format.map { ".pattern(\(SwiftLiteral.string($0)))" } ?? ".date"
        default: return nil
        }
    }

    /// How a model stores a date field in a format other than ISO 8601 date-time; nil for other fields, and
    /// for nullable (`??`) dates, which decode as ISO 8601.
    func dateCoding(_ field: Field, presence: SpecgenSpec.Presence) -> DateCodingPlan? {
        guard let format = dateFormat(field.type, format: field.format), presence != .nullable else { return nil }
        let epoch = EpochFormat(format: field.format)
        let named = epoch?.runtimeTypeName ?? (field.format == NamedDateFormat.httpDate ? "HTTPDateFormat" : nil)
        let formatTypeName =
            field.format == nil || named != nil ? nil : namer.typeName(namer.bareSwiftName(of: field)) + "Format"
        let wrapper = presence == .optional ? "OptionalFormattedDate" : "FormattedDate"
        return DateCodingPlan(
            wrapper: "\(wrapper)<\(formatTypeName ?? named ?? "CalendarDateFormat")>",
            formatTypeName: formatTypeName, format: format)
    }

    /// How a scalar becomes text, or nil for non-scalars.
    func textForm(_ type: TypeRef, format: String?) -> TextForm? {
        switch resolved(type).type {
        case .primitive(let primitive):
            switch primitive {
            case .string: return .string
            case .int, .int32, .int64, .double, .float, .bool: return .describing
            case .uuid: return .uuid
            case .url: return .url
            case .bytes: return .base64
            case .datetime, .date: return .date(format: "DateFormat" + (dateFormat(type, format: format) ?? ".iso8601"))
            case .binary, .file, .json: return nil
            }
        case .named(let name):
            // An app's type travels as its `description`.
            if overrides[name] != nil { return .describing }
            if let model = model(named: name), case .enumeration = model.kind {
                return model.isIntegerEnum ? .integerRawValue : .rawValue
            }
            return nil
        case .array, .map:
            return nil
        }
    }

    /// A Swift expression for a spec default, or nil when the type has no literal form.
    func defaultExpression(_ value: SpecValue, type: TypeRef) -> String? {
        // An app's type has no literal the client knows: its fields take no default.
        if case .named(let name) = resolved(type).type, overrides[name] != nil { return nil }
        switch (resolved(type).type, value) {
        case (_, .null): return "nil"
        case (.primitive(.string), .string(let text)): return SwiftLiteral.string(text)
        case (.primitive(let primitive), .int(let number)) where [.int, .int32, .int64].contains(primitive):
            return String(number)
        case (.primitive(let primitive), .int(let number)) where [.double, .float].contains(primitive):
            return String(number)
        case (.primitive(let primitive), .double(let number)) where [.double, .float].contains(primitive):
            return SwiftLiteral.number(number)
        case (.primitive(.bool), .bool(let flag)): return flag ? "true" : "false"
        case (.named(let name), .int(let number)):
            guard let model = model(named: name), case .enumeration(let values) = model.kind, model.isIntegerEnum,
                let value = values.first(where: { $0.value == String(number) })
            else { return nil }
            return "." + namer.bareCaseName(of: value)
        case (.named(let name), .string(let text)):
            guard let model = model(named: name), case .enumeration(let values) = model.kind,
                let value = values.first(where: { $0.value == text })
            else { return nil }
            return "." + namer.bareCaseName(of: value)
        case (.array(let element), .array(let items)):
            let parts = items.map { defaultExpression($0, type: element) }
            guard !parts.contains(nil) else { return nil }
            return "[" + parts.compactMap { $0 }.joined(separator: ", ") + "]"
        default:
            return nil
        }
    }

    /// The Swift name of an enum value.
    func caseName(_ value: EnumValue) -> String { namer.caseName(of: value) }

    /// The Swift name of a field.
    func memberName(_ field: Field) -> String { namer.swiftName(of: field) }
}
