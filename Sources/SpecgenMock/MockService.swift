import Foundation
public import SpecgenSpec
public import SpecgenWire
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
    /// How a server of the spec judges each request: its route, and what its endpoint refuses.
    let judge: RequestJudge
    let synthesizer: Synthesizer
    /// The spec's type resolver, built once and shared by every request's checks.
    let types: TypeResolver
    /// Lowercased query names whose values the log hides: query API keys and sensitive parameters.
    let secretQueryNames: Set<String>
    /// The credentials accepted, in the order given; empty accepts any well-formed credential.
    let credentials: [String]
    /// Whether endpoints answer with their `mock: sequence:`.
    let scripted: Bool
    /// Whether browsers may call the mock from another origin: preflights are answered and every answer to a
    /// request with an `Origin` allows it.
    let cors: Bool
    /// The resources kept, when the mock is stateful.
    let resources: MockResources?
    let state = Mutex(State())
    /// The synthesized value of each type answered so far.
    let values = Mutex([TypeRef: SpecValue]())

    struct State {
        var sequencePositions: [String: Int] = [:]
        var history: [MockRecord] = []
        /// Paths deleted by a successful `DELETE`, which answer 404 from then on.
        var deletedPaths: Set<String> = []
        /// The items created, when the mock is stateful.
        var store = MockStore()
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
    ///   - cors: Whether browsers on other origins may call it: an `OPTIONS` preflight gets the path's methods and
    ///     the headers asked for, and every answer to a request with an `Origin` allows that origin.
    ///   - stateful: Whether the mock keeps what is created through the collection and item paths the spec
    ///     implies (``MockResources``): a `POST /todos` is there for the next `GET /todos/{id}` and `GET /todos`,
    ///     `PUT` and `PATCH` change it, `DELETE` removes it, and an item never created or deleted is the 404.
    public init(
        spec: Spec, credentials: [String] = [], scripted: Bool = true, ignoresUndeclared: Bool = false,
        stateful: Bool = false, cors: Bool = false
    ) {
        self.spec = spec
        self.credentials = credentials
        self.scripted = scripted
        self.cors = cors
        synthesizer = Synthesizer(spec: spec)
        types = TypeResolver(spec)
        resources = stateful ? MockResources(spec: spec, types: types) : nil
        judge = RequestJudge(
            spec: spec, types: types, credentials: Set(credentials), ignoresUndeclared: ignoresUndeclared)
        secretQueryNames = Set(
            (spec.apiKeyQueryNames
                + spec.endpoints.flatMap { endpoint in
                    endpoint.queryParameters.filter(\.sensitive).map(\.wireName)
                }).map { $0.lowercased() })
        seed()
    }

    /// Every request answered so far, in order.
    public var history: [MockRecord] { state.withLock { $0.history } }

    /// Forgets the history and restarts every scripted sequence; a stateful mock's store holds again only the items
    /// the spec's examples give.
    public func reset() {
        state.withLock { $0 = State() }
        seed()
    }

    /// Puts the items the spec's examples give (``MockResources/seeds``) in the stateful store.
    private func seed() {
        guard let seeds = resources?.seeds, !seeds.isEmpty else { return }
        state.withLock { state in
            for seed in seeds { state.store.put(seed.item, at: seed.path) }
        }
    }

    /// Answers one request.
    public func respond(to request: MockRequest) -> MockExchange {
        var exchange = answer(request)
        if cors, let origin = request.header("Origin") {
            exchange.response.headers += Self.corsHeaders(origin)
        }
        let record = MockRecord(
            method: request.method, path: request.path, query: request.query, operation: exchange.operation,
            matchingOperations: exchange.matchingOperations, status: exchange.response.status,
            problems: exchange.problems, ignoredFields: exchange.ignoredFields)
        state.withLock { $0.history.append(record) }
        return exchange
    }

    func answer(_ request: MockRequest) -> MockExchange {
        if cors, request.method == "OPTIONS", request.header("Access-Control-Request-Method") != nil,
            let preflight = preflight(request)
        {
            return preflight
        }
        let verdict = judge.judge(request)
        // `HEAD` is `GET` without the body, wherever the spec declares `GET` and not `HEAD`.
        if request.method == "HEAD", case .methodNotAllowed(_, let allowed) = verdict, allowed.contains("GET") {
            var get = request
            get.method = "GET"
            var exchange = answer(get)
            exchange.response.body = Data()
            exchange.logLine = "HEAD" + exchange.logLine.dropFirst("GET".count)
            return exchange
        }
        switch verdict {
        case .unknownPath(let problem):
            if request.method == "POST", let token = tokenEndpointAnswer(request) { return token }
            return finish(
                request, operation: nil,
                response: ProblemDocument.response(
                    status: 404, title: "No endpoint has this path", operation: nil, problems: [problem]),
                problems: [problem])
        case .methodNotAllowed(let problem, let allowed):
            return finish(
                request, operation: nil,
                response: ProblemDocument.response(
                    status: 405, title: "Method not allowed", operation: nil, problems: [problem],
                    extraHeaders: [("Allow", Self.allowed(allowed, cors: cors).joined(separator: ", "))]),
                problems: [problem])
        case .accepted(let endpoint, let endpoints, let ignored):
            var exchange = success(request, endpoint: endpoint)
            // Endpoints sharing method and path (Joyfill's two document listings) may all accept one request.
            exchange.matchingOperations = endpoints.map(\.name)
            exchange.ignoredFields = ignored
            if !ignored.isEmpty { exchange.logLine += " (ignored: \(ignored.joined(separator: ", ")))" }
            return exchange
        case .refused(let endpoint, let rejection, let problems, let ignored):
            var exchange = rejected(
                request, endpoint: endpoint, rejection,
                title: "The request does not match the spec of '\(endpoint.name)'", problems: problems)
            exchange.ignoredFields = ignored
            return exchange
        }
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

extension MockService {
    /// A spec that cannot be mocked: unreadable, or with errors; the diagnostics say where and why.
    public struct LoadError: Error, CustomStringConvertible {
        /// The problems, each with `path:line:column`.
        public var diagnostics: [Diagnostic]

        /// Creates the error of a file with these problems.
        public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

        /// One diagnostic per line.
        public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
    }

    /// Loads and checks the spec at `path` (named in diagnostics as given) and mocks it; the other parameters are
    /// those of ``init(spec:credentials:scripted:ignoresUndeclared:stateful:cors:)``.
    public convenience init(
        contentsOf path: String, credentials: [String] = [], scripted: Bool = true, stateful: Bool = false,
        cors: Bool = false
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
        self.init(spec: spec, credentials: credentials, scripted: scripted, stateful: stateful, cors: cors)
    }
}
