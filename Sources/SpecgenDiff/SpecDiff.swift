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
    /// What the change touches, for the exchanges that prove its wire verdict; nil when none are tried.
    package var scope: ProofScope?
    /// The exchanges tried for the change; nil when the rule's verdict stands alone.
    package var proof: WireProof?
    /// The wire facts the change accounts for, as ``WireModel`` subjects, when its scope does not say them.
    var explains: [[String]] = []
    /// For a removal or an addition that travels exactly as an addition or a removal beside it does, under another
    /// name: `likely renamed to POST /c (createC)`; the findings keep their verdicts.
    package var likelyRename: String?

    /// The wire verdict: the proof's where exchanges were tried, otherwise the rule's.
    package var wire: Verdict { proof?.verdict ?? rule.wire }
    /// The Swift verdict, the rule's (DiffCompileTests compile old app code against the new client for it).
    package var swift: Verdict { rule.swift }

    /// A stable identifier for accepting a known break: the rule and the symbols, not the line number.
    package var fingerprint: String { "\(rule.id):" + (symbols.isEmpty ? message : symbols.joined(separator: ",")) }
}

/// Compares two versions of a spec: the wire contract from the specs, the Swift API from their client plans.
package struct SpecDiff {
    let old: Spec
    let new: Spec
    let oldPlan: ClientPlan
    let newPlan: ClientPlan
    /// What each version's types mean.
    let oldTypes: TypeResolver
    let newTypes: TypeResolver
    /// Which models each version's requests and responses carry.
    let oldUsage: ModelUsage
    let newUsage: ModelUsage
    /// Each version's wire facts, which the completeness check and the rename pairing both compare.
    let oldFacts: [WireModel.Fact]
    let newFacts: [WireModel.Fact]
    var findings: [Finding] = []

    /// Creates a diff of two valid specs.
    package init(old: Spec, new: Spec) {
        self.old = old
        self.new = new
        oldPlan = ClientPlanner(spec: old, sourcePath: old.location.path).plan()
        newPlan = ClientPlanner(spec: new, sourcePath: new.location.path).plan()
        oldTypes = TypeResolver(old)
        newTypes = TypeResolver(new)
        oldUsage = ModelUsage(old, resolver: oldTypes)
        newUsage = ModelUsage(new, resolver: newTypes)
        oldFacts = WireModel(old, types: oldTypes).facts
        newFacts = WireModel(new, types: newTypes).facts
    }

    /// Every change, ordered by location.
    package static func findings(old: Spec, new: Spec) -> [Finding] {
        var diff = SpecDiff(old: old, new: new)
        diff.compareAPI()
        diff.compareOperations()
        diff.compareModels()
        diff.compareErrors()
        diff.compareErrorSharing()
        diff.compareWebhooks()
        diff.explainRest()
        diff.pairLikelyRenames()
        diff.prove()
        return diff.findings.sorted { ($0.location, $0.rule.id, $0.message) < ($1.location, $1.rule.id, $1.message) }
    }

    /// Whether a finding added since `start` (a count of ``findings``) already breaks Swift.
    func breaksSwift(since start: Int) -> Bool { findings[start...].contains { $0.rule.swift == .breaking } }

    /// Whether the elements both lists hold come in another order in the second.
    static func reordered<Element: Equatable>(_ before: [Element], _ after: [Element]) -> Bool {
        before.filter(after.contains) != after.filter(before.contains)
    }

    mutating func add(
        _ rule: DiffRule, _ message: String, at location: SourceLocation, symbols: [String] = [],
        operations: [String] = [], scope: ProofScope? = nil, explains: [[String]] = []
    ) {
        findings.append(
            Finding(
                rule: rule, message: message, location: location, symbols: symbols,
                operations: operations, scope: scope, explains: explains))
    }

    /// Proves the finding just added, a date's format change, with one instant as each side writes and reads it.
    mutating func setDateProof(
        _ before: Field, _ after: Field, sends: Bool, receives: Bool, type: String, operation: String?
    ) {
        guard !findings.isEmpty else { return }
        let calendarDate = newTypes.resolved(after.type).type == .primitive(.date)
        findings[findings.count - 1].proof = DateExchange.proof(
            from: before.format, to: after.format, calendarDate: calendarDate, sends: sends || !receives,
            receives: receives || !sends, type: type, operation: operation)
    }

    /// Tries the exchanges of every finding with a scope, and records what they prove.
    mutating func prove() {
        var simulator = ExchangeSimulator(old: old, new: new, oldTypes: oldTypes, newTypes: newTypes)
        let names = old.endpoints.map(\.name)
        let claims = Self.claims(of: findings, operations: names)
        for index in findings.indices {
            guard let scope = findings[index].scope else { continue }
            // An addition answers only for what it takes over: the claims of every other finding are not its own.
            let additive = findings[index].rule.additive
            var others = findings
            if additive { others.remove(at: index) }
            simulator.claims = additive ? Self.claims(of: others, operations: names) : claims
            simulator.onlyUnclaimed = additive
            let model = scope.model ?? ""
            // The evidence names an operation that sends the model for a request, one that returns it for an answer.
            let senders = oldUsage.operations(sending: model)
            let operations = findings[index].operations
            findings[index].proof = simulator.proof(
                scope,
                inRequest: oldUsage.requestModels.contains(model) || newUsage.requestModels.contains(model),
                inResponse: oldUsage.responseModels.contains(model) || newUsage.responseModels.contains(model),
                sender: senders.first ?? operations.first,
                receiver: operations.first { !senders.contains($0) } ?? operations.first)
        }
        proveWhole(&simulator)
    }

    /// The places of each operation's exchanges (by its name in the old spec) where a finding's own change can
    /// fail them: `query.limit`, `body`, `status.201`. A change that reaches the wire only through others is
    /// proven by the failures no finding claims.
    static func claims(of findings: [Finding], operations all: [String]) -> [String: [String]] {
        var claims: [String: [String]] = [:]
        let values = ["body", "status", "error", "query", "path", "header"]
        for finding in findings {
            switch finding.scope {
            case .request(let operation, let places)?:
                claims[operation, default: []] += places
            case .answers(let operation, let statuses)?:
                claims[operation, default: []] += statuses.map { $0.map { "status.\($0)" } } ?? ["status"]
            case .errors(let operations, let cases)?:
                for operation in operations { claims[operation, default: []] += cases.map { "error.\($0)" } }
            case .responseHeader(let operation, let header)?:
                claims[operation, default: []].append("header.\(header.lowercased())")
            case .operations(let operations, let places?)?, .requests(let operations, let places?)?:
                for operation in operations { claims[operation, default: []] += places }
            case .fields?, .undeclaredKeys?, .model?, .enumValue?, .renamedModel?, nil:
                // A model's values travel in bodies, answers and parameters of the operations that carry it; a
                // change without exchanges (a parameter's constraint) may fail any of them too.
                for operation in finding.operations { claims[operation, default: []] += values }
            case .server?:
                // A server's URLs are every operation's.
                for operation in all { claims[operation, default: []].append("server") }
            case .operations(_, nil)?, .requests(_, nil)?:
                break
            }
        }
        return claims
    }

    mutating func compareAPI() {
        // The operations sent to a server's own URL, which a change of the server moves.
        let served = old.endpoints.filter { $0.server == nil }.map(\.name)
        if oldPlan.names.module != newPlan.names.module {
            // The resources' structs are named after the API too (`ShopOrders`), each kept in both halves' order.
            let newResources = Set(new.endpoints.compactMap(\.resource))
            var seen: Set<String> = []
            let kept = old.endpoints.compactMap(\.resource).filter {
                newResources.contains($0) && seen.insert($0).inserted
            }
            // So are the webhook types, when both versions have webhooks (adding or removing them has its rules).
            let webhooks = old.webhooks != nil && new.webhooks != nil
            let symbols = [oldPlan.names, newPlan.names].flatMap { names in
                [names.module, names.api, names.client, names.mock, names.error, names.requests, names.server]
                    + kept.map { names.resourceType($0) } + (webhooks ? [names.webhook, names.webhooks] : [])
            }
            add(
                .apiRenamed, "the API '\(old.name)' is now '\(new.name)': its module is \(newPlan.names.module)",
                at: new.location, symbols: symbols, scope: .operations([], places: nil))
        }
        let server = newPlan.names.server
        for (index, oldServer) in old.servers.enumerated() {
            let symbol = "\(oldPlan.names.server).\(oldPlan.servers[index].caseName)"
            guard let newServer = new.servers.first(where: { $0.name == oldServer.name }) else {
                add(
                    .serverRemoved, "server '\(oldServer.name)' was removed", at: oldServer.location,
                    symbols: [symbol, oldPlan.names.server, "\(oldPlan.names.client).init"], operations: served,
                    scope: .server(oldServer.name))
                continue
            }
            if newServer.url != oldServer.url {
                add(
                    .serverURLChanged, "server '\(oldServer.name)' moved from \(oldServer.url) to \(newServer.url)",
                    at: newServer.location, symbols: [symbol], operations: served, scope: .server(oldServer.name))
            }
            let variables = { (server: Server, valuesInOrder: Bool) in
                server.variables.map { [$0.name, $0.defaultValue] + (valuesInOrder ? $0.values : $0.values.sorted()) }
                    + server.urls.map { [$0.name, $0.url] }
            }
            if variables(newServer, true) != variables(oldServer, true) {
                guard variables(newServer, false) != variables(oldServer, false) else {
                    add(
                        .declarationOrderChanged,
                        "the values of server '\(oldServer.name)''s variables are listed in another order",
                        at: newServer.location, symbols: [symbol], scope: .server(oldServer.name))
                    continue
                }
                // The case's associated values are the variables and their values' cases; defaults, raw values
                // and other URLs are only where old apps are sent.
                let swiftSide = { (plan: ClientPlan, spec: Spec, name: String) in
                    spec.servers.firstIndex { $0.name == name }.map { index in
                        plan.servers[index].variables.map {
                            [$0.label, $0.typeName] + $0.values.map(\.caseName).sorted()
                        }
                    }
                }
                let sameSwift =
                    swiftSide(oldPlan, old, oldServer.name) == swiftSide(newPlan, new, newServer.name)
                add(
                    sameSwift ? .serverDefaultsChanged : .serverVariablesChanged,
                    "server '\(oldServer.name)' changed its variables or other URLs",
                    at: newServer.location, symbols: [symbol, oldPlan.names.server],
                    operations: old.endpoints.map(\.name),
                    scope: .server(oldServer.name))
            }
        }
        let (oldServers, newServers) = (old.servers.map(\.name), new.servers.map(\.name))
        // The first server is the client's default, whether it moved up, came new or took a removed one's place.
        if let first = newServers.first, let oldFirst = oldServers.first, first != oldFirst {
            add(
                .defaultServerChanged,
                "server '\(first)' now comes first and is the client's default, was '\(oldFirst)'",
                at: new.servers[0].location, symbols: ["\(newPlan.names.client).init"],
                scope: .operations([], places: nil))
        } else if Self.reordered(oldServers, newServers) {
            add(
                .declarationOrderChanged,
                "the servers are listed in another order: "
                    + newServers.joined(separator: ", "), at: new.servers[0].location, symbols: [server],
                scope: .operations([], places: nil))
        }
        if Self.reordered(old.authSchemes.map(\.name), new.authSchemes.map(\.name)) {
            add(
                .authSchemesReordered,
                "the auth schemes are declared in another order: "
                    + new.authSchemes.map(\.name).joined(separator: ", "),
                at: new.authSchemes.first?.location ?? new.location, symbols: ["\(newPlan.names.client).init"],
                scope: .operations([], places: nil))
        }
        for (index, newServer) in new.servers.enumerated()
        where !old.servers.contains(where: { $0.name == newServer.name }) {
            add(
                .serverAdded, "server '\(newServer.name)' was added", at: newServer.location,
                symbols: ["\(server).\(newPlan.servers[index].caseName)", server, "\(newPlan.names.client).init"],
                scope: .server(newServer.name))
        }
        // The requests whose credential a scheme's change touches: those of the operations that accept it.
        func users(of scheme: String, in spec: Spec) -> ProofScope {
            let names = spec.endpoints.filter { spec.authRequirement(of: $0)?.schemes.contains(scheme) == true }
                .map(\.name).filter { old.endpoint(named: $0) != nil }
            return .requests(names, places: ["auth"])
        }
        for scheme in old.authSchemes {
            guard let current = new.authScheme(named: scheme.name) else {
                add(
                    .authSchemeRemoved, "auth scheme '\(scheme.name)' was removed", at: scheme.location,
                    symbols: Self.authSymbols(of: scheme.name, in: oldPlan), scope: users(of: scheme.name, in: old),
                    explains: [["auth", scheme.name]])
                continue
            }
            if current.kind != scheme.kind {
                // The same kind of credential sent another way (another header, token URL) leaves Swift alone.
                let sameCredential = AuthScheme.sameCredential(current.kind, scheme.kind)
                add(
                    sameCredential ? .authSchemeDetailsChanged : .authSchemeKindChanged,
                    "auth scheme '\(scheme.name)' changed how the credential is sent",
                    at: current.location,
                    symbols: Self.authSymbols(of: scheme.name, in: oldPlan)
                        + Self.authSymbols(of: scheme.name, in: newPlan),
                    scope: users(of: scheme.name, in: old), explains: [["auth", scheme.name]])
            }
        }
        for scheme in new.authSchemes where old.authScheme(named: scheme.name) == nil {
            add(
                .authSchemeAdded, "auth scheme '\(scheme.name)' was added", at: scheme.location,
                symbols: Self.authSymbols(of: scheme.name, in: newPlan), scope: users(of: scheme.name, in: new),
                explains: [["auth", scheme.name]])
        }
        let sameRetry = old.retry.map { $0.retriesAlike(new.retry) } ?? (new.retry == nil)
        if !sameRetry || old.requestSettings != new.requestSettings
            || old.defaultHeaders.map({ [$0.name, $0.value] }) != new.defaultHeaders.map({ [$0.name, $0.value] })
        {
            // Of these, only default headers travel: every request of the old app carries them.
            let headersChanged =
                old.defaultHeaders.map({ [$0.name, $0.value] }) != new.defaultHeaders.map({ [$0.name, $0.value] })
            add(
                .behaviourChanged, "the API's retry policy, timeout, cache policy or default headers changed",
                at: new.location, symbols: [newPlan.names.client],
                scope: .requests(headersChanged ? old.endpoints.map(\.name) : [], places: nil), explains: [["api"]])
        }
        if old.description != new.description {
            add(
                .documentationChanged, "the API's description changed", at: new.location,
                scope: .operations([], places: nil))
        }
    }

    /// What a scheme gives the client: the initializer's credential, and an OAuth2 scheme's token flow.
    static func authSymbols(of scheme: String, in plan: ClientPlan) -> [String] {
        let flow = plan.authSchemes.first { $0.specName == scheme }?.flowProperty
        return ["\(plan.names.client).init"] + (flow.map { ["\(plan.names.client).\($0)"] } ?? [])
    }
}
