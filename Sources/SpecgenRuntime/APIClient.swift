public import Foundation
public import HTTPTypes

/// Runs requests through the middleware chain and the transport, and decodes responses.
///
/// Generated clients hold one and call only ``send(_:operation:)`` and the decoding helpers.
public struct APIClient: Sendable {
    /// The server URL paths are resolved against.
    public var baseURL: URL
    /// The transport requests go out through.
    public var transport: any Transport
    /// Middlewares, outermost first.
    public var middlewares: [any Middleware]
    /// Headers added to every request that does not set them itself.
    public var defaultHeaders: HTTPFields
    /// Timeout and cache policy that replace each operation's own (Gista's per-request `RequestConfig`);
    /// nil fields keep what the spec declares.
    public var options: RequestOptions
    /// How redirects are followed: by default up to 10, and without credentials to another origin.
    public var redirectPolicy: RedirectPolicy

    /// Creates a client.
    public init(
        baseURL: URL, transport: any Transport = URLSessionTransport(), middlewares: [any Middleware] = [],
        defaultHeaders: HTTPFields = [:], options: RequestOptions = RequestOptions(),
        redirectPolicy: RedirectPolicy = .default
    ) {
        self.options = options
        self.redirectPolicy = redirectPolicy
        self.baseURL = baseURL
        self.transport = transport
        self.middlewares = middlewares
        self.defaultHeaders = defaultHeaders
    }

    /// Sends a request and returns the response whatever its status; every failure becomes a ``ClientError``.
    public func send(_ request: HTTPRequestData, operation: String) async throws(ClientError) -> HTTPResponseData {
        var request = request
        if request.baseURL == nil { request.baseURL = baseURL }
        for field in defaultHeaders where request.headerFields[field.name] == nil {
            request.headerFields.append(field)
        }
        if let timeout = options.timeout { request.options.timeout = timeout }
        if let cachePolicy = options.cachePolicy { request.options.cachePolicy = cachePolicy }
        if Task.isCancelled { throw .cancelled(operation: operation) }
        do {
            let transport = transport
            let redirects = redirectPolicy
            let send: @Sendable (HTTPRequestData) async throws -> HTTPResponseData = { request in
                try await redirects.follow(request, operation: operation) { try await transport.send($0) }
            }
            return try await middlewares.chain(operation: operation, send: send)(request)
        } catch {
            // A cancelled task often surfaces as a transport error; report what the caller did.
            if Task.isCancelled { throw .cancelled(operation: operation) }
            throw ClientError(error, operation: operation)
        }
    }

    /// A copy whose requests use `options` instead of each operation's timeout and cache policy.
    public func with(_ options: RequestOptions) -> APIClient {
        var copy = self
        copy.options = options
        return copy
    }

    /// Decodes a JSON body, reporting the failing field's path.
    public func decode<Value: Decodable>(
        _ type: Value.Type, from response: HTTPResponseData, operation: String
    ) throws(ClientError) -> Value {
        do {
            return try JSONCoding.decoder().decode(Value.self, from: response.body)
        } catch let error as DecodingError {
            let (path, message) = ClientError.describe(error)
            throw .decoding(operation: operation, status: response.statusCode, path: path, message: message)
        } catch {
            throw .decoding(
                operation: operation, status: response.statusCode, path: "", message: "the body is not valid JSON")
        }
    }

    /// Encodes a JSON body; a failure names the field's path, never the value.
    public func encode(_ value: some Encodable, operation: String) throws(ClientError) -> Data {
        try JSONCoding.encode(value, operation: operation)
    }

    /// The error for a status the operation does not declare, with a redacted, size-limited body preview.
    public func unexpectedStatus(_ response: HTTPResponseData, operation: String) -> ClientError {
        .unexpectedStatus(
            operation: operation, status: response.status.code,
            body: Redaction.bodyPreview(response.body, limit: 1024))
    }
}
