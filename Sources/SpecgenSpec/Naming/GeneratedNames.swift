/// The names of the types every generated client has, all derived from the API's name: `Chatist` gets
/// `ChatistAPI`, `ChatistClient`, `ChatistMock`, `ChatistError`, `ChatistRequests` and `ChatistServer`.
package struct GeneratedNames: Hashable, Sendable {
    /// The module, such as `Chatist`.
    package var module: String
    /// The protocol both the client and the mock conform to.
    package var api: String
    /// The live client.
    package var client: String
    /// The closure-based test double.
    package var mock: String
    /// The API-wide error.
    package var error: String
    /// The request builders.
    package var requests: String
    /// The servers.
    package var server: String
    /// The events the API sends (`ChatistWebhook`), when its spec declares webhooks.
    package var webhook: String
    /// The receiver that checks and decodes deliveries (`ChatistWebhooks`).
    package var webhooks: String

    /// The names for an API.
    package init(apiName: String, namer: Namer = Namer()) {
        module = namer.typeName(apiName)
        api = module + "API"
        client = module + "Client"
        mock = module + "Mock"
        error = module + "Error"
        requests = module + "Requests"
        server = module + "Server"
        webhook = module + "Webhook"
        webhooks = module + "Webhooks"
    }

    /// Every Swift type name a client of `spec` generates besides its models, with the role it plays: the names
    /// above, each operation's error type, the mock's closure types and response-header types. A model must not
    /// take one; lint refuses it, and the OpenAPI import gives such a model another Swift name.
    package static func typeNames(of spec: Spec, namer: Namer = Namer()) -> [String: String] {
        var generated: [String: String] = [:]
        let names = GeneratedNames(apiName: spec.name, namer: namer)
        for (name, role) in names.roles { generated[name] = role }
        if spec.webhooks != nil {
            generated[names.webhook] = "the webhook events"
            generated[names.webhooks] = "the webhook receiver"
        }
        for endpoint in spec.endpoints {
            if let name = namer.errorTypeName(of: endpoint) { generated[name] = "the error type of '\(endpoint.name)'" }
            generated[namer.handlerTypeName(of: endpoint)] = "the mock's closure type for '\(endpoint.name)'"
            generated[namer.argumentsTypeName(of: endpoint)] =
                "the arguments the mock's closure for '\(endpoint.name)' receives"
            if let resource = endpoint.resource {
                generated[names.resourceType(resource, namer: namer)] = "the operations of resource '\(resource)'"
            }
            if let name = namer.responseHeadersTypeName(of: endpoint),
                let method = namer.headersMethodName(of: endpoint),
                let handler = namer.headersHandlerTypeName(of: endpoint)
            {
                generated[name] = "the response headers of '\(endpoint.name)'"
                generated[handler] = "the mock's closure type for '\(method)'"
            }
        }
        return generated
    }

    /// The struct of a resource's operations (`ChatistTickets` for `tickets`), which `client.tickets` returns.
    package func resourceType(_ resource: String, namer: Namer = Namer()) -> String {
        module + namer.typeName(resource)
    }

    /// Each name with the role it plays, for reporting a model that would take one. The module's own name is not
    /// one: `name: Todo` with a model `Todo` is the natural first spec, and its client compiles.
    package var roles: [(name: String, role: String)] {
        [
            (api, "the client protocol"), (client, "the client"), (mock, "the mock"),
            (error, "the error type"), (requests, "the request builders"), (server, "the servers"),
        ]
    }
}

extension Namer {
    /// The Swift type name of a model: the spec's `swiftName`, or one derived from its name.
    package func swiftName(of model: Model) -> String { model.swiftName ?? typeName(model.name) }

    /// The Swift name of a field, escaped when it is a keyword.
    package func swiftName(of field: Field) -> String {
        field.swiftName.map(escaped) ?? memberName(field.wireName)
    }

    /// The Swift name of a field without backticks, for comparing names and building other names from it.
    package func bareSwiftName(of field: Field) -> String { field.swiftName ?? bareMemberName(field.wireName) }

    /// The Swift case name of an enum value, escaped when it is a keyword. An integer's is `value` and its digits
    /// (`value2`, `valueMinus1`), since digits alone make no name (`._2`) and `1` and `-1` would make the same one.
    package func caseName(of value: EnumValue) -> String {
        value.swiftName.map(escaped) ?? (value.isInteger ? integerCaseName(value.value) : memberName(value.value))
    }

    /// The Swift case name of an enum value without backticks.
    package func bareCaseName(of value: EnumValue) -> String { caseName(of: value).withoutBackticks }

    /// `value2` for 2, `valueMinus1` for -1.
    package func integerCaseName(_ digits: String) -> String {
        digits.hasPrefix("-") ? "valueMinus" + digits.dropFirst() : "value" + digits.drop { $0 == "+" }
    }

    /// The Swift case name of a union variant: its `case`, else its tag (`bank_account` → `bankAccount`), else one
    /// from its type (`Card` → `card`, `[Card]` → `cardList`, `{string: int}` → `intMap`); escaped when a keyword.
    package func caseName(of variant: UnionVariant) -> String {
        if let custom = variant.caseName { return escaped(custom) }
        if let tag = variant.tag { return memberName(tag) }
        return memberName(typeWords(variant.type))
    }

    /// The Swift case name of a union variant without backticks.
    package func bareCaseName(of variant: UnionVariant) -> String { caseName(of: variant).withoutBackticks }

    private func typeWords(_ type: TypeRef) -> String {
        switch type {
        case .primitive(let primitive): primitive.rawValue
        case .named(let name): name
        case .array(let element): typeWords(element) + "_list"
        case .map(let value): typeWords(value) + "_map"
        }
    }

    /// An operation's name as a member of its resource: the name the spec gives (`resource: orders.list`), else
    /// its method name without the resource's name in front (`reposGet` in `repos` is `get`, `reposListForOrg` is
    /// `listForOrg`), else its method name (`getTicket`).
    package func resourceMemberName(of endpoint: Endpoint) -> String? {
        guard let resource = endpoint.resource else { return nil }
        if let member = endpoint.resourceMember { return escaped(member) }
        let method = methodName(endpoint.name).withoutBackticks
        let rest = method.dropFirst(resource.count)
        guard method.hasPrefix(resource), let first = rest.first, first.isUppercase else {
            return methodName(endpoint.name)
        }
        return escaped(first.lowercased() + rest.dropFirst())
    }

    /// The error type of an operation that documents errors of its own, such as `RegisterUserError`; nil for an
    /// operation that throws the API's error.
    package func errorTypeName(of endpoint: Endpoint) -> String? {
        endpoint.errors.isEmpty ? nil : typeName(methodName(endpoint.name)) + "Error"
    }

    /// The struct of an operation's typed response headers, such as `CreatePaymentResponseHeaders`; nil for an
    /// operation whose answers declare none.
    package func responseHeadersTypeName(of endpoint: Endpoint) -> String? {
        endpoint.responses.allSatisfy(\.headers.isEmpty) ? nil : typeName(methodName(endpoint.name)) + "ResponseHeaders"
    }

    /// The method that returns an operation's body together with its typed headers, such as
    /// `createPaymentWithHeaders`; nil for an operation whose answers declare none.
    package func headersMethodName(of endpoint: Endpoint) -> String? {
        endpoint.responses.allSatisfy(\.headers.isEmpty)
            ? nil : methodName(endpoint.name).withoutBackticks + "WithHeaders"
    }

    /// The type of the closure a mock takes for the headers method, such as `CreatePaymentWithHeadersHandler`.
    package func headersHandlerTypeName(of endpoint: Endpoint) -> String? {
        headersMethodName(of: endpoint).map { typeName($0) + "Handler" }
    }

    /// The type of the closure a mock takes for an operation, such as `RegisterUserHandler`.
    package func handlerTypeName(of endpoint: Endpoint) -> String { typeName(methodName(endpoint.name)) + "Handler" }

    /// The type of the value a mock's closure receives an operation's arguments in, such as `RegisterUserArguments`;
    /// the headers method's closure receives the same.
    package func argumentsTypeName(of endpoint: Endpoint) -> String {
        typeName(methodName(endpoint.name)) + "Arguments"
    }

    /// A name chosen in the spec, in backticks when it is a keyword.
    package func escaped(_ name: String) -> String { Self.keywords.contains(name) ? "`\(name)`" : name }
}
