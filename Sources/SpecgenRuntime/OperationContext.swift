public import Foundation
public import HTTPTypes

/// What a call is besides its HTTP request: the operation, how its spec says to send it, and what the app asked of
/// this call.
///
/// A generated method makes one for each call, from the spec:
/// ```swift
/// let call = OperationCall<PayDeskError>(
///     client: client,
///     context: OperationContext(
///         "PayDesk.createPayment", authScheme: "secretKey", isRetryable: true,
///         idempotencyKeyHeader: "Idempotency-Key"))
/// ```
/// ``APIClient`` completes it before the middlewares run: it picks the auth scheme among the alternatives, lays the
/// client's ``RequestOptions`` over the operation's, and records the page a link-paginated walk is at. Every
/// middleware and the transport then receive the same context beside the request, which stays the HTTP request.
public struct OperationContext: Sendable {
    /// The operation's qualified name, such as `Chatist.getTicket`.
    public var operation: String
    /// The auth scheme the call uses (its spec name), or nil for none; auth middlewares act only on theirs.
    public var authScheme: String?
    /// The further schemes the operation accepts besides ``authScheme``, in order of preference (a spec's
    /// `auth: [partner, account]`). Before the middlewares run, ``APIClient`` makes the first scheme the app has a
    /// usable credential for the ``authScheme`` and empties this list.
    public var authAlternatives: [String]
    /// Whether the request goes out without credentials when the app has none (an optional bearer).
    public var authOptional: Bool
    /// Whether the request may be repeated safely; nil means whether its method is idempotent (see
    /// ``isRetryable(_:)``). Operations the spec marks idempotent, and those with an idempotency key, say true.
    public var isRetryable: Bool?
    /// The retry policy of the call, replacing the client's: the spec's per-endpoint `retry`, or the call's
    /// ``RequestOptions/retry``.
    public var retryPolicy: RetryPolicy?
    /// The header the operation's idempotency key travels in (the spec's `idempotencyKey:`); nil for operations
    /// without one. The client puts a fresh key there once per call (or ``RequestOptions/idempotencyKey``), so every
    /// retry of the call sends the same key and the server applies the call once.
    public var idempotencyKeyHeader: HTTPField.Name?
    /// The name of the server URL the operation is sent to (the spec's per-endpoint `server:`, such as an upload
    /// host), which the client looks up in ``APIClient/serverURLs``; nil for the client's ``APIClient/baseURL``.
    public var server: String?
    /// Timeout and cache policy: the operation's (the spec's `timeout:`), then the client's and the call's
    /// ``RequestOptions`` laid over them by the client. The transport applies them.
    public var options: RequestOptions
    /// How the answer is read: whole, as it arrives, or into a file.
    public var delivery: ResponseDelivery
    /// The page of a link-paginated walk this call goes to, whose next link it records; nil for other calls.
    public var pageLink: PageLink?

    /// Creates the context of one call of `operation`.
    /// - Parameters:
    ///   - operation: The operation's qualified name, such as `Chatist.getTicket`.
    ///   - authScheme: The spec's auth scheme for the operation, or nil for none.
    ///   - authAlternatives: The further schemes the operation accepts, in the spec's order of preference.
    ///   - authOptional: Whether it may go out without credentials when the app has none.
    ///   - isRetryable: Whether it may be repeated; by default, whether the method is idempotent.
    ///   - retryPolicy: The operation's own retry policy, replacing the client's; nil keeps the client's.
    ///   - idempotencyKeyHeader: The header of the operation's idempotency key, or nil for none. A name that is not
    ///     a valid field name (spec linting rejects them) declares none.
    ///   - server: The name of the server URL the spec sends the operation to (its `server:`), or nil for the
    ///     client's server.
    ///   - options: The operation's timeout and cache policy; nil for none.
    ///   - delivery: How the answer is read; generated methods of streamed operations set it when they send.
    public init(
        _ operation: String, authScheme: String? = nil, authAlternatives: [String] = [], authOptional: Bool = false,
        isRetryable: Bool? = nil, retryPolicy: RetryPolicy? = nil, idempotencyKeyHeader: String? = nil,
        server: String? = nil, options: RequestOptions? = nil, delivery: ResponseDelivery = .whole
    ) {
        self.operation = operation
        self.authScheme = authScheme
        self.authAlternatives = authAlternatives
        self.authOptional = authOptional
        self.isRetryable = isRetryable
        self.retryPolicy = retryPolicy
        self.idempotencyKeyHeader = idempotencyKeyHeader.flatMap { HTTPField.Name($0) }
        self.server = server
        self.options = options ?? RequestOptions()
        self.delivery = delivery
    }

    /// Whether `request` may be repeated safely: ``isRetryable`` when set, else whether its method is idempotent.
    public func isRetryable(_ request: HTTPRequestData) -> Bool {
        if let isRetryable { return isRetryable }
        switch request.method {
        case .get, .head, .put, .delete, .options: return true
        default: return false
        }
    }
}

/// How a call's answer is read.
public enum ResponseDelivery: Hashable, Sendable {
    /// The whole body, in ``HTTPResponseData/body``.
    case whole
    /// As it arrives: the transport returns as soon as the head has arrived, with the body in
    /// ``HTTPResponseData/bodyStream``. A transport that cannot stream returns the whole body, which
    /// ``HTTPResponseData/chunks`` reads the same way.
    case streamed
    /// Streamed, and a successful body written to this file as it arrives by a transport that can (URLSession's
    /// download task), which sets ``HTTPResponseData/bodyFile``; any other streams it as usual.
    case download(to: URL)

    /// Whether the body is read as it arrives (a download is too).
    public var streams: Bool { self != .whole }
}
