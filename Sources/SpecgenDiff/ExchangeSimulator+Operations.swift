import Foundation
import SpecgenSpec
import SpecgenWire

/// The exchanges of one operation: the requests the old app sends for it, judged by any server of the new
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
        var trial = OperationTrial(operation: name)
        if requests {
            let part = requestTrials[name] ?? requestTrial(endpoint)
            requestTrials[name] = part
            trial.requests = part.requests
            trial.failures += part.failures
        }
        if answers {
            let part = answerTrials[name] ?? answerTrial(endpoint)
            answerTrials[name] = part
            trial.answers = part.answers
            trial.failures += part.failures
        }
        return WireProof(
            requests: trial.requests, answers: trial.answers,
            failed: trial.failures.filter { relevant($0.field) }.map(\.exchange))
    }

    /// The proof of a change that reaches the wire only through others: every exchange of operations `names`
    /// (their names in the old spec; others are skipped), failing at `places`, or (nil) wherever no other change
    /// of the diff explains the failure; their answers too unless `read` is false. No operation at all proves that
    /// nothing the old app does carries it.
    mutating func proof(operations names: [String], places: [String]?, answers read: Bool = true) -> WireProof {
        var requests = 0
        var answers = 0
        var failed: [Exchange] = []
        for name in names {
            guard let endpoint = old.endpoint(named: name) else { continue }
            let claimed = claims[name] ?? []
            let onlyOwn = onlyUnclaimed
            let relevant = { (place: String) in
                let unclaimed = !claimed.contains { Self.place(place, isIn: $0) }
                return places.map { $0.contains { Self.place(place, isIn: $0) } && (unclaimed || !onlyOwn) }
                    ?? unclaimed
            }
            if let found = proof(
                operation: name, requests: OldAppRequests.isSimulated(endpoint), answers: read, relevant)
            {
                requests += found.requests
                answers += found.answers
                failed += found.evidence.map { [$0] } ?? []
            }
            let servers = serverProof(of: [endpoint]) { _ in relevant("server") }
            requests += servers.requests
            failed += servers.evidence.map { [$0] } ?? []
        }
        return WireProof(requests: requests, answers: answers, failed: failed)
    }

    /// The operation of the new spec that answers an old one: the same name at the same method and path (two
    /// operations may share a route, as Keyz's token requests do), else the first at that route, else the same name.
    func current(_ endpoint: Endpoint) -> Endpoint? {
        let route = "\(endpoint.method.rawValue) \(endpoint.path)"
        if let index = newNames[endpoint.name],
            "\(new.endpoints[index].method.rawValue) \(new.endpoints[index].path)" == route
        {
            return new.endpoints[index]
        }
        guard let index = newRoutes[route] ?? newNames[endpoint.name] else { return nil }
        return new.endpoints[index]
    }

    /// The requests the old app sends for `endpoint`, each judged by any server of the new spec.
    private func requestTrial(_ endpoint: Endpoint) -> OperationTrial {
        var trial = OperationTrial(operation: endpoint.name)
        let current = current(endpoint)
        let sent =
            OldAppRequests.isSimulated(endpoint)
            ? OldAppRequests(spec: old, types: oldTypes, values: oldValues).requests(
                for: endpoint, trying: current.map { edges(endpoint, $0) } ?? []) : []
        // A cursor or the item a page starts after is the server's to issue: the old app sends only those a server
        // gave it, so the mock refusing one the simulation made up proves nothing.
        let issued = current?.pagination.flatMap { pagination -> String? in
            switch pagination.style {
            case .cursor(let name, _), .afterItem(let name, _): "query.\(name)"
            case .page, .offset, .link: nil
            }
        }
        for request in sent {
            // Evidence is only what the old app really sends: a value its own spec refuses (one the simulation
            // could not make fit a pattern, say) never leaves the old client, which checks before sending. Such a
            // request still shows where the old app sends it (its route and credential), which no value decides.
            let ownSpecRefuses = !oldJudge.judge(request.request).problems.filter { $0.field != issued }.isEmpty
            trial.requests += 1
            let verdict = judge.judge(request.request)
            let problems = verdict.problems.filter { $0.field != issued }
            let status = judge.refusalStatus(verdict) ?? 200
            let rejected = !problems.isEmpty || [401, 403, 404, 405, 406, 415].contains(status)
            guard rejected else {
                if ownSpecRefuses { continue }
                // Accepted, but by another operation, or with a parameter read as other items.
                // Operations sharing a route (Joyfill's two document listings) all accept what fits each of them.
                if case .accepted(let answering, let matching, _) = verdict,
                    !matching.contains(where: { $0.name == current?.name })
                {
                    let answered = answering.name
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
            if let place, !ownSpecRefuses || place == "route" || place == "auth" {
                let detail = problems.first.map { ": \($0.field) \($0.message)" } ?? ""
                trial.fail(.request, sent, "\(status) \(Self.reason(status))\(detail)", at: place)
                continue
            }
            if ownSpecRefuses { continue }
            for problem in problems {
                // The body's media type is the body's.
                let field = problem.field == "header.Content-Type" ? "body" : problem.field
                trial.fail(.request, sent, "\(status): \(problem.field) \(problem.message)", at: field)
            }
        }
        return trial
    }

    /// The successes, errors and headers the new server documents for `endpoint`, each read as the old client
    /// reads it.
    private mutating func answerTrial(_ endpoint: Endpoint) -> OperationTrial {
        var trial = OperationTrial(operation: endpoint.name)
        guard let current = current(endpoint) else { return trial }
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
            for reading in readings(type, as: oldType, whole: true) {
                trial.answers += 1
                guard let failure = reading.failure else { continue }
                trial.fail(
                    .answer, "HTTP \(status) " + reading.json, failure, at: "status.\(status)",
                    as: oldType.description)
            }
        }
        errorAnswers(endpoint, current, &trial)
        headerAnswers(endpoint, current, &trial)
        return trial
    }

    /// The parameter values just past each tightened bound that the old bound allows: what the old app may send
    /// and the new server refuses.
    private func edges(_ endpoint: Endpoint, _ current: Endpoint) -> [(name: String, value: SpecValue)] {
        let before = endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters
        let after = current.pathParameters + current.queryParameters + current.headerParameters
        return before.flatMap { field -> [(name: String, value: SpecValue)] in
            // A value past a length may miss a pattern the old app keeps to: those are not tried.
            guard field.constraints.pattern == nil, let now = after.first(where: { $0.wireName == field.wireName })
            else { return [] }
            return Self.edges(field.type, old: field.constraints, new: now.constraints).map { (field.wireName, $0) }
        }
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
    private mutating func errorAnswers(_ endpoint: Endpoint, _ current: Endpoint, _ trial: inout OperationTrial) {
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
            for reading in readings(body, as: oldBody, whole: false).prefix(20) {
                trial.answers += 1
                guard let failure = reading.failure else { continue }
                fail("HTTP \(status) " + reading.json, "the '\(known.caseName)' body cannot be read: \(failure)")
            }
        }
    }

    /// The answers of `type` the new spec allows and its own client reads, as JSON, each with why the old client
    /// cannot read it as `oldType` (nil when it can); with `whole`, an answer it reads as all absent fails too. Made
    /// once per pair of types: many operations answer the same types and throw the same errors.
    mutating func readings(
        _ type: TypeRef, as oldType: TypeRef, whole: Bool
    ) -> [(json: String, failure: String?)] {
        let key = ReadingKey(type: type, oldType: oldType, whole: whole)
        if let known = readingCache[key] { return known }
        let readable = newValues.values(of: type).filter { newClient.failure(decoding: $0, as: type) == nil }
        let found = readable.map { value in
            (
                json: JSONText.encode(value),
                failure: oldClient.failure(decoding: value, as: oldType)?.description
                    ?? (whole ? unread(value, as: oldType, sentAs: type) : nil)
            )
        }
        readingCache[key] = found
        return found
    }

    /// Why an answer that decodes says nothing to the old client: it is an object whose keys the old type, a struct
    /// that keeps no undeclared ones, declares none of (every property of the old app reads as absent), and the
    /// type it is sent as (`sent`, of the new spec) declares none of them either, so no answer says more. Where
    /// the new type still declares an old key, an answer without it is one the old server could give as well.
    func unread(_ value: SpecValue, as type: TypeRef, sentAs sent: TypeRef) -> String? {
        guard case .object(let entries) = value, !entries.isEmpty,
            case .object(let model) = oldTypes.shape(of: type), model.additionalProperties == nil,
            !model.fields.isEmpty,
            !entries.contains(where: { entry in model.fields.contains { $0.wireName == entry.key } })
        else { return nil }
        if case .object(let now) = newTypes.shape(of: sent),
            now.fields.contains(where: { field in model.fields.contains { $0.wireName == field.wireName } })
        {
            return nil
        }
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
