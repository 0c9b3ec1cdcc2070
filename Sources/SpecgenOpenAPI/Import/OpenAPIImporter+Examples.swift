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
        /// The example and named examples that fit `type`; each left out with a warning.
        func cleaned(
            _ example: SpecValue?, _ given: [NamedExample], _ type: TypeRef, _ what: String,
            at location: SourceLocation?
        ) -> (SpecValue?, [NamedExample]) {
            var example = example
            if let problem = types.exampleProblem(example, of: type) {
                example = nil
                drop(problem, what, at: location)
            }
            let examples = given.filter { named in
                guard let problem = types.exampleProblem(named.value, of: type) else { return true }
                drop(problem, "\(what) named '\(named.name)'", at: location)
                return false
            }
            return (example, examples)
        }
        for index in spec.models.indices {
            let name = spec.models[index].name
            let location = places.modelLocations[name]
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
            let location = places.endpointLocations[endpoint.name]
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
                guard case .json(let type) = endpoint.responses[response].body else { continue }
                let answer = endpoint.responses[response]
                (endpoint.responses[response].example, endpoint.responses[response].examples) = cleaned(
                    answer.example, answer.examples, type, "an answer of '\(endpoint.name)'", at: location)
            }
            for error in endpoint.errors.indices {
                let declared = endpoint.errors[error]
                guard let type = declared.body else { continue }
                (endpoint.errors[error].example, endpoint.errors[error].examples) = cleaned(
                    declared.example, declared.examples, type, "an error of '\(endpoint.name)'", at: location)
            }
            spec.endpoints[index] = endpoint
        }
        for error in spec.errors.indices {
            let declared = spec.errors[error]
            guard let type = declared.body else { continue }
            (spec.errors[error].example, spec.errors[error].examples) = cleaned(
                declared.example, declared.examples, type, "the error \(declared.status)", at: nil)
        }
    }
}
