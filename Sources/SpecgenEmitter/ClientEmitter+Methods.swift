import SpecgenSpec

/// The client's methods: one call per operation, and the page, polling and default-argument helpers.
extension ClientEmitter {
    /// A client method; a file download's (its last parameter the destination) sends with a download request and
    /// saves the body where a stream would be returned.
    func emitMethod(_ operation: OperationPlan, writer w: inout SwiftWriter) {
        let download = operation.savesToFile
        w.docComment(operation.documentation)
        w.deprecation(operation.deprecation)
        if download { w.line("@discardableResult") }
        w.method(operation, withDefaults: false) { w in
            emitCall(operation, writer: &w)
            let builder = "\(names.requests).\(operation.builderName ?? operation.bareName)"
            let arguments = Array(operation.forwardingArgumentList.dropLast(download ? 1 : 0))
            let send =
                download ? "call.send(downloading: " : operation.streams ? "call.send(streaming: " : "call.send("
            let destination = download ? ", to: file" : ""
            let single =
                "let response = try await \(send)\(builder)(\(arguments.joined(separator: ", ")))\(destination))"
            if w.fits(single) {
                w.line(single)
            } else {
                w.line("let response = try await \(send)")
                w.indented { w in w.wrappedLine(builder, arguments, destination + ")") }
            }
            // The successes (all 2XX); any other status is the error type's to map, once for every operation
            // that throws it.
            let failure = "throw .forStatus(of: response, in: call)"
            if operation.responses.count == 1, let only = operation.responses.first, only.status == .range(2) {
                w.line("guard response.isSuccessful else { \(failure) }")
                for statement in statements(only, of: operation) { w.line(statement) }
                return
            }
            w.switchBlock("response.statusCode") { w in
                for response in operation.responses.filter({ !$0.isRange }) + operation.responses.filter(\.isRange) {
                    // A method that returns nothing has no statements, and its case returns.
                    let returned = statements(response, of: operation)
                    let body = returned.isEmpty ? ["return"] : returned
                    if body.count == 1 {
                        w.caseLine(response.statusPattern, body[0])
                    } else {
                        w.line("case \(response.statusPattern):")
                        w.indented { w in for statement in body { w.line(statement) } }
                    }
                }
                w.line("default: " + failure)
            }
        }
    }

    /// `let call = OperationCall<Error>(client: client, context: OperationContext("API.operation", ...))`, wrapped
    /// as swift-format would.
    func emitCall(_ operation: OperationPlan, writer w: inout SwiftWriter) {
        let head = "let call = OperationCall<\(operation.errorType)>"
        let context = [SwiftLiteral.string(operation.qualifiedName)] + operation.contextArguments
        let contextCall = "OperationContext(\(context.joined(separator: ", ")))"
        if w.fits("\(head)(client: client, context: \(contextCall))") {
            w.line("\(head)(client: client, context: \(contextCall))")
            return
        }
        w.line(head + "(")
        w.indented { w in
            if w.fits("client: client, context: \(contextCall))") {
                w.line("client: client, context: \(contextCall))")
            } else {
                w.line("client: client,")
                w.wrappedLine("context: OperationContext", context, ")")
            }
        }
    }

    /// The download method for conformers that do not implement it (a mock): the stream, written to the file.
    func emitDownloadFallback(
        _ operation: OperationPlan, _ download: OperationPlan, writer w: inout SwiftWriter
    ) {
        w.docComment(download.documentation)
        w.deprecation(download.deprecation)
        w.line("@discardableResult")
        w.method(download, withDefaults: false) { w in
            w.wrappedLine("try await \(operation.bareName)", operation.forwardingArgumentList, ".write(to: file)")
        }
        w.blank()
    }

    /// The statements that return a success; none when the method returns nothing.
    func statements(_ response: ResponsePlan, of operation: OperationPlan) -> [String] {
        if operation.savesToFile, case .stream(.bytes, _, _, _) = response.result {
            return ["return try await call.save(response, to: file)"]
        }
        // A streamed answer has no headers method: its items are read after the call returns.
        if operation.readsHeaders, let headers = operation.responseHeaders?.typeName, !operation.streams {
            // The body first, so a body that does not decode is reported as such; then the headers.
            let read = { (value: String) in "return try call.withHeaders(\(value), \(headers).init, from: response)" }
            switch response.result {
            case .decode(let type): return ["let value = try call.decode(\(type).self, from: response)", read("value")]
            case .nothing: return [read("()")]
            case .nilValue: return [read("nil")]
            case .bytes, .stream: return [read("response.body")]
            }
        }
        let result: String? =
            switch response.result {
            case .decode(let type): "return try call.decode(\(type).self, from: response)"
            case .nothing: nil
            case .nilValue: "return nil"
            case .bytes: "return response.body"
            case .stream(.events, _, false, _): "return call.events(from: response)"
            case .stream(.events, let element, true, let terminator):
                "return call.events(\(element).self, from: response, terminator: "
                    + "\(terminator.map(SwiftLiteral.string) ?? "nil"))"
            case .stream(.lines, let element, _, _): "return call.lines(\(element).self, from: response)"
            case .stream(.bytes, _, _, _): "return call.bytes(from: response)"
            }
        return result.map { [$0] } ?? []
    }

    // MARK: - Helpers

    /// The requirement again with the spec's defaults, so calls through the protocol (a client or a mock held as
    /// `any API`) can leave defaulted arguments out. Inside the extension, the full call resolves to the requirement.
    func emitDefaults(_ operation: OperationPlan, writer w: inout SwiftWriter) {
        w.docComment("Calls ``\(operation.selector)`` with the spec's defaults for the arguments left out.")
        w.deprecation(operation.deprecation)
        w.method(operation, withDefaults: true) { w in
            w.wrappedLine("try await self.\(operation.bareName)", operation.forwardingArgumentList, "")
        }
        w.blank()
    }

    func emitPages(_ operation: OperationPlan, _ pagination: PaginationPlan, writer w: inout SwiftWriter) {
        let stepParameter = pagination.style.parameter
        var helper = operation
        helper.parameters.removeAll { $0.internalName == stepParameter }
        w.docComment(
            "The pages of `\(operation.name)` as a `PageSequence`, fetched as they are read: \(pagination.summary). "
                + "Its `items` walks the items one by one. Iterating throws what `\(operation.name)` throws.")
        w.deprecation(operation.deprecation)
        let declarations = helper.parameterDeclarations(withDefaults: true)
        let sequence = pagination.sequenceType(errorType: operation.errorType)
        w.wrappedDeclaration("func", pagination.methodName, declarations, " -> \(sequence)") { w in
            // The runtime counts pages, offsets and limits in `Int`; a parameter of another width converts.
            func integerType(_ name: String?) -> String? {
                operation.parameters.first { $0.internalName == name }.map { String($0.type.filter { $0 != "?" }) }
            }
            let limit = pagination.limitParameter.map { name in
                let value = name + (pagination.limitIsOptional ? " ?? 1" : "")
                return integerType(name).map { $0 == "Int" } == false ? "Int(\(value))" : value
            }
            let stepType = integerType(stepParameter)
            var items = ["items: { \(pagination.items) }"]
            if let hasMore = pagination.hasMore { items.append("hasMore: { \(hasMore) }") }
            let factory: String
            let step: String
            switch pagination.style {
            case .numbered(_, let first):
                factory = "numbered"
                items.insert(contentsOf: ["from: \(first)", "limit: \(limit ?? "1")"], at: 0)
                step = "page"
            case .offsets:
                factory = "offsets"
                items.insert("limit: \(limit ?? "1")", at: 0)
                step = "offset"
            case .cursors(_, let nextCursor):
                factory = "cursors"
                items.append("nextCursor: { \(nextCursor) }")
                step = "cursor"
            case .afterItems(_, let idProperty):
                factory = "afterItems"
                items.append("id: { \(idProperty) }")
                step = "after"
            case .links(let relation):
                factory = "links"
                if relation != "next" { items.insert("relation: \(SwiftLiteral.string(relation))", at: 0) }
                step = ""
            }
            let converted: String
            switch pagination.style {
            case .numbered, .offsets:
                converted = stepType.map { $0 == "Int" } == false ? "\(stepType ?? "")(clamping: \(step))" : step
            default:
                converted = step
            }
            let arguments = operation.parameters.map { parameter -> String in
                let value = parameter.internalName == stepParameter ? converted : parameter.internalName
                return parameter.label == "_" ? value : "\(parameter.label): \(value)"
            }
            // A link walk makes each page's call through a copy of the client that knows the page it is at.
            let signature = step.isEmpty ? "link" : step
            let callee = step.isEmpty ? "self.with(link)" : "self"
            w.wrappedScope(".\(factory)", items, " { \(signature) async throws(\(operation.errorType)) in") { w in
                w.wrappedLine("try await \(callee).\(operation.name.withoutBackticks)", arguments, "")
            }
        }
        w.blank()
    }

    func emitPolling(_ operation: OperationPlan, _ polling: PollingPlan, writer w: inout SwiftWriter) {
        guard let valueType = operation.returnType else { return }
        let successes = polling.success.joined(separator: ", ")
        let failures = polling.failure.joined(separator: ", ")
        w.docComment(
            """
            Calls `\(operation.name)` until `\(polling.fieldDescription)` is \(polling.success.map { "`\($0)`" }.joined(separator: " or ")), \
            waiting `interval` seconds between calls, at most `maxAttempts` times. Cancelling the task stops it.

            - Throws: `PollingError.failed` with the last response when the value is \
            \(polling.failure.isEmpty ? "never a failure state" : polling.failure.map { "`\($0)`" }.joined(separator: " or ")); \
            `.exhausted` after `maxAttempts`; `.call` with the error of a failed call; `.cancelled`.
            """)
        w.deprecation(operation.deprecation)
        let parameters =
            operation.parameterDeclarations(withDefaults: true)
            + [
                "interval: TimeInterval = \(SwiftLiteral.number(polling.interval))",
                "maxAttempts: Int = \(polling.maxAttempts)",
            ]
        w.wrappedDeclaration(
            "func", polling.methodName, parameters,
            " async throws(PollingError<\(operation.errorType), \(valueType)>) -> \(valueType)"
        ) { w in
            w.line("try await SpecgenRuntime.poll(")
            w.indented { w in
                w.line("every: interval, maxAttempts: maxAttempts,")
                w.line("until: { [\(successes)].contains(\(polling.fieldPath)) },")
                w.line(
                    polling.failure.isEmpty
                        ? "failWhen: { _ in false },"
                        : "failWhen: { [\(failures)].contains(\(polling.fieldPath)) },")
                w.scope("{ () async throws(\(operation.errorType)) -> \(valueType) in") { w in
                    w.line("try await self.\(operation.bareName)(\(operation.forwardingArguments))")
                }
            }
            w.line(")")
        }
        w.blank()
    }
}
