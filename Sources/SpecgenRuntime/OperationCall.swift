/// An API's typed error: the documented error responses of its operations plus the runtime's failures.
///
/// Generated error enums conform, so ``OperationCall`` can report runtime failures in the caller's error type.
public protocol ClientFailure: Error, Sendable {
    /// Wraps a runtime failure (transport, undocumented status, decoding, validation, cancellation, ...).
    init(_ error: ClientError)
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
