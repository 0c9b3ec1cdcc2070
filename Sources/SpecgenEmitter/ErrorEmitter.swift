import SpecgenSpec

/// Prints an error enum: one case per documented error response, then `failure`, which carries the runtime's
/// ``ClientError`` (listed once, in the runtime), so callers switch exhaustively over what a call can throw.
struct ErrorEmitter {
    func emit(_ error: ErrorPlan, writer w: inout SwiftWriter) {
        if let owner = error.sharedWith {
            w.docComment(error.documentation)
            w.declaration("typealias", error.typeName, " = \(owner)")
            return
        }
        if let sharer = error.sharers.first {
            let others = error.sharers.count == 1 ? "another operation" : "\(error.sharers.count) other operations"
            w.docComment(
                error.documentation + "\n\nAlso what \(others) throw, under their own names, such as ``\(sharer)``.")
        } else {
            w.docComment(error.documentation)
        }
        w.uses(.runtime, publicly: true)
        w.type("enum", error.typeName, ": ClientFailure, Hashable, CustomStringConvertible") { w in
            for errorCase in error.cases {
                w.docComment("`\(errorCase.status)`" + (errorCase.documentation.map { ": " + $0 } ?? ""))
                w.uses(errorCase.bodyUsage, publicly: true)
                w.declaration("case", errorCase.name, payload(errorCase))
            }
            w.docComment(
                "The call failed for a reason the spec does not document: no response, an undeclared status, "
                    + "a body that does not decode, a constraint, cancellation, a timeout or missing credentials.")
            w.declaration("case", "failure", "(ClientError)")
            w.blank()
            w.docComment("What went wrong, without secrets: sensitive fields of bodies are redacted.")
            w.declaration("var", "description", ": String") { w in
                // Statements, not a switch expression: the type checker solves an expression's branches together.
                w.switchBlock("self") { w in
                    for errorCase in error.cases {
                        let name = errorCase.name.withoutBackticks
                        switch (errorCase.isRange, errorCase.bodyType != nil) {
                        case (true, true):
                            w.caseLine(".\(name)(let status, let body)", "return \"\\(status) \(name): \\(body)\"")
                        case (true, false):
                            w.caseLine(".\(name)(let status)", "return \"\\(status) \(name)\"")
                        case (false, true):
                            w.caseLine(".\(name)(let body)", "return \"\(errorCase.status) \(name): \\(body)\"")
                        case (false, false):
                            w.caseLine(".\(name)", "return \"\(errorCase.status) \(name)\"")
                        }
                    }
                    w.line("case .failure(let error): return error.description")
                }
            }
            w.blank()
            emitMapping(error, writer: &w)
        }
    }

    /// `forStatus(of:in:)`: the case for an answer that is not a success of the operation, which every operation
    /// throwing this type shares (its client method handles only its own successes).
    private func emitMapping(_ error: ErrorPlan, writer w: inout SwiftWriter) {
        w.docComment(
            "The case for an answer that is not one of the operation's successes: its documented error, with the "
                + "body, or `failure(.unexpectedStatus)` for a status documented nowhere.")
        w.block("static func forStatus(of response: HTTPResponseData, in call: OperationCall<Self>) -> Self") { w in
            w.switchBlock("response.statusCode") { w in
                for errorCase in error.cases where !errorCase.isRange { emitCase(errorCase, writer: &w) }
                for errorCase in error.cases where errorCase.isRange && !errorCase.isFallback {
                    emitCase(errorCase, writer: &w)
                }
                if let fallback = error.cases.first(where: \.isFallback) {
                    emitCase(fallback, writer: &w)
                } else {
                    w.line("default: return call.unexpectedStatus(response)")
                }
            }
        }
    }

    private func emitCase(_ errorCase: ErrorCasePlan, writer w: inout SwiftWriter) {
        let name = errorCase.name.withoutBackticks
        let body = errorCase.bodyType.map { "call.errorPayload(\($0).self, from: response)" }
        let value =
            switch (errorCase.isRange, body) {
            case (true, let body?): ".\(name)(status: response.statusCode, body: \(body))"
            case (true, nil): ".\(name)(status: response.statusCode)"
            case (false, let body?): ".\(name)(\(body))"
            case (false, nil): ".\(name)"
            }
        w.labeledLine(errorCase.isFallback ? "default" : "case \(errorCase.statusPattern)", "return \(value)")
    }

    /// The case's associated values: `(status: Int, body: ErrorPayload<ErrorBody>)` for a range,
    /// `(ErrorPayload<ErrorBody>)`, or none. The payload keeps the case when the body does not decode.
    private func payload(_ errorCase: ErrorCasePlan) -> String {
        switch (errorCase.isRange, errorCase.bodyType) {
        case (true, let body?): "(status: Int, body: ErrorPayload<\(body)>)"
        case (true, nil): "(status: Int)"
        case (false, let body?): "(ErrorPayload<\(body)>)"
        case (false, nil): ""
        }
    }
}
