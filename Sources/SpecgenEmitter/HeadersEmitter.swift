import SpecgenSpec

/// Prints the struct an operation's typed response headers are read into.
struct HeadersEmitter {
    func emit(_ headers: ResponseHeadersPlan, writer w: inout SwiftWriter) {
        w.docComment(headers.documentation)
        w.uses(headers.usage, publicly: true)
        w.uses(.runtime, publicly: true)
        w.type("struct", headers.typeName, ": Hashable, Sendable") { w in
            for header in headers.headers {
                w.docComment(header.documentation ?? "The `\(header.wireName)` header.")
                w.declaration("var", header.name, ": \(header.type)" + (header.isOptional ? "?" : ""))
            }
            w.blank()
            w.docComment("Creates a value.")
            let parameters = headers.headers.map { header in
                "\(header.name.withoutBackticks): \(header.type)" + (header.isOptional ? "? = nil" : "")
            }
            w.wrappedDeclaration("", "init", parameters, "") { w in
                for header in headers.headers {
                    w.line("self.\(header.name.withoutBackticks) = \(header.name)")
                }
            }
            w.blank()
            w.docComment(
                "Reads the headers of an answer; throws when a required one is missing or one is not a value of its "
                    + "type.")
            w.declaration("", "init", "(_ reader: ResponseHeaderReader) throws(ClientError)") { w in
                for header in headers.headers {
                    w.wrappedLine(
                        "\(header.name) = try reader.\(header.isOptional ? "optional" : "required")",
                        [SwiftLiteral.string(header.wireName), header.readArguments], "")
                }
            }
        }
    }
}
