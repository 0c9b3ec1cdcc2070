import Chatist
import Foundation
import HTTPTypes
import Keyz
import SpecgenRuntime

/// Answers every request from memory after reading its whole body, as a network transport would.
struct InMemoryTransport: Transport {
    let status: HTTPResponse.Status
    let body: Data

    func send(_ request: HTTPRequestData, context: OperationContext) async throws -> HTTPResponseData {
        blackHole(request.body?.count ?? 0)
        return HTTPResponseData(status: status, headerFields: [.contentType: "application/json"], body: body)
    }
}

/// The three calls through the clients Specgen generates.
package struct SpecgenCalls {
    package init() {}

    let chatist = ChatistClient(
        baseURL: Fixtures.baseURL, apiKey: "key_live_123",
        transport: InMemoryTransport(status: .ok, body: Fixtures.ticket))
    let chatistSend = ChatistClient(
        baseURL: Fixtures.baseURL, apiKey: "key_live_123",
        transport: InMemoryTransport(status: .created, body: Fixtures.message))
    let keyz = KeyzClient(baseURL: Fixtures.baseURL, transport: InMemoryTransport(status: .ok, body: Fixtures.tokens))

    package func getTicket() async throws {
        let ticket = try await chatist.getTicket("ticket_123")
        precondition(ticket.messages.count == 20)
    }

    package func loginUser() async throws {
        let tokens = try await keyz.loginUser(email: "ada@example.com", password: "p@ss/w+rd=")
        precondition(tokens.expiresIn == 3600)
    }

    package func sendMessage() async throws {
        let file = MultipartFile(
            filename: "log.bin", contentType: "application/octet-stream", data: Fixtures.attachment)
        let message = try await chatistSend.sendMessage(
            "ticket_123", body: SendMessage(message: "Here is the log.", attachments: [file]))
        precondition(message.id == "msg_99")
    }
}
