import Foundation
public import SpecgenSpec
import Synchronization

/// A mock of one API, answering straight from its spec: every request is checked against the spec, and a valid
/// one gets the spec's examples or values synthesized from its types.
///
/// - A mismatch gets a 4xx `application/problem+json` body naming each field and its spec location: 401 for a
///   missing credential, 415 for a wrong content type, 422 for parameters and bodies, 404 and 405 for routing.
/// - `Prefer: status=409` (or Prism's `code=409`) picks a documented response or error status.
/// - An endpoint's `mock: sequence:` scripts successive answers per concrete path; the last step repeats.
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
    private let state = Mutex(State())

    private struct State {
        var sequencePositions: [String: Int] = [:]
        var history: [MockRecord] = []
    }

    /// Creates a mock of a loaded, valid spec.
    public init(spec: Spec) {
        self.spec = spec
        routes = spec.endpoints.map(Route.init)
        synthesizer = Synthesizer(spec: spec)
        types = TypeResolver(spec)
        serverPathPrefixes = spec.servers.compactMap { server in
            guard let path = URL(string: server.url)?.path, path.count > 1 else { return nil }
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
            method: request.method, path: request.path, operation: exchange.operation,
            matchingOperations: exchange.matchingOperations, status: exchange.response.status,
            problems: exchange.problems)
        state.withLock { $0.history.append(record) }
        return exchange
    }

    // MARK: Routing

    private func answer(_ request: MockRequest) -> MockExchange {
        let segments = Route.segments(of: request.path)
        var matches = routes.compactMap { route in route.bind(segments).map { (route, $0) } }
        if matches.isEmpty {
            // A client may use a server URL with its path (`https://host/v1`); try without that prefix too.
            for prefix in serverPathPrefixes where segments.starts(with: prefix) {
                let rest = [""] + Array(segments.dropFirst(prefix.count))
                matches = routes.compactMap { route in route.bind(rest).map { (route, $0) } }
                if !matches.isEmpty { break }
            }
        }
        guard !matches.isEmpty else {
            if request.method == "POST", let token = tokenEndpointAnswer(request) { return token }
            let problem = MockProblem(
                field: "path", message: "'\(request.path)' matches no endpoint of \(spec.name)",
                location: spec.location)
            return finish(
                request, operation: nil,
                response: ProblemDocument.response(
                    status: 404, title: "No endpoint has this path", operation: nil, problems: [problem]),
                problems: [problem])
        }
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
        // Literal segments beat placeholders; among endpoints sharing a route, the first the request satisfies wins.
        let ordered = sameMethod.sorted { $0.0.literalCount > $1.0.literalCount }
        var best: (Route, RequestValidator)?
        var valid: [Endpoint] = []
        for (route, pathValues) in ordered {
            var validator = RequestValidator(spec: spec, types: types, endpoint: route.endpoint)
            validator.validate(request, pathValues: pathValues)
            if validator.problems.isEmpty {
                valid.append(route.endpoint)
            } else if validator.problems.count < best?.1.problems.count ?? Int.max {
                best = (route, validator)
            }
        }
        if let endpoint = valid.first {
            var exchange = success(request, endpoint: endpoint)
            // Endpoints sharing method and path (Joyfill's two document listings) may all accept one request.
            exchange.matchingOperations = valid.map(\.name)
            return exchange
        }
        guard let (route, validator) = best else { return success(request, endpoint: ordered[0].0.endpoint) }
        return finish(
            request, operation: route.endpoint.name,
            response: ProblemDocument.response(
                status: validator.kind.status, title: "The request does not match the spec of '\(route.endpoint.name)'",
                operation: route.endpoint.name, problems: validator.problems), problems: validator.problems)
    }

    // MARK: Answers

    private func success(_ request: MockRequest, endpoint: Endpoint) -> MockExchange {
        if let preferred = Self.preferredStatus(request.header("Prefer")) {
            guard let answer = answer(endpoint, status: preferred, body: nil) else {
                let statuses =
                    (endpoint.responses.map(\.status) + endpoint.errors.map(\.status) + spec.errors.map(\.status))
                    .map(\.description)
                let problem = MockProblem(
                    field: "header.Prefer",
                    message:
                        "asks for status \(preferred), which '\(endpoint.name)' does not declare; use one of \(statuses.joined(separator: ", "))",
                    location: endpoint.location)
                return finish(
                    request, operation: endpoint.name,
                    response: ProblemDocument.response(
                        status: 422, title: "No such documented status", operation: endpoint.name, problems: [problem]),
                    problems: [problem])
            }
            return finish(request, operation: endpoint.name, response: answer, problems: [])
        }
        if !endpoint.mockSequence.isEmpty {
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
        let response = answer(endpoint, status: defaultStatus(endpoint), body: nil) ?? MockResponse(status: 204)
        return finish(request, operation: endpoint.name, response: response, problems: [])
    }

    private func defaultStatus(_ endpoint: Endpoint) -> Int {
        guard let first = endpoint.responses.first(where: { $0.body != .empty }) ?? endpoint.responses.first else {
            return 204
        }
        switch first.status {
        case .code(let code): return code
        case .range: return first.body == .empty ? 204 : 200
        }
    }

    /// The answer for a declared status, with `body` merged over the synthesized value; nil when not declared.
    private func answer(_ endpoint: Endpoint, status: Int, body override: SpecValue?) -> MockResponse? {
        // Exact codes first, then ranges, as the generated client tests them.
        if let response = endpoint.responses.sorted(by: { $0.status < $1.status }).first(where: {
            $0.status.matches(status)
        }) {
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
                var value = synthesizer.value(for: type)
                if let example = response.example { value = value.merged(with: example) }
                if let override { value = value.merged(with: override) }
                return json(status, value)
            }
        }
        let errors =
            (endpoint.errors + spec.errors.filter { shared in !endpoint.errors.contains { $0.status == shared.status } })
            .sorted { $0.status < $1.status }
        guard let error = errors.first(where: { $0.status.matches(status) }) else { return nil }
        guard let type = error.body else { return MockResponse(status: status) }
        if case .primitive(.string) = type {
            let text: String
            if case .string(let given)? = override ?? error.example { text = given } else { text = error.caseName }
            return MockResponse(
                status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(text.utf8))
        }
        var value = synthesizer.value(for: type)
        if let example = error.example { value = value.merged(with: example) }
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
        for scheme in spec.authSchemes {
            guard case .oauth2(let flow) = scheme.kind,
                Route.segments(of: flow.tokenURL) == Route.segments(of: request.path)
            else {
                continue
            }
            let form = FormPairs(String(decoding: request.body, as: UTF8.self), plusIsSpace: true)
            guard let grant = form.values("grant_type").first, flow.grants.map(\.rawValue).contains(grant) else {
                let problem = MockProblem(
                    field: "body.grant_type",
                    message: "must be one of \(flow.grants.map(\.rawValue).joined(separator: ", "))",
                    location: scheme.location)
                return finish(
                    request, operation: "\(scheme.name) token",
                    response: ProblemDocument.response(
                        status: 422, title: "Not a token request", operation: nil, problems: [problem]),
                    problems: [problem])
            }
            let tokens: SpecValue = .object([
                SpecValueEntry(key: "access_token", value: .string("mock-access-token")),
                SpecValueEntry(key: "refresh_token", value: .string("mock-refresh-token")),
                SpecValueEntry(key: "token_type", value: .string("Bearer")),
                SpecValueEntry(key: "expires_in", value: .int(3600)),
            ])
            return finish(request, operation: "\(scheme.name) token", response: json(200, tokens), problems: [])
        }
        return nil
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
            problems: problems, logLine: line)
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
    /// The operation that answered, or nil.
    public var operation: String?
    /// Every operation whose declaration the request satisfies (more than one when endpoints share a route).
    public var matchingOperations: [String]
    /// The status answered.
    public var status: Int
    /// How the request differed from the spec.
    public var problems: [MockProblem]
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

    /// Loads and checks the spec at `path` (named in diagnostics as given) and mocks it.
    public convenience init(contentsOf path: String) throws(LoadError) {
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
        self.init(spec: spec)
    }
}
