import SpecgenSpec

/// The plans of servers, auth schemes, retries and errors.
extension ClientPlanner {
    func serverPlan(_ server: Server) -> ServerPlan {
        ServerPlan(
            caseName: namer.memberName(server.name), url: server.url, documentation: server.description,
            variables: server.variables.map { variable in
                let label = namer.memberName(variable.name)
                guard !variable.values.isEmpty else {
                    return ServerVariablePlan(
                        name: variable.name, label: label, enumName: nil, values: [],
                        defaultExpression: SwiftLiteral.string(variable.defaultValue),
                        documentation: variable.description)
                }
                let values = variable.values.map {
                    ServerVariablePlan.Value(caseName: namer.memberName($0), text: $0)
                }
                let defaultCase = values.first { $0.text == variable.defaultValue }?.caseName ?? values[0].caseName
                return ServerVariablePlan(
                    name: variable.name, label: label, enumName: namer.typeName(variable.name), values: values,
                    defaultExpression: "." + defaultCase.withoutBackticks, documentation: variable.description)
            },
            urls: server.urls.map { ServerPlan.NamedURL(name: $0.name, url: $0.url) })
    }

    func authPlan(_ scheme: AuthScheme) -> AuthPlan {
        // A scheme named like one of the initializer's own parameters or locals (`logger`, `chain`) is renamed.
        var name = namer.bareMemberName(scheme.name)
        while Namer.reservedLocals.contains(name) { name += "Credential" }
        // Required when some operation accepts it alone; one of several alternatives may be left out.
        let required = spec.endpoints.contains { endpoint in
            let requirement = spec.authRequirement(of: endpoint)
            return requirement?.schemes == [scheme.name] && requirement?.optional == false
        }
        switch scheme.kind {
        case .bearer:
            return AuthPlan(
                specName: scheme.name, parameterName: name, flowProperty: nil, kind: .bearer,
                required: required, documentation: scheme.description)
        case .basic:
            return AuthPlan(
                specName: scheme.name, parameterName: name, flowProperty: nil, kind: .basic, required: required,
                documentation: scheme.description)
        case .apiKey(let keyName, let location):
            return AuthPlan(
                specName: scheme.name, parameterName: name, flowProperty: nil,
                kind: .apiKey(name: keyName, inQuery: location == .query), required: required,
                documentation: scheme.description)
        case .oauth2(let flow):
            let belowServer = spec.pathBelowServer(flow.tokenURL)
            return AuthPlan(
                specName: scheme.name, parameterName: name + "TokenStore", flowProperty: name + "Tokens",
                tokenURLParameter: belowServer == nil && flow.tokenURL.contains("://") ? name + "TokenURL" : nil,
                kind: .oauth2(
                    // Below the server, the token flow follows the client's base URL (staging, a local server).
                    tokenPath: belowServer ?? flow.tokenURL, usernameField: flow.usernameField,
                    leeway: flow.refreshLeeway,
                    client: flow.usesClientCredentials
                        ? AuthPlan.ClientCredentialsPlan(
                            // Only a scheme some operation needs alone makes its credentials a must.
                            parameterName: name + "Credentials", required: flow.needsClientCredentials && required,
                            inBody: flow.clientAuthentication == .body, scopes: flow.scopes) : nil),
                required: false, documentation: scheme.description)
        }
    }

    func retryExpression(_ policy: SpecgenSpec.RetrySettings) -> [String] {
        [
            "maxAttempts: \(policy.maxAttempts)", "initialDelay: \(SwiftLiteral.number(policy.initialDelay))",
            "maxDelay: \(SwiftLiteral.number(policy.maxDelay))",
            "multiplier: \(SwiftLiteral.number(policy.multiplier))",
            "jitter: \(policy.jitter)", "statuses: [\(policy.statuses.map(String.init).joined(separator: ", "))]",
        ]
            + (policy.maxElapsed.map { ["maxElapsed: \(SwiftLiteral.number($0))"] } ?? [])
    }

    func sensitiveNames() -> [String] {
        var names: [String] = []
        func add(_ field: Field) {
            if field.sensitive, !names.contains(field.wireName) { names.append(field.wireName) }
        }
        for model in spec.models { model.fields.forEach(add) }
        for endpoint in spec.endpoints {
            (endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters).forEach(add)
            if case .fields(let fields)? = endpoint.body?.content { fields.forEach(add) }
        }
        return names
    }

    func errorCase(_ response: ErrorResponse) -> ErrorCasePlan {
        ErrorCasePlan(
            name: namer.escaped(response.caseName), status: response.status, bodyType: response.body.map(swiftType),
            bodyUsage: response.body.map { usage(of: $0) } ?? [],
            documentation: response.description)
    }

    /// An operation's documented errors: its own, then the API-wide ones for other statuses.
    func errors(of endpoint: Endpoint) -> [ErrorResponse] { spec.errors(of: endpoint) }

    /// The error type of an operation with its own errors.
    func errorTypeName(of endpoint: Endpoint) -> String? { namer.errorTypeName(of: endpoint) }

    /// The API's error type, then each operation's that documents errors of its own. A type whose cases repeat an
    /// earlier one's (statuses, bodies and documentation alike) is a `typealias` of it: an API's operations mostly
    /// document the same few error sets, and one enum per set compiles once instead of once per operation.
    func errorPlans(names: GeneratedNames) -> [ErrorPlan] {
        var plans = [
            ErrorPlan(
                typeName: names.error,
                documentation:
                    "Why a call to the \(apiName) API failed: a documented error response, or a failure of the call itself.",
                cases: spec.errors.map(errorCase))
        ]
        var owners: [[ErrorCasePlan]: Int] = [plans[0].cases: 0]
        for endpoint in spec.endpoints {
            guard let typeName = errorTypeName(of: endpoint) else { continue }
            let method = "`\(namer.methodName(endpoint.name).withoutBackticks)`"
            var plan = ErrorPlan(
                typeName: typeName,
                documentation: "Why \(method) failed: its documented error responses, the API's, or a failure of the "
                    + "call itself.",
                cases: errors(of: endpoint).map(errorCase))
            if let owner = owners[plan.cases] {
                plan.sharedWith = plans[owner].typeName
                plan.documentation =
                    "Why \(method) failed: the same cases as ``\(plans[owner].typeName)``, so the same type."
                plans[owner].sharers.append(typeName)
            } else {
                owners[plan.cases] = plans.count
            }
            plans.append(plan)
        }
        return plans
    }
}
