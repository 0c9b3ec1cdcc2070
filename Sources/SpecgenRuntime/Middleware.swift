/// Observes or changes a request and its response, for example to add auth, retry or trace.
public protocol Middleware: Sendable {
    /// Where the client runs this middleware: around each attempt (the default), or once around the whole call with
    /// its retries.
    var scope: MiddlewareScope { get }

    /// Handles `request`, calling `next` zero or more times to pass it on down the chain.
    /// - Parameters:
    ///   - request: The HTTP request as the middlewares before this one left it.
    ///   - context: The call: its operation (`context.operation`, such as `Chatist.getTicket`), auth scheme, retry
    ///     and idempotency settings, options and page, the same for every middleware of the call.
    ///   - next: Sends a request on down the chain and returns its response.
    func intercept(
        _ request: HTTPRequestData, context: OperationContext,
        next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData
}

extension Middleware {
    /// Around each attempt: auth, logging and metrics see every request as it is sent.
    public var scope: MiddlewareScope { .attempt }
}

/// Where a middleware runs in a call.
///
/// An ``APIClient`` runs its `.call` middlewares first, in their order, then its retry policy, then its `.attempt`
/// middlewares, in their order, then the transport. So a tracing span that must cover every retry is a `.call`
/// middleware, and a token that must be fresh on every attempt comes from an `.attempt` middleware.
public enum MiddlewareScope: Hashable, Sendable {
    /// Once per call, outside the retries.
    case call
    /// Once per attempt, closest to the transport.
    case attempt
}

extension Array where Element == any Middleware {
    /// Folds the middlewares around `send`: the `.call` ones first, then `retry`, then the `.attempt` ones, each
    /// group in its order.
    func chain(
        context: OperationContext, retry: RetryPolicy?,
        send: @escaping @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) -> @Sendable (HTTPRequestData) async throws -> HTTPResponseData {
        // Wrapped from the transport outwards, with no list of its own: one closure per middleware is the cost.
        var next = send
        func wrap(_ middleware: any Middleware) {
            let inner = next
            next = { request in try await middleware.intercept(request, context: context, next: inner) }
        }
        for middleware in reversed() where middleware.scope == .attempt { wrap(middleware) }
        if let retry { wrap(RetryMiddleware(policy: retry)) }
        for middleware in reversed() where middleware.scope == .call { wrap(middleware) }
        return next
    }
}
