import SpecgenEmitter
import SpecgenSpec
import SpecgenSpecWriter

/// Operations: method, path, parameters, bodies and success responses.
extension SpecDiff {
    mutating func compareOperations() {
        var renamedTo: Set<String> = []
        for (oldIndex, endpoint) in old.endpoints.enumerated() {
            let oldOperation = oldPlan.operations[oldIndex]
            guard let newIndex = new.endpoints.firstIndex(where: { $0.name == endpoint.name }) else {
                if let newIndex = new.endpoints.firstIndex(where: { candidate in
                    candidate.method == endpoint.method && candidate.path == endpoint.path
                        && old.endpoint(named: candidate.name) == nil && !renamedTo.contains(candidate.name)
                }) {
                    renamedTo.insert(new.endpoints[newIndex].name)
                    add(
                        .operationRenamed, "operation '\(endpoint.name)' is now '\(new.endpoints[newIndex].name)'",
                        at: new.endpoints[newIndex].location,
                        symbols: [
                            "\(oldPlan.names.api).\(oldOperation.bareName)",
                            "\(newPlan.names.api).\(newPlan.operations[newIndex].bareName)",
                            oldOperation.errorType, newPlan.operations[newIndex].errorType,
                        ]
                            + Self.resourceSymbols(oldOperation.resourceMember, oldPlan.names)
                            + Self.resourceSymbols(newPlan.operations[newIndex].resourceMember, newPlan.names),
                        operations: [endpoint.name],
                        scope: .request(
                            operation: endpoint.name, ["route", "auth", "body", "path", "query", "header"]),
                        explains: [["operation", new.endpoints[newIndex].name]])
                } else {
                    add(
                        .operationRemoved,
                        "operation '\(endpoint.name)' (\(endpoint.method.rawValue) \(endpoint.path)) was removed",
                        at: endpoint.location,
                        symbols: [
                            "\(oldPlan.names.api).\(oldOperation.bareName)", oldOperation.errorType,
                            "\(oldPlan.names.client).init",
                        ] + Self.resourceSymbols(of: oldOperation, oldPlan.names, other: newPlan),
                        operations: [endpoint.name], scope: .request(operation: endpoint.name, ["route"]))
                }
                continue
            }
            compare(endpoint, oldOperation, new.endpoints[newIndex], newPlan.operations[newIndex])
        }
        // The mock's initializer takes a handler per operation, in the spec's order.
        let (before, after) = (old.endpoints.map(\.name), new.endpoints.map(\.name))
        if Self.reordered(before, after) {
            let order = after.filter(before.contains)
            add(
                .operationsReordered, "the operations are declared in another order: " + order.joined(separator: ", "),
                at: new.endpoints.first?.location ?? new.location, symbols: ["\(newPlan.names.mock).init"],
                scope: .operations([], places: nil))
        }
        for (index, endpoint) in new.endpoints.enumerated()
        where old.endpoint(named: endpoint.name) == nil && !renamedTo.contains(endpoint.name) {
            // What a new operation can take from old ones is their requests: those of the same method and as many
            // path segments as its path.
            let segments = endpoint.path.split(separator: "/").count
            let neighbours = old.endpoints.filter { other in
                other.method == endpoint.method && other.path.split(separator: "/").count == segments
            }
            add(
                .operationAdded,
                "operation '\(endpoint.name)' (\(endpoint.method.rawValue) \(endpoint.path)) was added",
                at: endpoint.location,
                symbols: [
                    "\(newPlan.names.api).\(newPlan.operations[index].bareName)", newPlan.operations[index].errorType,
                    "\(newPlan.names.client).init",
                ] + Self.resourceSymbols(of: newPlan.operations[index], newPlan.names, other: oldPlan),
                operations: [endpoint.name], scope: .requests(neighbours.map(\.name), places: ["route"]))
        }
    }

    mutating func compare(_ a: Endpoint, _ aPlan: OperationPlan, _ b: Endpoint, _ bPlan: OperationPlan) {
        let start = findings.count
        let symbol = "\(newPlan.names.api).\(bPlan.bareName)"
        let operations = [b.name]
        let route = ProofScope.request(operation: a.name, ["route"])
        // What changes no request or answer itself: proven by the failures no other change explains.
        let exchanges = ProofScope.operations([a.name], places: nil)
        if a.method != b.method {
            add(
                .methodChanged, "'\(b.name)' is now \(b.method.rawValue), was \(a.method.rawValue)",
                at: b.requestLocation,
                symbols: [symbol], operations: operations, scope: route)
        }
        if Self.pathShape(a.path) != Self.pathShape(b.path) {
            add(
                .pathChanged, "'\(b.name)' moved from \(a.path) to \(b.path)", at: b.requestLocation, symbols: [symbol],
                operations: operations, scope: route)
        }
        var oldParameters = a.pathParameters + a.queryParameters + a.headerParameters
        var newParameters = b.pathParameters + b.queryParameters + b.headerParameters
        if case .fields(let fields)? = a.body?.content { oldParameters += fields }
        if case .fields(let fields)? = b.body?.content { newParameters += fields }
        let parameterFindings = findings.count
        compareParameters(oldParameters, aPlan, newParameters, bPlan, endpoint: b, symbol: symbol)
        // The signature's order, when the spec's changed too, or when no finding on the parameters already breaks
        // the call: a parameter made required moves up (and breaks the call as it is), one made optional moves down
        // (and breaks only a call that passes the parameters after it). A body is told from a query item `body`.
        let order = { (plan: OperationPlan) in plan.parameters.map { $0.isBody ? "\u{0}body" : $0.wireName } }
        if Self.reordered(order(aPlan), order(bPlan)),
            Self.reordered(oldParameters.map(\.wireName), newParameters.map(\.wireName))
                || !breaksSwift(since: parameterFindings)
        {
            add(
                .parametersReordered, "the parameters of '\(b.name)' come in another order", at: b.location,
                symbols: [symbol], operations: operations, scope: exchanges)
        }
        // Query items, headers and form fields, each read by name, and answers, each told apart by its status.
        let listed = { (endpoint: Endpoint) -> [[String]] in
            var fields: [String] = []
            if case .fields(let inline)? = endpoint.body?.content { fields = inline.map(\.wireName) }
            return [
                endpoint.queryParameters.map(\.wireName), endpoint.headerParameters.map(\.wireName), fields,
                endpoint.responses.map { "\($0.status)" },
            ]
        }
        if zip(listed(a), listed(b)).contains(where: Self.reordered) {
            add(
                .declarationOrderChanged,
                "the query items, headers, form fields or answers of '\(b.name)' are listed in another order",
                at: b.location, operations: operations, scope: exchanges)
        }
        compareBody(a.body, b.body, endpoint: b, symbol: symbol, swiftTypes: (aPlan, bPlan))
        compareResponses(a, aPlan, b, bPlan, symbol: symbol)
        compareResponseHeaders(a, aPlan, b, bPlan)
        compareAuth(old.authRequirement(of: a), new.authRequirement(of: b), of: b, symbol: symbol)
        compareResources(aPlan, bPlan, of: b)
        if aPlan.errorType != bPlan.errorType {
            add(
                .errorTypeChanged, "'\(b.name)' throws \(bPlan.errorType), was \(aPlan.errorType)",
                at: b.errors.first?.location ?? b.location, symbols: [symbol, aPlan.errorType, bPlan.errorType],
                operations: operations, scope: .operations([], places: nil), explains: [["operation", b.name, "error"]])
        }
        for (name, had, has) in [
            ("pagination", aPlan.pagination?.methodName, bPlan.pagination?.methodName),
            ("polling", aPlan.polling?.methodName, bPlan.polling?.methodName),
        ] {
            if let had, had != has {
                add(
                    .helperRemoved, "\(name) helper '\(had)' of '\(b.name)' was removed", at: b.location,
                    symbols: ["\(newPlan.names.api).\(had)"], operations: operations, scope: exchanges,
                    explains: name == "pagination" ? [["operation", b.name, "paginate"]] : [])
            }
            if let has, has != had {
                add(
                    .helperAdded, "\(name) helper '\(has)' was added to '\(b.name)'", at: b.location,
                    symbols: ["\(newPlan.names.api).\(has)"], operations: operations, scope: exchanges,
                    explains: name == "pagination" ? [["operation", b.name, "paginate"]] : [])
            }
        }
        if let had = aPlan.polling, let has = bPlan.polling, had.methodName == has.methodName,
            a.polling?.written != b.polling?.written
        {
            add(
                .behaviourChanged, "polling helper '\(has.methodName)' of '\(b.name)' polls another way",
                at: b.location, symbols: ["\(newPlan.names.api).\(has.methodName)"], operations: operations,
                scope: exchanges)
        }
        if let had = aPlan.pagination, let has = bPlan.pagination, had.methodName == has.methodName,
            let hadWalk = a.pagination, let hasWalk = b.pagination
        {
            // The walk is what travels: the spec's style, limit, items and flag, by their wire names. The helper's
            // signature is its parameters and its sequence type; a Swift name alone changes neither the walk nor
            // the signature (the parameter's or property's own rule says so).
            let walkChanged =
                hadWalk.style != hasWalk.style || hadWalk.limitParameter != hasWalk.limitParameter
                || hadWalk.itemsField != hasWalk.itemsField || hadWalk.hasMoreField != hasWalk.hasMoreField
            let sameHelper =
                had.style.parameter == has.style.parameter
                && had.sequenceType(errorType: aPlan.errorType) == has.sequenceType(errorType: bPlan.errorType)
            let walk = { (plan: PaginationPlan) in plan.summary.split(separator: ";")[0] }
            if !sameHelper || walkChanged {
                add(
                    sameHelper ? .paginationWalkChanged : .paginationChanged,
                    "pagination helper '\(has.methodName)' of '\(b.name)' now walks \(walk(has))",
                    at: b.location, symbols: ["\(newPlan.names.api).\(has.methodName)"], operations: operations,
                    scope: sameHelper ? nil : exchanges, explains: [["operation", b.name, "paginate"]])
            }
            if sameHelper && walkChanged {
                // Page walks are not simulated: the evidence is where the new server says the next page is.
                findings[findings.count - 1].proof = WireProof(
                    requests: 0, answers: 1,
                    failed: [
                        Exchange(
                            direction: .answer, type: b.name, operation: b.name,
                            json: "a page whose next page is \(walk(has))",
                            failure: "the old helper walks \(walk(had)), so it stops early or repeats a page")
                    ])
            }
        }
        if a.server?.name != b.server?.name {
            add(
                .operationServerChanged,
                "'\(b.name)' is sent to \(b.server.map { "server URL '\($0.name)'" } ?? "the server's own URL") instead of "
                    + (a.server.map { "server URL '\($0.name)'" } ?? "the server's own URL"),
                at: b.location, symbols: [symbol], operations: operations,
                scope: .request(operation: a.name, ["server"]))
        }
        let sameRetry = a.retry.map { $0.retriesAlike(b.retry) } ?? (b.retry == nil)
        if !sameRetry || a.requestSettings != b.requestSettings || a.idempotent != b.idempotent
            || a.idempotencyKey != b.idempotencyKey
        {
            add(
                .behaviourChanged, "'\(b.name)' changed its retry, idempotency key, timeout or cache policy",
                at: b.location, symbols: [symbol], operations: operations, scope: exchanges)
        }
        if a.deprecation == nil, b.deprecation != nil {
            add(
                .deprecated, "'\(b.name)' is deprecated", at: b.location, symbols: [symbol], operations: operations,
                scope: exchanges)
        }
        if a.summary != b.summary || a.description != b.description {
            add(
                .documentationChanged, "the documentation of '\(b.name)' changed", at: b.location, symbols: [symbol],
                operations: operations, scope: exchanges)
        }
        compareMockHandlers(aPlan, bPlan, of: b, since: start)
    }

    /// A path with placeholders blanked: renaming `{id}` to `{ticketID}` changes no request.
    static func pathShape(_ path: String) -> String {
        var shape = ""
        var inPlaceholder = false
        for character in path {
            switch character {
            case "{" where !inPlaceholder:
                inPlaceholder = true
                shape += "{}"
            case "}" where inPlaceholder: inPlaceholder = false
            default: if !inPlaceholder { shape.append(character) }
            }
        }
        return shape
    }

    mutating func compareParameters(
        _ a: [Field], _ aPlan: OperationPlan, _ b: [Field], _ bPlan: OperationPlan,
        endpoint: Endpoint, symbol: String
    ) {
        let operations = [endpoint.name]
        func scope(_ names: String...) -> ProofScope {
            .request(operation: endpoint.name, names.flatMap { ["path.\($0)", "query.\($0)", "header.\($0)"] })
        }
        func parameter(_ plan: OperationPlan, _ wire: String) -> ParameterPlan? {
            (plan.parameters + plan.query + plan.headers).first { $0.wireName == wire }
                ?? bodyFields(plan).first { $0.wireName == wire }
        }
        func label(_ plan: OperationPlan, _ wire: String) -> String? { parameter(plan, wire)?.label }
        var matchedNew: Set<String> = []
        for field in a {
            guard let current = b.first(where: { $0.wireName == field.wireName }) else {
                // The same Swift label under another wire name is a wire rename.
                if let oldLabel = label(aPlan, field.wireName),
                    let renamed = b.first(where: { candidate in
                        !a.contains { $0.wireName == candidate.wireName }
                            && label(bPlan, candidate.wireName) == oldLabel
                    })
                {
                    matchedNew.insert(renamed.wireName)
                    add(
                        .parameterWireNameChanged,
                        "parameter '\(oldLabel)' of '\(endpoint.name)' is sent as '\(renamed.wireName)', was '\(field.wireName)'",
                        at: renamed.location, symbols: [symbol], operations: operations,
                        scope: scope(field.wireName, renamed.wireName))
                } else {
                    add(
                        .parameterRemoved, "parameter '\(field.wireName)' of '\(endpoint.name)' was removed",
                        at: endpoint.location,
                        symbols: [symbol], operations: operations, scope: scope(field.wireName))
                }
                continue
            }
            matchedNew.insert(current.wireName)
            let subject = "parameter '\(field.wireName)' of '\(endpoint.name)'"
            let here = scope(field.wireName)
            if current.type != field.type {
                // `date` and `datetime` are both `Date`: only the text sent differs.
                let sameSwiftType = parameter(aPlan, field.wireName)?.type == parameter(bPlan, current.wireName)?.type
                add(
                    sameSwiftType ? .wireTypeChanged : .parameterTypeChanged,
                    "\(subject) is now \(current.type), was \(field.type)",
                    at: current.typeLocation,
                    symbols: [symbol], operations: operations, scope: here)
            }
            let wasRequired = field.isRequiredOnWire
            let isRequired = current.isRequiredOnWire
            if wasRequired && !isRequired {
                add(
                    .parameterMadeOptional, "\(subject) became optional", at: current.location, symbols: [symbol],
                    operations: operations, scope: here)
            } else if !wasRequired && isRequired {
                add(
                    .parameterMadeRequired, "\(subject) became required", at: current.location, symbols: [symbol],
                    operations: operations, scope: here)
            } else if field.presence != current.presence {
                // The same on the wire (a default stands in for an absent value); only the Swift type differs.
                add(
                    .nullabilityChanged,
                    "\(subject) is \(current.type)\(current.presence.suffix), was \(field.type)\(field.presence.suffix)",
                    at: current.typeLocation, symbols: [symbol], operations: operations,
                    scope: .operations([endpoint.name], places: nil),
                    explains: Self.subjects(of: here))
            }
            if wasRequired == isRequired, field.defaultValue != current.defaultValue {
                add(
                    .parameterDefaultChanged, "\(subject) has a new default", at: current.location, symbols: [symbol],
                    operations: operations, scope: here)
            }
            if field.type == current.type, field.format != current.format {
                add(
                    .formatChanged,
                    "\(subject) is \(DiffText.format(current.format)), was \(DiffText.format(field.format))",
                    at: current.typeLocation, symbols: [symbol], operations: operations, scope: nil,
                    explains: Self.subjects(of: here))
                setDateProof(
                    field, current, sends: true, receives: false, type: field.type.description, operation: endpoint.name
                )
            }
            if field.type == current.type,
                oldTypes.textStyle(of: field) != newTypes.textStyle(of: current)
            {
                add(
                    .parameterStyleChanged, "\(subject) is sent in another style", at: current.location,
                    symbols: [symbol], operations: operations, scope: here)
            }
            if let before = label(aPlan, field.wireName), let after = label(bPlan, current.wireName), before != after {
                add(
                    .parameterRenamedInSwift, "\(subject) is labelled '\(after)', was '\(before)'",
                    at: current.location,
                    symbols: [symbol], operations: operations, scope: here)
            }
            if field.sensitive != current.sensitive {
                add(
                    .sensitivityChanged,
                    "\(subject) is \(current.sensitive ? "now" : "no longer") redacted as sensitive",
                    at: current.location, symbols: [symbol, "\(newPlan.names.client).sensitiveNames"],
                    operations: operations, scope: .operations([endpoint.name], places: nil))
            }
            checkConstraints(
                field.constraints, current.constraints, what: subject, at: current.location,
                symbols: [symbol], operations: operations, inRequest: true, scope: here)
        }
        for field in b where !matchedNew.contains(field.wireName) {
            let required = field.isRequiredOnWire
            add(
                required ? .parameterAddedRequired : .parameterAddedOptional,
                "\(required ? "required" : "optional") parameter '\(field.wireName)' was added to '\(endpoint.name)'",
                at: field.location, symbols: [symbol], operations: operations, scope: scope(field.wireName))
        }
    }

    func bodyFields(_ plan: OperationPlan) -> [ParameterPlan] {
        switch plan.body {
        case .form(let fields, _)?, .multipart(let fields, _)?: fields
        default: []
        }
    }

    /// The request bodies; `swiftTypes` are the two plans, which say whether a body type that changed in the spec
    /// changed in Swift.
    mutating func compareBody(
        _ a: RequestBody?, _ b: RequestBody?, endpoint: Endpoint, symbol: String,
        swiftTypes: (OperationPlan, OperationPlan)
    ) {
        let operations = [endpoint.name]
        let scope = ProofScope.request(operation: endpoint.name, ["body"])
        switch (a, b) {
        case (nil, let body?):
            add(
                .requestBodyAdded, "'\(endpoint.name)' now takes a \(body.encoding.rawValue) body", at: body.location,
                symbols: [symbol], operations: operations, scope: scope)
        case (let body?, nil):
            add(
                .requestBodyRemoved, "'\(endpoint.name)' no longer takes a \(body.encoding.rawValue) body",
                at: endpoint.location, symbols: [symbol], operations: operations, scope: scope)
        case (let before?, let after?):
            if before.encoding != after.encoding || before.contentType != after.contentType {
                add(
                    .requestBodyEncodingChanged,
                    "'\(endpoint.name)' sends its body as \(after.encoding.rawValue), was \(before.encoding.rawValue)",
                    at: after.location, symbols: [symbol], operations: operations, scope: scope)
            }
            if case .type(let oldType) = before.content, case .type(let newType) = after.content, oldType != newType {
                // A model renamed in the spec that keeps its `swiftName` is the same Swift type.
                let swiftType = { (plan: OperationPlan) in plan.parameters.first(where: \.isBody)?.type }
                add(
                    swiftType(swiftTypes.0) == swiftType(swiftTypes.1) ? .wireTypeChanged : .requestBodyTypeChanged,
                    "'\(endpoint.name)' sends \(newType), was \(oldType)",
                    at: after.typeLocation,
                    symbols: [symbol], operations: operations, scope: scope)
            }
        case (nil, nil):
            break
        }
    }
}
