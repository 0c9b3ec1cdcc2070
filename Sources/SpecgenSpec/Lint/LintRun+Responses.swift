/// Lint's checks of an endpoint's answers: responses, their headers and streams, its server and idempotency key.
extension LintRun {
    mutating func checkResponses(_ endpoint: Endpoint, keyPath: String) {
        for response in endpoint.responses {
            if !response.status.isSuccess {
                error(
                    .status,
                    response.location, "status \(response.status) at '\(keyPath)' is not a success status",
                    fix: "declare it under 'errors:' with a case name")
            }
            checkResponseHeaders(response, endpoint: endpoint, keyPath: "\(keyPath).\(response.status).headers")
            if case .json(let type) = response.body {
                checkExample(
                    response.example, of: type, at: response.location, keyPath: "\(keyPath).\(response.status)")
                checkExamples(response.examples, of: type, keyPath: "\(keyPath).\(response.status)")
            } else if let first = response.examples.first {
                warning(
                    first.location, "examples at '\(keyPath).\(response.status)' have no JSON body to stand for",
                    fix: "remove 'examples', or give the response a JSON body")
            }
            if endpoint.method == .head, response.body != .empty {
                error(
                    .responses, response.typeLocation, "a HEAD response has no body at '\(keyPath)'",
                    fix: "write 'empty'")
            }
            if case .json(let type) = response.body, case .primitive(let primitive) = shape(of: type),
                [.binary, .file].contains(primitive)
            {
                error(
                    .responses,
                    response.typeLocation, "a JSON response at '\(keyPath)' cannot be '\(primitive.rawValue)'",
                    fix: "write 'binary' on its own for a raw body")
            }
        }
        let bodies = Set(
            endpoint.responses.compactMap { response -> ResponseBody? in
                response.body == .empty ? nil : response.body
            })
        if bodies.count > 1, let second = endpoint.responses.dropFirst().first(where: { $0.body != .empty }) {
            error(
                .responses,
                second.typeLocation, "the success statuses at '\(keyPath)' return different types",
                fix: "return one type, and 'empty' for statuses that mean nil")
        }
    }

    /// Response headers are scalars read once per answer: none on a stream, no default to stand in for a missing one,
    /// no two with one Swift name, and each of one type across the success statuses.
    mutating func checkResponseHeaders(_ response: ResponseCase, endpoint: Endpoint, keyPath: String) {
        guard let first = response.headers.first else { return }
        if case .stream = response.body {
            error(
                .streams,
                first.location, "headers of the streamed response at '\(keyPath)' are not read",
                fix: "remove 'headers'; a streamed answer returns only its items")
        }
        checkCollisions(
            response.headers.map { ($0.wireName, namer.bareSwiftName(of: $0), $0.location) },
            scope: "the headers at '\(keyPath)'", kind: "header")
        // Against the statuses declared before this one, so each mismatch is reported once, where it appears.
        let earlier = endpoint.responses.prefix { $0.location != response.location }.flatMap(\.headers)
        for header in response.headers {
            let headerPath = "\(keyPath).\(header.wireName)"
            checkParameter(header, keyPath: headerPath, allowArrays: false, kind: "response header")
            if header.presence == .nullable {
                error(
                    .headers,
                    header.typeLocation, "response header at '\(headerPath)' cannot be nullable",
                    fix: "write '\(header.type)?'; a header is present or absent")
            }
            if header.defaultValue != nil {
                error(
                    .headers,
                    header.location, "response header at '\(headerPath)' takes no default",
                    fix: "make it optional with '?'; the client reads what the server sent")
            }
            if let other = earlier.first(where: {
                $0.wireName.lowercased() == header.wireName.lowercased() && $0.type != header.type
            }) {
                error(
                    .headers,
                    header.typeLocation,
                    "header '\(header.wireName)' is '\(header.type)' at '\(keyPath)' and '\(other.type)' at line "
                        + "\(other.location.line)",
                    fix: "give it one type in every status")
            }
        }
    }

    /// A streamed answer is the operation's only success, and nothing pages or polls it.
    mutating func checkStreams(_ endpoint: Endpoint, keyPath: String) {
        guard let streamed = endpoint.responses.first(where: { if case .stream = $0.body { true } else { false } })
        else { return }
        if endpoint.responses.count > 1 {
            error(
                .streams,
                streamed.location, "'\(keyPath)' streams its \(streamed.status) answer and declares other successes",
                fix: "keep the streamed response as the only success; errors go under 'errors:'")
        }
        if let pagination = endpoint.pagination {
            error(
                .streams,
                pagination.location, "'\(keyPath)' streams its answer, so it cannot be paginated",
                fix: "remove 'paginate'")
        }
        if let polling = endpoint.polling {
            error(
                .streams, polling.location, "'\(keyPath)' streams its answer, so it cannot be polled",
                fix: "remove 'poll'")
        }
    }

    /// Every server must declare the named URL, so switching servers never leaves an operation without one.
    mutating func checkServerReference(_ reference: ServerReference, endpoint: Endpoint, keyPath: String) {
        guard !spec.servers.isEmpty else {
            error(
                .servers,
                reference.location,
                "'\(keyPath)' names server URL '\(reference.name)', but the spec declares no servers",
                fix: "declare a server with 'urls: {\(reference.name): https://...}'")
            return
        }
        for server in spec.servers where !server.urls.contains(where: { $0.name == reference.name }) {
            let names = server.urls.map(\.name)
            error(
                .servers,
                reference.location,
                "'\(keyPath)' names server URL '\(reference.name)', which server '\(server.name)' does not declare",
                fix: Suggestions.closest(to: reference.name, in: names).map { "did you mean '\($0)'?" }
                    ?? "add 'urls: {\(reference.name): https://...}' to server '\(server.name)'")
        }
    }

    mutating func checkIdempotencyKey(_ header: String, endpoint: Endpoint, keyPath: String) {
        let token = header.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "!#$%&'*+-.^_`|~".contains($0)) }
        if header.isEmpty || !token {
            error(
                .headers,
                endpoint.location, "'\(header)' at '\(keyPath)' is not a header name",
                fix: "write a header name such as 'Idempotency-Key'")
        } else if let declared = endpoint.headerParameters.first(where: {
            $0.wireName.lowercased() == header.lowercased()
        }) {
            error(
                .headers,
                declared.location,
                "header '\(declared.wireName)' of '\(endpoint.name)' is also its idempotency key, which the client sets",
                fix: "remove it from 'headers:'")
        }
        if endpoint.method.isIdempotent {
            warning(
                endpoint.location,
                "an idempotency key at '\(keyPath)' is never needed: \(endpoint.method.rawValue) is idempotent already")
        }
    }
}
