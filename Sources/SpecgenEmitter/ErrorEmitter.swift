/// Prints an error enum: documented error responses, then the runtime's failures, so callers switch exhaustively.
struct ErrorEmitter {
    /// The runtime's failures: case declaration, documentation, the pattern binding its values, and its description.
    /// `ClientFailure` maps `ClientError` to them, since the cases witness its static requirements.
    private static let runtimeCases: [(declaration: String, documentation: String, pattern: String, text: String)] = [
        ("transport(message: String)", "The request never got a response: no connection, DNS, TLS, connection reset.",
         ".transport(let message)", "\"transport failure: \\(message)\""),
        ("unexpectedStatus(status: Int, body: String)",
         "The server answered with a status the spec does not declare; `body` is a redacted preview of at most 1 KiB.",
         ".unexpectedStatus(let status, let body)", "\"undocumented status \\(status)\" + (body.isEmpty ? \"\" : \": \\(body)\")"),
        ("decoding(path: String, message: String)",
         "The response body did not match the declared type; `path` names the failing field.",
         ".decoding(let path, let message)", "\"response decoding failed: \\(message)\" + (path.isEmpty ? \"\" : \" at '\\(path)'\")"),
        ("encoding(message: String)", "The request body could not be encoded.", ".encoding(let message)",
         "\"request encoding failed: \\(message)\""),
        ("validation(ValidationFailure)", "A parameter or property broke a constraint the spec declares; nothing was sent.",
         ".validation(let failure)", "\"validation failed: \\(failure)\""),
        ("cancelled", "The calling task was cancelled.", ".cancelled", "\"cancelled\""),
        ("timedOut", "The request took longer than its timeout.", ".timedOut", "\"timed out\""),
        ("authentication(message: String)", "Credentials are missing or could not be refreshed: the app must sign in again.",
         ".authentication(let message)", "\"authentication needed: \\(message)\""),
    ]

    func emit(_ error: ErrorPlan, writer w: inout SwiftWriter) {
        w.docComment(error.documentation)
        w.block("public enum \(error.typeName): ClientFailure, Hashable, CustomStringConvertible") { w in
            for errorCase in error.cases {
                w.docComment("`\(errorCase.status)`" + (errorCase.documentation.map { ": " + $0 } ?? ""))
                w.line("case \(declaration(errorCase))")
            }
            for runtimeCase in Self.runtimeCases {
                w.docComment(runtimeCase.documentation)
                w.line("case \(runtimeCase.declaration)")
            }
            w.blank()
            w.docComment("What went wrong, without secrets: sensitive fields of bodies are redacted.")
            w.block("public var description: String") { w in
                w.switchBlock("self") { w in
                    for errorCase in error.cases {
                        let name = errorCase.name.withoutBackticks
                        switch (errorCase.isRange, errorCase.bodyType != nil) {
                        case (true, true):
                            w.line("case .\(errorCase.name)(let status, let body): \"\\(status) \(name): \\(body)\"")
                        case (true, false):
                            w.line("case .\(errorCase.name)(let status): \"\\(status) \(name)\"")
                        case (false, true):
                            w.line("case .\(errorCase.name)(let body): \"\(errorCase.status) \(name): \\(body)\"")
                        case (false, false):
                            w.line("case .\(errorCase.name): \"\(errorCase.status) \(name)\"")
                        }
                    }
                    for runtimeCase in Self.runtimeCases {
                        w.caseLine(runtimeCase.pattern, runtimeCase.text)
                    }
                }
            }
        }
    }

    private func declaration(_ errorCase: ErrorCasePlan) -> String {
        switch (errorCase.isRange, errorCase.bodyType) {
        case (true, let body?): "\(errorCase.name)(status: Int, body: \(body))"
        case (true, nil): "\(errorCase.name)(status: Int)"
        case (false, let body?): "\(errorCase.name)(\(body))"
        case (false, nil): errorCase.name
        }
    }
}
