import Foundation
import Handwritten

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The three calls written by hand, answered from memory after reading the request body.
package struct HandwrittenCalls {
    package init() {}

    static func answering(_ status: Int, _ body: Data) -> SendRequest {
        { request in
            blackHole(request.httpBody?.count ?? 0)
            let response = HTTPURLResponse(
                url: request.url ?? Fixtures.baseURL, statusCode: status, httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": "application/json"])
            guard let response else { throw HandwrittenError.badURL }
            return (body, response)
        }
    }

    let chatist = HandwrittenClient(
        baseURL: Fixtures.baseURL, apiKey: "key_live_123", send: answering(200, Fixtures.ticket))
    let chatistSend = HandwrittenClient(
        baseURL: Fixtures.baseURL, apiKey: "key_live_123",
        send: answering(201, Fixtures.message))
    let keyz = HandwrittenClient(baseURL: Fixtures.baseURL, apiKey: "", send: answering(200, Fixtures.tokens))

    package func getTicket() async throws {
        let ticket = try await chatist.getTicket("ticket_123")
        precondition(ticket.messages.count == 20)
    }

    package func loginUser() async throws {
        let tokens = try await keyz.loginUser(email: "ada@example.com", password: "p@ss/w+rd=")
        precondition(tokens.expires_in == 3600)
    }

    package func sendMessage() async throws {
        let file = AttachmentDto(name: "log.bin", mimeType: "application/octet-stream", data: Fixtures.attachment)
        let message = try await chatistSend.sendMessage("ticket_123", message: "Here is the log.", attachments: [file])
        precondition(message.id == "msg_99")
    }
}
