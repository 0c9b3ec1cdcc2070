/// An API's typed error: the documented error responses of an operation, plus one case for every failure of the call
/// itself.
///
/// Generated error enums conform: their documented cases (`notFound(ErrorBody)`) come first, and their `failure` case
/// carries the runtime's ``ClientError``, listed once here rather than in every enum. A `switch` over a call's error
/// stays exhaustive, and the failure keeps the operation's name:
/// ```swift
/// do {
///     try await client.registerUser(body)
/// } catch .emailAlreadyExists(let error) {
///     show(error.error)
/// } catch .failure(.timedOut) {
///     retryLater()
/// } catch {
///     log(error)  // "Keyz.registerUser failed in transport: cannot connect to the host (URL error -1004)"
/// }
/// ```
public protocol ClientFailure: Error, Sendable {
    /// The call failed for a reason the spec does not document: no response, an undeclared status, a body that
    /// does not decode, a constraint, cancellation, a timeout or missing credentials.
    static func failure(_ error: ClientError) -> Self
}

extension ClientFailure {
    /// Wraps a runtime failure.
    public init(_ error: ClientError) { self = .failure(error) }
}

/// One call of one operation: sends its request and decodes its response, reporting failures as `Failure`.
///
/// Generated client methods read like this:
/// ```swift
/// let call = OperationCall<ChatistError>(client: client, context: OperationContext("Chatist.getTicket"))
/// let response = try await call.send(ChatistRequests.getTicket(ticketID))
/// guard response.isSuccessful else { throw .forStatus(of: response, in: call) }
/// return try call.decode(Ticket.self, from: response)
/// ```
///
/// and the error type maps the other statuses, once for every operation that throws it:
/// ```swift
/// switch response.statusCode {
/// case 404: return .notFound
/// default: return call.unexpectedStatus(response)
/// }
/// ```
public struct OperationCall<Failure: ClientFailure>: Sendable {
    /// The client requests go through.
    public let client: APIClient
    /// The call's operation and how it is sent, handed to the client with each request.
    public let context: OperationContext

    /// The operation's qualified name, such as `Chatist.getTicket`.
    public var operation: String { context.operation }

    /// Creates a call.
    public init(client: APIClient, context: OperationContext) {
        self.client = client
        self.context = context
    }

    /// Creates a call of an operation with no auth, retry or other setting of its own.
    public init(client: APIClient, operation: String) {
        self.init(client: client, context: OperationContext(operation))
    }

    /// Builds the request (a constraint failure stops here, before anything is sent) and sends it.
    public func send(
        _ request: @Sendable @autoclosure () throws(ClientError) -> HTTPRequestData
    ) async throws(Failure) -> HTTPResponseData {
        try await send(try build(request), context: context)
    }

    /// Sends a built request with `context`, reporting a failure as `Failure`.
    func send(_ request: HTTPRequestData, context: OperationContext) async throws(Failure) -> HTTPResponseData {
        do {
            return try await client.send(request, context: context)
        } catch {
            throw Failure(error)
        }
    }

    /// Runs a request builder, reporting its failure (a constraint, an encoding) as `Failure`.
    func build(_ request: () throws(ClientError) -> HTTPRequestData) throws(Failure) -> HTTPRequestData {
        do {
            return try request()
        } catch {
            throw Failure(error)
        }
    }

    /// Decodes a JSON body, reporting the failing field's path.
    public func decode<Value: Decodable>(_ type: Value.Type, from response: HTTPResponseData) throws(Failure) -> Value {
        do {
            return try client.decode(type, from: response, operation: operation)
        } catch {
            throw Failure(error)
        }
    }

    /// The body with the answer's typed headers and status, for an operation's `…WithHeaders` method; a missing
    /// required header or one that does not parse is reported as `Failure`, with the status.
    public func withHeaders<Body, Headers>(
        _ body: Body, _ read: (ResponseHeaderReader) throws(ClientError) -> Headers, from response: HTTPResponseData
    ) throws(Failure) -> ResponseWithHeaders<Body, Headers> {
        do {
            let headers = try read(ResponseHeaderReader(response, operation: operation))
            return ResponseWithHeaders(body: body, headers: headers, status: response.statusCode)
        } catch {
            throw Failure(error)
        }
    }

    /// Reads a documented error body: decoded when it matches the documented type, and kept as a redacted preview
    /// either way, so the documented case is thrown even when the server sent something else.
    public func errorPayload<Body: Decodable & Hashable & Sendable>(
        _ type: Body.Type, from response: HTTPResponseData
    ) -> ErrorPayload<Body> {
        let preview = Redaction.bodyPreview(response.body, limit: 1024)
        do {
            return ErrorPayload(
                value: try client.decodeQuietly(type, from: response, operation: operation),
                decodingFailure: nil, preview: preview)
        } catch {
            guard case .decoding(_, _, let path, let message) = error else {
                return ErrorPayload(value: nil, decodingFailure: error.description, preview: preview)
            }
            return ErrorPayload(
                value: nil, decodingFailure: ClientError.decodingDetail(path: path, message: message), preview: preview)
        }
    }

    /// The failure for a status the operation does not declare, with a redacted, size-limited body preview.
    public func unexpectedStatus(_ response: HTTPResponseData) -> Failure {
        Failure(client.unexpectedStatus(response, operation: operation))
    }
}
