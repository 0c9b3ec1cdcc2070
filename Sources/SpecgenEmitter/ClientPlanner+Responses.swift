import SpecgenSpec

/// The plans of an operation's answers: what each success returns, what it accepts, and its helper methods.
extension ClientPlanner {
    /// The modules the success value's type comes from.
    func returnUsage(_ endpoint: Endpoint) -> ModuleUsage {
        endpoint.responses.reduce(into: []) { usage, response in
            switch response.body {
            case .json(let type): usage.formUnion(self.usage(of: type))
            case .binary: usage.insert(.foundation)
            case .stream(let stream):
                // A stream is the runtime's `ResponseStream` of the item, or of `Data`, `ServerSentEvent` or
                // `JSONValue` (the runtime's) when the spec names none.
                usage.insert(.runtime)
                if let item = stream.item {
                    usage.formUnion(self.usage(of: item))
                } else if stream.format == .bytes {
                    usage.insert(.foundation)
                }
            case .empty: break
            }
        }
    }

    func responsePlans(_ responses: [ResponseCase], errorType: String) -> ([ResponsePlan], String?) {
        var valueType: String?
        var hasEmpty = false
        for response in responses {
            switch response.body {
            case .json(let type): valueType = swiftType(type)
            case .binary: valueType = "Data"
            case .stream(let stream): valueType = "ResponseStream<\(streamItemType(stream)), \(errorType)>"
            case .empty: hasEmpty = true
            }
        }
        let plans = responses.map { response in
            // One documented success stands for every 2XX: a server that answers 201 where the spec says 200 still
            // returns the value. Listing several success statuses makes each one exact.
            let status = responses.count == 1 ? StatusPattern.range(2) : response.status
            let result: ResponsePlan.Result =
                switch response.body {
                case .json(let type): .decode(swiftType(type))
                case .binary: .bytes
                case .stream(let stream):
                    .stream(
                        stream.format, element: streamItemType(stream), decoded: stream.item != nil,
                        terminator: stream.terminator)
                case .empty: valueType == nil ? .nothing : .nilValue
                }
            return ResponsePlan(status: status, result: result)
        }
        return (plans, valueType.map { hasEmpty ? $0 + "?" : $0 })
    }

    /// `application/json` when a response or an error body is JSON, after a stream's own media type.
    func accept(_ endpoint: Endpoint, errors: [ErrorResponse]) -> String? {
        var types: [String] = []
        for response in endpoint.responses {
            if case .stream(let stream) = response.body { types.append(stream.format.contentType) }
        }
        let json =
            endpoint.responses.contains { if case .json = $0.body { true } else { false } }
            || errors.contains { $0.body != nil }
        if json { types.append("application/json") }
        return types.isEmpty ? nil : types.joined(separator: ", ")
    }

    /// The element type of a stream: the item type, or what its framing yields without one.
    func streamItemType(_ stream: StreamedBody) -> String {
        if let item = stream.item { return swiftType(item) }
        switch stream.format {
        case .events: return "ServerSentEvent"
        case .lines: return "JSONValue"
        case .bytes: return "Data"
        }
    }

    /// Adds page iteration and polling helpers.
    func withHelpers(_ plan: OperationPlan, endpoint: Endpoint) -> OperationPlan {
        var plan = plan
        let responseType = endpoint.jsonResponseType
        if let pagination = endpoint.pagination, let responseType {
            plan.pagination = paginationPlan(pagination, of: plan, responseType: responseType)
        }
        if let polling = endpoint.polling, let responseType,
            case .success(let fields) = types.fieldPath(polling.field, in: responseType)
        {
            // Lint makes every segment required, so the path has no optional chaining.
            let path = swiftPath(fields)
            let current = fields.last?.type ?? responseType
            var enumModel: Model?
            if case .named(let name) = resolved(current).type, let model = model(named: name),
                case .enumeration = model.kind
            {
                enumModel = model
            }
            func expression(_ value: String) -> String {
                guard let enumModel, case .enumeration(let values) = enumModel.kind,
                    let match = values.first(where: { $0.value == value })
                else { return SwiftLiteral.string(value) }
                return "." + namer.bareCaseName(of: match)
            }
            plan.polling = PollingPlan(
                methodName: namer.methodName(polling.name), fieldPath: path,
                fieldDescription: polling.field.joined(separator: "."),
                success: polling.success.map(expression), failure: polling.failure.map(expression),
                interval: polling.interval, maxAttempts: polling.maxAttempts)
        }
        return plan
    }
}
