import SpecgenSpec

/// Wire verdicts complete by construction: each finding's proof tries the exchanges its own change touches, and
/// then every operation a finding names is tried whole, so a change that fails an exchange of an operation
/// somewhere its findings did not look (a parameter's new type that sends the request to another operation, a
/// method change whose answers the old app cannot read) still makes the diff say so.
extension SpecDiff {
    /// Tries every exchange of the operations the findings name (all of them when a finding names none) with no
    /// failure explained away. An operation whose exchanges fail while none of its findings is wire-breaking gets
    /// the failure as evidence: on the first of its findings whose rule says breaking, else on the first whose
    /// change was tried by exchanges (the exchanges' verdict overrules the rule's, as a proof's always does), else
    /// in a finding of its own, `unexplained-wire-change`.
    mutating func proveWhole(_ simulator: inout ExchangeSimulator) {
        let wire = findings.indices.filter {
            !DiffRule.swiftOnly.contains(findings[$0].rule.id) && !DiffRule.notExplaining.contains(findings[$0].rule.id)
        }
        guard !wire.isEmpty else { return }
        let named = Set(wire.flatMap { findings[$0].operations })
        let everyOperation = wire.contains { findings[$0].operations.isEmpty }
        simulator.claims = [:]
        simulator.onlyUnclaimed = false
        for endpoint in old.endpoints {
            // Findings name an operation by its name in either version: a renamed one goes by both.
            let names = Set([endpoint.name, simulator.current(endpoint)?.name].compactMap { $0 })
            guard everyOperation || !named.isDisjoint(with: names) else { continue }
            // A finding that names no operation (an auth scheme's, a server's) is every operation's.
            let concerns = { (finding: Finding) in
                finding.operations.isEmpty || !names.isDisjoint(with: finding.operations)
            }
            guard !findings.contains(where: { $0.wire == .breaking && concerns($0) }) else { continue }
            let whole = simulator.proof(operations: [endpoint.name], places: nil)
            guard let evidence = whole.evidence else { continue }
            let own = wire.filter { concerns(findings[$0]) }
            if let index = own.first(where: { findings[$0].rule.wire == .breaking })
                ?? own.first(where: { findings[$0].proof != nil })
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
