import Foundation
import SpecgenSpec
import SpecgenWire
import Synchronization

/// The answers of a matched request: a success, a scripted or paged answer, an error, or the token endpoint's.
extension MockService {
    func success(_ request: MockRequest, endpoint: Endpoint) -> MockExchange {
        if let name = Self.preferredExample(request.header("Prefer")) {
            return exampleAnswer(
                request, endpoint: endpoint, name: name, status: Self.preferredStatus(request.header("Prefer")))
        }
        if let preferred = Self.preferredStatus(request.header("Prefer")) {
            guard let answer = answer(endpoint, status: preferred, body: nil) else {
                let statuses = spec.declaredStatuses(of: endpoint).map(\.description).joined(separator: ", ")
                let problem = MockProblem(
                    field: "header.Prefer",
                    message:
                        "asks for status \(preferred), which '\(endpoint.name)' does not declare; use one of \(statuses)",
                    location: endpoint.location)
                return rejected(
                    request, endpoint: endpoint, .content, title: "No such documented status", problems: [problem])
            }
            return finish(request, operation: endpoint.name, response: answer, problems: [])
        }
        if Self.prefersDynamic(request.header("Prefer")), let exchange = dynamicAnswer(request, endpoint: endpoint) {
            return exchange
        }
        if let role = resources?.role(of: endpoint),
            let exchange = statefulAnswer(request, endpoint: endpoint, role: role)
        {
            return exchange
        }
        let path = Self.normalizedPath(request.path)
        if state.withLock({ $0.deletedPaths.contains(path) }), let gone = answer(endpoint, status: 404, body: nil) {
            return finish(request, operation: endpoint.name, response: gone, problems: [])
        }
        let exchange = scriptedOrFirstAnswer(request, endpoint: endpoint)
        guard (200..<300).contains(exchange.response.status) else { return exchange }
        if endpoint.method == .delete {
            state.withLock { _ = $0.deletedPaths.insert(path) }
        } else if endpoint.method == .post || endpoint.method == .put {
            // A write to a deleted resource's collection (or to the resource itself) that answers with its
            // identifier brings it back: the mock hands out the same synthesized identifiers again. A write to
            // another resource (`POST /todos/t_2/complete`) brings back nothing.
            let created = Self.strings(in: exchange.response.body)
            state.withLock { state in
                state.deletedPaths = state.deletedPaths.filter { deleted in
                    guard deleted == path || deleted.hasPrefix(path + "/") else { return true }
                    return !created.contains(String(deleted.split(separator: "/").last ?? ""))
                }
            }
        }
        return exchange
    }

    /// Every string value in a JSON body, at any depth; empty when it is not JSON.
    static func strings(in body: Data) -> Set<String> {
        var found: Set<String> = []
        func collect(_ value: SpecValue) {
            switch value {
            case .string(let text): found.insert(text)
            case .array(let items): items.forEach(collect)
            case .object(let entries): for entry in entries { collect(entry.value) }
            default: break
            }
        }
        if let value = JSONText.parse(body) { collect(value) }
        return found
    }

    /// A path as the deletion memory keys it: without a trailing slash, percent-decoded.
    static func normalizedPath(_ path: String) -> String {
        let decoded = path.removingPercentEncoding ?? path
        return decoded.count > 1 && decoded.hasSuffix("/") ? String(decoded.dropLast()) : decoded
    }

    func scriptedOrFirstAnswer(_ request: MockRequest, endpoint: Endpoint) -> MockExchange {
        if scripted, !endpoint.mockSequence.isEmpty {
            let key = "\(endpoint.name) \(request.path)"
            let position = state.withLock { state in
                let position = state.sequencePositions[key, default: 0]
                state.sequencePositions[key] = position + 1
                return min(position, endpoint.mockSequence.count - 1)
            }
            let step = endpoint.mockSequence[position]
            let status = step.status ?? defaultStatus(endpoint)
            if let answer = answer(endpoint, status: status, body: step.body) {
                var exchange = finish(request, operation: endpoint.name, response: answer, problems: [])
                exchange.logLine += " (scripted: step \(position + 1) of \(endpoint.mockSequence.count))"
                return exchange
            }
        }
        if let pagination = endpoint.pagination, let page = paged(request, endpoint: endpoint, pagination) {
            return page
        }
        let response =
            answer(endpoint, status: defaultStatus(endpoint), body: issuedTokens(endpoint))
            ?? MockResponse(status: 204)
        return finish(request, operation: endpoint.name, response: response, problems: [])
    }

    /// One page of a paginated endpoint's collection (``MockPages``); nil when its success answer is not JSON.
    func paged(
        _ request: MockRequest, endpoint: Endpoint, _ pagination: Pagination, items: [SpecValue]? = nil
    ) -> MockExchange? {
        let status = defaultStatus(endpoint)
        guard let response = endpoint.responses.first(where: { $0.status.matches(status) }),
            case .json(let type) = response.body
        else { return nil }
        let pages = MockPages(types: types, synthesizer: synthesizer)
        do throws(MockPages.Rejection) {
            let (body, headers) = try pages.page(
                of: type, pagination, query: request.query, path: request.path,
                base: synthesized(type, example: response.example), declaredQuery: endpoint.queryParameters,
                items: items)
            var answer = json(status, body)
            answer.headers += headers + declaredHeaders(response)
            return finish(request, operation: endpoint.name, response: answer, problems: [])
        } catch let rejection {
            let problem = MockProblem(field: rejection.field, message: rejection.message, location: pagination.location)
            return rejected(
                request, endpoint: endpoint, .content, title: "No such page of '\(endpoint.name)'", problems: [problem])
        }
    }

    /// At an OAuth2 token URL, when credentials are given, the access token handed out is the first of them, so
    /// the client's next request passes.
    func issuedTokens(_ endpoint: Endpoint) -> SpecValue? {
        guard let credential = credentials.first, judge.tokenFlow(at: endpoint.path) != nil else { return nil }
        guard case .json(let type)? = endpoint.responses.first?.body, case .object(let model) = types.shape(of: type),
            case .object(let fields) = model.kind, fields.contains(where: { $0.wireName == "access_token" })
        else { return nil }
        return .object([SpecValueEntry(key: "access_token", value: .string(credential))])
    }

    func defaultStatus(_ endpoint: Endpoint) -> Int {
        guard let first = endpoint.responses.first(where: { $0.body != .empty }) ?? endpoint.responses.first else {
            return 204
        }
        switch first.status {
        case .code(let code): return code
        case .range, .other: return first.body == .empty ? 204 : 200
        }
    }

    /// The answer for a declared status, with `body` merged over the synthesized value; nil when not declared.
    func answer(_ endpoint: Endpoint, status: Int, body override: SpecValue?) -> MockResponse? {
        // Exact codes first, then ranges, as the generated client tests them.
        if let response = endpoint.responses.sorted(by: { $0.status < $1.status }).first(where: {
            $0.status.matches(status)
        }) {
            var answer = successAnswer(endpoint, response, status: status, body: override)
            answer.headers += declaredHeaders(response)
            return answer
        }
        guard let error = spec.documentedError(status, of: endpoint) else { return nil }
        return errorAnswer(error, status: status, override: override)
    }

    /// The headers a response declares, each with its example or a synthesized value, as text.
    func declaredHeaders(_ response: ResponseCase) -> [(String, String)] {
        response.headers.compactMap { field in
            synthesizer.value(for: field).scalarText.map { (field.wireName, $0) }
        }
    }

    func successAnswer(
        _ endpoint: Endpoint, _ response: ResponseCase, status: Int, body override: SpecValue?
    ) -> MockResponse {
        switch response.body {
        case .empty:
            return MockResponse(status: status)
        case .binary:
            let value = override ?? response.example ?? .string("\(endpoint.name) bytes")
            let bytes: Data
            if case .string(let text) = value {
                bytes = Data(text.utf8)
            } else {
                bytes = Data(JSONText.encode(value).utf8)
            }
            return MockResponse(
                status: status, headers: [("Content-Type", "application/octet-stream")], body: bytes)
        case .json(let type):
            var value = synthesized(type, example: response.example)
            if let override { value = value.merged(with: override) }
            return json(status, value)
        case .stream(let stream):
            return MockStreams.answer(stream, status: status, endpoint: endpoint) { type in
                var value = synthesized(type, example: nil)
                if let override { value = value.merged(with: override) }
                return value
            }
        }
    }

    /// A JSON answer's value: synthesized from its type, with the response's `example` laid over it.
    func synthesized(_ type: TypeRef, example: SpecValue?) -> SpecValue {
        // A type always gives the same value, made once: a large error body is not rebuilt for every rejection.
        let value =
            values.withLock { $0[type] }
            ?? {
                let value = synthesizer.value(for: type)
                values.withLock { $0[type] = value }
                return value
            }()
        return synthesizer.fitting(example, type).map { value.merged(with: $0) } ?? value
    }

    /// The answer for a documented error, with `override` merged over the synthesized body.
    func errorAnswer(_ error: ErrorResponse, status: Int, override: SpecValue?) -> MockResponse {
        guard let type = error.body else { return MockResponse(status: status) }
        if case .primitive(.string) = type {
            let text: String
            if case .string(let given)? = override ?? error.example {
                text = given
            } else {
                text = error.description ?? error.caseName
            }
            return MockResponse(
                status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(text.utf8))
        }
        var value = synthesized(type, example: nil)
        if let example = synthesizer.fitting(error.example, type) {
            value = value.merged(with: example)
        } else if let description = error.description,
            let described = messageFields(of: error, title: description, description)
        {
            // No example: the error's own description reads better than made-up strings.
            value = value.merged(with: described)
        }
        if let override { value = value.merged(with: override) }
        return json(status, value)
    }

    func json(_ status: Int, _ value: SpecValue) -> MockResponse {
        MockResponse(
            status: status, headers: [("Content-Type", "application/json")], body: Data(JSONText.encode(value).utf8))
    }

    /// Whether a `Prefer` header asks for varied answers, as Prism's `dynamic=true` does.
    static func prefersDynamic(_ header: String?) -> Bool { preferences(header)["dynamic"] == "true" }

    /// With `Prefer: dynamic=true`, the next of the values worth trying for the success's JSON body
    /// (``ValueVariants``: optional fields absent and present, each enum value, each union variant, the bounds),
    /// each request to the endpoint the next one, so a screen sees the shapes its data can take. Every one meets
    /// the spec. Nil for an answer that is not JSON.
    func dynamicAnswer(_ request: MockRequest, endpoint: Endpoint) -> MockExchange? {
        let status = defaultStatus(endpoint)
        guard let response = endpoint.responses.first(where: { $0.status.matches(status) }),
            case .json(let type) = response.body
        else { return nil }
        let values = ValueVariants(synthesizer: synthesizer, limit: 32).values(of: type)
        guard !values.isEmpty else { return nil }
        let position = state.withLock { state in
            let key = "dynamic \(endpoint.name)"
            let position = state.sequencePositions[key, default: 0]
            state.sequencePositions[key] = position + 1
            return position
        }
        var answer = json(status, values[position % values.count])
        answer.headers += declaredHeaders(response)
        var exchange = finish(request, operation: endpoint.name, response: answer, problems: [])
        exchange.logLine += " (dynamic: \(position % values.count + 1) of \(values.count))"
        return exchange
    }

    /// The status a `Prefer` header asks for: `status=409` or Prism's `code=409`.
    static func preferredStatus(_ header: String?) -> Int? {
        let preferences = preferences(header)
        return (preferences["status"] ?? preferences["code"]).flatMap { Int($0) }
    }

    /// A `Prefer` header's preferences and their parameters, by name (RFC 7240): `code=404, example="two words"`
    /// gives `code` → `404` and `example` → `two words`; the first of a name counts.
    static func preferences(_ header: String?) -> [String: String] {
        var found: [String: String] = [:]
        for token in header?.split(whereSeparator: { $0 == "," || $0 == ";" }) ?? [] {
            let pair = token.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, !pair[0].isEmpty, found[pair[0].lowercased()] == nil else { continue }
            var value = pair[1]
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            found[pair[0].lowercased()] = value
        }
        return found
    }

    /// An OAuth2 token URL that no endpoint declares still answers, so the scheme's flow works against the mock.
    func tokenEndpointAnswer(_ request: MockRequest) -> MockExchange? {
        guard let (scheme, flow) = judge.tokenFlow(at: request.path) else { return nil }
        let problems = RequestJudge.tokenRequestProblems(request, flow: flow, scheme: scheme)
        if !problems.isEmpty {
            return finish(
                request, operation: "\(scheme.name) token",
                response: ProblemDocument.response(
                    status: 400, title: "Not a complete token request", operation: nil, problems: problems),
                problems: problems)
        }
        let tokens: SpecValue = .object([
            SpecValueEntry(key: "access_token", value: .string(credentials.first ?? "mock-access-token")),
            SpecValueEntry(key: "refresh_token", value: .string("mock-refresh-token")),
            SpecValueEntry(key: "token_type", value: .string("Bearer")),
            SpecValueEntry(key: "expires_in", value: .int(3600)),
        ])
        return finish(request, operation: "\(scheme.name) token", response: json(200, tokens), problems: [])
    }
}
