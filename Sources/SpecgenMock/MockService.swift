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
    let routes: [Route]
    let synthesizer: Synthesizer
    /// The spec's type resolver, built once and shared by every request's checks.
    let types: TypeResolver
    /// Server URL paths (`["", "v1"]`), tried as a prefix when a path matches no route as sent.
    let serverPathPrefixes: [[String]]
    /// Lowercased query names whose values the log hides: query API keys and sensitive parameters.
    let secretQueryNames: Set<String>
    /// The credentials accepted, in the order given; empty accepts any well-formed credential.
    let credentials: [String]
    /// The same, as the validator looks them up.
    let acceptedCredentials: Set<String>
    /// Whether endpoints answer with their `mock: sequence:`.
    let scripted: Bool
    /// Whether query parameters and bodies the spec does not declare are ignored rather than refused.
    let ignoresUndeclared: Bool
    let state = Mutex(State())
    /// The synthesized value of each type answered so far.
    let values = Mutex([TypeRef: SpecValue]())

    struct State {
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
    ///   - ignoresUndeclared: Whether a query parameter or a body the endpoint does not declare is ignored, as
    ///     undeclared body properties always are, rather than refused. Off by default, so an app that sends a
    ///     misspelt parameter hears of it; on, the mock is any server of the spec (the diff's proofs use it).
    public init(spec: Spec, credentials: [String] = [], scripted: Bool = true, ignoresUndeclared: Bool = false) {
        self.spec = spec
        self.ignoresUndeclared = ignoresUndeclared
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
    func matches(_ segments: [String]) -> [(Route, [String: String])] {
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
    func unknownPath(_ request: MockRequest, segments: [String]) -> MockProblem {
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

    func answer(_ request: MockRequest) -> MockExchange {
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
                spec: spec, types: types, endpoint: route.endpoint, credentials: acceptedCredentials,
                ignoresUndeclared: ignoresUndeclared)
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
    func rejected(
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
    func messageFields(of error: ErrorResponse, title: String, _ detail: String) -> SpecValue? {
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

    // MARK: Log

    func finish(
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
    func redactedQuery(_ query: String) -> String {
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
struct Route: Sendable {
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
