import SpecgenSpec

/// Wire verdicts complete by construction: each finding's proof tries the exchanges its own change touches, and
/// then every operation a finding names is tried whole, so a change that fails an exchange of an operation
/// somewhere its findings did not look (a parameter's new type that sends the request to another operation, a
/// method change whose answers the old app cannot read) still makes the diff say so.
extension SpecDiff {
    /// Tries every exchange of the operations the findings name (all of them when a finding names none) with no
    /// failure explained away; an operation whose exchanges fail while none of its findings is wire-breaking gets
    /// the failure as evidence: on the first of its findings whose rule says breaking, else in a finding of its
    /// own, `unexplained-wire-change`.
    mutating func proveWhole(_ simulator: inout ExchangeSimulator) {
        let wireFindings = findings.filter {
            !DiffRule.swiftOnly.contains($0.rule.id) && !DiffRule.notExplaining.contains($0.rule.id)
        }
        guard !wireFindings.isEmpty else { return }
        let named = Set(wireFindings.flatMap(\.operations))
        let everyOperation = wireFindings.contains { $0.operations.isEmpty }
        simulator.claims = [:]
        simulator.onlyUnclaimed = false
        for endpoint in old.endpoints where everyOperation || named.contains(endpoint.name) {
            let name = endpoint.name
            // A finding that names no operation (an auth scheme's, a server's) is every operation's.
            let concerns = { (finding: Finding) in finding.operations.isEmpty || finding.operations.contains(name) }
            guard !findings.contains(where: { $0.wire == .breaking && concerns($0) }) else { continue }
            let whole = simulator.proof(operations: [name], places: nil)
            guard let evidence = whole.evidence else { continue }
            if let index = findings.firstIndex(where: { $0.rule.wire == .breaking && concerns($0) }) {
                findings[index].proof = whole
                continue
            }
            let location = new.endpoint(named: name)?.location ?? endpoint.location
            add(
                .unexplainedWireChange, "an exchange of '\(name)' fails: \(evidence)", at: location,
                operations: [name])
            findings[findings.count - 1].proof = whole
        }
    }
}
