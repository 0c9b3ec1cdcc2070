public import Foundation
public import HTTPTypes
public import Logging

/// Runs requests through the middleware chain and the transport, and decodes responses.
///
/// Generated clients hold one and call only ``send(_:context:)`` and the decoding helpers.
public struct APIClient: Sendable {
    /// The client's settings. They are held in one reference, so a copy of the client (a generated client's, each
    /// call's) costs one retain; setting one makes new storage for this client alone.
    private final class Storage: Sendable {
        let settings: Settings
        init(_ settings: Settings) { self.settings = settings }
    }

    private struct Settings: Sendable {
        var baseURL: URL
        var serverURLs: [String: URL] = [:]
        var transport: any Transport
        var middlewares: [any Middleware]
        var retryPolicy: RetryPolicy?
        var defaultHeaders: HTTPFields
        var options: RequestOptions
        var redirectPolicy: RedirectPolicy
        var logger: Logger?
        var redactedNames: Set<String> = []
        var pageLink: PageLink?
        var gate: CallGate
    }

    private var storage: Storage

    /// Read through ``storage`` (one field, no copy of the rest); written here, which makes new storage.
    private var settings: Settings {
        get { storage.settings }
        set { storage = Storage(newValue) }
    }

    /// The server URL paths are resolved against.
    public var baseURL: URL {
        get { storage.settings.baseURL }
        set { settings.baseURL = newValue }
    }
    /// The other base URLs of the server, by the name operations give in ``OperationContext/server`` (a spec's
    /// per-endpoint `server:`). An operation whose name is missing here goes to ``baseURL``, so a client pointed at
    /// one URL (a mock server, a local gateway) sends every operation there.
    public var serverURLs: [String: URL] {
        get { storage.settings.serverURLs }
        set { settings.serverURLs = newValue }
    }
    /// The transport requests go out through.
    public var transport: any Transport {
        get { storage.settings.transport }
        set { settings.transport = newValue }
    }
    /// Middlewares: the `.call` ones run outermost, then the retries, then the `.attempt` ones (see
    /// ``MiddlewareScope``), each group in this order.
    public var middlewares: [any Middleware] {
        get { storage.settings.middlewares }
        set { settings.middlewares = newValue }
    }
    /// How failed attempts are retried, between the `.call` and the `.attempt` middlewares; nil for no retries.
    public var retryPolicy: RetryPolicy? {
        get { storage.settings.retryPolicy }
        set { settings.retryPolicy = newValue }
    }
    /// Headers added to every request that does not set them itself.
    public var defaultHeaders: HTTPFields {
        get { storage.settings.defaultHeaders }
        set { settings.defaultHeaders = newValue }
    }
    /// Timeout, cache policy, headers, retries and idempotency key that replace each operation's own (Gista's
    /// per-request `RequestConfig`, or one call's settings through a copy made with `with(_:)`); nil fields keep what
    /// the spec declares.
    public var options: RequestOptions {
        get { storage.settings.options }
        set { settings.options = newValue }
    }
    /// How redirects are followed: by default up to 10, and without credentials to another origin.
    public var redirectPolicy: RedirectPolicy {
        get { storage.settings.redirectPolicy }
        set { settings.redirectPolicy = newValue }
    }
    /// Where calls are logged (see below); nil, the default, logs nothing.
    ///
    /// Each call logs its start and end at `debug` with its operation, status, attempts and duration as metadata;
    /// each attempt, with its redacted headers and body, at `trace`; and a failure at `error`. Credentials and
    /// fields named in ``sensitiveNames`` are redacted everywhere.
    public var logger: Logger? {
        get { storage.settings.logger }
        set { settings.logger = newValue }
    }
    /// Field, query and header names whose values logs and traces redact, on top of the ones that always are
    /// (credentials, and names containing `password`, `token` or `secret`); generated clients pass the spec's
    /// `sensitive` fields.
    public var sensitiveNames: Set<String> {
        get { redactedNames }
        set { settings.redactedNames = Self.redacted(newValue) }
    }
    private var redactedNames: Set<String> { storage.settings.redactedNames }
    /// The page of a link-paginated walk this copy's calls go to, set by `with(_ pageLink:)`; nil for others.
    private var pageLink: PageLink? {
        get { storage.settings.pageLink }
        set { settings.pageLink = newValue }
    }
    /// How many calls this client runs at once and how many may wait for a turn; ``CallLimit/default`` unless set.
    /// The client's copies share the limit; setting it gives this client a limit of its own.
    public var callLimit: CallLimit {
        get { gate.limit }
        set { settings.gate = CallGate(newValue) }
    }
    private var gate: CallGate { storage.settings.gate }

    /// The calls of this client and its copies that are in flight now, under ``callLimit``.
    public var callsInFlight: Int { gate.counts.inFlight }

    /// The calls of this client and its copies waiting for a turn now, under ``callLimit``.
    public var callsWaiting: Int { gate.counts.waiting }

    /// Creates a client.
    public init(
        baseURL: URL, transport: any Transport = URLSessionTransport(), retryPolicy: RetryPolicy? = nil,
        middlewares: [any Middleware] = [], defaultHeaders: HTTPFields = [:],
        options: RequestOptions = RequestOptions(),
        redirectPolicy: RedirectPolicy = .default, logger: Logger? = nil, sensitiveNames: Set<String> = [],
        callLimit: CallLimit = .default
    ) {
        storage = Storage(
            Settings(
                baseURL: baseURL, transport: transport, middlewares: middlewares, retryPolicy: retryPolicy,
                defaultHeaders: defaultHeaders, options: options, redirectPolicy: redirectPolicy, logger: logger,
                redactedNames: Self.redacted(sensitiveNames), gate: CallGate(callLimit)))
    }

    /// Sensitive names as redaction compares them: lowercased.
    private static func redacted(_ names: Set<String>) -> Set<String> { Set(names.map { $0.lowercased() }) }

    /// Sends a request of an operation and returns the response whatever its status; every failure becomes a
    /// ``ClientError``. The context is completed first (auth scheme, options, idempotency key, page) and handed to
    /// every middleware and the transport.
    public func send(
        _ request: HTTPRequestData, context: OperationContext
    ) async throws(ClientError) -> HTTPResponseData {
        var request = request
        var context = context
        let operation = context.operation
        if request.baseURL == nil { request.baseURL = context.server.flatMap { serverURLs[$0] } ?? baseURL }
        if context.pageLink == nil { context.pageLink = pageLink }
        // A link-paginated walk past its first page sends the operation to the link it was given.
        if let target = context.pageLink?.target {
            try follow(target, in: &request, operation: operation)
        }
        for field in defaultHeaders where request.headerFields[field.name] == nil {
            request.headerFields.append(field)
        }
        if !context.authAlternatives.isEmpty { await chooseAuthScheme(for: &context) }
        let retry = try apply(options, to: &request, context: &context)
        let log = CallLog(logger: logger, operation: operation, sensitiveNames: redactedNames)
        let start = ContinuousClock.now
        if Task.isCancelled {
            log.failed(.cancelled(operation: operation), attempts: 0, since: start)
            throw .cancelled(operation: operation)
        }
        do {
            try await gate.enter(operation: operation)
        } catch {
            log.failed(error, attempts: 0, since: start)
            throw error
        }
        defer { gate.leave() }
        // Read once the call has its turn, so waiting calls hold no body in memory.
        if let file = request.bodyFile, !transport.sendsBodyFiles {
            do {
                request.body = try file.contents()
                request.bodyFile = nil
            } catch {
                throw logged(
                    .transport(operation: operation, message: "cannot read \(file.url.lastPathComponent): \(error)"))
            }
        }
        log.started(request)
        let attempts = CallAttempts(
            transport: transport, redirects: redirectPolicy, context: context, log: log, sensitiveNames: redactedNames)
        do {
            let send = middlewares.chain(context: context, retry: retry) { try await attempts.send($0) }
            let response = try await send(request)
            log.finished(response, attempts: attempts.count, since: start)
            context.pageLink?.record(response, of: request)
            return response
        } catch {
            // A cancelled task often surfaces as a transport error; report what the caller did.
            let failure = Task.isCancelled ? .cancelled(operation: operation) : ClientError(error, operation: operation)
            log.failed(failure, attempts: attempts.count, since: start)
            throw failure
        }
    }

    /// Sends a request built by hand for the operation named `operation`, with no auth, retry or other setting of
    /// its own: ``send(_:context:)`` with `OperationContext(operation)`.
    public func send(_ request: HTTPRequestData, operation: String) async throws(ClientError) -> HTTPResponseData {
        try await send(request, context: OperationContext(operation))
    }

    /// Lays the client's ``options`` over a call: timeout and cache policy over the context's, headers and the
    /// idempotency key into the request (a fresh key when the operation has one and the options do not). Returns
    /// the retry policy of the call: the options' own when they set one, else the client's (with the operation's in
    /// ``OperationContext/retryPolicy``).
    private func apply(
        _ options: RequestOptions, to request: inout HTTPRequestData, context: inout OperationContext
    ) throws(ClientError) -> RetryPolicy? {
        let operation = context.operation
        if let timeout = options.timeout { context.options.timeout = timeout }
        if let cachePolicy = options.cachePolicy { context.options.cachePolicy = cachePolicy }
        for (name, value) in options.headers.isEmpty ? [] : options.headers.sorted(by: { $0.key < $1.key }) {
            guard let field = HTTPField.Name(name) else {
                throw logged(
                    .validation(
                        operation: operation,
                        failure: ValidationFailure(field: "headers", rule: "'\(name)' is not a header field name")))
            }
            // A field the operation marks as a credential stays marked when the options replace its value.
            if request.headerFields.contains(where: { $0.name == field && $0.isCredential }) {
                request.setCredential(field, value)
            } else {
                request.headerFields[field] = value
            }
        }
        if let name = context.idempotencyKeyHeader {
            // Once per call, outside the retries: every attempt sends the same key.
            if let key = options.idempotencyKey {
                request.headerFields[name] = key
            } else if request.headerFields[name] == nil {
                request.headerFields[name] = UUID().uuidString.lowercased()
            }
        } else if options.idempotencyKey != nil {
            throw logged(
                .validation(
                    operation: operation,
                    failure: ValidationFailure(
                        field: "idempotencyKey", rule: "the operation declares no idempotency key")))
        }
        switch options.retry {
        case .never?:
            context.retryPolicy = nil
            return nil
        case .policy(let policy)?:
            context.retryPolicy = policy
            return policy
        case nil:
            return retryPolicy
        }
    }

    /// Makes the first of an operation's alternative schemes that the app has a credential for its
    /// ``OperationContext/authScheme``. With none, the first scheme the client is configured for stays, so its
    /// middleware reports the missing credential (or sends the request without one, when that is optional).
    private func chooseAuthScheme(for context: inout OperationContext) async {
        let candidates = (context.authScheme.map { [$0] } ?? []) + context.authAlternatives
        context.authAlternatives = []
        let authenticators = middlewares.compactMap { $0 as? any AuthMiddleware }
        var configured: String?
        for scheme in candidates {
            guard let middleware = authenticators.first(where: { $0.scheme == scheme }) else { continue }
            if await middleware.hasCredential() {
                context.authScheme = scheme
                return
            }
            configured = configured ?? scheme
        }
        if let configured { context.authScheme = configured }
    }

    /// Points `request` at a page link: its query becomes the request's query items, so credentials the auth
    /// middleware adds to the query join it. A link to another origin than the request's server is refused.
    private func follow(_ target: URL, in request: inout HTTPRequestData, operation: String) throws(ClientError) {
        guard let server = request.baseURL, Origin(target) == Origin(server),
            var components = URLComponents(url: target, resolvingAgainstBaseURL: true)
        else {
            let failure = ClientError.transport(
                operation: operation,
                message: "the next page's link leads to another origin (\(target.host ?? "no host")); not followed")
            throw logged(failure)
        }
        request.query = (components.queryItems ?? []).map { QueryItem($0.name, $0.value) }
        components.query = nil
        request.path = ""
        request.baseURL = components.url ?? target
    }

    /// A copy whose calls use `options` instead of the operation's settings, where they set one: a cheap view for
    /// one call (`client.with(RequestOptions(timeout: 5)).getTicket(id)`) or a client of its own. The options
    /// replace the client's, they do not add to them.
    public func with(_ options: RequestOptions) -> APIClient {
        var copy = self
        copy.options = options
        return copy
    }

    /// A copy whose calls go to the page a link-paginated walk is at and record the next link for it: what a
    /// generated `...Pages` method's `PageSequence.links` does with each page.
    public func with(_ pageLink: PageLink) -> APIClient {
        var copy = self
        copy.pageLink = pageLink
        return copy
    }

    /// Decodes a JSON body, reporting the failing field's path.
    public func decode<Value: Decodable>(
        _ type: Value.Type, from response: HTTPResponseData, operation: String
    ) throws(ClientError) -> Value {
        do {
            return try decodeQuietly(type, from: response, operation: operation)
        } catch {
            throw logged(error)
        }
    }

    /// Decodes a JSON body without logging a failure: a documented error whose body has another shape is still
    /// reported as the documented error.
    func decodeQuietly<Value: Decodable>(
        _ type: Value.Type, from response: HTTPResponseData, operation: String
    ) throws(ClientError) -> Value {
        try JSONCoding.decode(
            type, from: response.body, operation: operation, status: response.statusCode, subject: "the body")
    }

    /// Encodes a JSON body; a failure names the field's path, never the value.
    public func encode(_ value: some Encodable, operation: String) throws(ClientError) -> Data {
        do {
            return try JSONCoding.encode(value, operation: operation)
        } catch {
            throw logged(error)
        }
    }

    /// The error for a status the operation does not declare, with a redacted, size-limited body preview.
    public func unexpectedStatus(_ response: HTTPResponseData, operation: String) -> ClientError {
        logged(
            .unexpectedStatus(
                operation: operation, status: response.status.code,
                body: Redaction.bodyPreview(response.body, limit: 1024, extra: redactedNames)))
    }

    /// Logs a failure found after the response arrived, at `error`, and returns it.
    private func logged(_ error: ClientError) -> ClientError {
        var metadata: Logger.Metadata = ["operation": "\(error.operation)"]
        if let status = error.status { metadata["status"] = "\(status)" }
        logger?.error("\(error)", metadata: metadata)
        return error
    }
}

/// One call's attempts: each goes through the redirects to the transport, numbered from 1. The retry middleware
/// sends again through the same object, which is all the closure that sends holds.
private final class CallAttempts: Sendable {
    let transport: any Transport
    let redirects: RedirectPolicy
    let context: OperationContext
    let log: CallLog
    let sensitiveNames: Set<String>
    private let made = Locked(0)

    init(
        transport: any Transport, redirects: RedirectPolicy, context: OperationContext, log: CallLog,
        sensitiveNames: Set<String>
    ) {
        self.transport = transport
        self.redirects = redirects
        self.context = context
        self.log = log
        self.sensitiveNames = sensitiveNames
    }

    /// How many attempts have been made.
    var count: Int { made.withLock { $0 } }

    /// Sends the next attempt.
    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        let number = made.withLock { made in
            made += 1
            return made
        }
        log.attempt(number, request)
        return try await AttemptWrapping.send(request, number: number, sensitiveNames: sensitiveNames) {
            try await redirects.follow($0, operation: context.operation) {
                try await transport.send($0, context: context)
            }
        }
    }
}
