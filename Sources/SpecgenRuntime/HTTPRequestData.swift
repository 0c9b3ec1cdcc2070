public import Foundation
public import HTTPTypes

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// One query item, in the order the request builder added it.
public struct QueryItem: Hashable, Sendable {
    /// The name, unencoded.
    public var name: String
    /// The value, unencoded; nil for a bare `?flag`.
    public var value: String?
    /// The elements of a comma-separated list (`ids=a,b`), each encoded on its own so the commas between them stay
    /// literal; nil for a plain value.
    public var elements: [String]?
    /// Whether the value is a credential (an API key in the query): redacted in logs, and removed from a redirect
    /// to another origin.
    public var isCredential = false

    /// Creates a query item.
    public init(_ name: String, _ value: String?, isCredential: Bool = false) {
        self.name = name
        self.value = value
        self.isCredential = isCredential
    }

    /// Creates an item whose value is a list joined by literal commas (OpenAPI's `explode: false`).
    public init(_ name: String, commaSeparated elements: [String]) {
        self.name = name
        self.value = elements.joined(separator: ",")
        self.elements = elements
    }

    /// The items of an object as OpenAPI's `deepObject` style sends it, `name[key]=value`, in key order so that a
    /// value always gives the same request.
    public static func deepObject(_ name: String, _ object: [String: String]) -> [QueryItem] {
        entries(of: object).map { QueryItem("\(name)[\($0.key)]", $0.value) }
    }

    /// An object's entries in key order, as `deepObject` items are sent.
    public static func entries<Value>(of object: [String: Value]) -> [(key: String, value: Value)] {
        object.sorted { $0.key < $1.key }
    }

    /// False for a comma-separated list with no elements, which is sent as nothing at all, not as `name=` (RFC 6570
    /// expands an empty list to nothing; OpenAPI's `explode: false` follows it, as `explode: true` does).
    var isSent: Bool { elements?.isEmpty != true }

    /// The encoded value: each element encoded and joined by commas, or the value encoded; a value equal to
    /// `verbatim` is left as it is.
    func encodedValue(
        verbatim: String? = nil, encoding encode: (String) -> String = PercentEncoding.encodeComponent
    ) -> String? {
        guard let value else { return nil }
        if value == verbatim { return value }
        if let elements { return elements.map(encode).joined(separator: ",") }
        return encode(value)
    }
}

/// Settings that replace an operation's own for the calls of a client or of one view of it (Gista's
/// `RequestConfig`): timeout, cache policy, extra headers, retries and an idempotency key.
public struct RequestOptions: Hashable, Sendable {
    /// Seconds before the request times out; nil uses the operation's (the spec's `timeout:`), else the transport's.
    public var timeout: TimeInterval?
    /// How URLSession's cache is used; nil uses the operation's, else the protocol's policy.
    public var cachePolicy: URLRequest.CachePolicy?
    /// Header fields every request carries, replacing a field of the same name the operation sets. Auth middlewares
    /// set their credentials after, so a credential cannot be replaced here. A name that is not a valid field name
    /// fails the call with ``ClientError/validation(operation:failure:)``.
    public var headers: [String: String]
    /// How calls are retried, replacing the client's and the operation's policy; nil keeps them.
    public var retry: CallRetry?
    /// The idempotency key to send instead of a fresh one, so a call retried across app launches is applied once.
    /// Only operations that declare an idempotency key take one; any other fails with
    /// ``ClientError/validation(operation:failure:)`` rather than send it under a header the API does not name.
    public var idempotencyKey: String?

    /// Creates options.
    public init(
        timeout: TimeInterval? = nil, cachePolicy: URLRequest.CachePolicy? = nil, headers: [String: String] = [:],
        retry: CallRetry? = nil, idempotencyKey: String? = nil
    ) {
        self.timeout = timeout
        self.cachePolicy = cachePolicy
        self.headers = headers
        self.retry = retry
        self.idempotencyKey = idempotencyKey
    }
}

/// How a call with ``RequestOptions/retry`` set is retried.
public enum CallRetry: Hashable, Sendable {
    /// Sent once, never retried.
    case never
    /// Retried under this policy, whatever the client's; still only where a retry is safe (idempotent methods and
    /// operations the spec marks so).
    case policy(RetryPolicy)
}

/// A request as a value: what a generated request builder returns, inspectable in tests without a network. It is the
/// HTTP request only; what the call around it needs (the operation, its auth, retries, options) is its
/// ``OperationContext``.
public struct HTTPRequestData: Hashable, Sendable {
    /// The method.
    public var method: HTTPRequest.Method
    /// The path below the server URL, with path parameters already substituted and percent-encoded.
    public var path: String
    /// Query items, unencoded; the transport encodes them.
    public var query: [QueryItem]
    /// Header fields. A field whose `indexingStrategy` is `.disallow` carries a credential (an API key, a
    /// header the spec marks sensitive): it is redacted in logs and never follows a redirect to another origin, as
    /// `Authorization`, `Proxy-Authorization` and `Cookie` never do.
    public var headerFields: HTTPFields
    /// The body bytes, if any.
    public var body: Data?
    /// A file the body is read from as it is sent, instead of ``body``, so a large upload never has to fit in
    /// memory (a multipart body with file parts is written to one). A transport that cannot send from a file gets
    /// its bytes in ``body`` from the client.
    public var bodyFile: BodyFile?
    /// The server URL the path is relative to; the client sets it before middlewares run.
    public var baseURL: URL?

    /// Creates a request.
    public init(
        method: HTTPRequest.Method, path: String, query: [QueryItem] = [], headerFields: HTTPFields = [:],
        body: Data? = nil, baseURL: URL? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headerFields = headerFields
        self.body = body
        self.baseURL = baseURL
    }

    /// The full URL: base URL, path and percent-encoded query.
    public var url: URL? {
        guard let baseURL else { return nil }
        var text = baseURL.absoluteString
        if text.hasSuffix("/") && path.hasPrefix("/") { text.removeLast() }
        text += path
        text += PercentEncoding.urlQuery(query)
        return URL(string: text)
    }
}

/// A response as a value.
public struct HTTPResponseData: Hashable, Sendable {
    /// The status.
    public var status: HTTPResponse.Status
    /// Header fields.
    public var headerFields: HTTPFields
    /// The body bytes; empty when the body is streamed.
    public var body: Data
    /// The body as it arrives, when the request asked for a stream and the transport gave one.
    public var bodyStream: HTTPBodyStream?
    /// The file the transport wrote a successful body to: the call's ``ResponseDelivery/download(to:)``.
    public var bodyFile: URL?

    /// The status code, such as 404.
    public var statusCode: Int { status.code }

    /// Whether the status is a success, 2XX.
    public var isSuccessful: Bool { status.kind == .successful }

    /// The most bytes of an error body kept when the success would have been streamed or downloaded: 1 MiB, enough
    /// for any documented error to decode.
    public static var errorBodyLimit: Int { 1 << 20 }

    /// The body in chunks: the stream when there is one, else the whole body as one chunk.
    public var chunks: HTTPBodyStream { bodyStream ?? HTTPBodyStream(body) }

    /// Creates a response.
    public init(
        status: HTTPResponse.Status, headerFields: HTTPFields = [:], body: Data = Data(),
        bodyStream: HTTPBodyStream? = nil
    ) {
        self.status = status
        self.headerFields = headerFields
        self.body = body
        self.bodyStream = bodyStream
    }
}

/// Percent-encoding that leaves only RFC 3986 unreserved characters as they are, so no caller encodes by hand.
public enum PercentEncoding {
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// `name=value&flag`, each name and value encoded, and empty lists left out; a value equal to `verbatim` is left
    /// as it is (the redaction placeholder, so a log reads `key=<redacted>`).
    static func query(_ items: [QueryItem], verbatim: String? = nil) -> String {
        guard !items.isEmpty else { return "" }
        // One pass, one array: an item that is not sent maps to nil.
        return items.compactMap { item in
            guard item.isSent else { return nil }
            return encodeComponent(item.name) + (item.encodedValue(verbatim: verbatim).map { "=" + $0 } ?? "")
        }.joined(separator: "&")
    }

    /// The query as a URL ends with it, `?name=value&flag`, or nothing when no item is sent.
    static func urlQuery(_ items: [QueryItem], verbatim: String? = nil) -> String {
        let query = query(items, verbatim: verbatim)
        return query.isEmpty ? "" : "?" + query
    }

    /// Encodes everything except `A-Z a-z 0-9 - . _ ~` (a path segment, query name or value).
    public static func encodeComponent(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return output
    }

    /// Encodes a form field for `application/x-www-form-urlencoded`: like a component, with spaces as `+`.
    public static func encodeFormComponent(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { encodeComponent(String($0)) }
            .joined(separator: "+")
    }
}
