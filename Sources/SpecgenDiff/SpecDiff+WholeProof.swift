import SpecgenSpec

/// Wire verdicts complete by construction: each finding's proof tries the exchanges its own change touches, and
/// then the operations where that may not be all are tried whole, so a change that fails an exchange somewhere its
/// finding did not look (a parameter's new type that sends the request to another operation, a method change whose
/// answers the old app cannot read) or changes that fail only together still make the diff say so.
extension SpecDiff {
    /// Tries every exchange, with no failure explained away, of each operation that a change to the operation itself
    /// names (its route, a parameter, its body, answers, errors, headers, auth or server; every operation for a finding
    /// that names none) or that carries a model with two or more changes. A single change to a model is left to its own
    /// proof, which tries the model's values in every exchange that carries it (an enum value added to a type that 500
    /// operations return does not make each of them tried again). An operation whose exchanges fail while none of its
    /// findings is wire-breaking gets the failure as evidence: on the first of its findings whose rule says breaking,
    /// else on the first whose change was tried by exchanges (the exchanges' verdict overrules the rule's, as a proof's
    /// always does), else in a finding of its own, `unexplained-wire-change`.
    mutating func proveWhole(_ simulator: inout ExchangeSimulator) {
        let wire = findings.indices.filter {
            !DiffRule.swiftOnly.contains(findings[$0].rule.id) && !DiffRule.notExplaining.contains(findings[$0].rule.id)
        }
        guard !wire.isEmpty else { return }
        // A scope in no model (`ProofScope.model` nil) is a change to operations themselves, as is no scope.
        let operationWide = wire.filter { findings[$0].scope?.model == nil }
        let everyOperation = operationWide.contains { findings[$0].operations.isEmpty }
        let own = Set(operationWide.flatMap { findings[$0].operations })
        // Two changes to one model may fail together where each one's proof, which varies only its own part, saw
        // nothing: the operations carrying such a model are tried whole too.
        var byModel: [String: [Int]] = [:]
        for index in wire { if let model = findings[index].scope?.model { byModel[model, default: []].append(index) } }
        let together = Set(byModel.values.filter { $0.count > 1 }.joined().flatMap { findings[$0].operations })
        simulator.claims = [:]
        simulator.onlyUnclaimed = false
        for endpoint in old.endpoints {
            // Findings name an operation by its name in either version: a renamed one goes by both.
            let names = Set([endpoint.name, simulator.current(endpoint)?.name].compactMap { $0 })
            guard everyOperation || !own.isDisjoint(with: names) || !together.isDisjoint(with: names) else { continue }
            // A finding that names no operation (an auth scheme's, a server's) is every operation's.
            let concerns = { (finding: Finding) in
                finding.operations.isEmpty || !names.isDisjoint(with: finding.operations)
            }
            guard !findings.contains(where: { $0.wire == .breaking && concerns($0) }) else { continue }
            let whole = simulator.proof(operations: [endpoint.name], places: nil)
            guard let evidence = whole.evidence else { continue }
            let mine = wire.filter { concerns(findings[$0]) }
            if let index = mine.first(where: { findings[$0].rule.wire == .breaking })
                ?? mine.first(where: { findings[$0].proof != nil })
            {
                findings[index].proof = whole
                continue
            }
            let location = new.endpoint(named: endpoint.name)?.location ?? endpoint.location
            add(
                .unexplainedWireChange, "an exchange of '\(endpoint.name)' fails: \(evidence)", at: location,
                operations: [endpoint.name])
            findings[findings.count - 1].proof = whole
        }
    }
}
