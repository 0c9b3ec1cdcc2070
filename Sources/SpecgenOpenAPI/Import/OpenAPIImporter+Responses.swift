import Foundation
import SpecgenSpec
import SpecgenYAML

/// Responses and errors, with the pagination a response shows.
extension ImportRun {
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

    /// The success responses as `response:` and the error responses, each written as the spec writes it.
    func responses(_ node: DocNode?, hint: String, at operation: DocNode) -> (SpecText, [(String, SpecText)]) {
        var successes: [(status: String, node: DocNode)] = []
        var failures: [(status: String, node: DocNode)] = []
        for (raw, keyLocation, value) in node?.entries ?? [] {
            guard let status = Self.statusKey(raw) else {
                warn(
                    .status, at: keyLocation, "'\(raw)' is not a status code, a range such as 4XX, or default; skipped"
                )
                continue
            }
            // The rejections `export-openapi` documents for the mock are not the API's own errors.
            if value.string("$ref")?.contains("/specgen.Rejected") == true { continue }
            guard let response = resolved(value) else { continue }
            if Self.isSuccess(status) {
                successes.append((status, response))
            } else {
                failures.append((status, response))
            }
        }
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
        var entries: [(status: String, text: SpecText, type: String?)] = []
        var firstType: String?
        for (index, success) in successes.enumerated() {
            let (text, type) = successEntry(
                success.node, hint: hint + "Response" + (index == 0 ? "" : success.status))
            if let type, type.hasPrefix("stream:") || firstType?.hasPrefix("stream:") == true, !entries.isEmpty {
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
            entries.append((success.status, text, type))
        }
        let response: SpecText
        if entries.isEmpty {
            response = "empty"
        } else if entries.count == 1, entries[0].status == "200" || entries[0].status == "2XX",
            case .string = entries[0].text
        {
            response = entries[0].text
        } else {
            response = .map(entries.map { SpecText.Entry(key: $0.status, value: $0.text) })
        }
        var errors: [(String, SpecText)] = []
        for failure in failures {
            errors.append((failure.status, errorEntry(failure.status, failure.node, hint: hint)))
        }
        return (response, errors)
    }

    /// One success: its text, and the type it answers (`stream:...` for streams, nil for no body).
    func successEntry(_ response: DocNode, hint: String) -> (SpecText, String?) {
        var map = SpecMap()
        var type: String?
        if let media = preferredMedia(response["content"]) {
            let schema = media.node["schema"]
            switch media.kind {
            case "json" where schema == nil && media.type.contains("*"):
                // Any media type and no schema: the answer's bytes as they come.
                map["body"] = "binary"
                type = "binary"
            case "json":
                var body = schema.map { self.type(of: $0, hint: hint) } ?? ImportedType(.primitive(.json))
                if body.nullable {
                    body.nullable = false
                }
                map["body"] = .string(body.type.description)
                type = body.type.description
            case "events", "lines":
                var stream = SpecMap()
                stream["stream"] = .string(media.kind)
                let described = media.node["x-specgen-stream"]
                let itemSchema = described?["item"] ?? schema
                if let itemSchema, itemSchema.string("type") != "string" || described?["item"] != nil,
                    !SchemaView.isEmpty(itemSchema)
                {
                    stream["body"] = .string(self.type(of: itemSchema, hint: hint + "Item").type.description)
                } else if media.kind == "lines" {
                    stream["body"] = "json"
                }
                stream["until"] = described?.string("until").map(SpecText.string)
                type = "stream:" + media.kind
                for entry in stream.entries { map[entry.key] = entry.value }
            case "binary" where media.node["x-specgen-stream"]?.string("format") == "bytes":
                map["stream"] = "bytes"
                type = "stream:bytes"
            default:
                map["body"] = "binary"
                type = "binary"
            }
            if let example = media.node["example"], map["stream"] == nil { map["example"] = example.value }
            // A stream offered beside JSON is the operation's streamed form, imported as an endpoint of its own.
            let others = (response["content"]?.entries ?? []).filter {
                Self.mediaKind($0.key) != media.kind && $0.key != media.type
                    && !["events", "lines"].contains(Self.mediaKind($0.key))
            }
            if let other = others.first, media.kind == "json" {
                warn(
                    .mediaType, at: other.keyLocation,
                    "the response is read as \(media.type); \(others.map(\.key).joined(separator: ", ")) not imported")
            }
        }
        var headers = SpecMap()
        for (name, _, header) in response["headers"]?.entries ?? [] {
            guard let header = resolved(header), name.lowercased() != "content-type" else { continue }
            let schema = header["schema"] ?? header["content"]?.entries?.first?.value["schema"]
            var headerType =
                schema.map { self.type(of: $0, hint: hint + namer.typeNamePart(name), usage: .header) }
                ?? ImportedType(.primitive(.string))
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
            if let description = header.string("description") { headerType.description = description }
            headers[name] = importedField(name, headerType, required: header["required"]?.bool == true).text
        }
        if map["stream"] == nil, !headers.isEmpty { map["headers"] = headers.text }
        if map["stream"] != nil, let first = response["headers"]?.entries?.first {
            warn(.streamHeaders, at: first.keyLocation, "headers of a streamed response are not imported")
        }
        map["description"] = informative(response.string("description")).map(SpecText.description)
        if map.keys == ["body"], let body = map["body"] { return (body, type) }
        if map.isEmpty { return ("empty", nil) }
        if map["body"] == nil, map["stream"] == nil {
            var ordered = SpecMap()
            ordered["body"] = "empty"
            for entry in map.entries { ordered[entry.key] = entry.value }
            map = ordered
        }
        return (map.text, type)
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
        "3XX": "redirection", "4XX": "clientError", "5XX": "serverError", "default": "unexpected",
    ]

    /// An error status as the spec writes it: its case name alone, or with its body and description.
    func errorEntry(_ status: String, _ response: DocNode, hint: String) -> SpecText {
        var body: String?
        if let media = preferredMedia(response["content"]) {
            switch media.kind {
            case "json":
                // Named after the status as the error case reads it (`CreatePetNotFoundError`,
                // `CreatePetClientError` for 4XX), never after its spelling (`4XX` would give `4Xx`).
                let part = namer.typeNamePart(Self.caseNames[status] ?? status)
                let hint = hint + part + (part.hasSuffix("Error") ? "" : "Error")
                var type =
                    media.node["schema"].map { self.type(of: $0, hint: hint) } ?? ImportedType(.primitive(.json))
                type.nullable = false
                body = type.type.description
            default:
                body = "string"
            }
        }
        let base = response.string("x-specgen-case") ?? Self.caseNames[status] ?? "status\(status)"
        var caseName = base
        // One case name means one body across the API: another body gets a name of its own.
        let isTaken = { (name: String) in self.errorCases[name].map { $0 != (body ?? "") } ?? false }
        if isTaken(caseName) {
            let named = namer.bareMemberName(base + " " + (body ?? "without body"))
            caseName = isTaken(named) ? Self.numbered(base, isTaken: isTaken) : named
        }
        errorCases[caseName] = body ?? ""
        var map = SpecMap()
        map["case"] = .string(caseName)
        map["body"] = body.map(SpecText.string)
        map["description"] = informative(response.string("description")).map(SpecText.description)
        if let example = response["content"]?.entries?.first?.value["example"], body != nil {
            map["example"] = example.value
        }
        return map.keys == ["case"] ? .string(caseName) : map.text
    }

    /// Errors every endpoint declares alike move to the top-level `errors:`, as a person writes them once.
    func hoistSharedErrors(
        _ endpoints: [ImportedEndpoint]
    ) -> (errors: SpecMap, endpoints: [(name: String, body: SpecMap)]) {
        var shared = SpecMap()
        if endpoints.count >= 2, let first = endpoints.first {
            for (status, text) in first.errors
            where endpoints.allSatisfy({ $0.errors.contains { $0.status == status && $0.text == text } }) {
                shared[status] = text
            }
        }
        // Shared errors read in the order the document's reusable responses declare them, as a person lists them.
        let declared = (root?["components"]?["responses"]?.entries ?? []).map { key, _, response in
            response.string("x-specgen-case") ?? key
        }
        func rank(_ text: SpecText?) -> Int {
            var name: SpecText? = text
            if case .map(let entries)? = text { name = entries.first { $0.key == "case" }?.value }
            guard case .string(let caseName)? = name, let index = declared.firstIndex(of: caseName) else {
                return declared.count
            }
            return index
        }
        let order = shared.keys.enumerated().sorted { lhs, rhs in
            (rank(shared[lhs.element]), lhs.offset) < (rank(shared[rhs.element]), rhs.offset)
        }
        var ordered = SpecMap()
        for (_, key) in order { ordered[key] = shared[key] }
        shared = ordered
        let written = endpoints.map { endpoint -> (name: String, body: SpecMap) in
            var body = endpoint.body
            var errors = SpecMap()
            for (status, text) in endpoint.errors where shared[status] != text { errors[status] = text }
            if !errors.isEmpty {
                // Errors go after the response, where a person reads them.
                var ordered = SpecMap()
                for entry in body.entries {
                    ordered.set(entry.key, entry.value, comment: entry.comment)
                    if entry.key == "response" { ordered["errors"] = errors.text }
                }
                body = ordered
            }
            return (endpoint.name, body)
        }
        return (shared, written)
    }
}
