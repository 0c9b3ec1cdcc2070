/// Sends one HTTP request. Implement it to swap URLSession for a test double or another HTTP stack.
public protocol Transport: Sendable {
    /// Sends `request` (whose `baseURL` is set) and returns the response, whatever its status.
    ///
    /// The context says how: `context.options` holds the timeout and cache policy, and `context.delivery` whether
    /// the body is read whole, as it arrives (return once the head is in, with ``HTTPResponseData/bodyStream``) or
    /// into a file. A transport does not follow redirects: it returns the `3XX` answer, and the client follows it
    /// under its ``RedirectPolicy``, which keeps credentials from reaching another origin.
    func send(_ request: HTTPRequestData, context: OperationContext) async throws -> HTTPResponseData

    /// Whether the transport sends a ``HTTPRequestData/bodyFile`` from the file itself; when it does not (the
    /// default), the client reads the file into ``HTTPRequestData/body`` first.
    var sendsBodyFiles: Bool { get }
}

extension Transport {
    /// False: the client reads a body file into memory for this transport.
    public var sendsBodyFiles: Bool { false }
}
