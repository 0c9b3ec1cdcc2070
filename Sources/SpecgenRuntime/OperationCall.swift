/// An API's typed error: the documented error responses of its operations plus the runtime's failures.
///
/// Generated error enums conform, so ``OperationCall`` can report runtime failures in the caller's error type. Their
/// cases `transport`, `unexpectedStatus`, `decoding`, `encoding`, `validation`, `cancelled`, `timedOut` and
/// `authentication` satisfy the static requirements, so the mapping from ``ClientError`` is written once, here,
/// rather than in every generated enum.
public protocol ClientFailure: Error, Sendable {
    /// The request never got a response.
    static func transport(message: String) -> Self
    /// The server answered with an undeclared status.
    static func unexpectedStatus(status: Int, body: String) -> Self
    /// The response body did not match the declared type.
    static func decoding(path: String, message: String) -> Self
    /// The request body could not be encoded.
    static func encoding(message: String) -> Self
    /// A constraint failed before sending.
    static func validation(_ failure: ValidationFailure) -> Self
    /// The calling task was cancelled.
    static var cancelled: Self { get }
    /// The request timed out.
    static var timedOut: Self { get }
    /// Credentials are missing or could not be refreshed.
    static func authentication(message: String) -> Self
    /// Wraps a runtime failure (transport, undocumented status, decoding, validation, cancellation, ...).
    init(_ error: ClientError)
}

extension ClientFailure {
    /// Wraps a runtime failure in the matching case.
    public init(_ error: ClientError) {
        switch error {
        case .transport(_, let message): self = .transport(message: message)
        case .unexpectedStatus(_, let status, let body): self = .unexpectedStatus(status: status, body: body)
        case .decoding(_, let path, let message): self = .decoding(path: path, message: message)
        case .encoding(_, let message): self = .encoding(message: message)
        case .validation(_, let failure): self = .validation(failure)
        case .cancelled: self = .cancelled
        case .timedOut: self = .timedOut
        case .authentication(_, let message): self = .authentication(message: message)
        }
    }

    /// Runs a mock's closure for one operation: a missing closure fails with `unimplemented`, an error of this type
    /// passes through, and any other error becomes `transport`.
    public static func mocked<Handler: Sendable, Value>(
        _ handler: Handler?, _ unimplemented: @autoclosure () -> ClientError, _ invoke: (Handler) async throws -> Value
    ) async throws(Self) -> Value {
        guard let handler else { throw Self(unimplemented()) }
        do {
            return try await invoke(handler)
        } catch {
            throw error as? Self ?? Self(ClientError(error, operation: unimplemented().operation))
        }
    }
}

/// One call of one operation: sends its request and decodes its response, reporting failures as `Failure`.
///
/// Generated client methods read like this:
/// ```swift
/// let call = OperationCall<ChatistError>(client: client, operation: "Chatist.getTicket")
/// let response = try await call.send(ChatistRequests.getTicket(ticketID))
/// switch response.status.code {
/// case 200: return try call.decode(Ticket.self, from: response)
/// case 404: throw .notFound
/// default: throw call.unexpectedStatus(response)
/// }
/// ```
public struct OperationCall<Failure: ClientFailure>: Sendable {
    /// The client requests go through.
    public let client: APIClient
    /// The operation's qualified name, such as `Chatist.getTicket`.
    public let operation: String

    /// Creates a call.
    public init(client: APIClient, operation: String) {
        self.client = client
        self.operation = operation
    }

    /// Builds the request (a constraint failure stops here, before anything is sent) and sends it.
    public func send(_ request: @autoclosure () throws(ClientError) -> HTTPRequestData) async throws(Failure) -> HTTPResponseData {
        do {
            return try await client.send(try request(), operation: operation)
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

    /// The failure for a status the operation does not declare, with a redacted, size-limited body preview.
    public func unexpectedStatus(_ response: HTTPResponseData) -> Failure {
        Failure(client.unexpectedStatus(response, operation: operation))
    }
}
