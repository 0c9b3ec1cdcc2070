import SpecgenEmitter
package import SpecgenSpec

/// One change between two versions of a spec, with both verdicts.
package struct Finding: Hashable, Sendable {
    /// The kind of change.
    package var rule: DiffRule
    /// What changed, in one line.
    package var message: String
    /// Where: in the new spec, or in the old one for something removed.
    package var location: SourceLocation
    /// The Swift symbols affected, such as `TokenResponse.expiresIn`.
    package var symbols: [String]
    /// The operations that use what changed.
    package var operations: [String]

    /// A stable identifier for accepting a known break: the rule and the symbols, not the line number.
    package var fingerprint: String { "\(rule.id):" + (symbols.isEmpty ? message : symbols.joined(separator: ",")) }
}

/// Compares two versions of a spec: the wire contract from the specs, the Swift API from their client plans.
package struct SpecDiff {
    let old: Spec
    let new: Spec
    private let oldPlan: ClientPlan
    private let newPlan: ClientPlan
    private var findings: [Finding] = []

    /// Creates a diff of two valid specs.
    package init(old: Spec, new: Spec) {
        self.old = old
        self.new = new
        oldPlan = ClientPlanner(spec: old, sourcePath: old.location.path).plan()
        newPlan = ClientPlanner(spec: new, sourcePath: new.location.path).plan()
    }

    /// Every change, ordered by location.
    package static func findings(old: Spec, new: Spec) -> [Finding] {
        var diff = SpecDiff(old: old, new: new)
        diff.compareAPI()
        diff.compareOperations()
        diff.compareModels()
        diff.compareErrors()
        return diff.findings.sorted { ($0.location, $0.rule.id, $0.message) < ($1.location, $1.rule.id, $1.message) }
    }

    private mutating func add(_ rule: DiffRule, _ message: String, at location: SourceLocation, symbols: [String] = [],
                              operations: [String] = []) {
        findings.append(Finding(rule: rule, message: message, location: location, symbols: symbols,
                                operations: operations))
    }

    // MARK: API

    private mutating func compareAPI() {
        let server = newPlan.names.server
        for (index, oldServer) in old.servers.enumerated() {
            let symbol = "\(oldPlan.names.server).\(oldPlan.servers[index].caseName)"
            guard let newServer = new.servers.first(where: { $0.name == oldServer.name }) else {
                add(.serverRemoved, "server '\(oldServer.name)' was removed", at: oldServer.location, symbols: [symbol])
                continue
            }
            if newServer.url != oldServer.url {
                add(.serverURLChanged, "server '\(oldServer.name)' moved from \(oldServer.url) to \(newServer.url)",
                    at: newServer.location, symbols: [symbol])
            }
        }
        for (index, newServer) in new.servers.enumerated() where !old.servers.contains(where: { $0.name == newServer.name }) {
            add(.serverAdded, "server '\(newServer.name)' was added", at: newServer.location,
                symbols: ["\(server).\(newPlan.servers[index].caseName)"])
        }
        for scheme in old.authSchemes {
            guard let current = new.authScheme(named: scheme.name) else {
                add(.authSchemeRemoved, "auth scheme '\(scheme.name)' was removed", at: scheme.location,
                    symbols: ["\(oldPlan.names.client).init"])
                continue
            }
            if current.kind != scheme.kind {
                add(.authSchemeKindChanged, "auth scheme '\(scheme.name)' changed how the credential is sent",
                    at: current.location, symbols: ["\(newPlan.names.client).init"])
            }
        }
        for scheme in new.authSchemes where old.authScheme(named: scheme.name) == nil {
            add(.authSchemeAdded, "auth scheme '\(scheme.name)' was added", at: scheme.location,
                symbols: ["\(newPlan.names.client).init"])
        }
        if old.retry != new.retry || old.requestOptions != new.requestOptions
            || old.defaultHeaders.map({ [$0.name, $0.value] }) != new.defaultHeaders.map({ [$0.name, $0.value] }) {
            add(.behaviourChanged, "the API's retry policy, timeout, cache policy or default headers changed",
                at: new.location, symbols: [newPlan.names.client])
        }
        if old.description != new.description {
            add(.documentationChanged, "the API's description changed", at: new.location)
        }
    }

    // MARK: Operations

    private mutating func compareOperations() {
        var renamedTo: Set<String> = []
        for (oldIndex, endpoint) in old.endpoints.enumerated() {
            let oldOperation = oldPlan.operations[oldIndex]
            guard let newIndex = new.endpoints.firstIndex(where: { $0.name == endpoint.name }) else {
                if let newIndex = new.endpoints.firstIndex(where: { candidate in
                    candidate.method == endpoint.method && candidate.path == endpoint.path
                        && old.endpoint(named: candidate.name) == nil && !renamedTo.contains(candidate.name)
                }) {
                    renamedTo.insert(new.endpoints[newIndex].name)
                    add(.operationRenamed, "operation '\(endpoint.name)' is now '\(new.endpoints[newIndex].name)'",
                        at: new.endpoints[newIndex].location,
                        symbols: ["\(oldPlan.names.api).\(oldOperation.bareName)"], operations: [endpoint.name])
                } else {
                    add(.operationRemoved, "operation '\(endpoint.name)' (\(endpoint.method.rawValue) \(endpoint.path)) was removed",
                        at: endpoint.location, symbols: ["\(oldPlan.names.api).\(oldOperation.bareName)"],
                        operations: [endpoint.name])
                }
                continue
            }
            compare(endpoint, oldOperation, new.endpoints[newIndex], newPlan.operations[newIndex])
        }
        for (index, endpoint) in new.endpoints.enumerated()
        where old.endpoint(named: endpoint.name) == nil && !renamedTo.contains(endpoint.name) {
            add(.operationAdded, "operation '\(endpoint.name)' (\(endpoint.method.rawValue) \(endpoint.path)) was added",
                at: endpoint.location, symbols: ["\(newPlan.names.api).\(newPlan.operations[index].bareName)"],
                operations: [endpoint.name])
        }
    }

    private mutating func compare(_ a: Endpoint, _ aPlan: OperationPlan, _ b: Endpoint, _ bPlan: OperationPlan) {
        let symbol = "\(newPlan.names.api).\(bPlan.bareName)"
        let operations = [b.name]
        if a.method != b.method {
            add(.methodChanged, "'\(b.name)' is now \(b.method.rawValue), was \(a.method.rawValue)", at: b.requestLocation,
                symbols: [symbol], operations: operations)
        }
        if Self.pathShape(a.path) != Self.pathShape(b.path) {
            add(.pathChanged, "'\(b.name)' moved from \(a.path) to \(b.path)", at: b.requestLocation, symbols: [symbol],
                operations: operations)
        }
        var oldParameters = a.pathParameters + a.queryParameters + a.headerParameters
        var newParameters = b.pathParameters + b.queryParameters + b.headerParameters
        if case .fields(let fields)? = a.body?.content { oldParameters += fields }
        if case .fields(let fields)? = b.body?.content { newParameters += fields }
        compareParameters(oldParameters, aPlan, newParameters, bPlan, endpoint: b, symbol: symbol)
        compareBody(a.body, b.body, endpoint: b, symbol: symbol)
        compareResponses(a, b, symbol: symbol)
        let oldAuth = a.auth ?? old.security, newAuth = b.auth ?? new.security
        if oldAuth?.scheme != newAuth?.scheme || oldAuth?.optional != newAuth?.optional {
            let location = newAuth?.location ?? b.location
            switch (oldAuth?.scheme, newAuth?.scheme) {
            case (nil, _?):
                add(.authAdded, "'\(b.name)' now requires auth scheme '\(newAuth?.scheme ?? "")'", at: location,
                    symbols: [symbol], operations: operations)
            case (_?, nil):
                add(.authRemoved, "'\(b.name)' no longer requires authentication", at: location, symbols: [symbol],
                    operations: operations)
            default:
                if oldAuth?.scheme == newAuth?.scheme {
                    let rule: DiffRule = newAuth?.optional == true ? .authRemoved : .authAdded
                    add(rule, "'\(b.name)' made its credential \(newAuth?.optional == true ? "optional" : "required")",
                        at: location, symbols: [symbol], operations: operations)
                } else {
                    add(.authSchemeChanged, "'\(b.name)' uses auth scheme '\(newAuth?.scheme ?? "")' instead of '\(oldAuth?.scheme ?? "")'",
                        at: location, symbols: [symbol], operations: operations)
                }
            }
        }
        for (name, had, has) in [("pagination", aPlan.pagination?.methodName, bPlan.pagination?.methodName),
                                 ("polling", aPlan.polling?.methodName, bPlan.polling?.methodName)] {
            if let had, had != has {
                add(.helperRemoved, "\(name) helper '\(had)' of '\(b.name)' was removed", at: b.location,
                    symbols: ["\(newPlan.names.api).\(had)"], operations: operations)
            }
            if let has, has != had {
                add(.helperAdded, "\(name) helper '\(has)' was added to '\(b.name)'", at: b.location,
                    symbols: ["\(newPlan.names.api).\(has)"], operations: operations)
            }
        }
        if a.retry != b.retry || a.requestOptions != b.requestOptions || a.idempotent != b.idempotent {
            add(.behaviourChanged, "'\(b.name)' changed its retry, timeout or cache policy", at: b.location,
                symbols: [symbol], operations: operations)
        }
        if a.deprecation == nil, b.deprecation != nil {
            add(.deprecated, "'\(b.name)' is deprecated", at: b.location, symbols: [symbol], operations: operations)
        }
        if a.summary != b.summary || a.description != b.description {
            add(.documentationChanged, "the documentation of '\(b.name)' changed", at: b.location, symbols: [symbol],
                operations: operations)
        }
    }

    /// A path with placeholders blanked: renaming `{id}` to `{ticketID}` changes no request.
    private static func pathShape(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("{") ? "{}" : String($0) }.joined(separator: "/")
    }

    private mutating func compareParameters(_ a: [Field], _ aPlan: OperationPlan, _ b: [Field], _ bPlan: OperationPlan,
                                            endpoint: Endpoint, symbol: String) {
        let operations = [endpoint.name]
        func label(_ plan: OperationPlan, _ wire: String) -> String? {
            (plan.parameters + plan.query + plan.headers).first { $0.wireName == wire }?.label
                ?? bodyFields(plan).first { $0.wireName == wire }?.label
        }
        var matchedNew: Set<String> = []
        for field in a {
            guard let current = b.first(where: { $0.wireName == field.wireName }) else {
                // The same Swift label under another wire name is a wire rename.
                if let oldLabel = label(aPlan, field.wireName),
                   let renamed = b.first(where: { candidate in
                       !a.contains { $0.wireName == candidate.wireName } && label(bPlan, candidate.wireName) == oldLabel
                   }) {
                    matchedNew.insert(renamed.wireName)
                    add(.parameterWireNameChanged, "parameter '\(oldLabel)' of '\(endpoint.name)' is sent as '\(renamed.wireName)', was '\(field.wireName)'",
                        at: renamed.location, symbols: [symbol], operations: operations)
                } else {
                    add(.parameterRemoved, "parameter '\(field.wireName)' of '\(endpoint.name)' was removed", at: endpoint.location,
                        symbols: [symbol], operations: operations)
                }
                continue
            }
            matchedNew.insert(current.wireName)
            let where_ = "parameter '\(field.wireName)' of '\(endpoint.name)'"
            if current.type != field.type {
                add(.parameterTypeChanged, "\(where_) is now \(current.type), was \(field.type)", at: current.typeLocation,
                    symbols: [symbol], operations: operations)
            }
            let wasRequired = field.presence == .required && field.defaultValue == nil
            let isRequired = current.presence == .required && current.defaultValue == nil
            if wasRequired && !isRequired {
                add(.parameterMadeOptional, "\(where_) became optional", at: current.location, symbols: [symbol],
                    operations: operations)
            } else if !wasRequired && isRequired {
                add(.parameterMadeRequired, "\(where_) became required", at: current.location, symbols: [symbol],
                    operations: operations)
            } else if field.defaultValue != current.defaultValue {
                add(.parameterDefaultChanged, "\(where_) has a new default", at: current.location, symbols: [symbol],
                    operations: operations)
            }
            if let before = label(aPlan, field.wireName), let after = label(bPlan, current.wireName), before != after {
                add(.parameterRenamedInSwift, "\(where_) is labelled '\(after)', was '\(before)'", at: current.location,
                    symbols: [symbol], operations: operations)
            }
            checkConstraints(field.constraints, current.constraints, what: where_, at: current.location,
                             symbols: [symbol], operations: operations, inRequest: true)
        }
        for field in b where !matchedNew.contains(field.wireName) {
            let required = field.presence == .required && field.defaultValue == nil
            add(required ? .parameterAddedRequired : .parameterAddedOptional,
                "\(required ? "required" : "optional") parameter '\(field.wireName)' was added to '\(endpoint.name)'",
                at: field.location, symbols: [symbol], operations: operations)
        }
    }

    private func bodyFields(_ plan: OperationPlan) -> [ParameterPlan] {
        switch plan.body {
        case .form(let fields, _)?, .multipart(let fields, _)?: fields
        default: []
        }
    }

    private mutating func compareBody(_ a: RequestBody?, _ b: RequestBody?, endpoint: Endpoint, symbol: String) {
        let operations = [endpoint.name]
        switch (a, b) {
        case (nil, let body?):
            add(.requestBodyAdded, "'\(endpoint.name)' now takes a \(body.encoding.rawValue) body", at: body.location,
                symbols: [symbol], operations: operations)
        case (let body?, nil):
            add(.requestBodyRemoved, "'\(endpoint.name)' no longer takes a \(body.encoding.rawValue) body",
                at: endpoint.location, symbols: [symbol], operations: operations)
        case (let before?, let after?):
            if before.encoding != after.encoding || before.contentType != after.contentType {
                add(.requestBodyEncodingChanged, "'\(endpoint.name)' sends its body as \(after.encoding.rawValue), was \(before.encoding.rawValue)",
                    at: after.location, symbols: [symbol], operations: operations)
            }
            if case .type(let oldType) = before.content, case .type(let newType) = after.content, oldType != newType {
                add(.requestBodyTypeChanged, "'\(endpoint.name)' sends \(newType), was \(oldType)", at: after.typeLocation,
                    symbols: [symbol], operations: operations)
            }
        case (nil, nil):
            break
        }
    }

    private mutating func compareResponses(_ a: Endpoint, _ b: Endpoint, symbol: String) {
        let operations = [b.name]
        let oldStatuses = a.responses.map(\.status), newStatuses = b.responses.map(\.status)
        for status in oldStatuses where !newStatuses.contains(status) {
            add(.successStatusRemoved, "'\(b.name)' no longer answers \(status)", at: b.location, symbols: [symbol],
                operations: operations)
        }
        for response in b.responses where !oldStatuses.contains(response.status) {
            add(.successStatusAdded, "'\(b.name)' may answer \(response.status)", at: response.location, symbols: [symbol],
                operations: operations)
        }
        func type(_ endpoint: Endpoint) -> String {
            endpoint.responses.compactMap { response -> String? in
                switch response.body {
                case .json(let type): type.description
                case .binary: "binary"
                case .empty: nil
                }
            }.first ?? "empty"
        }
        if type(a) != type(b) {
            add(.responseTypeChanged, "'\(b.name)' returns \(type(b)), was \(type(a))", at: b.responses.first?.typeLocation ?? b.location,
                symbols: [symbol], operations: operations)
        }
    }

    // MARK: Models

    private mutating func compareModels() {
        let oldUsage = ModelUsage(old), newUsage = ModelUsage(new)
        let oldNames = Self.typeNames(old), newNames = Self.typeNames(new)
        var renamed: Set<String> = []
        for model in old.models {
            let oldType = oldNames[model.name] ?? model.name
            guard let current = new.model(named: model.name) else {
                if let twin = new.models.first(where: { candidate in
                    old.model(named: candidate.name) == nil && !renamed.contains(candidate.name)
                        && Self.sameShape(candidate.kind, model.kind)
                }) {
                    renamed.insert(twin.name)
                    add(.modelRenamed, "model '\(model.name)' is now '\(twin.name)'", at: twin.location,
                        symbols: [oldType], operations: oldUsage.operations(using: model.name))
                } else {
                    add(.modelRemoved, "model '\(model.name)' was removed", at: model.location, symbols: [oldType],
                        operations: oldUsage.operations(using: model.name))
                }
                continue
            }
            let typeName = newNames[current.name] ?? current.name
            let operations = newUsage.operations(using: model.name)
            let inRequest = oldUsage.requestModels.contains(model.name) || newUsage.requestModels.contains(model.name)
            let inResponse = oldUsage.responseModels.contains(model.name) || newUsage.responseModels.contains(model.name)
            switch (model.kind, current.kind) {
            case (.object(let before), .object(let after)):
                compareProperties(before, after, model: current, typeName: typeName, operations: operations,
                                  inRequest: inRequest, inResponse: inResponse)
            case (.enumeration(let before), .enumeration(let after)):
                for value in before where !after.contains(where: { $0.value == value.value }) {
                    add(inRequest ? .enumValueRemovedRequest : .enumValueRemovedResponse,
                        "value '\(value.value)' was removed from enum '\(model.name)'", at: current.location,
                        symbols: [Self.caseName(value, in: model)],
                        operations: operations)
                }
                for value in after where !before.contains(where: { $0.value == value.value }) {
                    add(.enumValueAdded, "value '\(value.value)' was added to enum '\(model.name)'", at: current.location,
                        symbols: [Self.caseName(value, in: current)],
                        operations: operations)
                }
            case (.alias(let before, let oldConstraints), .alias(let after, let newConstraints)):
                if before != after {
                    add(.aliasTypeChanged, "'\(model.name)' now stands for \(after), was \(before)", at: current.location,
                        symbols: [typeName], operations: operations)
                }
                checkConstraints(oldConstraints, newConstraints, what: "'\(model.name)'", at: current.location,
                                 symbols: [typeName], operations: operations, inRequest: inRequest)
            default:
                add(.modelKindChanged, "model '\(model.name)' changed kind", at: current.location, symbols: [typeName],
                    operations: operations)
            }
            if model.deprecation == nil, current.deprecation != nil {
                add(.deprecated, "model '\(model.name)' is deprecated", at: current.location, symbols: [typeName])
            }
            if model.description != current.description {
                add(.documentationChanged, "the documentation of model '\(model.name)' changed", at: current.location,
                    symbols: [typeName])
            }
        }
        for model in new.models where old.model(named: model.name) == nil && !renamed.contains(model.name) {
            add(.modelAdded, "model '\(model.name)' was added", at: model.location, symbols: [newNames[model.name] ?? model.name])
        }
    }

    private mutating func compareProperties(_ before: [Field], _ after: [Field], model: Model, typeName: String,
                                            operations: [String], inRequest: Bool, inResponse: Bool) {
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
                    add(.propertyJSONKeyRenamed, "'\(model.name).\(swiftName(field))' is read from \"\(renamed.wireName)\", was \"\(field.wireName)\"",
                        at: renamed.location, symbols: [oldSymbol], operations: operations)
                    continue
                }
                let required = field.presence == .required
                let rule: DiffRule = inResponse ? (required ? .responsePropertyRemoved : .responseOptionalPropertyRemoved)
                    : .requestPropertyRemoved
                add(rule, "property '\(field.wireName)' was removed from '\(model.name)'", at: model.location,
                    symbols: [oldSymbol], operations: operations)
                continue
            }
            matched.insert(current.wireName)
            let symbol = "\(typeName).\(swiftName(current))"
            let what = "property '\(model.name).\(field.wireName)'"
            if swiftName(field) != swiftName(current) {
                add(.propertyRenamedInSwift, "\(what) is '\(swiftName(current))' in Swift, was '\(swiftName(field))'",
                    at: current.location, symbols: [oldSymbol, symbol], operations: operations)
            }
            if field.type != current.type {
                add(.propertyTypeChanged, "\(what) is now \(current.type), was \(field.type)", at: current.typeLocation,
                    symbols: [symbol], operations: operations)
            }
            if field.presence == .required && current.presence != .required {
                add(inResponse ? .responsePropertyMadeOptional : .requestPropertyMadeOptional, "\(what) became optional",
                    at: current.typeLocation, symbols: [symbol], operations: operations)
            } else if field.presence != .required && current.presence == .required {
                add(inRequest ? .requestPropertyMadeRequired : .responsePropertyMadeRequired, "\(what) became required",
                    at: current.typeLocation, symbols: [symbol], operations: operations)
            }
            if field.defaultValue != current.defaultValue {
                add(.propertyDefaultChanged, "\(what) has a new default", at: current.location, symbols: [symbol],
                    operations: operations)
            }
            checkConstraints(field.constraints, current.constraints, what: what, at: current.location, symbols: [symbol],
                             operations: operations, inRequest: inRequest)
            if field.deprecation == nil, current.deprecation != nil {
                add(.deprecated, "\(what) is deprecated", at: current.location, symbols: [symbol])
            }
            if field.description != current.description {
                add(.documentationChanged, "the documentation of \(what) changed", at: current.location, symbols: [symbol])
            }
        }
        for field in after where !matched.contains(field.wireName) {
            let required = field.presence == .required && field.defaultValue == nil
            let rule: DiffRule = inRequest ? (required ? .requestPropertyAddedRequired : .requestPropertyAddedOptional)
                : (required ? .responsePropertyAddedRequired : .responsePropertyAddedOptional)
            add(rule, "\(required ? "required" : "optional") property '\(field.wireName)' was added to '\(model.name)'",
                at: field.location, symbols: ["\(typeName).\(swiftName(field))"], operations: operations)
        }
    }

    private mutating func checkConstraints(_ a: Constraints, _ b: Constraints, what: String, at location: SourceLocation,
                                           symbols: [String], operations: [String], inRequest: Bool) {
        var a = a, b = b
        a.patternLocation = nil
        b.patternLocation = nil
        guard a != b else { return }
        func tighter(_ old: Double?, _ new: Double?, lower: Bool) -> Bool {
            guard let new else { return false }
            guard let old else { return true }
            return lower ? new > old : new < old
        }
        let tightened = (b.pattern != nil && b.pattern != a.pattern)
            || tighter(a.minLength.map(Double.init), b.minLength.map(Double.init), lower: true)
            || tighter(a.maxLength.map(Double.init), b.maxLength.map(Double.init), lower: false)
            || tighter(a.minimum, b.minimum, lower: true) || tighter(a.maximum, b.maximum, lower: false)
            || tighter(a.minItems.map(Double.init), b.minItems.map(Double.init), lower: true)
            || tighter(a.maxItems.map(Double.init), b.maxItems.map(Double.init), lower: false)
        if tightened && inRequest {
            add(.constraintTightened, "\(what) has a stricter constraint", at: location, symbols: symbols,
                operations: operations)
        } else if !tightened {
            add(.constraintLoosened, "\(what) has a looser constraint", at: location, symbols: symbols, operations: operations)
        }
    }

    private static func sameShape(_ a: Model.Kind, _ b: Model.Kind) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)): x.map { [$0.wireName, $0.type.description] } == y.map { [$0.wireName, $0.type.description] }
        case (.enumeration(let x), .enumeration(let y)): x.map(\.value) == y.map(\.value)
        case (.alias(let x, _), .alias(let y, _)): x == y
        default: false
        }
    }

    /// Swift type names by spec model name.
    private static func typeNames(_ spec: Spec) -> [String: String] {
        let namer = Namer()
        var names: [String: String] = [:]
        for model in spec.models where names[model.name] == nil { names[model.name] = namer.swiftName(of: model) }
        return names
    }

    /// The Swift symbol of an enum value, such as `GrantType.refreshToken`.
    private static func caseName(_ value: EnumValue, in model: Model) -> String {
        let namer = Namer()
        return "\(namer.swiftName(of: model)).\(namer.bareCaseName(of: value))"
    }

    // MARK: Errors

    private mutating func compareErrors() {
        // An error type pairs with its namesake, or with the type its operation throws now (an operation whose own
        // errors all went away throws the API's error instead).
        var pairs: [(ErrorPlan, ErrorPlan)] = []
        for before in oldPlan.errors {
            if let after = newPlan.errors.first(where: { $0.typeName == before.typeName }) {
                pairs.append((before, after))
            } else if let operation = oldPlan.operations.first(where: { $0.errorType == before.typeName }),
                      let now = newPlan.operations.first(where: { $0.name == operation.name }),
                      let after = newPlan.errors.first(where: { $0.typeName == now.errorType }) {
                pairs.append((before, after))
            }
        }
        for (before, error) in pairs {
            for item in error.cases where before.typeName == error.typeName || !before.cases.contains(where: { $0.name == item.name }) {
                let symbol = "\(error.typeName).\(item.name.filter { $0 != "`" })"
                guard let previous = before.cases.first(where: { $0.name == item.name }) else {
                    // Cases the operation's new error type has anyway are not news to its callers' switches.
                    if before.typeName != error.typeName { continue }
                    add(.errorCaseAdded, "'\(error.typeName)' has a new case '\(item.name)' (\(item.status))",
                        at: errorLocation(item.status, in: new), symbols: [symbol])
                    continue
                }
                if previous.status != item.status {
                    add(.errorStatusChanged, "'\(symbol)' is now status \(item.status), was \(previous.status)",
                        at: errorLocation(item.status, in: new), symbols: [symbol])
                }
                if previous.bodyType != item.bodyType {
                    add(.errorBodyChanged, "'\(symbol)' now carries \(item.bodyType ?? "nothing"), was \(previous.bodyType ?? "nothing")",
                        at: errorLocation(item.status, in: new), symbols: [symbol])
                }
            }
            for item in before.cases where !error.cases.contains(where: { $0.name == item.name }) {
                add(.errorCaseRemoved, "'\(before.typeName)' lost its case '\(item.name)' (\(item.status))",
                    at: errorLocation(item.status, in: old), symbols: ["\(before.typeName).\(item.name.filter { $0 != "`" })"])
            }
        }
    }

    private func errorLocation(_ status: String, in spec: Spec) -> SourceLocation {
        let all = spec.errors + spec.endpoints.flatMap(\.errors)
        return all.first { $0.status.description == status }?.location ?? spec.location
    }
}
