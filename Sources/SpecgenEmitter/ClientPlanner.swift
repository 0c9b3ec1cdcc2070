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

    /// Creates a planner for a spec read from `sourcePath` (package-relative, so output is the same everywhere).
    package init(spec: Spec, sourcePath: String) {
        self.spec = spec
        self.sourcePath = sourcePath
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
            models: spec.models.map(modelPlan),
            errors: errorPlans(names: names),
            operations: operations
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
        case .named(let name): model(named: name).map(namer.swiftName(of:)) ?? namer.typeName(name)
        case .array(let element): "[\(swiftType(element))]"
        case .map(let value): "[String: \(swiftType(value))]"
        }
    }

    /// Follows aliases to the type they stand for, collecting their constraints on the way.
    func resolved(_ type: TypeRef) -> (type: TypeRef, constraints: [Constraints]) { types.resolved(type) }

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
        case .named: break
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

    /// The property wrapper of a date field in a format other than ISO 8601 date-time; nil for other fields, and
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
                    customCoding: model.additionalProperties != nil
                        || properties.contains {
                            $0.presence == .nullable || ($0.defaultValue != nil && !$0.isOptional)
                        },
                    needsCodingKeys: zip(fields, properties).contains { $0.wireName != $1.name },
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
                            constants: union.discriminator != nil ? [] : stringConstants(of: variant.type),
                            documentation: variant.description, validation: nestedCheck(variant.type),
                            isIndirect: layout.isIndirect(member: index, of: model.name))
                    },
                    isIndirect: recursiveUnions.contains(model.name),
                    usage: union.variants.reduce(into: ModuleUsage.runtime) { $0.formUnion(usage(of: $1.type)) },
                    keyPath: "models.\(model.name)"))
        }
    }

    /// The string constants of a struct's properties, as wire name and value pairs.
    func stringConstants(of type: TypeRef) -> [[String]] {
        guard case .object(let model) = types.shape(of: type) else { return [] }
        return model.fields.compactMap { field in
            guard case .string(let value)? = field.constant else { return nil }
            return [field.wireName, value]
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
        return ValidationPlan(value: value, field: field, presence: presence, checks: checks)
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

    private func nestedName(_ type: TypeRef) -> String? {
        if case .named(let name) = resolved(type).type { return name }
        return nil
    }

    /// Object models with checks, directly or through the models they contain (a fixed point, so cycles end).
    private func findValidatedModels() -> Set<String> {
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
            for model in spec.models where !found.contains(model.name) {
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

    // MARK: - Servers

    func serverPlan(_ server: Server) -> ServerPlan {
        ServerPlan(
            caseName: namer.memberName(server.name), url: server.url, documentation: server.description,
            variables: server.variables.map { variable in
                let label = namer.memberName(variable.name)
                guard !variable.values.isEmpty else {
                    return ServerVariablePlan(
                        name: variable.name, label: label, enumName: nil, values: [],
                        defaultExpression: SwiftLiteral.string(variable.defaultValue),
                        documentation: variable.description)
                }
                let values = variable.values.map {
                    ServerVariablePlan.Value(caseName: namer.memberName($0), text: $0)
                }
                let defaultCase = values.first { $0.text == variable.defaultValue }?.caseName ?? values[0].caseName
                return ServerVariablePlan(
                    name: variable.name, label: label, enumName: namer.typeName(variable.name), values: values,
                    defaultExpression: "." + defaultCase.withoutBackticks, documentation: variable.description)
            },
            urls: server.urls.map { ServerPlan.NamedURL(name: $0.name, url: $0.url) })
    }

    // MARK: - Auth, retry, errors

    func authPlan(_ scheme: AuthScheme) -> AuthPlan {
        // A scheme named like one of the initializer's own parameters or locals (`logger`, `chain`) is renamed.
        var name = namer.bareMemberName(scheme.name)
        while Namer.reservedLocals.contains(name) { name += "Credential" }
        // Required when some operation accepts it alone; one of several alternatives may be left out.
        let required = spec.endpoints.contains { endpoint in
            let requirement = spec.authRequirement(of: endpoint)
            return requirement?.schemes == [scheme.name] && requirement?.optional == false
        }
        switch scheme.kind {
        case .bearer:
            return AuthPlan(
                specName: scheme.name, parameterName: name, flowProperty: nil, kind: .bearer,
                required: required, documentation: scheme.description)
        case .basic:
            return AuthPlan(
                specName: scheme.name, parameterName: name, flowProperty: nil, kind: .basic, required: required,
                documentation: scheme.description)
        case .apiKey(let keyName, let location):
            return AuthPlan(
                specName: scheme.name, parameterName: name, flowProperty: nil,
                kind: .apiKey(name: keyName, inQuery: location == .query), required: required,
                documentation: scheme.description)
        case .oauth2(let flow):
            let belowServer = spec.pathBelowServer(flow.tokenURL)
            return AuthPlan(
                specName: scheme.name, parameterName: name + "TokenStore", flowProperty: name + "Tokens",
                tokenURLParameter: belowServer == nil && flow.tokenURL.contains("://") ? name + "TokenURL" : nil,
                kind: .oauth2(
                    // Below the server, the token flow follows the client's base URL (staging, a local server).
                    tokenPath: belowServer ?? flow.tokenURL, usernameField: flow.usernameField,
                    leeway: flow.refreshLeeway,
                    client: flow.usesClientCredentials
                        ? AuthPlan.ClientCredentialsPlan(
                            // Only a scheme some operation needs alone makes its credentials a must.
                            parameterName: name + "Credentials", required: flow.needsClientCredentials && required,
                            inBody: flow.clientAuthentication == .body, scopes: flow.scopes) : nil),
                required: false, documentation: scheme.description)
        }
    }

    func retryExpression(_ policy: SpecgenSpec.RetrySettings) -> [String] {
        [
            "maxAttempts: \(policy.maxAttempts)", "initialDelay: \(SwiftLiteral.number(policy.initialDelay))",
            "maxDelay: \(SwiftLiteral.number(policy.maxDelay))",
            "multiplier: \(SwiftLiteral.number(policy.multiplier))",
            "jitter: \(policy.jitter)", "statuses: [\(policy.statuses.map(String.init).joined(separator: ", "))]",
        ]
            + (policy.maxElapsed.map { ["maxElapsed: \(SwiftLiteral.number($0))"] } ?? [])
    }

    func sensitiveNames() -> [String] {
        var names: [String] = []
        func add(_ field: Field) {
            if field.sensitive, !names.contains(field.wireName) { names.append(field.wireName) }
        }
        for model in spec.models { model.fields.forEach(add) }
        for endpoint in spec.endpoints {
            (endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters).forEach(add)
            if case .fields(let fields)? = endpoint.body?.content { fields.forEach(add) }
        }
        return names
    }

    func errorCase(_ response: ErrorResponse) -> ErrorCasePlan {
        ErrorCasePlan(
            name: namer.escaped(response.caseName), status: response.status, bodyType: response.body.map(swiftType),
            bodyUsage: response.body.map { usage(of: $0) } ?? [],
            documentation: response.description)
    }

    /// An operation's documented errors: its own, then the API-wide ones for other statuses.
    func errors(of endpoint: Endpoint) -> [ErrorResponse] { spec.errors(of: endpoint) }

    /// The error type of an operation with its own errors.
    func errorTypeName(of endpoint: Endpoint) -> String? { namer.errorTypeName(of: endpoint) }

    /// The API's error type, then each operation's that documents errors of its own. A type whose cases repeat an
    /// earlier one's (statuses, bodies and documentation alike) is a `typealias` of it: an API's operations mostly
    /// document the same few error sets, and one enum per set compiles once instead of once per operation.
    func errorPlans(names: GeneratedNames) -> [ErrorPlan] {
        var plans = [
            ErrorPlan(
                typeName: names.error,
                documentation:
                    "Why a call to the \(apiName) API failed: a documented error response, or a failure of the call itself.",
                cases: spec.errors.map(errorCase))
        ]
        var owners: [[ErrorCasePlan]: Int] = [plans[0].cases: 0]
        for endpoint in spec.endpoints {
            guard let typeName = errorTypeName(of: endpoint) else { continue }
            let method = "`\(namer.methodName(endpoint.name).withoutBackticks)`"
            var plan = ErrorPlan(
                typeName: typeName,
                documentation: "Why \(method) failed: its documented error responses, the API's, or a failure of the "
                    + "call itself.",
                cases: errors(of: endpoint).map(errorCase))
            if let owner = owners[plan.cases] {
                plan.sharedWith = plans[owner].typeName
                plan.documentation =
                    "Why \(method) failed: the same cases as ``\(plans[owner].typeName)``, so the same type."
                plans[owner].sharers.append(typeName)
            } else {
                owners[plan.cases] = plans.count
            }
            plans.append(plan)
        }
        return plans
    }
}
