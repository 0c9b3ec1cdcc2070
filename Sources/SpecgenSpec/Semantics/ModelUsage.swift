/// Which models each operation sends and receives, through properties, arrays, maps and aliases.
///
/// The linter warns about models nothing uses; the diff decides whether a change to a model touches requests,
/// responses or both, and which operations it affects.
package struct ModelUsage: Sendable {
    /// Models some request carries (parameters and bodies).
    package let requestModels: Set<String>
    /// Models some response carries (success and error bodies, the API's errors included).
    package let responseModels: Set<String>
    /// Every model some request or response carries.
    package let usedModels: Set<String>
    /// Models carried as JSON somewhere: in a JSON body or response, an error, or a multipart JSON part. The others
    /// travel only as parameters, form fields and multipart text, where no value is `null` and no file fits JSON.
    package let jsonModels: Set<String>
    /// What each model reaches, for questions about other types.
    package let reach: ModelReach
    private let byOperation: [(operation: String, models: ModelReach.Names)]
    /// What each operation's request carries.
    private let sentBy: [(operation: String, models: ModelReach.Names)]

    /// The usage in a spec.
    package init(_ spec: Spec, resolver: TypeResolver? = nil) {
        let resolver = resolver ?? TypeResolver(spec)
        let reach = ModelReach(spec.models)
        let sharedErrors = reach.names(from: spec.errors.compactMap(\.body))
        var requests = reach.empty
        var responses = sharedErrors
        var byOperation: [(operation: String, models: ModelReach.Names)] = []
        var sentBy: [(operation: String, models: ModelReach.Names)] = []
        var jsonRoots = spec.errors.compactMap(\.body)
        for endpoint in spec.endpoints {
            var requestTypes = (endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters).map(
                \.type)
            switch endpoint.body?.content {
            case .type(let type)?: requestTypes.append(type)
            case .fields(let fields)?: requestTypes += fields.map(\.type)
            case nil: break
            }
            var responseTypes = endpoint.errors.compactMap(\.body)
            for response in endpoint.responses {
                if let type = response.body.jsonType { responseTypes.append(type) }
            }
            jsonRoots += responseTypes
            // A query parameter sent as JSON text carries its type as JSON.
            jsonRoots += endpoint.queryParameters.filter { $0.style == .json }.map(\.type)
            if let body = endpoint.body {
                switch (body.encoding, body.content) {
                case (.json, .type(let type)): jsonRoots.append(type)
                case (.json, .fields(let fields)): jsonRoots += fields.map(\.type)
                case (.multipart, _):
                    jsonRoots += (resolver.fields(of: body) ?? []).map(\.type).filter { resolver.partKind($0) == .json }
                case (.form, _), (.binary, _): break
                }
            }
            var operation = reach.names(from: requestTypes)
            sentBy.append((endpoint.name, operation))
            requests.formUnion(operation)
            let answers = reach.names(from: responseTypes)
            responses.formUnion(answers)
            operation.formUnion(answers)
            operation.formUnion(sharedErrors)
            byOperation.append((endpoint.name, operation))
        }
        // A standalone model, or a webhook's payload, reaches the app as JSON from outside any endpoint.
        let standalone = reach.names(
            from: spec.models.filter(\.isStandalone).map { TypeRef.named($0.name) }
                + (spec.webhooks?.events.map(\.payload) ?? []))
        responses.formUnion(standalone)
        var json = reach.names(from: jsonRoots)
        json.formUnion(standalone)
        var used = requests
        used.formUnion(responses)
        requestModels = reach.strings(requests)
        responseModels = reach.strings(responses)
        usedModels = reach.strings(used)
        jsonModels = reach.strings(json)
        self.reach = reach
        self.byOperation = byOperation
        self.sentBy = sentBy
    }

    /// Whether a struct model's generated type is `Codable`: it travels as JSON somewhere, or nothing uses it, so
    /// an app may still send it as anything. A struct that travels only as parameters, form fields and multipart
    /// text is written field by field by its request builders and needs no coding of its own, which spares the
    /// compiler a synthesized `init(from:)` per form model (Twilio's have two hundred fields).
    package func isCodable(_ model: String) -> Bool {
        jsonModels.contains(model) || !usedModels.contains(model)
    }

    /// The operations whose requests carry a model, sorted.
    package func operations(sending model: String) -> [String] {
        sentBy.filter { reach.contains($0.models, model) }.map(\.operation).sorted()
    }

    /// The models some of `operations` send or receive, with the API's errors: what a client of those operations
    /// alone needs.
    package func models(of operations: Set<String>) -> Set<String> {
        var set = reach.empty
        for entry in byOperation where operations.contains(entry.operation) { set.formUnion(entry.models) }
        return reach.strings(set)
    }

    /// The operations whose requests or responses use a model, sorted.
    package func operations(using model: String) -> [String] {
        byOperation.filter { reach.contains($0.models, model) }.map(\.operation).sorted()
    }
}
