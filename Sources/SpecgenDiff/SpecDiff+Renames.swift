import SpecgenSpec

/// Likely renames: a removal beside an addition that travels exactly alike under another name. Both break old apps
/// as a removal does, so the diff keeps both findings and their verdicts; it pairs them so the reviewer sees one
/// rename rather than two unrelated changes (and can tell whether keeping the old name is the fix).
extension SpecDiff {
    /// Pairs each removed operation with the one added operation of the same wire facts but its path (method,
    /// server, auth, parameters, body, answers, headers and errors), and each property removed from a model with
    /// the one property added to it that travels alike; an ambiguous match pairs nothing.
    mutating func pairLikelyRenames() {
        let before = Self.signatures(oldFacts)
        let after = Self.signatures(newFacts)
        let removedRules = [
            DiffRule.operationRemoved.id, DiffRule.requestPropertyRemoved.id, DiffRule.responsePropertyRemoved.id,
            DiffRule.responseOptionalPropertyRemoved.id,
        ]
        let addedRules = [
            DiffRule.operationAdded.id, DiffRule.requestPropertyAddedRequired.id,
            DiffRule.requestPropertyAddedOptional.id, DiffRule.responsePropertyAddedRequired.id,
            DiffRule.responsePropertyAddedOptional.id,
        ]
        let removed = findings.indices.compactMap { index in
            removedRules.contains(findings[index].rule.id) ? Self.renamable(findings[index]).map { (index, $0) } : nil
        }
        let added = findings.indices.compactMap { index in
            addedRules.contains(findings[index].rule.id) ? Self.renamable(findings[index]).map { (index, $0) } : nil
        }
        for (oldIndex, gone) in removed {
            guard let signature = before[gone] else { continue }
            let same = added.filter { $0.1.scope == gone.scope && after[$0.1] == signature }
            // The one addition of that shape, and the one removal of it: otherwise which is which is a guess.
            guard same.count == 1, let (newIndex, came) = same.first,
                removed.filter({ $0.1.scope == gone.scope && before[$0.1] == signature }).count == 1
            else { continue }
            findings[oldIndex].likelyRename = "likely renamed to \(describe(came, in: new))"
            findings[newIndex].likelyRename = "likely the rename of \(describe(gone, in: old))"
        }
    }

    /// What a finding removed or added: an operation, or a model's property.
    struct Renamable: Hashable {
        /// `operation`, or the model's name.
        var scope: String
        /// The operation's name, or the property's wire name.
        var name: String
    }

    static func renamable(_ finding: Finding) -> Renamable? {
        switch finding.scope {
        case .fields(let model, let names)? where names.count == 1: Renamable(scope: "model \(model)", name: names[0])
        default:
            finding.rule.id.hasPrefix("operation-") && finding.operations.count == 1
                ? Renamable(scope: "operation", name: finding.operations[0]) : nil
        }
    }

    /// Each operation's and each model property's facts without its own name (and an operation's path), as one
    /// comparable text.
    static func signatures(_ facts: [WireModel.Fact]) -> [Renamable: [String]] {
        var signatures: [Renamable: [String]] = [:]
        for fact in facts where fact.subject.count >= 2 {
            let key: Renamable
            let rest: [String]
            if fact.subject[0] == "operation" {
                if fact.subject.count == 3, fact.subject[2] == "route", fact.attribute == "path" { continue }
                key = Renamable(scope: "operation", name: fact.subject[1])
                rest = Array(fact.subject.dropFirst(2))
            } else if fact.subject[0] == "model", fact.subject.count >= 3 {
                key = Renamable(scope: "model \(fact.subject[1])", name: fact.subject[2])
                rest = Array(fact.subject.dropFirst(3))
            } else {
                continue
            }
            signatures[key, default: []].append((rest + [fact.attribute, fact.value]).joined(separator: "\u{1}"))
        }
        return signatures.mapValues { $0.sorted() }
    }

    /// `` `POST /c` (createC) `` or `` property `full_name` ``.
    func describe(_ subject: Renamable, in spec: Spec) -> String {
        guard subject.scope == "operation" else { return "property '\(subject.name)'" }
        guard let endpoint = spec.endpoint(named: subject.name) else { return "'\(subject.name)'" }
        return "\(endpoint.method.rawValue) \(endpoint.path) (\(endpoint.name))"
    }
}
