public import Foundation
public import HTTPTypes

/// An operation's body together with the typed headers of the answer that carried it.
///
/// An operation whose spec declares response headers gets a second method that returns this, next to the one
/// that returns the body alone:
/// ```swift
/// let payment = try await client.createPayment(order)  // the body, as usual
/// let answer = try await client.createPaymentWithHeaders(order)
/// print(answer.body.id, answer.headers.location, answer.headers.rateLimitRemaining ?? 0)
/// ```
public struct ResponseWithHeaders<Body, Headers> {
    /// The decoded body.
    public var body: Body
    /// The declared headers, typed.
    public var headers: Headers
    /// The HTTP status of the answer, such as 200 or 201.
    public var status: Int

    /// Creates a response.
    public init(body: Body, headers: Headers, status: Int) {
        self.body = body
        self.headers = headers
        self.status = status
    }
}

extension ResponseWithHeaders: Sendable where Body: Sendable, Headers: Sendable {}
extension ResponseWithHeaders: Equatable where Body: Equatable, Headers: Equatable {}
extension ResponseWithHeaders: Hashable where Body: Hashable, Headers: Hashable {}

/// A scalar a response header carries as text.
public protocol HeaderValue {
    /// Parses a header's text, or returns nil when it is not a value of this type.
    init?(headerText: String)
}

extension String: HeaderValue {
    /// The text as it came.
    public init?(headerText: String) { self = headerText }
}

extension Int: HeaderValue {
    /// A decimal integer.
    public init?(headerText: String) { self.init(headerText) }
}

extension Int32: HeaderValue {
    /// A decimal integer.
    public init?(headerText: String) { self.init(headerText) }
}

extension Int64: HeaderValue {
    /// A decimal integer.
    public init?(headerText: String) { self.init(headerText) }
}

extension Double: HeaderValue {
    /// A decimal number.
    public init?(headerText: String) { self.init(headerText) }
}

extension Float: HeaderValue {
    /// A decimal number.
    public init?(headerText: String) { self.init(headerText) }
}

extension Bool: HeaderValue {
    /// `true` or `false`, in any case.
    public init?(headerText: String) {
        switch headerText.lowercased() {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }
}

extension UUID: HeaderValue {
    /// A UUID in its usual text form.
    public init?(headerText: String) { self.init(uuidString: headerText) }
}

extension Data: HeaderValue {
    /// Base64 text, as `bytes` travel wherever they are text.
    public init?(headerText: String) { self.init(base64Encoded: headerText) }
}

extension URL: HeaderValue {
    /// An absolute URL or a reference such as `/payments/pay_1` (as `Location` may carry).
    public init?(headerText: String) {
        guard !headerText.isEmpty else { return nil }
        self.init(string: headerText)
    }
}

/// Reads the declared headers of one answer for a generated `ResponseHeaders` struct.
///
/// A header's first value is read, trimmed of spaces. A required header that is missing, or a header whose text is
/// not a value of its type, is a ``ClientError/decoding(operation:status:path:message:)`` failure that keeps the
/// status and names the header, never its value (a header may carry a secret). The method that returns the body
/// alone never reads headers, so such an answer still works through it.
public struct ResponseHeaderReader: Sendable {
    /// The answer's headers.
    public let fields: HTTPFields
    /// The answer's status.
    public let status: Int
    /// The operation's qualified name, for errors.
    public let operation: String

    /// Creates a reader for one answer.
    public init(_ response: HTTPResponseData, operation: String) {
        fields = response.headerFields
        status = response.statusCode
        self.operation = operation
    }

    /// The header's text, or nil when the answer does not carry it.
    public func text(_ name: String) -> String? {
        guard let field = HTTPField.Name(name) else { return nil }
        return fields[values: field].first.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A header the spec declares required.
    public func required<Value: HeaderValue>(_ name: String, as type: Value.Type) throws(ClientError) -> Value {
        guard let value = try optional(name, as: type) else { throw missing(name) }
        return value
    }

    /// A header the spec declares optional: nil when absent.
    public func optional<Value: HeaderValue>(_ name: String, as type: Value.Type) throws(ClientError) -> Value? {
        try parse(name, "is not a valid \(type)") { Value(headerText: $0) }
    }

    /// A required header holding an enum's raw value; a string enum keeps a value it does not know.
    public func required<Value: RawRepresentable>(
        _ name: String, as type: Value.Type
    ) throws(ClientError) -> Value where Value.RawValue: HeaderValue {
        guard let value = try optional(name, as: type) else { throw missing(name) }
        return value
    }

    /// An optional header holding an enum's raw value.
    public func optional<Value: RawRepresentable>(
        _ name: String, as type: Value.Type
    ) throws(ClientError) -> Value? where Value.RawValue: HeaderValue {
        try parse(name, "is not a valid \(type)") { Value.RawValue(headerText: $0).flatMap(Value.init(rawValue:)) }
    }

    /// A required date header in `format`.
    public func required(_ name: String, as type: Date.Type, format: DateFormat) throws(ClientError) -> Date {
        guard let value = try optional(name, as: type, format: format) else { throw missing(name) }
        return value
    }

    /// An optional date header in `format`.
    public func optional(_ name: String, as type: Date.Type, format: DateFormat) throws(ClientError) -> Date? {
        try parse(name, "is not a date in \(format)") { format.date(from: $0) }
    }

    private func parse<Value>(
        _ name: String, _ problem: @autoclosure () -> String, _ read: (String) -> Value?
    ) throws(ClientError) -> Value? {
        guard let text = text(name) else { return nil }
        guard let value = read(text) else {
            throw .decoding(
                operation: operation, status: status, path: "",
                message: "header '\(name)' \(problem())")
        }
        return value
    }

    private func missing(_ name: String) -> ClientError {
        .decoding(operation: operation, status: status, path: "", message: "missing required header '\(name)'")
    }
}
