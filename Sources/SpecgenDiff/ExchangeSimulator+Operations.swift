import Foundation
import SpecgenMock
import SpecgenSpec

/// The exchanges of one operation: the requests the old app sends for it, answered by `specgen-mock` of the new
/// spec, and the successes the new server documents, read as the old client reads them.
extension ExchangeSimulator {
    /// What an operation's trial found: failures keyed by where they are (`query.limit`, `body.team`, `status`).
    struct OperationTrial {
        let operation: String
        var requests = 0
        var answers = 0
        var failures: [(exchange: Exchange, field: String)] = []

        /// Records a failing exchange at `place`; `type` is what the value went as, when it is not the operation's
        /// whole request or answer.
        mutating func fail(
            _ direction: Exchange.Direction, _ json: String, _ failure: String, at place: String, as type: String? = nil
        ) {
            let exchange = Exchange(
                direction: direction, type: type ?? operation, operation: operation, json: json, failure: failure)
            failures.append((exchange, place))
        }
    }

    /// The proof of a change to operation `name` (its name in the old spec), from its requests, its answers or
    /// both, for the failures whose place `relevant` picks (`query.limit`, `body.team`, `route`, `auth`, `status`).
    mutating func proof(
        operation name: String, requests: Bool, answers: Bool, _ relevant: (String) -> Bool
    ) -> WireProof? {
        // Requests are built for JSON bodies only; answers are read whatever the request's body.
        guard let endpoint = old.endpoints.first(where: { $0.name == name }),
            !requests || OldAppRequests.isSimulated(endpoint)
        else { return nil }
        let trial = operationTrials[name] ?? operationTrial(endpoint)
        operationTrials[name] = trial
        return WireProof(
            requests: requests ? trial.requests : 0, answers: answers ? trial.answers : 0,
            failed: trial.failures.filter { failure in
                (failure.exchange.direction == .request ? requests : answers) && relevant(failure.field)
            }.map(\.exchange))
    }

    /// The proof of a change that reaches the wire only through others: every exchange of operations `names`
    /// (their names in the old spec; others are skipped), failing at `places`, or (nil) wherever no other change
    /// of the diff explains the failure. No operation at all proves that nothing the old app does carries it.
    mutating func proof(operations names: [String], places: [String]?) -> WireProof {
        var requests = 0
        var answers = 0
        var failed: [Exchange] = []
        for name in names {
            guard let endpoint = old.endpoint(named: name) else { continue }
            let claimed = claims[name] ?? []
            let relevant = { (place: String) in
                places.map { $0.contains { Self.place(place, isIn: $0) } }
                    ?? !claimed.contains { Self.place(place, isIn: $0) }
            }
            if let found = proof(
                operation: name, requests: OldAppRequests.isSimulated(endpoint), answers: true, relevant)
            {
                requests += found.requests
                answers += found.answers
                failed += found.evidence.map { [$0] } ?? []
            }
            let servers = serverProof { $0.operation == name && relevant("server") }
            requests += servers.requests
            failed += servers.evidence.map { [$0] } ?? []
        }
        return WireProof(requests: requests, answers: answers, failed: failed)
    }

    /// The operation of the new spec that answers an old one: the same method and path, or the same name.
    func current(_ endpoint: Endpoint) -> Endpoint? {
        new.endpoints.first { $0.method == endpoint.method && $0.path == endpoint.path }
            ?? new.endpoints.first { $0.name == endpoint.name }
    }

    private func operationTrial(_ endpoint: Endpoint) -> OperationTrial {
        var trial = OperationTrial(operation: endpoint.name)
        let current = current(endpoint)
        let sent =
            OldAppRequests.isSimulated(endpoint)
            ? OldAppRequests(spec: old, types: oldTypes, values: oldValues).requests(for: endpoint) : []
        // A cursor or the item a page starts after is the server's to issue: the old app sends only those a server
        // gave it, so the mock refusing one the simulation made up proves nothing.
        let issued = current?.pagination.flatMap { pagination -> String? in
            switch pagination.style {
            case .cursor(let name, _), .afterItem(let name, _): "query.\(name)"
            case .page, .offset, .link: nil
            }
        }
        for request in sent {
            trial.requests += 1
            // Each request meets a fresh server: no earlier DELETE has removed its path.
            mock.reset()
            let exchange = mock.respond(to: request.request)
            let problems = exchange.problems.filter { $0.field != issued }
            let status = exchange.response.status
            let rejected = !problems.isEmpty || [401, 403, 404, 405, 406, 415].contains(status)
            guard rejected else {
                // Accepted, but by another operation, or with a parameter read as other items.
                if let answered = exchange.operation, answered != current?.name {
                    let failure = "\(status) from '\(answered)': the new server takes it for another operation"
                    trial.fail(.request, request.summary, failure, at: "route")
                }
                if let current { readItems(request, by: current, &trial) }
                continue
            }
            let sent = request.summary
            // Routing, auth and content type are the request's as a whole; other problems name their field.
            let place: String? =
                switch status {
                case 404, 405: "route"
                case 401, 403: "auth"
                case 406, 415: "body"
                default: nil
                }
            if let place {
                let detail = problems.first.map { ": \($0.field) \($0.message)" } ?? ""
                trial.fail(.request, sent, "\(status) \(Self.reason(status))\(detail)", at: place)
                continue
            }
            for problem in problems {
                // The body's media type is the body's.
                let field = problem.field == "header.Content-Type" ? "body" : problem.field
                trial.fail(.request, sent, "\(status): \(problem.field) \(problem.message)", at: field)
            }
        }
        // The successes the new server documents, each read as the old client reads its answer.
        guard let current else { return trial }
        for response in current.responses {
            guard case .code(let status) = response.status else { continue }
            trial.answers += 1
            guard let known = endpoint.responses.first(where: { $0.status.matches(status) }) else {
                trial.fail(.answer, "HTTP \(status)", "unexpected status \(status)", at: "status.\(status)")
                continue
            }
            guard case .json(let oldType) = known.body else { continue }
            guard case .json(let type) = response.body else {
                trial.fail(.answer, "HTTP \(status) (no JSON body)", "expected \(oldType)", at: "status.\(status)")
                continue
            }
            for value in newValues.values(of: type) {
                trial.answers += 1
                guard
                    let failure = oldClient.failure(decoding: value, as: oldType)?.description
                        ?? unread(value, as: oldType)
                else { continue }
                trial.fail(
                    .answer, "HTTP \(status) " + JSONText.encode(value), failure, at: "status.\(status)",
                    as: oldType.description)
            }
        }
        errorAnswers(endpoint, current, &trial)
        headerAnswers(endpoint, current, &trial)
        return trial
    }

    /// Each array the request sends in the query, read as a server of the new spec reads its parameter: repeated
    /// (`tags=a&tags=b`) or comma-joined (`tags=a,b`, from the first item given). The items must be the old app's.
    private func readItems(_ request: OldAppRequests.Sent, by current: Endpoint, _ trial: inout OperationTrial) {
        let pairs = FormPairs(request.request.query, plusIsSpace: false)
        for (name, items) in request.arrays {
            guard let field = current.queryParameters.first(where: { $0.wireName == name }) else { continue }
            let read: [String]
            switch newTypes.textStyle(of: field) {
            case .comma?:
                read =
                    pairs.values(name).first.map { $0.split(separator: ",", omittingEmptySubsequences: false) }?
                    .map(String.init) ?? []
            case .repeated?:
                read = pairs.values(name)
            default:
                continue
            }
            guard read != items else { continue }
            let shown = { (items: [String]) in "[" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
            trial.fail(
                .request, request.summary, "the new server reads \(name) as \(shown(read)), not \(shown(items))",
                at: "query.\(name)")
        }
    }

    /// The headers of each success the new server documents, read as the old client's headers method reads them:
    /// a header it requires must be sent, and each one sent must read as its old type.
    private func headerAnswers(_ endpoint: Endpoint, _ current: Endpoint, _ trial: inout OperationTrial) {
        let expected = endpoint.responseHeaders
        guard !expected.isEmpty else { return }
        let synthesizer = Synthesizer(spec: new)
        for response in current.responses {
            guard case .code(let status) = response.status else { continue }
            trial.answers += 1
            for header in expected {
                let place = "header.\(header.wireName.lowercased())"
                let sent = response.headers.first { $0.wireName.lowercased() == header.wireName.lowercased() }
                if header.presence == .required, sent?.presence != .required {
                    trial.fail(
                        .answer, "HTTP \(status) without \(header.wireName)", "missing header '\(header.wireName)'",
                        at: place)
                }
                guard let sent else { continue }
                let value = synthesizer.value(for: sent)
                guard let text = OldAppRequests.texts(of: value).first else { continue }
                if let problem = oldReader.problems(inText: text, as: header, at: "header.\(header.wireName)").first {
                    trial.fail(
                        .answer, "HTTP \(status) \(header.wireName): \(text)", "\(problem.field) \(problem.message)",
                        at: place)
                }
            }
        }
    }

    /// The errors the new server documents, each read as the old client reads its status and body: a case the old
    /// client knows under another status is read as another case or as an unexpected status, and a body it cannot
    /// decode leaves the case without its payload.
    private func errorAnswers(_ endpoint: Endpoint, _ current: Endpoint, _ trial: inout OperationTrial) {
        let before = old.errors(of: endpoint)
        for error in new.errors(of: current) {
            guard case .code(let status) = error.status else { continue }
            trial.answers += 1
            let place = "error.\(error.caseName)"
            func fail(_ json: String, _ failure: String) { trial.fail(.answer, json, failure, at: place) }
            let known = before.first { $0.status == .code(status) } ?? before.first { $0.status.matches(status) }
            let meant = before.first { $0.caseName == error.caseName }
            guard let known else {
                if let meant { fail("HTTP \(status)", "read as unexpected status \(status), not '\(meant.caseName)'") }
                continue
            }
            if known.caseName != error.caseName, meant != nil {
                fail("HTTP \(status)", "read as '\(known.caseName)', not '\(error.caseName)'")
                continue
            }
            guard let body = error.body, let oldBody = known.body else { continue }
            for value in newValues.values(of: body).prefix(20) {
                trial.answers += 1
                guard let failure = oldClient.failure(decoding: value, as: oldBody) else { continue }
                fail(
                    "HTTP \(status) " + JSONText.encode(value),
                    "the '\(known.caseName)' body cannot be read: \(failure.description)")
            }
        }
    }

    /// Why an answer that decodes says nothing to the old client: it is an object whose keys the old type, a struct
    /// that keeps no undeclared ones, declares none of (every property of the old app reads as absent).
    func unread(_ value: SpecValue, as type: TypeRef) -> String? {
        guard case .object(let entries) = value, !entries.isEmpty,
            case .object(let model) = oldTypes.shape(of: type), model.additionalProperties == nil,
            !entries.contains(where: { entry in model.fields.contains { $0.wireName == entry.key } })
        else { return nil }
        let keys = entries.prefix(3).map { "'\($0.key)'" }.joined(separator: ", ")
        return "reads none of the answer's keys (\(keys)\(entries.count > 3 ? ", ..." : "")): every property is absent"
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "no such path"
        case 405: "method not allowed"
        case 406: "not acceptable"
        default: "unsupported media type"
        }
    }
}

/// The requests an app generated from a spec sends for an operation: its required parameters and body, then
/// each optional parameter given, each body value worth trying, with the credential its auth asks for.
struct OldAppRequests {
    let spec: Spec
    /// The spec's types, resolved once for the whole diff.
    let types: TypeResolver
    let values: ValueVariants

    /// A request and how the report shows it: `POST /orders?limit=1 {"item":"x"}`.
    struct Sent {
        var request: MockRequest
        var summary: String
        /// The items of each array sent in the query, by parameter.
        var arrays: [(name: String, items: [String])] = []
    }

    /// Whether the operation's requests can be built: no form or multipart body, no binary one.
    static func isSimulated(_ endpoint: Endpoint) -> Bool {
        guard let body = endpoint.body else { return true }
        return body.encoding == .json
    }

    func requests(for endpoint: Endpoint) -> [Sent] {
        let parameters = endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters
        let optional = parameters.filter { !$0.isRequiredOnWire }
        var sets: [Set<String>] = [[]]
        for field in optional { sets.append([field.wireName]) }
        if optional.count > 1 { sets.append(Set(optional.map(\.wireName))) }
        var bodies: [SpecValue?] = [nil]
        if let body = endpoint.body, case .type(let type) = body.content {
            bodies = values.values(of: type).prefix(12).map { $0 }
        } else if let body = endpoint.body, case .fields(let fields) = body.content {
            bodies = [
                .object(
                    fields.filter(\.isRequiredOnWire).map {
                        SpecValueEntry(key: $0.wireName, value: Synthesizer(spec: spec).value(for: $0))
                    })
            ]
        }
        let credentials = credentials(endpoint)
        var sent: [Sent] = []
        for given in sets {
            for body in (given.isEmpty ? bodies : Array(bodies.prefix(1))) {
                sent.append(request(endpoint, given: given, body: body, credential: credentials[0]))
            }
        }
        // An app may hold the credential of any one scheme the operation accepts.
        for credential in credentials.dropFirst() {
            sent.append(request(endpoint, given: [], body: bodies[0], credential: credential))
        }
        return sent
    }

    private func request(
        _ endpoint: Endpoint, given: Set<String>, body: SpecValue?,
        credential: (headers: [(name: String, value: String)], query: [String])
    ) -> Sent {
        let synthesizer = Synthesizer(spec: spec)
        func included(_ field: Field) -> Bool { field.isRequiredOnWire || given.contains(field.wireName) }
        var path = endpoint.path
        for field in endpoint.pathParameters {
            let text = Self.texts(of: synthesizer.value(for: field)).first ?? ""
            path = path.replacingOccurrences(of: "{\(field.wireName)}", with: Self.escaped(text))
        }
        var query: [String] = []
        var arrays: [(name: String, items: [String])] = []
        var headers: [(name: String, value: String)] = []
        for field in endpoint.queryParameters where included(field) {
            var value = synthesizer.value(for: field)
            if case .array(let items) = value, items.count == 1 { value = .array(items + items) }
            let items = Self.texts(of: value)
            if case .array = value { arrays.append((field.wireName, items)) }
            if case .deepObject? = types.textStyle(of: field), case .object(let entries) = value {
                query += entries.flatMap { entry in
                    Self.texts(of: entry.value).map {
                        "\(Self.escaped(field.wireName))%5B\(Self.escaped(entry.key))%5D=\(Self.escaped($0))"
                    }
                }
            } else if case .comma? = types.textStyle(of: field) {
                query.append("\(Self.escaped(field.wireName))=\(Self.escaped(items.joined(separator: ",")))")
            } else {
                query += items.map { "\(Self.escaped(field.wireName))=\(Self.escaped($0))" }
            }
        }
        for field in endpoint.headerParameters where included(field) {
            let value = synthesizer.value(for: field)
            headers.append((field.wireName, Self.texts(of: value).joined(separator: ",")))
        }
        // What the client adds to every call: the spec's default headers, the operation's idempotency key.
        headers += spec.defaultHeaders.map { ($0.name, $0.value) }
        if let key = endpoint.idempotencyKey { headers.append((key, "00000000-0000-4000-8000-000000000000")) }
        headers += credential.headers
        query += credential.query
        var data = Data()
        var shown = ""
        if let body {
            let json = JSONText.encode(body)
            data = Data(json.utf8)
            shown = " " + json
            headers.append(("Content-Type", endpoint.body?.contentType ?? "application/json"))
        }
        let queryText = query.joined(separator: "&")
        return Sent(
            request: MockRequest(
                method: endpoint.method.rawValue, path: path, query: queryText, headers: headers, body: data),
            summary: "\(endpoint.method.rawValue) \(path)\(queryText.isEmpty ? "" : "?" + queryText)\(shown)",
            arrays: arrays)
    }

    /// The credential of each scheme the operation accepts, one at a time; one without any when it needs none.
    private func credentials(_ endpoint: Endpoint) -> [(headers: [(name: String, value: String)], query: [String])] {
        guard let requirement = spec.authRequirement(of: endpoint), !requirement.optional else { return [([], [])] }
        let found = requirement.schemes.compactMap { spec.authScheme(named: $0) }.map(credential)
        return found.isEmpty ? [([], [])] : found
    }

    private func credential(_ scheme: AuthScheme) -> (headers: [(name: String, value: String)], query: [String]) {
        switch scheme.kind {
        case .bearer, .oauth2: return ([("Authorization", "Bearer token")], [])
        case .basic: return ([("Authorization", "Basic dXNlcjpwYXNz")], [])
        case .apiKey(let key, .query): return ([], ["\(Self.escaped(key))=key"])
        case .apiKey(let key, .header): return ([(key, "key")], [])
        }
    }

    /// The text forms of a value as the client sends it in a path, query item or header: one per array item.
    static func texts(of value: SpecValue) -> [String] {
        if case .array(let items) = value { return items.compactMap(\.scalarText) }
        return value.scalarText.map { [$0] } ?? []
    }

    static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(["&", "=", "+", "?", "#"]))
            ?? text
    }
}
