import SpecgenEmitter
import SpecgenSpec

extension SpecDiff {
    /// An operation's place among the resources: joining one adds a member; moving, renaming in one or leaving
    /// one removes the member old code calls.
    mutating func compareResources(_ aPlan: OperationPlan, _ bPlan: OperationPlan, of b: Endpoint) {
        let had = aPlan.resourceMember
        let has = bPlan.resourceMember
        guard had != has else { return }
        let symbol = "\(newPlan.names.api).\(bPlan.bareName)"
        let affected =
            [symbol] + Self.resourceSymbols(had, oldPlan.names) + Self.resourceSymbols(has, newPlan.names)
        let location = b.resourceLocation ?? b.location
        let scope = ProofScope.operations([], places: nil)
        guard let had else {
            if let has {
                add(
                    .resourceAssigned, "'\(b.name)' is now also '\(has.written)'", at: location, symbols: affected,
                    operations: [b.name], scope: scope)
            }
            return
        }
        let now = has.map { "is now '\($0.written)'" } ?? "is in no resource"
        add(
            .resourceChanged, "'\(b.name)' \(now), was '\(had.written)'", at: location, symbols: affected,
            operations: [b.name], scope: scope)
    }

    /// The declarations an operation's resource member stands in: the member, the resource's struct with its
    /// property and initializer, and the API's property that holds it.
    static func resourceSymbols(_ member: ResourceMemberPlan?, _ names: GeneratedNames) -> [String] {
        guard let member else { return [] }
        let type = names.resourceType(member.resource)
        return [member.symbol(in: names), type, "\(type).api", "\(type).init", "\(names.api).\(member.resource)"]
    }

    /// What an operation added or removed takes along of its resource: its member, and the resource's struct when
    /// `other`, the version without the operation, has no member in that resource.
    static func resourceSymbols(of operation: OperationPlan, _ names: GeneratedNames, other: ClientPlan) -> [String] {
        guard let member = operation.resourceMember else { return [] }
        let kept = other.operations.contains { $0.resourceMember?.resource == member.resource }
        return kept ? [member.symbol(in: names)] : resourceSymbols(member, names)
    }
}
