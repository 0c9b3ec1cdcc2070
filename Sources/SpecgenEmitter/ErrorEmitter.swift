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
        }
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
