/// Makes every Swift identifier from spec names, so the validator and the emitter agree on them.
///
/// `ticket_id` becomes `ticketID`, `filledPdfUrl` becomes `filledPDFURL`, `2fa_code` becomes `_2faCode`, and
/// `default` becomes `` `default` ``. Names that would shadow Swift, Foundation or runtime types get a suffix.
package struct Namer: Sendable {
    /// Creates a namer.
    package init() {}

    /// Words written in capitals inside identifiers, per the Swift API Design Guidelines.
    package static let acronyms: Set<String> = [
        "api", "apns", "html", "http", "https", "id", "ip", "json", "jpeg", "jpg", "pdf", "png", "sdk", "uri", "url",
        "utc", "uuid", "xml",
    ]

    /// Swift's reserved words, which a declared name may use only in backticks. Contextual keywords (`open`,
    /// `package`, `async`, `some`, ...) are ordinary identifiers there and need none; after a dot and as argument
    /// labels even these need none, so generated code prints backticks only where a name is declared or used alone.
    /// Whether a name chosen in a spec (`swiftName`, a case name) is a Swift identifier: a letter or `_`, then
    /// letters, digits and `_`, and no keyword.
    package static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !keywords.contains(text)
    }

    /// Whether `text` may name a member (a property, an enum or union case): an identifier, or a keyword, which the
    /// generator escapes in backticks (`` `default` ``), except those that name something else even escaped.
    package static func isMemberIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !unescapableMembers.contains(text)
    }

    /// Keywords a member does not take even in backticks: `x.self`, `T.Type`, `T.Protocol` and `Self` mean the value
    /// or type itself, and `true`, `false` and `nil` read as literals wherever the member is used unqualified.
    package static let unescapableMembers: Set<String> = ["self", "Self", "Type", "Protocol", "true", "false", "nil"]

    package static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Protocol", "Type",
    ]

    /// Member names that mean something else even in backticks (`x.self`, `x.init`, `T.Type`), so they get a `Value` suffix.
    package static let unusableMembers: Set<String> = [
        "self", "Self", "init", "deinit", "subscript", "super", "Type",
        "Protocol",
    ]

    /// Type names that generated code uses from Swift, Foundation and the runtime, which a model must not shadow
    /// (`NameHygieneTests` derives them from the runtime's declarations and the golden clients, and checks this list
    /// holds them).
    package static let reservedTypeNames: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "Character", "Codable", "Data", "Date", "DateFormatter", "Decodable",
        "Decoder", "Dictionary", "Double", "Encodable", "Encoder", "Equatable", "Error", "Float", "Hashable",
        "Identifiable", "Int", "Int32", "Int64", "JSONDecoder", "JSONEncoder", "Never", "Optional", "Protocol",
        "Result", "Self", "Sendable", "Set", "String", "Task", "Type", "URL", "UUID", "Void", "Foundation", "Swift",
        // swift-log's module and logger, which client initializers take.
        "Logging", "Logger",
        // The runtime's public names.
        "APIClient", "ClientError", "HTTPRequestData", "HTTPResponseData", "JSONValue", "Middleware", "Transport",
        "MultipartFile", "Nullable", "SpecgenRuntime", "RequestOptions", "RetryPolicy", "AuthConfiguration",
        "ErrorPayload", "RedirectPolicy", "DateFormat", "DateFormatSpecifier", "FormattedDate", "OptionalFormattedDate",
        "CalendarDateFormat", "EpochSecondsFormat", "EpochMillisecondsFormat", "HTTPDateFormat", "OperationCall",
        "ClientFailure", "PercentEncoding", "QueryItem", "FormBody", "MultipartBody", "JSONCoding", "PageSequence",
        "PageLink", "OperationContext", "ResponseDelivery", "WireForm",
        "ResponseStream", "ServerSentEvent", "TokenProvider", "BasicCredentials", "ClientCredentials", "TokenStore",
        "InMemoryTokenStore", "OAuth2TokenFlow", "ValidationFailure", "UndocumentedVariant", "UnionDecoding",
        "AnyCodingKey", "OpenObject", "ResponseWithHeaders", "ResponseHeaderReader", "Indirect", "APIKeyMiddleware",
        "AttemptWrapping", "AuthMiddleware", "AuthenticationFailure", "BasicAuthMiddleware", "BearerTokenMiddleware",
        "BodyFile",
        "CallLimit", "CallRetry", "DecodedEvents", "HTTPBodyStream", "HeaderValue", "JSONLines", "LinkHeader",
        "MiddlewareScope", "OAuth2Middleware", "PageItems", "PollingError", "Redaction", "RetryMiddleware",
        "ServerSentEvents", "TokenSet", "TracingMiddleware", "TransferProgress", "URLSessionTransport", "Validation",
        // Swift's, which generated code names.
        "CaseIterable", "CodingKey", "CustomDebugStringConvertible", "CustomReflectable", "CustomStringConvertible",
        "Mirror", "RawRepresentable",
    ]

    /// Names generated methods, builders and initializers use for their own parameters and locals, which a
    /// parameter named from the spec must not shadow (`NameHygieneTests` derives them from the golden clients and
    /// checks this list holds them). A mock method's `<operation>Handler` local is kept apart per operation.
    package static let reservedLocals: Set<String> = [
        "request", "response", "call", "form", "multipart", "payload", "value", "item", "handler", "arguments",
        // The client's own property, which every method hands to its `OperationCall`.
        "client",
        // The initializers' own parameters and locals, beside the credential parameters named after auth schemes.
        "baseURL", "server", "transport", "retryPolicy", "middlewares", "logger", "chain", "copy",
    ]

    /// Names a generated error enum already uses: `failure` carries the runtime's failures, and `description` is a
    /// property.
    package static let reservedErrorCases: Set<String> = ["failure", "description"]

    /// The case that keeps a string enum value this client version does not know.
    package static let unknownEnumCase = "undocumented"

    /// Splits a spec name into words at separators, case changes and acronym ends.
    package func words(_ raw: String) -> [String] {
        if raw.isASCII { return asciiWords(raw) }
        var words: [String] = []
        var current = ""
        let characters = Array(raw)
        for (index, character) in characters.enumerated() {
            guard character.isASCII, character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if let previous = current.last {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                // "PNGs" and "URLs" are plural acronyms, not "PN" + "Gs".
                let afterNext = index + 2 < characters.count ? characters[index + 2] : nil
                let pluralAcronym = next == "s" && (afterNext.map { !$0.isLowercase } ?? true)
                let startsWord =
                    character.isUppercase
                    && (previous.isLowercase || previous.isNumber
                        || (previous.isUppercase && next.map { $0.isLowercase } == true && !pluralAcronym))
                if startsWord {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// ``words(_:)`` for a name of ASCII characters only, where a character is a byte: the same words, without
    /// looking up Unicode properties.
    private func asciiWords(_ raw: String) -> [String] {
        let bytes = Array(raw.utf8)
        var words: [String] = []
        var start = -1
        for index in bytes.indices {
            let byte = bytes[index]
            guard ASCII.isAlphanumeric(byte) else {
                if start >= 0 { words.append(Self.string(bytes[start..<index])) }
                start = -1
                continue
            }
            if start >= 0 {
                let previous = bytes[index - 1]
                let next = index + 1 < bytes.count ? bytes[index + 1] : nil
                // "PNGs" and "URLs" are plural acronyms, not "PN" + "Gs".
                let afterNext = index + 2 < bytes.count ? bytes[index + 2] : nil
                let pluralAcronym = next == UInt8(ascii: "s") && (afterNext.map { !ASCII.isLower($0) } ?? true)
                let startsWord =
                    ASCII.isUpper(byte)
                    && (ASCII.isLower(previous) || ASCII.isDigit(previous)
                        || (ASCII.isUpper(previous) && next.map(ASCII.isLower) == true && !pluralAcronym))
                if startsWord {
                    words.append(Self.string(bytes[start..<index]))
                    start = index
                }
            } else {
                start = index
            }
        }
        if start >= 0 { words.append(Self.string(bytes[start...])) }
        return words
    }

    private static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A type name in UpperCamelCase: `field_region` is `FieldRegion`, `pdf_page` is `PDFPage`.
    /// A name already written as a Swift type name (`FieldRegionDTO`) is kept as it is.
    package func typeName(_ raw: String) -> String {
        let isIdentifier = raw.utf8.first.map(ASCII.isUpper) == true && raw.utf8.allSatisfy(ASCII.isAlphanumeric)
        let joined = isIdentifier ? raw : words(raw).map(capitalized).joined()
        let name = escapedStart(joined)
        return Self.reservedTypeNames.contains(name) || Self.keywords.contains(name) ? name + "Model" : name
    }

    /// A part of a type name made from where a schema sits (`data` in `ListItemsResponse` + `Data` + `Item`): the
    /// words in UpperCamelCase, with neither the `Model` that keeps a whole name off Swift's types nor an escape for
    /// a leading digit, which only a whole name needs.
    package func typeNamePart(_ raw: String) -> String {
        let isIdentifier = raw.utf8.first.map(ASCII.isUpper) == true && raw.utf8.allSatisfy(ASCII.isAlphanumeric)
        return isIdentifier ? raw : words(raw).map(capitalized).joined()
    }

    /// A property, parameter, method or case name in lowerCamelCase, escaped when it is a keyword.
    package func memberName(_ raw: String) -> String {
        let parts = words(raw)
        // A name with no word in it (an empty JSON key, `-`) is no identifier; `_` would not compile either.
        guard let first = parts.first else { return "unnamed" }
        let joined = first.lowercased() + parts.dropFirst().map(capitalized).joined()
        let name = escapedStart(joined)
        if Self.unusableMembers.contains(name) { return name + "Value" }
        return Self.keywords.contains(name) ? "`\(name)`" : name
    }

    /// A member name without backticks, for comparing names and building other names from it.
    package func bareMemberName(_ raw: String) -> String {
        memberName(raw).withoutBackticks
    }

    /// A method name: kept as written when it already is a lowerCamelCase identifier (`convertPDFToPNGs`),
    /// so operations keep the names apps know them by.
    package func methodName(_ raw: String) -> String {
        let isIdentifier = raw.utf8.first.map(ASCII.isLower) == true && raw.utf8.allSatisfy(ASCII.isAlphanumeric)
        guard isIdentifier, !Self.keywords.contains(raw) else { return memberName(raw) }
        return raw
    }

    private func capitalized(_ word: String) -> String {
        let lower = word.lowercased()
        if Self.acronyms.contains(lower) { return lower.uppercased() }
        if lower.hasSuffix("s"), Self.acronyms.contains(String(lower.dropLast())) {
            return lower.dropLast().uppercased() + "s"
        }
        return lower.prefix(1).uppercased() + lower.dropFirst()
    }

    private func escapedStart(_ name: String) -> String {
        guard let first = name.utf8.first else { return "_" }
        return ASCII.isDigit(first) ? "_" + name : name
    }
}

extension String {
    /// An identifier without the backticks that escape a keyword, for building other names and for strings.
    package var withoutBackticks: String {
        utf8.contains(UInt8(ascii: "`")) ? filter { $0 != "`" } : self
    }
}
