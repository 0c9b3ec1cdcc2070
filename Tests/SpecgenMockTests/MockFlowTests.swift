import ExampleFlows
import Foundation
import SpecgenMock
import SpecgenWire
import Synchronization
import Testing

/// The five documented app flows of `Examples/`, through the generated clients, against mocks of their specs.
struct MockFlowTests {
    /// Each flow's steps and requests: DocumentAI polls twice (processing, then ready), Keyz's authorized request is
    /// answered 401 once and retried after a refresh, Gista's article list is answered 503 once and retried.
    static let expected: [String: (steps: Int, requests: Int)] = [
        "DocumentAI": (5, 7), "Keyz": (5, 6), "Chatist": (6, 7), "Joyfill": (4, 5), "Gista": (5, 7),
    ]

    @Test(arguments: ExampleFlows.all.map(\.name))
    func flowRunsAgainstTheMockOfItsSpec(_ name: String) async throws {
        let flow = try #require(ExampleFlows.all.first { $0.name == name })
        let steps = Mutex<[String]>([])
        try await Mocks.with(name) { url, service in
            try await flow.run(
                FlowContext(baseURL: url, pollInterval: 0.01) { line in steps.withLock { $0.append(line) } })
            let history = service.history
            let problems = history.flatMap(\.problems)
            #expect(problems.isEmpty, "\(problems)")
            #expect(history.count == Self.expected[name]?.requests)
        }
        #expect(steps.withLock { $0.count } == Self.expected[name]?.steps)
    }

    @Test func documentAIPollsThroughTheScriptedProcessingState() async throws {
        let steps = Mutex<[String]>([])
        try await Mocks.with("DocumentAI") { url, service in
            try await DocumentAIFlow.run(
                FlowContext(baseURL: url, pollInterval: 0.01) { line in steps.withLock { $0.append(line) } })
            let polls = service.history.filter { $0.operation == "getDocument" }
            #expect(polls.count == 2)
        }
        #expect(steps.withLock { $0.contains("polled until ready: 1 field region(s)") })
    }

    @Test func keyzRefreshesTheExpiredTokenAndSeesTheConflict() async throws {
        try await Mocks.with("Keyz") { url, service in
            try await KeyzFlow.run(FlowContext(baseURL: url) { _ in })
            let answered = service.history.map { "\($0.operation ?? "-") \($0.status)" }
            #expect(
                answered == [
                    "registerUser 201", "registerUser 409", "loginUser 200",
                    "authorizedRequest 401", "requestToken 200", "authorizedRequest 200",
                ])
        }
    }
}
