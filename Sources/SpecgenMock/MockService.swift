import Foundation
public import SpecgenSpec
import Synchronization

/// A mock of one API, answering straight from its spec: every request is checked against the spec, and a valid
/// one gets the spec's examples or values synthesized from its types.
///
/// - A mismatch gets the status the spec documents for it (``RequestRejection``), with a body of the documented
///   error's shape whose message fields name each problem; where the spec documents no such status, a 400 or 401
///   `application/problem+json` body that also gives each field's spec location. 404 and 405 answer routing.
/// - Credentials are checked against a list when one is given; any well-formed credential passes otherwise.
/// - `Prefer: status=409` (or Prism's `code=409`) picks a documented response or error status.
/// - An endpoint's `mock: sequence:` scripts successive answers per concrete path; the last step repeats.
/// - After a successful `DELETE`, its path answers the documented 404.
///
/// It holds no socket: ``SpecgenMockServer`` serves it over HTTP, and tests can call ``respond(to:)`` directly.
public final class MockService: Sendable {
    /// The spec served.
    public let spec: Spec
    private let routes: [Route]
    private let synthesizer: Synthesizer
    /// The spec's type resolver, built once and shared by every request's checks.
    private let types: TypeResolver
    /// Server URL paths (`["", "v1"]`), tried as a prefix when a path matches no route as sent.
    private let serverPathPrefixes: [[String]]
    /// Lowercased query names whose values the log hides: query API keys and sensitive parameters.
    private let secretQueryNames: Set<String>
    /// The credentials accepted, in the order given; empty accepts any well-formed credential.
    private let credentials: [String]
    /// The same, as the validator looks them up.
    private let acceptedCredentials: Set<String>
    /// Whether endpoints answer with their `mock: sequence:`.
    private let scripted: Bool
    private let state = Mutex(State())

    private struct State {
        var sequencePositions: [String: Int] = [:]
        var history: [MockRecord] = []
        /// Paths deleted by a successful `DELETE`, which answer 404 from then on.
        var deletedPaths: Set<String> = []
    }

    /// Creates a mock of a loaded, valid spec.
    /// - Parameters:
    ///   - credentials: The bearer tokens and API keys accepted; a request with another gets the documented 401.
    ///     The OAuth2 token URL hands out the first as its access token. Empty (the default) accepts any.
    ///   - scripted: Whether endpoints follow their `mock: sequence:`. Off, each answers its first success, so a
    ///     fuzzer does not read a scripted failure as a bug.
    public init(spec: Spec, credentials: [String] = [], scripted: Bool = true) {
        self.spec = spec
        self.credentials = credentials
        acceptedCredentials = Set(credentials)
        self.scripted = scripted
        routes = spec.endpoints.map(Route.init)
        synthesizer = Synthesizer(spec: spec)
        types = TypeResolver(spec)
        // Every base URL of every server, with its variables at their defaults and at each of their values.
        serverPathPrefixes = spec.servers.flatMap { server in
            ([server.url] + server.urls.map(\.url)).flatMap { template in
                ServerVariable.expansions(of: template, variables: server.variables)
            }
        }
        .compactMap { url in
            guard let path = URL(string: url)?.path, path.count > 1 else { return nil }
            return [""] + Route.segments(of: path).filter { !$0.isEmpty }
        }
        secretQueryNames = Set(
            (spec.apiKeyQueryNames
                + spec.endpoints.flatMap { endpoint in
                    endpoint.queryParameters.filter(\.sensitive).map(\.wireName)
                }).map { $0.lowercased() })
    }

    /// Every request answered so far, in order.
    public var history: [MockRecord] { state.withLock { $0.history } }

    /// Forgets the history and restarts every scripted sequence.
    public func reset() {
        state.withLock { $0 = State() }
    }

    /// Answers one request.
    public func respond(to request: MockRequest) -> MockExchange {
        let exchange = answer(request)
        let record = MockRecord(
            method: request.method, path: request.path, query: request.query, operation: exchange.operation,
            matchingOperations: exchange.matchingOperations, status: exchange.response.status,
            problems: exchange.problems, ignoredFields: exchange.ignoredFields)
        state.withLock { $0.history.append(record) }
        return exchange
    }

    // MARK: Routing

    /// The routes `segments` fits, as sent or, when none does, without one of the server URL paths in front.
    private func matches(_ segments: [String]) -> [(Route, [String: String])] {
        let matches = routes.compactMap { route in route.bind(segments).map { (route, $0) } }
        guard matches.isEmpty else { return matches }
        // A client may use a server URL with its path (`https://host/v1`); try without that prefix too.
        for prefix in serverPathPrefixes where segments.starts(with: prefix) {
            let rest = [""] + Array(segments.dropFirst(prefix.count))
            let matches = routes.compactMap { route in route.bind(rest).map { (route, $0) } }
            if !matches.isEmpty { return matches }
        }
        return []
    }

    /// The 404 problem for a path no endpoint has; when the path with its trailing slash added or removed is an
    /// endpoint's, it names that path, since real servers tell the two apart.
    private func unknownPath(_ request: MockRequest, segments: [String]) -> MockProblem {
        let toggled = segments.last == "" && segments.count > 2 ? Array(segments.dropLast()) : segments + [""]
        let message = "'\(request.path)' matches no endpoint of \(spec.name)"
        guard let near = matches(toggled).first?.0.endpoint else {
            return MockProblem(field: "path", message: message, location: spec.location)
        }
        let slash = toggled.last == "" ? "with a trailing slash" : "without a trailing slash"
        return MockProblem(
            field: "path", message: message + "; the spec declares '\(near.path)', \(slash)",
            location: near.requestLocation)
    }

    private func answer(_ request: MockRequest) -> MockExchange {
        let segments = Route.segments(of: request.path)
        var matches = matches(segments)
        guard !matches.isEmpty else {
            if request.method == "POST", let token = tokenEndpointAnswer(request) { return token }
            let problem = unknownPath(request, segments: segments)
            return finish(
                request, operation: nil,
                response: ProblemDocument.response(
                    status: 404, title: "No endpoint has this path", operation: nil, problems: [problem]),
                problems: [problem])
        }
        // As OpenAPI matches paths: the most specific template wins, so `/documents/init-upload` is that path only,
        // never `/documents/{documentId}` too.
        let literals = matches.map(\.0.literalCount).max() ?? 0
        matches = matches.filter { $0.0.literalCount == literals }
        let sameMethod = matches.filter { $0.0.endpoint.method.rawValue == request.method.uppercased() }
        guard !sameMethod.isEmpty else {
            let allowed = Array(Set(matches.map { $0.0.endpoint.method.rawValue })).sorted()
            let problem = MockProblem(
                field: "method",
                message: "\(request.method) is not declared for this path; use \(allowed.joined(separator: ", "))",
                location: matches[0].0.endpoint.requestLocation)
            return finish(
                request, operation: nil,
                response: ProblemDocument.response(
                    status: 405, title: "Method not allowed", operation: nil, problems: [problem],
                    extraHeaders: [("Allow", allowed.joined(separator: ", "))]), problems: [problem])
        }
        // Among endpoints sharing a route, the first the request satisfies wins.
        var best: (Route, RequestValidator)?
        var valid: [(Endpoint, RequestValidator)] = []
        for (route, pathValues) in sameMethod {
            var validator = RequestValidator(
                spec: spec, types: types, endpoint: route.endpoint, credentials: acceptedCredentials)
            validator.validate(request, pathValues: pathValues)
            if request.method == "POST", let (scheme, flow) = tokenFlow(at: request.path),
                request.header("Content-Type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
            {
                // A declared token endpoint answers by RFC 6749 as well as by its declared form.
                validator.addUnreported(Self.tokenRequestProblems(request, flow: flow, scheme: scheme))
            }
            if validator.problems.isEmpty {
                valid.append((route.endpoint, validator))
            } else if validator.problems.count < best?.1.problems.count ?? Int.max {
                best = (route, validator)
            }
        }
        if let (endpoint, validator) = valid.first {
            var exchange = success(request, endpoint: endpoint)
            // Endpoints sharing method and path (Joyfill's two document listings) may all accept one request.
            exchange.matchingOperations = valid.map(\.0.name)
            exchange.ignoredFields = validator.ignored
            if !validator.ignored.isEmpty {
                exchange.logLine += " (ignored: \(validator.ignored.joined(separator: ", ")))"
            }
            return exchange
        }
        guard let (route, validator) = best else { return success(request, endpoint: sameMethod[0].0.endpoint) }
        var exchange = rejected(
            request, endpoint: route.endpoint, validator.rejection,
            title: "The request does not match the spec of '\(route.endpoint.name)'", problems: validator.problems)
        exchange.ignoredFields = validator.ignored
        return exchange
    }

    /// The answer to a request the endpoint turns away: the status the spec documents for the reason, with a body
    /// of the documented shape whose message fields carry the problems. Where the spec documents no status for it,
    /// a problem document, which the OpenAPI export documents in turn.
    private func rejected(
        _ request: MockRequest, endpoint: Endpoint, _ rejection: RequestRejection, title: String,
        problems: [MockProblem]
    ) -> MockExchange {
        let (status, documented) = spec.rejectionStatus(rejection, of: endpoint)
        let response: MockResponse
        if let error = documented {
            let detail = ProblemDocument.detail(problems)
            response = errorAnswer(error, status: status, override: messageFields(of: error, title: title, detail))
        } else {
            response = ProblemDocument.response(
                status: status, title: title, operation: endpoint.name, problems: problems)
        }
        return finish(request, operation: endpoint.name, response: response, problems: problems)
    }

    /// The text fields of a documented error body that carry a rejection's words: `message`, `detail`, `error`,
    /// `error_description` and `title`, where they are plain strings, so the body keeps its documented shape.
    private func messageFields(of error: ErrorResponse, title: String, _ detail: String) -> SpecValue? {
        guard let body = error.body else { return nil }
        if case .primitive(.string) = body { return .string(detail) }
        guard case .object(let model) = types.shape(of: body), case .object(let fields) = model.kind else {
            return nil
        }
        let entries: [SpecValueEntry] = fields.compactMap { field in
            guard types.resolved(field.type).type == .primitive(.string), field.constraints.isEmpty else {
                return nil
            }
            switch field.wireName {
            case "message", "detail", "error", "error_description":
                return SpecValueEntry(key: field.wireName, value: .string(detail))
            case "title": return SpecValueEntry(key: field.wireName, value: .string(title))
            default: return nil
            }
        }
        return entries.isEmpty ? nil : .object(entries)
    }

    // MARK: Answers

    private func success(_ request: MockRequest, endpoint: Endpoint) -> MockExchange {
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
        let path = Self.normalizedPath(request.path)
        if state.withLock({ $0.deletedPaths.contains(path) }), let gone = answer(endpoint, status: 404, body: nil) {
            return finish(request, operation: endpoint.name, response: gone, problems: [])
        }
        let exchange = scriptedOrFirstAnswer(request, endpoint: endpoint)
        guard (200..<300).contains(exchange.response.status) else { return exchange }
        if endpoint.method == .delete {
            state.withLock { _ = $0.deletedPaths.insert(path) }
        } else if endpoint.method == .post || endpoint.method == .put {
            // A write that answers with an identifier brings back a deleted resource of that identifier: the mock
            // hands out the same synthesized identifiers again.
            let created = Self.strings(in: exchange.response.body)
            state.withLock { state in
                state.deletedPaths = state.deletedPaths.filter { deleted in
                    !created.contains(String(deleted.split(separator: "/").last ?? ""))
                }
            }
        }
        return exchange
    }

    /// Every string value in a JSON body, at any depth; empty when it is not JSON.
    private static func strings(in body: Data) -> Set<String> {
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
    private static func normalizedPath(_ path: String) -> String {
        let decoded = path.removingPercentEncoding ?? path
        return decoded.count > 1 && decoded.hasSuffix("/") ? String(decoded.dropLast()) : decoded
    }

    private func scriptedOrFirstAnswer(_ request: MockRequest, endpoint: Endpoint) -> MockExchange {
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
                return finish(request, operation: endpoint.name, response: answer, problems: [])
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
    private func paged(_ request: MockRequest, endpoint: Endpoint, _ pagination: Pagination) -> MockExchange? {
        let status = defaultStatus(endpoint)
        guard let response = endpoint.responses.first(where: { $0.status.matches(status) }),
            case .json(let type) = response.body
        else { return nil }
        let pages = MockPages(types: types, synthesizer: synthesizer)
        do throws(MockPages.Rejection) {
            let (body, headers) = try pages.page(
                of: type, pagination, query: request.query, path: request.path,
                base: synthesized(type, example: response.example), declaredQuery: endpoint.queryParameters)
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
    private func issuedTokens(_ endpoint: Endpoint) -> SpecValue? {
        guard let credential = credentials.first, tokenFlow(at: endpoint.path) != nil else { return nil }
        guard case .json(let type)? = endpoint.responses.first?.body, case .object(let model) = types.shape(of: type),
            case .object(let fields) = model.kind, fields.contains(where: { $0.wireName == "access_token" })
        else { return nil }
        return .object([SpecValueEntry(key: "access_token", value: .string(credential))])
    }

    /// The OAuth2 scheme whose token URL is `path`, with its flow.
    private func tokenFlow(at path: String) -> (AuthScheme, OAuth2Flow)? {
        for scheme in spec.authSchemes {
            if case .oauth2(let flow) = scheme.kind, Route.segments(of: flow.tokenURL) == Route.segments(of: path) {
                return (scheme, flow)
            }
        }
        return nil
    }

    private func defaultStatus(_ endpoint: Endpoint) -> Int {
        guard let first = endpoint.responses.first(where: { $0.body != .empty }) ?? endpoint.responses.first else {
            return 204
        }
        switch first.status {
        case .code(let code): return code
        case .range, .other: return first.body == .empty ? 204 : 200
        }
    }

    /// The answer for a declared status, with `body` merged over the synthesized value; nil when not declared.
    private func answer(_ endpoint: Endpoint, status: Int, body override: SpecValue?) -> MockResponse? {
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
    private func declaredHeaders(_ response: ResponseCase) -> [(String, String)] {
        response.headers.compactMap { field in
            switch synthesizer.value(for: field, depth: 0) {
            case .string(let text): (field.wireName, text)
            case .int(let number): (field.wireName, String(number))
            case .double(let number): (field.wireName, String(number))
            case .bool(let flag): (field.wireName, String(flag))
            default: nil
            }
        }
    }

    private func successAnswer(
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
    private func synthesized(_ type: TypeRef, example: SpecValue?) -> SpecValue {
        let value = synthesizer.value(for: type)
        return example.map { value.merged(with: $0) } ?? value
    }

    /// The answer for a documented error, with `override` merged over the synthesized body.
    private func errorAnswer(_ error: ErrorResponse, status: Int, override: SpecValue?) -> MockResponse {
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
        var value = synthesizer.value(for: type)
        if let example = error.example {
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

    private func json(_ status: Int, _ value: SpecValue) -> MockResponse {
        MockResponse(
            status: status, headers: [("Content-Type", "application/json")], body: Data(JSONText.encode(value).utf8))
    }

    /// The status a `Prefer` header asks for: `status=409` or Prism's `code=409`.
    static func preferredStatus(_ header: String?) -> Int? {
        guard let header else { return nil }
        for token in header.split(whereSeparator: { $0 == "," || $0 == ";" }) {
            let pair = token.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0] == "status" || pair[0] == "code", let status = Int(pair[1]) { return status }
        }
        return nil
    }

    /// An OAuth2 token URL that no endpoint declares still answers, so the scheme's flow works against the mock.
    private func tokenEndpointAnswer(_ request: MockRequest) -> MockExchange? {
        guard let (scheme, flow) = tokenFlow(at: request.path) else { return nil }
        let problems = Self.tokenRequestProblems(request, flow: flow, scheme: scheme)
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

    /// What a request to a flow's token URL lacks: a grant the flow allows, and the fields of the grant it means.
    /// When `grant_type` is not one the flow allows, the grant meant is the allowed one whose fields the request
    /// carries most of (the only one, when the flow allows one), so a missing password is named beside the grant.
    static func tokenRequestProblems(_ request: MockRequest, flow: OAuth2Flow, scheme: AuthScheme) -> [MockProblem] {
        let form = FormPairs(String(decoding: request.body, as: UTF8.self), plusIsSpace: true)
        let authorization = request.header("Authorization")
        let allowed = flow.grants.map(\.rawValue)
        if let grant = form.values("grant_type").first, allowed.contains(grant) {
            return tokenRequestProblems(
                grant: grant, form: form, authorization: authorization, flow: flow, scheme: scheme)
        }
        let problem = MockProblem(
            field: "body.grant_type", message: "must be one of \(allowed.joined(separator: ", "))",
            location: scheme.location)
        let candidates = allowed.map { grant in
            let fields = grantFields(grant, flow: flow)
            return (grant, carried: fields.filter { !(form.values($0).first ?? "").isEmpty }.count)
        }
        let meant =
            allowed.count == 1
            ? allowed.first
            : candidates.filter { $0.carried > 0 }.max { $0.carried < $1.carried }?.0
        guard let meant else { return [problem] }
        return [problem]
            + tokenRequestProblems(grant: meant, form: form, authorization: authorization, flow: flow, scheme: scheme)
    }

    /// The form fields a grant needs (RFC 6749 sections 4.1.3, 4.3.2 and 6).
    private static func grantFields(_ grant: String, flow: OAuth2Flow) -> [String] {
        switch OAuth2Grant(rawValue: grant) {
        case .password: [flow.usernameField, "password"]
        case .refreshToken: ["refresh_token"]
        case .authorizationCode: ["code", "redirect_uri"]
        case .clientCredentials, nil: []
        }
    }

    /// The fields a grant needs (RFC 6749 sections 4.1.3, 4.3.2 and 6), and for the client credentials grant the
    /// client's id and secret, sent the way the spec says.
    static func tokenRequestProblems(
        grant: String, form: FormPairs, authorization: String?, flow: OAuth2Flow, scheme: AuthScheme
    ) -> [MockProblem] {
        var problems = grantFields(grant, flow: flow).filter { (form.values($0).first ?? "").isEmpty }.map {
            MockProblem(field: "body.\($0)", message: "is required by the \(grant) grant", location: scheme.location)
        }
        guard grant == OAuth2Grant.clientCredentials.rawValue else { return problems }
        switch flow.clientAuthentication {
        case .basic:
            if authorization.flatMap(AuthorizationHeader.basicPair) == nil {
                problems.append(
                    MockProblem(
                        field: "header.Authorization",
                        message: "must be 'Basic <base64 of client_id:client_secret>' (auth scheme '\(scheme.name)')",
                        location: scheme.location))
            }
        case .body:
            for name in ["client_id", "client_secret"] where (form.values(name).first ?? "").isEmpty {
                problems.append(
                    MockProblem(
                        field: "body.\(name)", message: "is required: the scheme authenticates its client in the body",
                        location: scheme.location))
            }
        }
        return problems
    }

    // MARK: Log

    private func finish(
        _ request: MockRequest, operation: String?, response: MockResponse,
        problems: [MockProblem]
    ) -> MockExchange {
        var line = "\(request.method) \(request.path)"
        if !request.query.isEmpty { line += "?" + redactedQuery(request.query) }
        line += " -> \(response.status)"
        if let operation { line += " \(operation)" }
        if !problems.isEmpty { line += " [" + problems.map(\.field).joined(separator: ", ") + "]" }
        return MockExchange(
            operation: operation, matchingOperations: operation.map { [$0] } ?? [], response: response,
            problems: problems, ignoredFields: [], logLine: line)
    }

    /// The query with the values of API keys, sensitive parameters and secret-looking names replaced.
    private func redactedQuery(_ query: String) -> String {
        query.split(separator: "&").map { item in
            // `=x` and `=` have an empty name: kept, never indexed past the end.
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts.first.map(String.init) ?? ""
            let lowered = (name.removingPercentEncoding ?? name).lowercased()
            let looksSecret = ["token", "key", "secret", "password", "signature"].contains { lowered.contains($0) }
            guard parts.count == 2, secretQueryNames.contains(lowered) || looksSecret else { return String(item) }
            return "\(name)=<redacted>"
        }.joined(separator: "&")
    }
}

extension Spec {
    /// The query item names of the API keys sent in the query.
    var apiKeyQueryNames: [String] {
        authSchemes.compactMap { scheme in
            if case .apiKey(let name, .query) = scheme.kind { return name }
            return nil
        }
    }
}

/// One answered request, for tests and summaries.
public struct MockRecord: Hashable, Sendable {
    /// The method.
    public var method: String
    /// The path as sent.
    public var path: String
    /// The query as sent, still percent-encoded, without `?`.
    public var query: String
    /// The operation that answered, or nil.
    public var operation: String?
    /// Every operation whose declaration the request satisfies (more than one when endpoints share a route).
    public var matchingOperations: [String]
    /// The status answered.
    public var status: Int
    /// How the request differed from the spec.
    public var problems: [MockProblem]
    /// Body properties the spec does not declare, which the mock ignored as a server would.
    public var ignoredFields: [String]
}

/// An endpoint's path template, split into segments.
private struct Route: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case placeholder(String)
    }

    let endpoint: Endpoint
    let segments: [Segment]

    init(_ endpoint: Endpoint) {
        self.endpoint = endpoint
        segments = Self.segments(of: endpoint.path).map { segment in
            if segment.hasPrefix("{"), segment.hasSuffix("}"), segment.count > 2 {
                return .placeholder(String(segment.dropFirst().dropLast()))
            }
            return .literal(segment)
        }
    }

    var literalCount: Int { segments.filter { if case .literal = $0 { true } else { false } }.count }

    /// `/a/{b}/` → `["", "a", "{b}", ""]`: a trailing slash is significant, as on real servers.
    static func segments(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    /// The decoded path values by placeholder, or nil when the path does not fit the template.
    func bind(_ path: [String]) -> [String: String]? {
        guard path.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, raw) in zip(segments, path) {
            let decoded = raw.removingPercentEncoding ?? raw
            switch segment {
            case .literal(let literal): if literal != decoded { return nil }
            case .placeholder(let name):
                if decoded.isEmpty { return nil }
                values[name] = decoded
            }
        }
        return values
    }
}

extension MockService {
    /// A spec that cannot be mocked: unreadable, or with errors; the diagnostics say where and why.
    public struct LoadError: Error, CustomStringConvertible {
        /// The problems, each with `path:line:column`.
        public var diagnostics: [Diagnostic]

        /// One diagnostic per line.
        public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
    }

    /// Loads and checks the spec at `path` (named in diagnostics as given) and mocks it; the other parameters are
    /// those of ``init(spec:credentials:scripted:)``.
    public convenience init(
        contentsOf path: String, credentials: [String] = [], scripted: Bool = true
    ) throws(LoadError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw LoadError(diagnostics: [
                Diagnostic(
                    .error, at: SourceLocation(path: path, line: 1, column: 1),
                    exists ? "cannot read the file" : "no such file")
            ])
        }
        let loaded = Spec.load(bytes: Array(data), path: path)
        guard let spec = loaded.spec, !loaded.hasErrors else {
            throw LoadError(diagnostics: loaded.diagnostics.filter { $0.severity == .error })
        }
        self.init(spec: spec, credentials: credentials, scripted: scripted)
    }
}
