extension SpecLinter {
    /// The error lint finds in each endpoint's resource, by endpoint name: for a tool that gives endpoints resources
    /// itself (the OpenAPI import) and leaves out those lint would refuse.
    package func resourceErrors(_ spec: Spec) -> [String: Diagnostic] {
        var run = LintRun(spec: spec)
        return run.checkResources()
    }
}

extension LintRun {
    /// Resources: each a lowerCamelCase name that no method of the API already takes (the client offers it as a
    /// property beside the methods), with members whose Swift names differ. Returns each error by endpoint name.
    @discardableResult
    mutating func checkResources() -> [String: Diagnostic] {
        var refused: [String: Diagnostic] = [:]
        func error(_ endpoint: Endpoint, _ location: SourceLocation, _ message: String, fix: String) {
            let diagnostic = Diagnostic(.error, at: location, message, fix: fix, kind: LintErrorKind.names.rawValue)
            diagnostics.append(diagnostic)
            refused[endpoint.name] = diagnostic
        }
        var methods: [String: String] = [:]
        for endpoint in spec.endpoints {
            methods[namer.methodName(endpoint.name).withoutBackticks] = "operation '\(endpoint.name)'"
            if let headers = namer.headersMethodName(of: endpoint) {
                methods[headers] = "the headers method of '\(endpoint.name)'"
            }
            if let polling = endpoint.polling { methods[polling.name] = "the polling helper of '\(endpoint.name)'" }
        }
        methods["with"] = "the protocol's 'with(_:)', which link paging calls through"
        // A resource's struct is named after the API (`ShopOrders`): not one of the API's own types.
        let names = GeneratedNames(apiName: spec.name, namer: namer)
        var roles = [names.webhook: "the webhook events", names.webhooks: "the webhook receiver"]
        for (name, role) in names.roles { roles[name] = role }
        var members: [String: [String: Endpoint]] = [:]
        for endpoint in spec.endpoints {
            guard let resource = endpoint.resource else { continue }
            let location = endpoint.resourceLocation ?? endpoint.location
            let keyPath = "endpoints.\(endpoint.name).resource"
            guard namer.bareMemberName(resource) == resource, resource.first?.isLetter == true,
                !Namer.keywords.contains(resource)
            else {
                error(
                    endpoint, location, "resource '\(resource)' at '\(keyPath)' is not a lowerCamelCase Swift name",
                    fix: "write a name such as '\(namer.bareMemberName(resource))'")
                continue
            }
            if let taken = methods[resource] {
                error(
                    endpoint, location,
                    "resource '\(resource)' at '\(keyPath)' has the Swift name of \(taken), so the client cannot "
                        + "offer both",
                    fix: "name the resource otherwise, such as '\(resource)Resource'")
                continue
            }
            if let role = roles[names.resourceType(resource, namer: namer)] {
                error(
                    endpoint, location,
                    "resource '\(resource)' at '\(keyPath)' would be generated as "
                        + "'\(names.resourceType(resource, namer: namer))', the name of \(role)",
                    fix: "name the resource otherwise, such as '\(resource)s'")
                continue
            }
            if let member = endpoint.resourceMember,
                namer.bareMemberName(member) != member || member.first?.isLetter != true
            {
                error(
                    endpoint, location, "'\(member)' at '\(keyPath)' is not a lowerCamelCase Swift name",
                    fix: "write 'resource: \(resource).\(namer.bareMemberName(member))'")
                continue
            }
            guard let member = namer.resourceMemberName(of: endpoint)?.withoutBackticks else { continue }
            if member == "api" {
                error(
                    endpoint, location,
                    "'\(endpoint.name)' would be '\(resource).api', the resource's own property, which holds the "
                        + "client",
                    fix: "give it another name in the resource, such as 'resource: \(resource).call'")
                continue
            }
            if let first = members[resource]?[member] {
                error(
                    endpoint, location,
                    "'\(endpoint.name)' and '\(first.name)' (line \(first.location.line)) are both '\(resource)."
                        + "\(member)'",
                    fix: "rename one, or put it in another resource")
                continue
            }
            members[resource, default: [:]][member] = endpoint
        }
        return refused
    }
}
