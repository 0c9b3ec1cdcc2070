import Chatist
import Foundation
import SpecgenRuntime
import SpecgenTestSupport
import Testing

/// What a SwiftUI view model does: calls from the main actor, generated methods and hand-built calls alike, under
/// Swift 6's complete concurrency checking (this file does not compile if a call cannot be made from there).
@MainActor
final class TicketListModel {
    private(set) var tickets: [TicketPreview] = []
    private(set) var statuses: [Int] = []

    func load(_ client: ChatistClient) async throws(ChatistError) {
        tickets = try await client.getTickets()
    }

    /// A call the generated client does not make, built and sent by hand, streamed and plain.
    func loadByHand(_ client: APIClient) async throws(ChatistError) {
        let call = OperationCall<ChatistError>(client: client, operation: "Chatist.getTickets")
        let streamed = try await call.send(streaming: ChatistRequests.getTickets())
        statuses.append(streamed.statusCode)
        let plain = try await call.send(ChatistRequests.getTickets())
        statuses.append(plain.statusCode)
    }
}

struct MainActorCallTests {
    static let previews =
        #"[{"id":"t1","state":"open","lastMessage":{"id":"m1","ticketId":"t1","#
        + #""sender":{"name":"Ana"},"content":"Hi","isRead":false,"timestamp":"now"}}]"#

    @Test func aViewModelOnTheMainActorCallsGeneratedAndHandBuiltOperations() async throws {
        let requests = try await withTestServer({ _ in .json(Self.previews) }) { url async throws in
            let model = TicketListModel()
            try await model.load(ChatistClient(baseURL: url, apiKey: "key"))
            #expect(await model.tickets.map(\.id) == ["t1"])
            try await model.loadByHand(APIClient(baseURL: url))
            #expect(await model.statuses == [200, 200])
        }
        #expect(requests.map(\.path) == ["/tickets", "/tickets", "/tickets"])
    }
}
