import SpecgenEmitter
import SpecgenSpec

/// Typed errors: cases added, removed, moved to another status or given another body.
extension SpecDiff {
    mutating func compareErrors() {
        // An error type pairs with its namesake, or with the type its operation throws now (an operation whose own
        // errors all went away throws the API's error instead).
        var pairs: [(ErrorPlan, ErrorPlan)] = []
        for before in oldPlan.errors {
            if let after = newPlan.errors.first(where: { $0.typeName == before.typeName }) {
                pairs.append((before, after))
            } else if let operation = oldPlan.operations.first(where: { $0.errorType == before.typeName }),
                let now = newPlan.operations.first(where: { $0.name == operation.name }),
                let after = newPlan.errors.first(where: { $0.typeName == now.errorType })
            {
                pairs.append((before, after))
            }
        }
        for (before, error) in pairs {
            for item in error.cases
            where before.typeName == error.typeName || !before.cases.contains(where: { $0.name == item.name }) {
                let symbol = "\(error.typeName).\(item.name.withoutBackticks)"
                guard let previous = before.cases.first(where: { $0.name == item.name }) else {
                    // Cases the operation's new error type has anyway are not news to its callers' switches.
                    if before.typeName != error.typeName { continue }
                    add(
                        .errorCaseAdded, "'\(error.typeName)' has a new case '\(item.name)' (\(item.status))",
                        at: errorLocation(item.status, in: new), symbols: [symbol])
                    continue
                }
                if previous.status != item.status {
                    add(
                        .errorStatusChanged, "'\(symbol)' is now status \(item.status), was \(previous.status)",
                        at: errorLocation(item.status, in: new), symbols: [symbol])
                }
                if previous.bodyType != item.bodyType {
                    add(
                        .errorBodyChanged,
                        "'\(symbol)' now carries \(item.bodyType ?? "nothing"), was \(previous.bodyType ?? "nothing")",
                        at: errorLocation(item.status, in: new), symbols: [symbol])
                }
            }
            for item in before.cases where !error.cases.contains(where: { $0.name == item.name }) {
                add(
                    .errorCaseRemoved, "'\(before.typeName)' lost its case '\(item.name)' (\(item.status))",
                    at: errorLocation(item.status, in: old),
                    symbols: ["\(before.typeName).\(item.name.withoutBackticks)"])
            }
        }
    }

    func errorLocation(_ status: String, in spec: Spec) -> SourceLocation {
        let all = spec.errors + spec.endpoints.flatMap(\.errors)
        return all.first { $0.status.description == status }?.location ?? spec.location
    }
}
