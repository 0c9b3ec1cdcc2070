/// Which models each operation sends and receives, through properties, arrays, maps and aliases.
///
/// The linter warns about models nothing uses; the diff decides whether a change to a model touches requests,
/// responses or both, and which operations it affects.
package struct ModelUsage: Sendable {
    /// Models some request carries (parameters and bodies).
    package private(set) var requestModels: Set<String> = []
    /// Models some response carries (success and error bodies, the API's errors included).
    package private(set) var responseModels: Set<String> = []
    /// Every model some request or response carries.
    package var usedModels: Set<String> { requestModels.union(responseModels) }
    /// Models carried as JSON somewhere: in a JSON body or response, an error, or a multipart JSON part. The others
    /// travel only as parameters, form fields and multipart text, where no value is `null` and no file fits JSON.
    package private(set) var jsonModels: Set<String> = []
    private var byOperation: [(operation: String, models: Set<String>)] = []

    /// The usage in a spec.
    package init(_ spec: Spec, resolver: TypeResolver? = nil) {
        let resolver = resolver ?? TypeResolver(spec)
        let sharedErrors = resolver.reachableModels(from: spec.errors.compactMap(\.body))
        responseModels = sharedErrors
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
            if let body = endpoint.body {
                switch (body.encoding, body.content) {
                case (.json, .type(let type)): jsonRoots.append(type)
                case (.json, .fields(let fields)): jsonRoots += fields.map(\.type)
                case (.multipart, _):
                    jsonRoots += (resolver.fields(of: body) ?? []).map(\.type).filter { resolver.partKind($0) == .json }
                case (.form, _), (.binary, _): break
                }
            }
            let request = resolver.reachableModels(from: requestTypes)
            let responses = resolver.reachableModels(from: responseTypes).union(sharedErrors)
            requestModels.formUnion(request)
            responseModels.formUnion(responses)
            byOperation.append((endpoint.name, request.union(responses)))
        }
        // A standalone model (a webhook's payload, an event) reaches the app as JSON from outside any endpoint.
        let standalone = spec.models.filter(\.isStandalone).map { TypeRef.named($0.name) }
        responseModels.formUnion(resolver.reachableModels(from: standalone))
        jsonModels = resolver.reachableModels(from: jsonRoots + standalone)
    }

    /// Whether a struct model's generated type is `Codable`: it travels as JSON somewhere, or nothing uses it, so
    /// an app may still send it as anything. A struct that travels only as parameters, form fields and multipart
    /// text is written field by field by its request builders and needs no coding of its own, which spares the
    /// compiler a synthesized `init(from:)` per form model (Twilio's have two hundred fields).
    package func isCodable(_ model: String) -> Bool {
        jsonModels.contains(model) || !usedModels.contains(model)
    }

    /// The operations whose requests or responses use a model, sorted.
    package func operations(using model: String) -> [String] {
        byOperation.filter { $0.models.contains(model) }.map(\.operation).sorted()
    }
}
