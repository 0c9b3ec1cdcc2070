public import Foundation
public import SpecgenSpec

/// A request as the mock server received it.
public struct MockRequest: Sendable {
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

/// The mock's answer.
public struct MockResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields, in order.
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// One way a request differs from the spec: which field, what is wrong, and where the spec declares it.
public struct MockProblem: Hashable, Sendable, CustomStringConvertible {
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

/// What the mock did with one request, for its log and for tests.
public struct MockExchange: Sendable {
    /// The operation that answered, or nil when no endpoint matched.
    public var operation: String?
    /// Every operation whose declaration the request satisfies.
    public var matchingOperations: [String]
    /// The answer.
    public var response: MockResponse
    /// How the request differed from the spec; empty for a valid request.
    public var problems: [MockProblem]
    /// Body properties the spec does not declare, which the mock ignored as a server would.
    public var ignoredFields: [String]
    /// One log line, with secrets redacted: `POST /auth/token/ -> 200 loginUser`.
    public var logLine: String
}

/// An RFC 9457 problem document naming every mismatched field and where the spec declares it.
enum ProblemDocument {
    static let contentType = "application/problem+json"

    /// `body.email is required (string); query.limit ...`: every problem, in one line.
    static func detail(_ problems: [MockProblem]) -> String {
        problems.map { "\($0.field) \($0.message)" }.joined(separator: "; ")
    }

    static func response(
        status: Int, title: String, operation: String?, problems: [MockProblem],
        extraHeaders: [(name: String, value: String)] = []
    ) -> MockResponse {
        let detail = detail(problems)
        var entries: [SpecValueEntry] = [
            SpecValueEntry(key: "type", value: .string("urn:specgen:mock:request-mismatch")),
            SpecValueEntry(key: "title", value: .string(title)),
            SpecValueEntry(key: "status", value: .int(status)),
            SpecValueEntry(key: "detail", value: .string(detail)),
        ]
        if let operation { entries.append(SpecValueEntry(key: "operation", value: .string(operation))) }
        entries.append(
            SpecValueEntry(
                key: "errors",
                value: .array(
                    problems.map { problem in
                        .object([
                            SpecValueEntry(key: "field", value: .string(problem.field)),
                            SpecValueEntry(key: "message", value: .string(problem.message)),
                            SpecValueEntry(key: "specLocation", value: .string(problem.location.description)),
                        ])
                    })))
        // Error models most often read `message` or `error`; carrying the detail in both lets a generated client
        // that decodes its documented error body still show what the mock rejected.
        entries.append(SpecValueEntry(key: "message", value: .string(detail)))
        entries.append(SpecValueEntry(key: "error", value: .string(detail)))
        return MockResponse(
            status: status, headers: [("Content-Type", contentType)] + extraHeaders,
            body: Data(JSONText.encode(.object(entries)).utf8))
    }
}
