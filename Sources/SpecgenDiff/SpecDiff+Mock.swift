import SpecgenEmitter
import SpecgenSpec

/// The generated mock: a test sets an operation's closure, whose type lists the operation's parameter types in
/// signature order, its error type and its return type.
extension SpecDiff {
    /// Reports an operation whose mock closures take other arguments or return another type when none of its
    /// findings since `start` already breaks Swift: an optional parameter added keeps every call compiling, but not
    /// a test's closure for the mock.
    mutating func compareMockHandlers(_ aPlan: OperationPlan, _ bPlan: OperationPlan, of b: Endpoint, since start: Int)
    {
        let closure = { (plan: OperationPlan) in plan.parameters.map(\.type) + [plan.handlerEffects] }
        guard closure(aPlan) != closure(bPlan), !breaksSwift(since: start) else { return }
        let handlers = [bPlan.handlerTypeName] + (bPlan.responseHeaders.map { [$0.handlerTypeName] } ?? [])
        add(
            .mockHandlerChanged, "the mock's closure for '\(b.name)' takes other arguments", at: b.location,
            symbols: handlers.map { "\(newPlan.names.mock).\($0)" }, operations: [b.name],
            scope: .operations([b.name], places: nil))
    }
}
