import Foundation

/// A request value that failed a constraint the spec declares, caught before anything was sent.
public struct ValidationFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The parameter or property, as the spec names it (`userId`, `body.email`).
    public var field: String
    /// What the value had to satisfy, such as `pattern ^.+_[0-9a-f-]{36}$` or `minLength 1`.
    public var rule: String

    /// Creates a failure.
    public init(field: String, rule: String) {
        self.field = field
        self.rule = rule
    }

    /// `'userId' does not satisfy pattern ...` (the value itself is never printed: it may be a secret).
    public var description: String { "'\(field)' does not satisfy \(rule)" }
}

/// Why the runtime could not complete a call, other than a documented error response.
///
/// Generated clients fold these cases into each API's typed error so callers can `switch` exhaustively.
/// No case carries request headers or bodies, so printing an error never leaks a token or key.
public enum ClientError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The request never got a response: no connection, DNS, TLS, connection reset.
    case transport(operation: String, message: String)
    /// The server answered with a status the spec does not declare; `body` is a redacted preview of at most 1 KiB.
    case unexpectedStatus(operation: String, status: Int, body: String)
    /// The response body did not match the declared type; `status` is the answer's (nil when no response was read),
    /// and `path` names the field (`messages[3].sender.name`).
    case decoding(operation: String, status: Int?, path: String, message: String)
    /// The request body could not be encoded.
    case encoding(operation: String, message: String)
    /// A parameter or property broke a declared constraint; nothing was sent.
    case validation(operation: String, failure: ValidationFailure)
    /// The calling task was cancelled.
    case cancelled(operation: String)
    /// The request took longer than its timeout.
    case timedOut(operation: String)
    /// Credentials are missing or could not be refreshed: the app must sign in again.
    case authentication(operation: String, message: String)
    /// The client already had as many calls waiting for a turn as its ``CallLimit/maxWaiting`` allows; nothing was
    /// sent. Back off and call again.
    case overloaded(operation: String, waiting: Int)

    /// The operation that failed, such as `Keyz.loginUser`.
    public var operation: String {
        switch self {
        case .transport(let operation, _), .unexpectedStatus(let operation, _, _), .decoding(let operation, _, _, _),
            .encoding(let operation, _), .validation(let operation, _), .cancelled(let operation),
            .timedOut(let operation), .authentication(let operation, _), .overloaded(let operation, _):
            operation
        }
    }

    /// The failure's kind as a short name (`transport`, `unexpected_status`, `timeout`), for a trace's `error.type`
    /// or a metric's label.
    public var kind: String {
        switch self {
        case .transport: "transport"
        case .unexpectedStatus: "unexpected_status"
        case .decoding: "decoding"
        case .encoding: "encoding"
        case .validation: "validation"
        case .cancelled: "cancelled"
        case .timedOut: "timeout"
        case .authentication: "authentication"
        case .overloaded: "overloaded"
        }
    }

    /// The HTTP status of the answer the failure came from, or nil when there was none.
    public var status: Int? {
        switch self {
        case .unexpectedStatus(_, let status, _): status
        case .decoding(_, let status, _, _): status
        default: nil
        }
    }

    /// `Keyz.loginUser failed at response decoding: missing key 'access_token' at 'properties'`.
    public var description: String {
        switch self {
        case .transport(let operation, let message): "\(operation) failed in transport: \(message)"
        case .unexpectedStatus(let operation, let status, let body):
            "\(operation) failed with undocumented status \(status)" + (body.isEmpty ? "" : ": \(body)")
        case .decoding(let operation, let status, let path, let message):
            "\(operation) failed at response decoding" + (status.map { " of a \($0) answer" } ?? "") + ": "
                + Self.decodingDetail(path: path, message: message)
        case .encoding(let operation, let message): "\(operation) failed at request encoding: \(message)"
        case .validation(let operation, let failure): "\(operation) failed validation: \(failure)"
        case .cancelled(let operation): "\(operation) was cancelled"
        case .timedOut(let operation): "\(operation) timed out"
        case .authentication(let operation, let message): "\(operation) needs authentication: \(message)"
        case .overloaded(let operation, let waiting):
            "\(operation) was not sent: \(waiting) calls were already waiting for a turn on this client"
        }
    }

    /// What did not decode, and where: `expected Int at 'expires_in'`.
    static func decodingDetail(path: String, message: String) -> String {
        message + (path.isEmpty ? "" : " at '\(path)'")
    }

    /// Maps anything a transport or middleware threw to a client error.
    public init(_ error: any Error, operation: String) {
        switch error {
        case let error as ClientError:
            self = error
        case let failure as ValidationFailure:
            self = .validation(operation: operation, failure: failure)
        case let failure as AuthenticationFailure:
            self = .authentication(operation: operation, message: failure.message)
        case is CancellationError:
            self = .cancelled(operation: operation)
        case let error as DecodingError:
            let (path, message) = Self.describe(error)
            self = .decoding(operation: operation, status: nil, path: path, message: message)
        case let error as URLError where error.code == .cancelled:
            self = .cancelled(operation: operation)
        case let error as URLError where error.code == .timedOut:
            self = .timedOut(operation: operation)
        case let error as URLError:
            self = .transport(operation: operation, message: Self.describe(error))
        default:
            self = .transport(operation: operation, message: String(describing: type(of: error)))
        }
    }

    /// A URL loading failure in words, with its code (`cannot connect to the host (URL error -1004)`); the URL is
    /// left out, since its query may carry a credential.
    static func describe(_ error: URLError) -> String {
        let words: String? =
            switch error.code {
            case .cannotFindHost, .dnsLookupFailed: "the host name did not resolve"
            case .cannotConnectToHost: "cannot connect to the host"
            case .networkConnectionLost: "the connection was lost"
            case .notConnectedToInternet: "not connected to the internet"
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
                .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
                "the secure connection failed"
            case .badServerResponse: "the server's answer is not HTTP"
            case .httpTooManyRedirects: "too many redirects"
            case .unsupportedURL, .badURL: "the URL is not one the transport can load"
            default: nil
            }
        return (words.map { $0 + " " } ?? "") + "(URL error \(error.code.rawValue))"
    }

    /// The failing field's path and a message, without the value (which may be a secret). The path leaves out its
    /// first `droppingKeys` keys, to be read from a nested value's place rather than the document's root.
    static func describe(_ error: DecodingError, droppingKeys: Int = 0) -> (path: String, message: String) {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.dropFirst(droppingKeys).reduce(into: "") { text, key in
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            return (path(context.codingPath), "missing key '\(key.stringValue)'")
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), "expected \(type)")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "expected \(type), found null")
        case .dataCorrupted(let context):
            let message = context.codingPath.isEmpty ? "the body is not valid JSON" : context.debugDescription
            return (path(context.codingPath), message)
        @unknown default:
            return ("", "the body does not match the declared type")
        }
    }
}

/// Credentials are missing, or a token refresh failed: the app must sign in again.
public struct AuthenticationFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What happened, without any token.
    public var message: String

    /// Creates a failure.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
