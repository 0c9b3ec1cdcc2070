import SpecgenSpec

/// The imported spec as a value located in the document, for tools that compare documents (`specgen diff`).
extension ImportRun {
    /// The spec with its operations, models and model properties located where the document declares them.
    /// What the import could not place stands at the nearest place it could: a parameter at its operation, a
    /// copied property at its model, a model made for an inline schema at the top of the document.
    func located(_ spec: Spec) -> Spec {
        var spec = spec
        if let root { spec.location = SourceLocation(path: root.file, line: 1, column: 1) }
        let top = spec.location
        func place(_ location: inout SourceLocation, _ fallback: SourceLocation) {
            if location.path.isEmpty { location = fallback }
        }
        func place(_ fields: inout [Field], _ fallback: SourceLocation) {
            for index in fields.indices {
                place(&fields[index].location, fallback)
                place(&fields[index].typeLocation, fields[index].location)
            }
        }
        for index in spec.endpoints.indices {
            var endpoint = spec.endpoints[index]
            if let location = places.endpointLocations[endpoint.name] {
                endpoint.location = location
                endpoint.requestLocation = location
            }
            place(&endpoint.location, top)
            place(&endpoint.requestLocation, endpoint.location)
            place(&endpoint.pathParameters, endpoint.location)
            place(&endpoint.queryParameters, endpoint.location)
            place(&endpoint.headerParameters, endpoint.location)
            if var body = endpoint.body {
                place(&body.location, endpoint.location)
                place(&body.typeLocation, body.location)
                if case .fields(var fields) = body.content {
                    place(&fields, body.location)
                    body.content = .fields(fields)
                }
                endpoint.body = body
            }
            for response in endpoint.responses.indices {
                place(&endpoint.responses[response].location, endpoint.location)
                place(&endpoint.responses[response].typeLocation, endpoint.responses[response].location)
                place(&endpoint.responses[response].headers, endpoint.responses[response].location)
            }
            for error in endpoint.errors.indices {
                place(&endpoint.errors[error].location, endpoint.location)
                place(&endpoint.errors[error].typeLocation, endpoint.errors[error].location)
            }
            spec.endpoints[index] = endpoint
        }
        for index in spec.errors.indices {
            place(&spec.errors[index].location, top)
            place(&spec.errors[index].typeLocation, spec.errors[index].location)
        }
        for index in spec.servers.indices { place(&spec.servers[index].location, top) }
        for index in spec.authSchemes.indices { place(&spec.authSchemes[index].location, top) }
        for index in spec.models.indices {
            let name = spec.models[index].name
            if let location = places.modelLocations[name] { spec.models[index].location = location }
            place(&spec.models[index].location, top)
            guard case .object(var fields) = spec.models[index].kind else { continue }
            for field in fields.indices {
                guard let location = places.fieldLocations[name + "\u{1}" + fields[field].wireName] else { continue }
                fields[field].location = location
                fields[field].typeLocation = location
            }
            place(&fields, spec.models[index].location)
            spec.models[index].kind = .object(fields)
        }
        return spec
    }
}
