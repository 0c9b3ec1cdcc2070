import SpecgenEmitter
import SpecgenSpec

/// The generated mock: a test sets an operation's closure, which receives the call's arguments in one value (its
/// `GetOrderArguments`, a property per parameter) and returns the operation's type or throws its error type.
extension SpecDiff {
    /// Reports an operation whose mock closures read an argument that is gone or of another type, or return or throw
    /// another type, when none of its findings since `start` already breaks Swift: an argument added keeps every
    /// closure compiling, but an argument under another name does not (a body's `body` becomes `requestBody` when a
    /// parameter takes its name).
    mutating func compareMockHandlers(_ aPlan: OperationPlan, _ bPlan: OperationPlan, of b: Endpoint, since start: Int)
    {
        let members = { (plan: OperationPlan) in
            Dictionary(plan.parameters.map { ($0.internalName.withoutBackticks, $0.type) }) { first, _ in first }
        }
        let now = members(bPlan)
        let kept = members(aPlan).allSatisfy { now[$0.key] == $0.value }
        guard !kept || aPlan.handlerEffects != bPlan.handlerEffects, !breaksSwift(since: start) else { return }
        let handlers = [bPlan.handlerTypeName] + (bPlan.responseHeaders.map { [$0.handlerTypeName] } ?? [])
        add(
            .mockHandlerChanged, "the mock's closure for '\(b.name)' receives other arguments", at: b.location,
            symbols: (handlers + [bPlan.argumentsTypeName]).map { "\(newPlan.names.mock).\($0)" },
            operations: [b.name], scope: .operations([b.name], places: nil))
    }
}
