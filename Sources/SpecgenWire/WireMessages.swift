public import Foundation
public import SpecgenSpec

/// A request as a server of the spec receives it: the mock serves it, and the diff's proofs send it.
public struct WireRequest: Sendable {
    /// The method, such as `POST`.
    public var method: String
    /// The path, still percent-encoded, without the query.
    public var path: String
    /// The query string, still percent-encoded, without `?`; empty when there is none.
    public var query: String
    /// Header fields in the order received; names compare case-insensitively.
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: Data

    /// Creates a request.
    public init(
        method: String, path: String, query: String = "", headers: [(name: String, value: String)] = [],
        body: Data = Data()
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The first value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// One way a request differs from the spec: which field, what is wrong, and where the spec declares it.
public struct WireProblem: Hashable, Sendable, CustomStringConvertible {
    /// The field, such as `body.email`, `query.limit`, `path.documentId` or `header.Authorization`.
    public var field: String
    /// What is wrong, such as `is required` or `expected an integer, found "ten"`.
    public var message: String
    /// Where the spec declares what the field should be.
    public var location: SourceLocation

    /// Creates a problem.
    public init(field: String, message: String, location: SourceLocation) {
        self.field = field
        self.message = message
        self.location = location
    }

    /// `body.email is required (Specs/Keyz.yaml:31:7)`.
    public var description: String { "\(field) \(message) (\(location))" }
}
