public import Foundation
public import SpecgenRuntime

/// What every example flow gets: the server to talk to, and where to report each step.
public struct FlowContext: Sendable {
    /// The API's base URL: a deployment, or a mock server such as `specgen-mock`.
    public var baseURL: URL
    /// Seconds between polls, short against a mock, the spec's default against a real server.
    public var pollInterval: TimeInterval
    private let report: @Sendable (String) -> Void

    /// Creates a context; `report` receives one line per completed step.
    public init(baseURL: URL, pollInterval: TimeInterval = 0.05, report: @escaping @Sendable (String) -> Void) {
        self.baseURL = baseURL
        self.pollInterval = pollInterval
        self.report = report
    }

    /// Reports a completed step.
    public func step(_ text: String) { report(text) }
}

/// A flow step whose answer was not what the flow needs to go on.
public struct FlowFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// Creates a failure.
    public init(_ description: String) { self.description = description }
}

/// Asks a Prism-compatible mock server (such as `specgen-mock`) for one of the operation's documented statuses
/// with `Prefer: status=<code>`, to exercise an error path without a real server in that state.
public struct PreferStatus: Middleware {
    /// The status asked for.
    public let status: Int

    /// Creates the middleware.
    public init(_ status: Int) { self.status = status }

    /// Answers with the planned status, without calling the server.
    public func intercept(
        _ request: HTTPRequestData, context: OperationContext,
        next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData {
        var request = request
        request.setHeader("Prefer", "status=\(status)")
        return try await next(request)
    }
}

/// The five documented app flows, by the name `specgen-demo` accepts.
public enum ExampleFlows {
    /// A flow: its name, what it shows, and how to run it.
    public struct Flow: Sendable {
        /// The API's name, which is also the flow's.
        public var name: String
        /// The steps in one line.
        public var summary: String
        /// Runs the flow against `context.baseURL`.
        public var run: @Sendable (FlowContext) async throws -> Void
    }

    /// All five, in the order the demo runs them.
    public static let all: [Flow] = [
        Flow(
            name: "DocumentAI", summary: "upload PDF, process, poll until ready, submit values, compose, download URL",
            run: DocumentAIFlow.run),
        Flow(
            name: "Keyz", summary: "register (and the 409 path), login, authorized request, token refresh",
            run: KeyzFlow.run),
        Flow(
            name: "Chatist",
            summary: "branding (and its 'no update' nil), ticket with an image, message, tickets, customer and device",
            run: ChatistFlow.run),
        Flow(
            name: "Joyfill",
            summary: "page through documents and templates, fetch a JoyDoc, create a submission, save a changelog",
            run: JoyfillFlow.run),
        Flow(
            name: "Gista",
            summary: "create a username_UUID user, store a link, list links (retried), get, create and delete a gist",
            run: GistaFlow.run),
    ]
}
