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
            let throwers = throwers(of: [before.typeName])
            func scope(_ name: String) -> ProofScope {
                .errors(operations: throwers, cases: [name.withoutBackticks])
            }
            // A status is an error's identity on the wire, its case name its identity in Swift: cases pair by
            // status first, then a case whose status moved pairs by name.
            var paired: [(old: ErrorCasePlan, new: ErrorCasePlan)] = []
            var added: [ErrorCasePlan] = []
            for item in error.cases {
                if let previous = before.cases.first(where: { $0.status == item.status }) {
                    paired.append((previous, item))
                } else if let previous = before.cases.first(where: { previous in
                    previous.name == item.name && !error.cases.contains { $0.status == previous.status }
                        && !paired.contains { $0.old.status == previous.status }
                }) {
                    paired.append((previous, item))
                } else {
                    added.append(item)
                }
            }
            if before.typeName == error.typeName, Self.reordered(before.cases.map(\.status), error.cases.map(\.status))
            {
                add(
                    .declarationOrderChanged, "the cases of '\(error.typeName)' are listed in another order",
                    at: error.cases.first.map { errorLocation($0.status, in: new) } ?? new.location,
                    operations: throwers, scope: .operations(throwers, places: nil))
            }
            // Cases the operation's new error type has anyway are not news to its callers' switches.
            for (previous, item) in paired where before.typeName == error.typeName {
                let symbol = "\(error.typeName).\(item.name.withoutBackticks)"
                let oldSymbol = "\(before.typeName).\(previous.name.withoutBackticks)"
                if previous.status != item.status {
                    add(
                        .errorStatusChanged, "'\(symbol)' is now status \(item.status), was \(previous.status)",
                        at: errorLocation(item.status, in: new), symbols: [symbol], operations: throwers,
                        scope: scope(item.name))
                } else if previous.name != item.name {
                    add(
                        .errorCaseRenamed,
                        "the \(item.status) error of '\(error.typeName)' is the case '\(item.name)', "
                            + "was '\(previous.name)'",
                        at: errorLocation(item.status, in: new), symbols: [oldSymbol, symbol],
                        operations: throwers, scope: .operations([], places: nil))
                }
                if previous.bodyType != item.bodyType,
                    previous.bodyType.map({ swiftRenames[$0] ?? $0 }) != item.bodyType
                {
                    add(
                        .errorBodyChanged,
                        "'\(symbol)' now carries \(item.bodyType ?? "nothing"), was \(previous.bodyType ?? "nothing")",
                        at: errorLocation(item.status, in: new), symbols: [symbol], operations: throwers,
                        scope: scope(item.name))
                } else if let was = errorBody(previous, of: before.typeName, in: old, plan: oldPlan),
                    let now = errorBody(item, of: error.typeName, in: new, plan: newPlan), was != now
                {
                    // The same Swift type under another spec name (a model renamed that keeps its `swiftName`).
                    add(
                        .wireTypeChanged, "'\(symbol)' carries \(now), was \(was)",
                        at: errorLocation(item.status, in: new), symbols: [symbol], operations: throwers,
                        scope: scope(item.name))
                }
            }
            for item in added where before.typeName == error.typeName {
                add(
                    .errorCaseAdded, "'\(error.typeName)' has a new case '\(item.name)' (\(item.status))",
                    at: errorLocation(item.status, in: new),
                    symbols: ["\(error.typeName).\(item.name.withoutBackticks)"],
                    operations: throwers, scope: scope(item.name))
            }
            for item in before.cases where !paired.contains(where: { $0.old.status == item.status }) {
                add(
                    .errorCaseRemoved, "'\(before.typeName)' lost its case '\(item.name)' (\(item.status))",
                    at: errorLocation(item.status, in: old),
                    symbols: ["\(before.typeName).\(item.name.withoutBackticks)"], operations: throwers,
                    scope: scope(item.name))
            }
        }
    }

    /// Error types that became one type (a `typealias` of another, as operations with the same errors share an
    /// enum) or stopped being one: each group of names that moves is reported once, against the name it joined or
    /// left.
    mutating func compareErrorSharing() {
        let kept = Set(oldPlan.errors.map(\.typeName)).intersection(newPlan.errors.map(\.typeName))
        let before = oldPlan.errors.filter { kept.contains($0.typeName) }
        let after = newPlan.errors.filter { kept.contains($0.typeName) }
        // The errors of the operations whose type moved, each read as the old client reads it.
        func answers(_ part: [String]) -> ProofScope {
            let throwers = throwers(of: part)
            let cases = oldPlan.errors.filter { part.contains($0.typeName) }.flatMap(\.cases)
            return .errors(operations: throwers, cases: cases.map(\.name.withoutBackticks))
        }
        for parts in Self.regroupings(before, by: after) {
            for part in parts.dropFirst() {
                add(
                    .errorTypeUnshared, "\(Self.quoted(part)) no longer the same type as '\(parts[0][0])'",
                    at: errorTypeLocation(part[0]), symbols: part, operations: throwers(of: part), scope: answers(part))
            }
        }
        for parts in Self.regroupings(after, by: before) {
            for part in parts.dropFirst() {
                add(
                    .errorTypeShared, "\(Self.quoted(part)) now the same type as '\(parts[0][0])'",
                    at: errorTypeLocation(part[0]), symbols: part, operations: throwers(of: part), scope: answers(part))
            }
        }
        // A type that was another's alias, whose enum is gone with its operation, becomes an enum of its own (or an
        // alias of another): no group of kept names shows it.
        let reported = Set(
            findings.filter { $0.rule == .errorTypeShared || $0.rule == .errorTypeUnshared }
                .flatMap(\.symbols))
        for error in before where !reported.contains(error.typeName) {
            guard let had = error.sharedWith, !kept.contains(had),
                let now = after.first(where: { $0.typeName == error.typeName }), now.sharedWith != had
            else { continue }
            add(
                .errorTypeUnshared, "'\(error.typeName)' is no longer the same type as '\(had)', which is gone",
                at: errorTypeLocation(error.typeName), symbols: [error.typeName], scope: answers([error.typeName]))
        }
        for error in after where !reported.contains(error.typeName) {
            guard let has = error.sharedWith, !kept.contains(has),
                let was = before.first(where: { $0.typeName == error.typeName }), was.sharedWith != has
            else { continue }
            add(
                .errorTypeShared, "'\(error.typeName)' is now the same type as the new '\(has)'",
                at: errorTypeLocation(error.typeName), symbols: [error.typeName], scope: answers([error.typeName]))
        }
    }

    /// The error types of `plans` that are one enum, split by the enum each is in `others`: for each group that
    /// splits, its parts, the largest (then the earliest) first.
    static func regroupings(_ plans: [ErrorPlan], by others: [ErrorPlan]) -> [[[String]]] {
        let enumOf = { (plan: ErrorPlan) in plan.sharedWith ?? plan.typeName }
        let otherEnum = Dictionary(uniqueKeysWithValues: others.map { ($0.typeName, enumOf($0)) })
        var groups: [(owner: String, names: [String])] = []
        for plan in plans {
            if let index = groups.firstIndex(where: { $0.owner == enumOf(plan) }) {
                groups[index].names.append(plan.typeName)
            } else {
                groups.append((enumOf(plan), [plan.typeName]))
            }
        }
        return groups.compactMap { group in
            var parts: [[String]] = []
            for name in group.names {
                if let index = parts.firstIndex(where: { otherEnum[$0[0]] == otherEnum[name] }) {
                    parts[index].append(name)
                } else {
                    parts.append([name])
                }
            }
            guard parts.count > 1 else { return nil }
            let ranked = parts.enumerated().sorted {
                ($0.element.count, $1.offset) > ($1.element.count, $0.offset)
            }
            return ranked.map(\.element)
        }
    }

    /// The operations (by their names in the old spec) that throw one of these error types.
    func throwers(of errorTypes: [String]) -> [String] {
        zip(oldPlan.operations, old.endpoints).filter { errorTypes.contains($0.0.errorType) }.map(\.1.name)
    }

    /// The Swift names of models that kept their spec name but took another Swift name, old to new.
    var swiftRenames: [String: String] {
        let before = Self.typeNames(old)
        let after = Self.typeNames(new)
        var renames: [String: String] = [:]
        for (name, type) in before { if let now = after[name], now != type { renames[type] = now } }
        return renames
    }

    /// The body type the spec writes for error case `item` of the error type `typeName`: the case an operation
    /// throwing that type declares with its status, else the API's.
    func errorBody(_ item: ErrorCasePlan, of typeName: String, in spec: Spec, plan: ClientPlan) -> TypeRef? {
        let declared =
            zip(plan.operations, spec.endpoints).filter { $0.0.errorType == typeName }
            .flatMap(\.1.errors) + spec.errors
        return declared.first { $0.status == item.status }?.body
    }

    /// `'AError' is` or `'AError', 'BError' are`.
    static func quoted(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ") + (names.count == 1 ? " is" : " are")
    }

    /// Where the operation whose error type is `name` is declared in the new spec, or the new spec itself for the
    /// API's error type.
    func errorTypeLocation(_ name: String) -> SourceLocation {
        zip(newPlan.operations, new.endpoints).first { $0.0.errorType == name }?.1.location ?? new.location
    }

    func errorLocation(_ status: StatusPattern, in spec: Spec) -> SourceLocation {
        let all = spec.errors + spec.endpoints.flatMap(\.errors)
        return all.first { $0.status == status }?.location ?? spec.location
    }
}
