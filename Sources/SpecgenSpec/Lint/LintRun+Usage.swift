extension LintRun {
    /// Checks that files and raw bytes travel only where they can (multipart parts and raw bodies), and warns about
    /// models no endpoint uses.
    mutating func checkUsage() {
        for endpoint in spec.endpoints {
            if let body = endpoint.body, body.encoding == .json, case .fields(let fields) = body.content {
                checkNoFiles(in: fields, context: "a JSON body")
            }
        }
        let named = Set(spec.endpoints.compactMap(\.server?.name))
        for server in spec.servers {
            for url in server.urls where !named.contains(url.name) {
                warning(
                    url.location, "url '\(url.name)' of server '\(server.name)' is named by no endpoint",
                    fix: "add 'server: \(url.name)' to the endpoints it serves, or remove it")
            }
        }
        for model in spec.models where usage.jsonModels.contains(model.name) {
            checkNoFiles(in: model.fields, context: "JSON (model '\(model.name)' is sent or received as JSON)")
        }
        let included = Set(spec.models.flatMap { $0.includes.map(\.name) })
        let used = usage.usedModels.union(included)
        for model in spec.models where !used.contains(model.name) {
            warning(
                model.location, "model '\(model.name)' is not used by any endpoint or error",
                fix: "remove it, or refer to it where it is sent or received")
        }
    }

    private mutating func checkNoFiles(in fields: [Field], context: String) {
        for field in fields where types.containsFile(field.type) {
            error(
                .bytesInJSON,
                field.typeLocation, "field '\(field.wireName)' of type '\(field.type)' cannot be carried in \(context)",
                fix: "use 'bytes' for base64 in JSON; 'file' and 'binary' are for multipart parts and raw bodies")
        }
    }
}

extension LintRun {
    /// Warns when the mock and the diff cannot make a string that meets a field's pattern and lengths: they then
    /// answer and send strings the field refuses.
    mutating func checkSampling(
        _ pattern: String, _ constraints: Constraints, at location: SourceLocation, keyPath: String
    ) {
        if let unsupported = PatternSampler.check(pattern) {
            warning(
                location,
                "the mock cannot make strings for the pattern at '\(keyPath)': it holds \(unsupported.reason)",
                fix: "write the pattern without it, or give the field an 'example' that matches")
        } else if PatternSampler.sample(
            pattern, minLength: constraints.minLength, maxLength: constraints.maxLength) == nil
        {
            warning(
                location,
                "no string the mock tried matches the pattern at '\(keyPath)' within its length bounds",
                fix: "check that the pattern allows lengths between 'minLength' and 'maxLength'")
        }
    }
}
