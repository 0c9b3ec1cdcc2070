public import Foundation
import SpecgenSpec
public import SpecgenWire

/// A request as the mock server received it (the request every server of a spec judges alike).
public typealias MockRequest = WireRequest

/// One way a request differs from the spec.
public typealias MockProblem = WireProblem

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
