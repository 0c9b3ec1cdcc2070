import Foundation

/// Checks what needs the whole spec: names that collide in Swift, cycles, references between sections, and
/// whether each construct is used where it can work. Run it on a spec the loader produced without errors.
public struct SpecLinter: Sendable {
    /// Creates a validator.
    public init() {}

    /// Every problem in the spec, in no particular order (sort with ``Swift/Array/sortedForDisplay()``).
    public func validate(_ spec: Spec) -> [Diagnostic] {
        var run = LintRun(spec: spec)
        run.checkModels()
        run.checkGeneratedNames()
        run.checkAuth()
        run.checkErrors(spec.errors, keyPath: "errors")
        run.checkEndpoints()
        run.checkResources()
        run.checkWebhooks()
        run.checkUsage()
        return run.diagnostics
    }

    /// The errors lint finds in each discriminated union's variants and tags, by union name: for a tool that
    /// decides discriminators itself (the OpenAPI import) and decodes in order a union lint would refuse. Only
    /// unions with an error are listed.
    package func discriminatorErrors(_ spec: Spec) -> [String: [Diagnostic]] {
        var run = LintRun(spec: spec)
        var found: [String: [Diagnostic]] = [:]
        for model in spec.models {
            guard case .union(let union) = model.kind, let discriminator = union.discriminator else { continue }
            let start = run.diagnostics.count
            run.checkDiscriminated(model, union, discriminator: discriminator)
            let errors = run.diagnostics[start...].filter(\.isError)
            if !errors.isEmpty { found[model.name] = Array(errors) }
        }
        return found
    }

    /// The errors lint finds in each endpoint's paging and polling, by endpoint name: for a tool that decides them
    /// itself (the OpenAPI import) and leaves out what lint would refuse. Only endpoints with an error are listed.
    package func pagingErrors(_ spec: Spec) -> [String: (pagination: [Diagnostic], polling: [Diagnostic])] {
        var run = LintRun(spec: spec)
        var found: [String: (pagination: [Diagnostic], polling: [Diagnostic])] = [:]
        for endpoint in spec.endpoints {
            let keyPath = "endpoints.\(endpoint.name)"
            var start = run.diagnostics.count
            if let pagination = endpoint.pagination {
                run.checkPagination(pagination, endpoint: endpoint, keyPath: "\(keyPath).paginate")
            }
            let pagination = run.diagnostics[start...].filter(\.isError)
            start = run.diagnostics.count
            if let polling = endpoint.polling {
                run.checkPolling(polling, endpoint: endpoint, keyPath: "\(keyPath).poll")
            }
            let polling = run.diagnostics[start...].filter(\.isError)
            if !pagination.isEmpty || !polling.isEmpty { found[endpoint.name] = (Array(pagination), Array(polling)) }
        }
        return found
    }
}

struct LintRun {
    let spec: Spec
    let namer = Namer()
    var diagnostics: [Diagnostic] = []
    let types: TypeResolver
    /// Which models requests and responses carry.
    let usage: ModelUsage

    init(spec: Spec) {
        self.spec = spec
        types = TypeResolver(spec)
        usage = ModelUsage(spec, resolver: types)
    }

    func model(named name: String) -> Model? { types.model(named: name) }

    mutating func error(_ kind: LintErrorKind, _ location: SourceLocation, _ message: String, fix: String? = nil) {
        diagnostics.append(Diagnostic(.error, at: location, message, fix: fix, kind: kind.rawValue))
    }

    mutating func warning(_ location: SourceLocation, _ message: String, fix: String? = nil) {
        diagnostics.append(Diagnostic(.warning, at: location, message, fix: fix))
    }

    func shape(of type: TypeRef) -> TypeShape { types.shape(of: type) }

    func isScalar(_ type: TypeRef) -> Bool { types.isScalar(type) }

    /// A Swift-name collision check over one scope: each group of raw names that map to one Swift name.
    mutating func checkCollisions(
        _ entries: [(raw: String, swift: String, location: SourceLocation)], scope: String, kind: String
    ) {
        var seen: [String: (swift: String, raw: String, location: SourceLocation)] = [:]
        for entry in entries {
            let key = entry.swift.lowercased()
            if let first = seen[key] {
                let how =
                    first.swift == entry.swift
                    ? "the same Swift name '\(entry.swift)'"
                    : "Swift names that differ only in case ('\(first.swift)', '\(entry.swift)')"
                error(
                    .names,
                    entry.location,
                    "\(kind) '\(entry.raw)' and '\(first.raw)' (line \(first.location.line)) in \(scope) get \(how)",
                    fix: "rename one, or give it a 'swiftName'")
            } else {
                seen[key] = (entry.swift, entry.raw, entry.location)
            }
        }
    }

    // MARK: - Models

    /// Models must not take the names of the types every client gets (`ChatistClient`, `RegisterUserError`). The
    /// module's own name is free (`FirstSpecTests` compiles a model `Todo` in the module `Todo`).
    mutating func checkGeneratedNames() {
        let generated = GeneratedNames.typeNames(of: spec, namer: namer)
        for model in spec.models {
            let swiftName = namer.swiftName(of: model)
            if let role = generated[swiftName] {
                error(
                    .names,
                    model.location, "model '\(model.name)' would be generated as '\(swiftName)', the name of \(role)",
                    fix: "rename it, or give it a 'swiftName'")
            }
        }
    }

    mutating func checkModels() {
        checkCollisions(
            spec.models.map { ($0.name, namer.swiftName(of: $0), $0.location) },
            scope: "models", kind: "model")
        for model in spec.models {
            checkExample(model.example, of: .named(model.name), at: model.location, keyPath: "models.\(model.name)")
            let swiftName = namer.swiftName(of: model)
            if model.swiftName == nil, swiftName != model.name,
                Namer.reservedTypeNames.contains(model.name)
                    || Namer.keywords.contains(model.name)
            {
                warning(
                    model.location,
                    "model '\(model.name)' would shadow a Swift or runtime type; it is generated as '\(swiftName)'",
                    fix: "give it a 'swiftName' to choose another name")
            }
            if let custom = model.swiftName, !isIdentifier(custom) {
                error(
                    .names, model.location, "swiftName '\(custom)' of model '\(model.name)' is not a Swift identifier")
            }
            let keyPath = "models.\(model.name)"
            switch model.kind {
            case .object(let fields):
                checkFields(fields, scope: "model '\(model.name)'", keyPath: "\(keyPath).properties")
                if let extra = model.additionalProperties {
                    checkAdditionalProperties(model, extra, fields: fields)
                }
            case .enumeration(let values):
                checkEnum(model, values: values)
            case .alias(let target, let constraints):
                checkConstraints(constraints, type: target, at: model.location, keyPath: keyPath)
            case .union(let union):
                checkUnion(model, union)
            }
        }
        checkAliasCycles()
        checkValueCycles()
    }

    /// The dictionary of undeclared properties takes the name `additionalProperties` and must hold JSON.
    mutating func checkAdditionalProperties(_ model: Model, _ extra: TypeRef, fields: [Field]) {
        if let field = fields.first(where: { namer.bareSwiftName(of: $0) == "additionalProperties" }) {
            error(
                .names,
                field.location,
                "field '\(field.wireName)' of '\(model.name)' takes the Swift name 'additionalProperties', which holds"
                    + " the properties the model does not declare",
                fix: "give it a 'swiftName'")
        }
        if types.containsFile(extra) {
            error(
                .bytesInJSON,
                model.location, "the additional properties of '\(model.name)' are raw bytes, which JSON cannot carry",
                fix: "use 'bytes' for base64 text")
        }
    }

    mutating func checkFields(_ fields: [Field], scope: String, keyPath: String) {
        checkCollisions(
            fields.map { ($0.wireName, namer.bareSwiftName(of: $0), $0.location) },
            scope: scope, kind: "field")
        for field in fields {
            checkField(field, keyPath: "\(keyPath).\(field.wireName)")
        }
    }

    mutating func checkField(_ field: Field, keyPath: String) {
        if let custom = field.swiftName, !Namer.isMemberIdentifier(custom) {
            error(.names, field.location, "swiftName '\(custom)' at '\(keyPath)' is not a Swift identifier")
        }
        checkConstraints(field.constraints, type: field.type, at: field.location, keyPath: keyPath)
        if let format = field.format {
            if case .primitive(.datetime) = shape(of: field.type) {
                // An epoch format is a number of seconds or milliseconds: no pattern to check.
                if EpochFormat(format: format) == nil {
                    let pattern = NamedDateFormat.pattern(of: format)
                    if let problem = DatePattern.roundTripProblem(of: pattern) {
                        error(
                            .constraints, field.typeLocation, "date format '\(format)' at '\(keyPath)' \(problem)",
                            fix: "write a Unicode date pattern the client can read back, such as 'yyyy-MM-dd HH:mm:ss'")
                    } else if !pattern.contains("y") || !pattern.contains("d") {
                        warning(field.typeLocation, "date format '\(format)' at '\(keyPath)' has no year or day")
                    }
                }
            } else {
                error(
                    .constraints,
                    field.typeLocation, "'format' at '\(keyPath)' applies only to 'datetime' fields",
                    fix: "remove 'format' or change the type to 'datetime'")
            }
        }
        if let problem = types.exampleProblem(of: field) {
            warning(
                field.location, "example at '\(keyPath)' does not fit its type: \(problem); it is not used",
                fix: "write an example of type '\(field.type)'")
        }
        if let value = field.defaultValue {
            if field.presence == .nullable {
                error(.defaults, field.location, "the field at '\(keyPath)' is nullable and has a default; pick one")
            } else if let problem = mismatch(value, type: field.type) {
                error(.defaults, field.location, "default at '\(keyPath)': \(problem)")
            }
        }
    }

    mutating func checkEnum(_ model: Model, values: [EnumValue]) {
        var seenValues: [String] = []
        for value in values where value.isInteger != model.isIntegerEnum {
            error(
                .enums,
                value.location,
                "enum '\(model.name)' mixes integers and strings: '\(value.value)' is "
                    + (value.isInteger ? "an integer" : "a string"),
                fix: model.isIntegerEnum ? "write every value as an integer" : "quote the value")
        }
        for value in values {
            if seenValues.contains(value.value) {
                error(
                    .enums, value.location, "enum '\(model.name)' lists '\(value.value)' twice",
                    fix: "remove one of them")
            }
            seenValues.append(value.value)
            if let custom = value.swiftName, !Namer.isMemberIdentifier(custom) {
                error(
                    .enums,
                    value.location, "swiftName '\(custom)' of enum value '\(value.value)' is not a Swift identifier",
                    fix: "write a name of letters, digits and underscores that does not start with a digit")
            }
            let swiftName = namer.bareCaseName(of: value)
            if swiftName == Namer.unknownEnumCase {
                error(
                    .enums,
                    value.location,
                    "enum value '\(value.value)' of '\(model.name)' would take the case name '\(Namer.unknownEnumCase)',"
                        + " which keeps values this client does not know",
                    fix: "give it a 'swiftName'")
            }
        }
        checkCollisions(
            values.map { ($0.value, namer.bareCaseName(of: $0), $0.location) },
            scope: "enum '\(model.name)'", kind: "value")
    }

    /// `A: B` and `B: [A]` can never be generated: each alias would need the other first.
    mutating func checkAliasCycles() {
        var reported: Set<String> = []
        for model in spec.models where !reported.contains(model.name) {
            guard case .alias(let target, _) = model.kind else { continue }
            var visited: [String] = [model.name]
            var frontier = target.referencedNames
            while let next = frontier.popLast() {
                if next == model.name {
                    error(
                        .recursion,
                        model.location,
                        "alias '\(model.name)' refers to itself through \(visited.joined(separator: " -> ")) -> \(model.name)",
                        fix: "make one of them a model with 'properties'")
                    reported.formUnion(visited)
                    break
                }
                guard !visited.contains(next), let nextModel = self.model(named: next),
                    case .alias(let nextTarget, _) = nextModel.kind
                else { continue }
                visited.append(next)
                frontier += nextTarget.referencedNames
            }
        }
    }

    /// A struct that holds itself other than through an array, a map or a union (which Swift stores `indirect`)
    /// would have infinite size.
    mutating func checkValueCycles() {
        for model in spec.models {
            guard case .object = model.kind else { continue }
            var visited: Set<String> = []
            var stack: [(model: Model, path: [String])] = [(model, [model.name])]
            var reported = false
            while let (current, path) = stack.popLast(), !reported {
                for (target, via) in types.heldModels(of: current) {
                    guard case .object = target.kind else { continue }
                    let nextPath = path + [via]
                    if target.name == model.name {
                        error(
                            .recursion,
                            model.location,
                            "model '\(model.name)' contains itself through '\(nextPath.joined(separator: "."))'",
                            fix: "hold it in an array ('[\(model.name)]') or refer to it by ID")
                        reported = true
                        break
                    }
                    if visited.insert(target.name).inserted { stack.append((target, nextPath)) }
                }
            }
        }
    }

    func isIdentifier(_ text: String) -> Bool { Namer.isIdentifier(text) }
}
