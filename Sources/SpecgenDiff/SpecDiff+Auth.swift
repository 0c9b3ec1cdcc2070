import SpecgenEmitter
import SpecgenSpec

/// An operation's auth requirement: schemes required, accepted, dropped or listed in another order.
extension SpecDiff {
    /// Compares the auth two versions of an operation use. To the server, alternatives are sets: adding one lets
    /// old apps go on with theirs; removing one turns away the apps that use it. Their order is which credential a
    /// client holding several sends.
    mutating func compareAuth(_ oldAuth: AuthRequirement?, _ newAuth: AuthRequirement?, of b: Endpoint, symbol: String)
    {
        let had = oldAuth?.schemes ?? []
        let has = newAuth?.schemes ?? []
        let location = newAuth?.location ?? b.location
        let operations = [b.name]
        func report(_ rule: DiffRule, _ message: String) {
            add(
                rule, message, at: location, symbols: [symbol, "\(newPlan.names.client).init"], operations: operations,
                scope: .request(operation: b.name, ["auth"]))
        }
        let summary = newAuth?.summary ?? "none"
        if had.isEmpty, !has.isEmpty {
            report(.authAdded, "'\(b.name)' now requires auth scheme '\(summary)'")
        } else if !had.isEmpty, has.isEmpty {
            report(.authRemoved, "'\(b.name)' no longer requires authentication")
        } else if Set(had) == Set(has) {
            if had != has {
                // The server accepts each of them as before; a client holding several sends the first.
                add(
                    .declarationOrderChanged,
                    "'\(b.name)' lists its auth schemes in another order: \(has.joined(separator: ", "))",
                    at: location, operations: operations, scope: .request(operation: b.name, ["auth"]),
                    explains: Self.subjects(of: .request(operation: b.name, ["auth"])))
            }
            if oldAuth?.optional != newAuth?.optional {
                let optional = newAuth?.optional == true
                report(
                    optional ? .authRemoved : .authAdded,
                    "'\(b.name)' made its credential \(optional ? "optional" : "required")")
            }
        } else if Set(has).isSuperset(of: had) {
            let added = has.filter { !had.contains($0) }.joined(separator: "', '")
            report(.authAlternativeAdded, "'\(b.name)' also accepts auth scheme '\(added)'")
        } else if Set(had).isSuperset(of: has) {
            let removed = had.filter { !has.contains($0) }.joined(separator: "', '")
            report(.authAlternativeRemoved, "'\(b.name)' no longer accepts auth scheme '\(removed)'")
        } else {
            report(
                .authSchemeChanged,
                "'\(b.name)' uses auth scheme '\(summary)' instead of '\(oldAuth?.summary ?? "none")'")
        }
    }
}
