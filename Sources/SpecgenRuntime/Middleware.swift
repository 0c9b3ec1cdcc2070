/// Observes or changes a request and its response, for example to add auth, retry or log.
public protocol Middleware: Sendable {
    /// Handles `request`, calling `next` zero or more times to pass it on down the chain.
    /// - Parameter operation: The operation's qualified name, such as `Chatist.getTicket`.
    func intercept(
        _ request: HTTPRequestData, operation: String,
        next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData
}

extension Array where Element == any Middleware {
    /// Folds the middlewares around `send` (the transport, following redirects): the first middleware sees the
    /// request first.
    func chain(
        operation: String, send: @escaping @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) -> @Sendable (HTTPRequestData) async throws -> HTTPResponseData {
        var next = send
        for middleware in reversed() {
            let inner = next
            next = { request in try await middleware.intercept(request, operation: operation, next: inner) }
        }
        return next
    }
}
