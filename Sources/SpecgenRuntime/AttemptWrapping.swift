/// Work a `.call` middleware wraps around each attempt of the calls it covers, below the retries and above the
/// redirects and the transport: tracing gives every attempt a span of its own this way (`SpecgenTracing`).
///
/// A middleware runs the rest of the call inside ``around(_:)``; every attempt the client makes in it, retries
/// included, goes through the wrapping, told its number and its URL as logs show it.
/// ```swift
/// func intercept(_ request: HTTPRequestData, context: OperationContext, next: ...) async throws -> HTTPResponseData {
///     try await AttemptWrapping { request, attempt, send in
///         print("attempt \(attempt.number) to \(attempt.redactedURL)")
///         return try await send(request)
///     }.around { try await next(request) }
/// }
/// ```
public struct AttemptWrapping: Sendable {
    /// Sends an attempt on to the redirects and the transport.
    public typealias Send = @Sendable (HTTPRequestData) async throws -> HTTPResponseData

    /// One attempt of a call.
    public struct Attempt: Sendable {
        /// 1 for the first attempt, 2 for the first retry, and so on.
        public var number: Int
        /// The request's URL without user info and with secret query values redacted: what may be logged or traced.
        public var redactedURL: String
    }

    let wrap: @Sendable (HTTPRequestData, Attempt, Send) async throws -> HTTPResponseData

    /// A wrapping that runs `wrap` for each attempt, which sends the attempt with the `Send` it is given.
    public init(_ wrap: @escaping @Sendable (HTTPRequestData, Attempt, Send) async throws -> HTTPResponseData) {
        self.wrap = wrap
    }

    /// Runs `body`, wrapping each attempt the client makes in it; an inner call's wrapping replaces this one.
    public func around<T>(_ body: () async throws -> T) async rethrows -> T {
        try await Self.$current.withValue(self, operation: body)
    }

    /// The wrapping of the call in progress.
    @TaskLocal static var current: AttemptWrapping?

    /// Sends attempt `number` of a call through the wrapping in force, or as is when there is none.
    static func send(
        _ request: HTTPRequestData, number: Int, sensitiveNames: Set<String>, send: Send
    ) async throws -> HTTPResponseData {
        guard let wrapping = current else { return try await send(request) }
        let attempt = Attempt(number: number, redactedURL: Redaction.url(of: request, extra: sensitiveNames))
        return try await wrapping.wrap(request, attempt, send)
    }
}
