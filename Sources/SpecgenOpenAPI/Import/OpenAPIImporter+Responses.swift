import Foundation
import SpecgenSpec
import SpecgenYAML

/// Responses and errors, with the pagination a response shows.
extension ImportRun {
    /// Whether the JSON text of a value of `schema` is the value's own text, as a number's or a boolean's is: a
    /// string's JSON keeps its quotes, an object's its braces, so a parameter or header of JSON text (`content:
    /// application/json`) of any other schema is not what the spec's text parameters and headers carry.
    static func readsAsTextInJSON(_ schema: DocNode?) -> Bool {
        ["integer", "number", "boolean"].contains(schema?.peeked("type")?.string ?? "")
    }

    /// A status key as the spec writes it: `200`, `4XX`, `default`; nil for a key that is none of these.
    static func statusKey(_ raw: String) -> String? {
        let upper = raw.uppercased()
        if raw == "default" { return raw }
        guard upper.count == 3, let first = upper.first, "12345".contains(first) else { return nil }
        if upper.dropFirst() == "XX" { return upper }
        return upper.allSatisfy(\.isNumber) ? upper : nil
    }

    static func isSuccess(_ status: String) -> Bool { status.hasPrefix("2") }

    /// Response descriptions that say nothing a status does not.
    static let genericDescriptions: Set<String> = [
        "ok", "success", "successful", "successful response", "successful operation", "created", "accepted",
        "no content", "response", "default response", "the request has succeeded.", "error", "error response",
        "unexpected error", "default error", "not found", "bad request", "unauthorized", "forbidden",
    ]

    func informative(_ description: String?) -> String? {
        guard let description, !description.isEmpty,
            !Self.genericDescriptions.contains(description.lowercased().trimmingCharacters(in: [" ", "\n"])),
            !description.hasPrefix("Status "), !(description.hasPrefix("The `") && description.hasSuffix("` error."))
        else { return nil }
        return description
    }

    /// A media type's `examples` that carry their value (`externalValue` ones stay documentation), by name.
    func namedExamples(_ media: DocNode) -> [NamedExample] {
        (media["examples"]?.entries ?? []).compactMap { name, _, entry in
            guard let value = resolved(entry)?["value"] else { return nil }
            return NamedExample(name: name, value: value.specValue, location: Self.unlocated)
        }
    }

    /// The status a key names.
    static func statusPattern(_ status: String) -> StatusPattern {
        if status == "default" { return .other }
        if status.hasSuffix("XX"), let hundred = status.first?.wholeNumberValue { return .range(hundred) }
        return .code(Int(status) ?? 200)
    }

    /// The success responses and the error responses, each as the spec says it.
    func responses(
        _ read: DocumentOperation, hint: String, form: OperationForm
    ) -> ([ResponseCase], [ErrorResponse]) {
        var successes = read.responses.filter(\.isSuccess).map { (status: $0.status, node: $0.node) }
        var failures = read.responses.filter { !$0.isSuccess }.map { (status: $0.status, node: $0.node) }
        // A document whose only answer is `default` describes the success there.
        if successes.isEmpty, let index = failures.firstIndex(where: { $0.status == "default" }),
            failures[index].node["content"] != nil, !failures.contains(where: { $0.status.hasPrefix("4") })
        {
            warn(
                .defaultSuccess, at: failures[index].node.location,
                "the operation's only documented answer is 'default'; read as its success")
            successes.append(("200", failures[index].node))
            failures.remove(at: index)
        }
        var entries: [(status: String, response: ResponseCase, type: String?)] = []
        var firstType: String?
        for (index, success) in successes.enumerated() {
            let (response, type) = successEntry(
                success.node, status: success.status, hint: hint + "Response" + (index == 0 ? "" : success.status),
                form: form)
            if type?.hasPrefix("stream:") == true || firstType?.hasPrefix("stream:") == true, !entries.isEmpty {
                warn(
                    .responseKinds, at: success.node.location,
                    "a streamed success must be the operation's only one; \(success.status) is not imported")
                continue
            }
            if let type, let firstType, type != firstType {
                warn(
                    .responseTypes, at: success.node.location,
                    "\(success.status) answers \(type) where an earlier success answers \(firstType); the spec gives "
                        + "every success one type, so \(success.status) is read as an unexpected status",
                    fix: "describe both bodies as one schema (oneOf)")
                continue
            }
            firstType = firstType ?? type
            entries.append((success.status, response, type))
        }
        var cases = entries.map(\.response)
        textHeadersOfDifferentTypes(&cases, at: read.responsesNode ?? read.node)
        if entries.isEmpty {
            cases = [ResponseCase(status: .range(2), body: .empty, location: Self.unlocated)]
        } else if entries.count == 1, entries[0].status == "200" || entries[0].status == "2XX",
            entries[0].response.saysOnlyItsBody
        {
            // The short form: a type is a 200, `empty` any success.
            let body = entries[0].response.body
            cases = [
                ResponseCase(status: body == .empty ? .range(2) : .code(200), body: body, location: Self.unlocated)
            ]
        }
        // One error per status, the last one written, where the first stands.
        var errors: [ErrorResponse] = []
        for failure in failures {
            let error = errorEntry(failure.status, failure.node, hint: hint, form: form)
            if let index = errors.firstIndex(where: { $0.status == error.status }) {
                errors[index] = error
            } else {
                errors.append(error)
            }
        }
        return (cases, errors)
    }

    /// A header that two successes type differently (`X-Rate` an integer in one, a string in another) is read as
    /// text in each, as the spec gives a header one type in every status.
    func textHeadersOfDifferentTypes(_ cases: inout [ResponseCase], at node: DocNode) {
        var types: [String: Set<TypeRef>] = [:]
        var names: [String] = []
        for header in cases.flatMap(\.headers) {
            let key = header.wireName.lowercased()
            if types[key] == nil { names.append(header.wireName) }
            types[key, default: []].insert(header.type)
        }
        let mixed = Set(types.filter { $0.value.count > 1 }.keys)
        for name in names where mixed.contains(name.lowercased()) {
            warn(
                .headerShape, at: node.location,
                "response header '\(name)' has a different type in different statuses; read as text in each")
        }
        for index in cases.indices {
            for header in cases[index].headers.indices
            where mixed.contains(cases[index].headers[header].wireName.lowercased()) {
                cases[index].headers[header].type = .primitive(.string)
                cases[index].headers[header].constraints = Constraints()
                cases[index].headers[header].format = nil
            }
        }
    }

    /// One success, and the kind it answers (its type, `binary`, `stream:...` for streams, nil for no body).
    func successEntry(
        _ response: DocNode, status: String, hint: String, form: OperationForm
    ) -> (ResponseCase, String?) {
        var answer = ResponseCase(status: Self.statusPattern(status), body: .empty, location: Self.unlocated)
        var type: String?
        if let media = preferredMedia(response["content"], form: form) {
            let schema = media.node["schema"]
            switch media.kind {
            case "json" where schema == nil && media.type.contains("*"):
                // Any media type and no schema: the answer's bytes as they come.
                answer.body = .binary
                type = "binary"
            case "json":
                let body = schema.map { typeOnly(of: $0, hint: hint, as: "a JSON answer") } ?? .primitive(.json)
                let json = inJSON(body, "a JSON answer", at: media.location)
                answer.body = .json(json)
                type = json.description
            case "events", "lines":
                let format: StreamedBody.Format = media.kind == "events" ? .events : .lines
                var stream = StreamedBody(format: format)
                let described = media.node["x-specgen-stream"]
                // Beside the export's own description, the schema is a string for other readers.
                if described != nil, let schema, schema.string("type") == "string" { _ = schema.entries }
                _ = described?["format"]  // The media type says it too.
                let itemSchema = described?["item"] ?? schema
                if let itemSchema, itemSchema.string("type") != "string" || described?["item"] != nil,
                    !SchemaView.isEmpty(itemSchema)
                {
                    stream.item = typeOnly(of: itemSchema, hint: hint + "Item", as: "a stream's items")
                } else if format == .lines {
                    stream.item = .primitive(.json)
                }
                // An event stream of JSON items ends, by the convention of chat-completion APIs, with `[DONE]`,
                // which no JSON item is; where the server never sends it the stream ends with the connection.
                if format == .events {
                    stream.terminator =
                        described.map { $0.string("until") }
                        ?? (stream.item.map { $0 != .primitive(.string) } == true ? "[DONE]" : nil)
                }
                answer.body = .stream(stream)
                type = "stream:" + media.kind
            case "binary" where media.node["x-specgen-stream"]?.string("format") == "bytes":
                answer.body = .stream(StreamedBody(format: .bytes))
                type = "stream:bytes"
                // The answer's bytes, whatever its schema says of them.
                if let schema { cover(schema) }
            default:
                answer.body = .binary
                type = "binary"
                // The answer's bytes, whatever its schema says of them (text is said so below).
                if let schema { cover(schema) }
                if media.type.lowercased().hasPrefix("text/") {
                    warn(
                        .mediaType, at: media.location,
                        "a \(media.type) answer is read as bytes (Data): the spec has no text answers",
                        fix: "decode it as text with String(decoding: data, as: UTF8.self)")
                }
            }
            if type?.hasPrefix("stream:") != true {
                answer.example = media.node["example"]?.specValue
                answer.examples = namedExamples(media.node)
            }
            // A stream offered beside JSON is the operation's streamed form, imported as an endpoint of its own,
            // and JSON beside a stream is its plain form.
            let skipping: Set<String> =
                media.kind == "json" ? ["events", "lines"] : Self.mediaKinds.subtracting([media.kind])
            reportAlternatives(in: response["content"], besides: media, skipping: skipping, "the response is read as")
        }
        var headers: [Field] = []
        var memberNames = MemberNames(namer: namer)
        for (name, _, header) in response["headers"]?.entries ?? [] {
            guard let header = resolved(header), name.lowercased() != "content-type" else { continue }
            /// The header as a field, with its own description and deprecation over its schema's, in place of one
            /// of its name.
            func keep(_ type: ImportedType) {
                var type = type
                Self.describe(&type, header)
                let field = memberNames.named(
                    importedField(name, type, required: header["required"]?.bool == true).field)
                if let index = headers.firstIndex(where: { $0.wireName == name }) {
                    headers[index] = field
                } else {
                    headers.append(field)
                }
            }
            // `simple` is the one style OpenAPI gives a header, and the one the client reads; any other is reported.
            if header.node["style"]?.scalar == "simple" { _ = header["style"] }
            let media = header["schema"] == nil ? header["content"]?.entries?.first : nil
            let schema = header["schema"] ?? media?.value["schema"]
            // JSON text (`content: application/json`) other than a number or a boolean is read as the text it is.
            if let media, Self.mediaKind(media.key) == "json", !Self.readsAsTextInJSON(schema) {
                warn(
                    .headerShape, at: media.keyLocation,
                    "response header '\(name)' is JSON text; read as text, a string's quotes included")
                if let schema { cover(schema) }
                keep(ImportedType(.primitive(.string)))
                continue
            }
            var headerType =
                schema.map { self.type(of: $0, hint: hint + namer.typeNamePart(name), usage: .header) }
                ?? ImportedType(.primitive(.string))
            warnUnkept(
                headerType, of: "response header '\(name)'", writtenIn: schema, else: header,
                because: "an answer without the header reads as nil")
            headerType.defaultValue = nil
            headerType.constant = nil
            if headerType.type.isContainer || headerType.type == .primitive(.json)
                || headerType.type.name.flatMap({ shapes[$0] }).map({
                    if case .enumeration = $0 { false } else { true }
                })
                    == true
            {
                warn(.headerShape, at: header.location, "response header '\(name)' is read as text")
                headerType = ImportedType(.primitive(.string))
            }
            headerType.nullable = false
            keep(headerType)
        }
        if case .stream = answer.body {
            if let first = response["headers"]?.entries?.first {
                warn(.streamHeaders, at: first.keyLocation, "headers of a streamed response are not imported")
            }
        } else {
            answer.headers = headers
        }
        answer.description = informative(response.string("description"))
        return (answer, type)
    }

    /// Case names by status, as Swift programmers call them.
    static let caseNames: [String: String] = [
        "300": "multipleChoices", "301": "movedPermanently", "302": "found", "303": "seeOther", "304": "notModified",
        "307": "temporaryRedirect", "308": "permanentRedirect", "400": "badRequest", "401": "unauthorized",
        "402": "paymentRequired", "403": "forbidden", "404": "notFound", "405": "methodNotAllowed",
        "406": "notAcceptable", "407": "proxyAuthenticationRequired", "408": "requestTimeout", "409": "conflict",
        "410": "gone", "411": "lengthRequired", "412": "preconditionFailed", "413": "contentTooLarge",
        "414": "uriTooLong", "415": "unsupportedMediaType", "416": "rangeNotSatisfiable", "417": "expectationFailed",
        "418": "imATeapot", "421": "misdirectedRequest", "422": "unprocessableContent", "423": "locked",
        "424": "failedDependency", "425": "tooEarly", "426": "upgradeRequired", "428": "preconditionRequired",
        "429": "tooManyRequests", "431": "requestHeaderFieldsTooLarge", "451": "unavailableForLegalReasons",
        "500": "internalServerError", "501": "notImplemented", "502": "badGateway", "503": "serviceUnavailable",
        "504": "gatewayTimeout", "505": "httpVersionNotSupported", "507": "insufficientStorage",
        "1XX": "informational", "3XX": "redirection", "4XX": "clientError", "5XX": "serverError",
        "default": "unexpected",
    ]

    /// An error status as the spec says it: its case name, and its body, description and example.
    func errorEntry(_ status: String, _ response: DocNode, hint: String, form: OperationForm) -> ErrorResponse {
        var body: TypeRef?
        let media = preferredMedia(response["content"], form: form)
        if let media {
            switch media.kind {
            case "json":
                // Named after the status as the error case reads it (`CreatePetNotFoundError`,
                // `CreatePetClientError` for 4XX), never after its spelling (`4XX` would give `4Xx`).
                let part = namer.typeNamePart(Self.caseNames[status] ?? status)
                let hint = hint + part + (part.hasSuffix("Error") ? "" : "Error")
                body = inJSON(
                    media.node["schema"].map { typeOnly(of: $0, hint: hint, as: "a JSON error body") }
                        ?? .primitive(.json),
                    "a JSON error body", at: media.location)
            default:
                body = .primitive(.string)
            }
        }
        var base = Self.caseNames[status] ?? namer.bareMemberName("status \(status)")
        if let written = response.string("x-specgen-case") {
            // The export's name for the case, when it is one lint takes: a lowerCamelCase Swift name of its own.
            if namer.bareMemberName(written) == written, written.first?.isLetter == true,
                !Namer.keywords.contains(written), !Namer.reservedErrorCases.contains(written)
            {
                base = written
            } else if notes.reportedCases.insert((response["x-specgen-case"] ?? response).location).inserted {
                // A shared response is read for each operation that names it; it is reported once.
                warn(
                    .extensionValue, at: (response["x-specgen-case"] ?? response).location,
                    "'x-specgen-case' '\(written)' is not an error case name the spec takes; the case is '\(base)'",
                    fix: "write a lowerCamelCase Swift name, such as '\(namer.bareMemberName(written))'")
            }
        }
        var caseName = base
        // One case name means one status and one body across the API: another body gets a name of its own, and
        // another status a number (`wrongState2`), since a caller tells the statuses apart by the case.
        let identity = ErrorCaseIdentity(status: status, body: body)
        let isTaken = { (name: String) in self.notes.errorCases[name].map { $0 != identity } ?? false }
        if isTaken(caseName) {
            let sameStatus = notes.errorCases[caseName]?.status == status
            let named = namer.bareMemberName(base + " " + (body?.description ?? "without body"))
            caseName = sameStatus && !isTaken(named) ? named : Self.numbered(base, isTaken: isTaken)
        }
        notes.errorCases[caseName] = identity
        var error = ErrorResponse(
            status: Self.statusPattern(status), caseName: caseName, body: body,
            description: informative(response.string("description")), location: Self.unlocated)
        if let media {
            reportAlternatives(in: response["content"], besides: media, "an error body is read as")
            error.example = media.node["example"]?.specValue
            error.examples = namedExamples(media.node)
        }
        return error
    }

    /// Errors every endpoint declares alike move to the top-level `errors:`, as a person writes them once; each
    /// endpoint keeps the others.
    func hoistSharedErrors(_ endpoints: [Endpoint]) -> (errors: [ErrorResponse], endpoints: [Endpoint]) {
        var shared: [ErrorResponse] = []
        if endpoints.count >= 2, let first = endpoints.first {
            for error in first.errors where endpoints.allSatisfy({ $0.errors.contains(error) }) {
                if !shared.contains(where: { $0.status == error.status }) { shared.append(error) }
            }
        }
        // Shared errors read in the order the document's reusable responses declare them, as a person lists them.
        let declared = (root?["components"]?["responses"]?.entries ?? []).map { key, _, response in
            response.string("x-specgen-case") ?? key
        }
        func rank(_ error: ErrorResponse) -> Int { declared.firstIndex(of: error.caseName) ?? declared.count }
        shared = shared.enumerated().sorted { lhs, rhs in
            (rank(lhs.element), lhs.offset) < (rank(rhs.element), rhs.offset)
        }.map(\.element)
        let kept = endpoints.map { endpoint in
            var endpoint = endpoint
            endpoint.errors = endpoint.errors.filter { error in
                shared.first { $0.status == error.status } != error
            }
            return endpoint
        }
        return (shared, kept)
    }
}

/// What an error case name stands for across an API: one status with one body.
struct ErrorCaseIdentity: Equatable {
    let status: String
    let body: TypeRef?
}
