import SpecgenSpec

/// Prints the resources of an API: for each, a struct whose methods call the API's operations of that resource
/// under their short names, and the protocol's property that returns it, so `client.repos.get(owner:repo:)` reads
/// as the resource's call, on the client and on the mock alike.
struct ResourceEmitter {
    let plan: ClientPlan

    var names: GeneratedNames { plan.names }

    /// The resources with their operations, in the spec's order.
    static func resources(of plan: ClientPlan) -> [(name: String, operations: [OperationPlan])] {
        var order: [String] = []
        var operations: [String: [OperationPlan]] = [:]
        for operation in plan.operations {
            guard let resource = operation.resourceMember?.resource else { continue }
            if operations[resource] == nil { order.append(resource) }
            operations[resource, default: []].append(operation)
        }
        return order.map { ($0, operations[$0] ?? []) }
    }

    /// The struct of `resource` and the property that returns it.
    func emit(_ resource: String, operations: [OperationPlan], writer w: inout SwiftWriter) {
        let type = names.resourceType(resource)
        w.docComment(
            "The `\(resource)` operations of ``\(names.api)``, each under its name in the resource: "
                + "`api.\(resource).\(operations.first?.resourceMember?.name ?? "")(...)` calls "
                + "``\(names.api)/\(operations.first?.selector ?? "")``. Works on ``\(names.client)`` and "
                + "``\(names.mock)`` alike.")
        w.type("struct", type, ": Sendable") { w in
            w.docComment("The implementation the calls go to: a client, a mock, or an app's own.")
            w.declaration("let", "api", ": any \(names.api)")
            w.blank()
            w.docComment("The `\(resource)` operations of `api`.")
            w.declaration("", "init", "(api: any \(names.api))") { w in w.line("self.api = api") }
            for operation in operations {
                guard let member = operation.resourceMember?.name else { continue }
                w.blank()
                var call = operation
                call.name = member
                w.docComment(operation.documentation + "\n\nCalls ``\(names.api)/\(operation.selector)``.")
                w.deprecation(operation.deprecation)
                w.method(call, withDefaults: true) { w in
                    w.wrappedLine("try await api.\(operation.bareName)", operation.forwardingArgumentList, "")
                }
            }
        }
        w.blank()
        w.type("extension", names.api) { w in
            w.docComment(
                "The `\(resource)` operations: `\(resource).\(operations.first?.resourceMember?.name ?? "")(...)`.")
            w.declaration("var", resource, ": \(type)") { w in w.line("\(type)(api: self)") }
        }
        w.blank()
    }
}
