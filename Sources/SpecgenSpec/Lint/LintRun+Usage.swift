extension LintRun {
    /// Checks that files and raw bytes travel only where they can (multipart parts and raw bodies), and warns about
    /// models no endpoint uses.
    mutating func checkUsage() {
        var jsonRoots: [TypeRef] = spec.errors.compactMap(\.body)
        for endpoint in spec.endpoints {
            jsonRoots += endpoint.errors.compactMap(\.body)
            for response in endpoint.responses {
                if case .json(let type) = response.body { jsonRoots.append(type) }
            }
            guard let body = endpoint.body else { continue }
            switch (body.encoding, body.content) {
            case (.json, .type(let type)):
                jsonRoots.append(type)
            case (.json, .fields(let fields)):
                checkNoFiles(in: fields, context: "a JSON body")
                jsonRoots += fields.map(\.type)
            case (.multipart, _):
                jsonRoots += (types.fields(of: body) ?? []).map(\.type).filter { types.partKind($0) == .json }
            case (.form, _), (.binary, _):
                break
            }
        }
        let jsonModels = types.reachableModels(from: jsonRoots)
        for model in spec.models where jsonModels.contains(model.name) {
            checkNoFiles(in: model.fields, context: "JSON (model '\(model.name)' is sent or received as JSON)")
        }
        let used = ModelUsage(spec, resolver: types).usedModels
        for model in spec.models where !used.contains(model.name) {
            warning(
                model.location, "model '\(model.name)' is not used by any endpoint or error",
                fix: "remove it, or refer to it where it is sent or received")
        }
    }

    private mutating func checkNoFiles(in fields: [Field], context: String) {
        for field in fields where types.containsFile(field.type) {
            error(
                field.typeLocation, "field '\(field.wireName)' of type '\(field.type)' cannot be carried in \(context)",
                fix: "use 'bytes' for base64 in JSON; 'file' and 'binary' are for multipart parts and raw bodies")
        }
    }
}
