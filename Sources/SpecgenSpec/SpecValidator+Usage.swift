extension ValidationRun {
    /// Checks where raw bytes and files appear, and warns about models no endpoint uses.
    mutating func checkUsage() {
        var jsonRoots: [TypeRef] = spec.errors.compactMap(\.body)
        var multipartFields: [Field] = []
        var formAndParameterTypes: [TypeRef] = []
        for endpoint in spec.endpoints {
            jsonRoots += endpoint.errors.compactMap(\.body)
            for response in endpoint.responses {
                if case .json(let type) = response.body { jsonRoots.append(type) }
            }
            formAndParameterTypes += (endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters)
                .map(\.type)
            guard let body = endpoint.body else { continue }
            switch (body.encoding, body.content) {
            case (.json, .type(let type)):
                jsonRoots.append(type)
            case (.json, .fields(let fields)):
                checkNoFiles(in: fields, context: "a JSON body")
                jsonRoots += fields.map(\.type)
            case (.multipart, .fields(let fields)):
                multipartFields += fields
            case (.multipart, .type(let type)):
                if case .object(let model) = shape(of: type) {
                    multipartFields += model.fields
                    formAndParameterTypes.append(type)
                }
            case (.form, .fields(let fields)):
                formAndParameterTypes += fields.map(\.type)
            case (.form, .type(let type)), (.binary, .type(let type)):
                formAndParameterTypes.append(type)
            case (.binary, .fields):
                break
            }
        }
        for field in multipartFields where !isFile(field.type) {
            jsonRoots.append(field.type)
        }
        let jsonModels = reachableModels(from: jsonRoots)
        for model in spec.models where jsonModels.contains(model.name) {
            checkNoFiles(in: model.fields, context: "JSON (model '\(model.name)' is sent or received as JSON)")
        }
        let used = jsonModels.union(reachableModels(from: formAndParameterTypes + multipartFields.map(\.type)))
        for model in spec.models where !used.contains(model.name) {
            warning(model.location, "model '\(model.name)' is not used by any endpoint or error",
                    fix: "remove it, or refer to it where it is sent or received")
        }
    }

    private mutating func checkNoFiles(in fields: [Field], context: String) {
        for field in fields where containsBytes(field.type) {
            error(field.typeLocation, "field '\(field.wireName)' of type '\(field.type)' cannot be carried in \(context)",
                  fix: "use 'bytes' for base64 in JSON; 'file' and 'binary' are for multipart parts and raw bodies")
        }
    }

    private func isFile(_ type: TypeRef) -> Bool {
        switch shape(of: type) {
        case .primitive(let primitive): return primitive == .file || primitive == .binary
        case .array(let element): return isFile(element)
        default: return false
        }
    }

    private func containsBytes(_ type: TypeRef) -> Bool {
        switch shape(of: type) {
        case .primitive(let primitive): return primitive == .file || primitive == .binary
        case .array(let element), .map(let element): return containsBytes(element)
        default: return false
        }
    }

    /// Names of every model a set of types refers to, directly or through other models.
    func reachableModels(from roots: [TypeRef]) -> Set<String> {
        var seen: Set<String> = []
        var pending = roots.flatMap(\.referencedNames)
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let model = model(named: name) else { continue }
            switch model.kind {
            case .object(let fields): pending += fields.flatMap(\.type.referencedNames)
            case .alias(let target, _): pending += target.referencedNames
            case .enumeration: break
            }
        }
        return seen
    }
}
