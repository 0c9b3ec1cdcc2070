import SpecgenSpec

/// Examples that do not fit their type: the document's, left out with a warning, as lint would refuse to use them.
extension ImportRun {
    /// Removes every example that does not fit its type as lint judges it (``TypeResolver/exampleProblem(of:)``),
    /// each with a warning at its model or operation: a model's, a property's, a parameter's, a body field's, an
    /// answer's and an error's.
    func dropIllTypedExamples(_ spec: inout Spec) {
        let types = TypeResolver(spec)
        func drop(_ problem: String, _ what: String, at location: SourceLocation?) {
            warn(
                .exampleType, at: location ?? SourceLocation(path: root?.file ?? "", line: 1, column: 1),
                "the example of \(what) does not fit its type (\(problem)); left out",
                fix: "write an example of the schema's type")
        }
        func clean(_ fields: inout [Field], _ what: String, at location: SourceLocation?) {
            for index in fields.indices {
                guard let problem = types.exampleProblem(of: fields[index]) else { continue }
                fields[index].example = nil
                drop(problem, "\(what) '\(fields[index].wireName)'", at: location)
            }
        }
        for index in spec.models.indices {
            let name = spec.models[index].name
            let location = modelLocations[name]
            if let problem = types.exampleProblem(spec.models[index].example, of: .named(name)) {
                spec.models[index].example = nil
                drop(problem, "'\(name)'", at: location)
            }
            if case .object(var fields) = spec.models[index].kind {
                clean(&fields, "the property of '\(name)'", at: location)
                spec.models[index].kind = .object(fields)
            }
        }
        for index in spec.endpoints.indices {
            var endpoint = spec.endpoints[index]
            let location = endpointLocations[endpoint.name]
            let what = "the parameter of '\(endpoint.name)'"
            clean(&endpoint.pathParameters, what, at: location)
            clean(&endpoint.queryParameters, what, at: location)
            clean(&endpoint.headerParameters, what, at: location)
            if var body = endpoint.body, case .fields(var fields) = body.content {
                clean(&fields, "the body field of '\(endpoint.name)'", at: location)
                body.content = .fields(fields)
                endpoint.body = body
            }
            for response in endpoint.responses.indices {
                guard case .json(let type) = endpoint.responses[response].body,
                    let problem = types.exampleProblem(endpoint.responses[response].example, of: type)
                else { continue }
                endpoint.responses[response].example = nil
                drop(problem, "an answer of '\(endpoint.name)'", at: location)
            }
            for error in endpoint.errors.indices {
                guard let type = endpoint.errors[error].body,
                    let problem = types.exampleProblem(endpoint.errors[error].example, of: type)
                else { continue }
                endpoint.errors[error].example = nil
                drop(problem, "an error of '\(endpoint.name)'", at: location)
            }
            spec.endpoints[index] = endpoint
        }
        for error in spec.errors.indices {
            guard let type = spec.errors[error].body,
                let problem = types.exampleProblem(spec.errors[error].example, of: type)
            else {
                continue
            }
            spec.errors[error].example = nil
            drop(problem, "the error \(spec.errors[error].status)", at: nil)
        }
    }
}
