/// Prints an error enum: documented error responses, then the runtime's failures, so callers switch exhaustively.
struct ErrorEmitter {
    /// The runtime's failures: case declaration, documentation, the `ClientError` pattern that maps to it, and
    /// its description.
    private static let runtimeCases: [(declaration: String, documentation: String, from: String, to: String, text: String)] = [
        ("transport(message: String)", "The request never got a response: no connection, DNS, TLS, connection reset.",
         ".transport(_, let message)", ".transport(message: message)", "\"transport failure: \\(message)\""),
        ("unexpectedStatus(status: Int, body: String)",
         "The server answered with a status the spec does not declare; `body` is a redacted preview of at most 1 KiB.",
         ".unexpectedStatus(_, let status, let body)", ".unexpectedStatus(status: status, body: body)",
         "\"undocumented status \\(status)\" + (body.isEmpty ? \"\" : \": \\(body)\")"),
        ("decoding(path: String, message: String)",
         "The response body did not match the declared type; `path` names the failing field.",
         ".decoding(_, let path, let message)", ".decoding(path: path, message: message)",
         "\"response decoding failed: \\(message)\" + (path.isEmpty ? \"\" : \" at '\\(path)'\")"),
        ("encoding(message: String)", "The request body could not be encoded.",
         ".encoding(_, let message)", ".encoding(message: message)", "\"request encoding failed: \\(message)\""),
        ("validation(ValidationFailure)", "A parameter or property broke a constraint the spec declares; nothing was sent.",
         ".validation(_, let failure)", ".validation(failure)", "\"validation failed: \\(failure)\""),
        ("cancelled", "The calling task was cancelled.", ".cancelled", ".cancelled", "\"cancelled\""),
        ("timedOut", "The request took longer than its timeout.", ".timedOut", ".timedOut", "\"timed out\""),
        ("authentication(message: String)", "Credentials are missing or could not be refreshed: the app must sign in again.",
         ".authentication(_, let message)", ".authentication(message: message)", "\"authentication needed: \\(message)\""),
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
            w.docComment("Wraps a runtime failure.")
            w.block("public init(_ error: ClientError)") { w in
                w.switchBlock("error") { w in
                    for runtimeCase in Self.runtimeCases {
                        w.line("case \(runtimeCase.from): self = \(runtimeCase.to)")
                    }
                }
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
                        w.caseLine(runtimeCase.to.patternBindings, runtimeCase.text)
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

extension String {
    /// `.transport(message: message)` → `.transport(let message)`: a pattern binding each associated value.
    fileprivate var patternBindings: String {
        guard let open = firstIndex(of: "("), hasSuffix(")") else { return self }
        let names = self[index(after: open)..<index(before: endIndex)].split(separator: ",").map { part in
            (part.split(separator: ":").last ?? part).filter { $0 != " " }
        }
        return self[..<open] + "(" + names.map { "let \($0)" }.joined(separator: ", ") + ")"
    }
}
