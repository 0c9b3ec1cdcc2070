import Foundation
import HTTPTypes
import OpenAPIRuntime
import PeerChatist

/// Answers every request from memory after reading its whole body (the peer streams bodies, so a transport that
/// skipped them would skip the multipart encoding too).
struct PeerInMemoryTransport: ClientTransport {
    let status: HTTPResponse.Status
    let body: Data

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        if let body { blackHole(try await Data(collecting: body, upTo: .max).count) }
        return (HTTPResponse(status: status, headerFields: [.contentType: "application/json"]), HTTPBody(self.body))
    }
}

/// Adds the API key header, as an app using the peer's client writes it (the peer leaves auth to middlewares).
struct PeerAPIKeyMiddleware: ClientMiddleware {
    let key: String

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if let name = HTTPField.Name("X-API-Key") { request.headerFields[name] = key }
        return try await next(request, body, baseURL)
    }
}

/// Chatist's two calls through the client swift-openapi-generator writes from the exported OpenAPI document.
package struct PeerChatistCalls {
    package init() {}

    let chatist = Client(
        serverURL: Fixtures.baseURL, transport: PeerInMemoryTransport(status: .ok, body: Fixtures.ticket),
        middlewares: [PeerAPIKeyMiddleware(key: "key_live_123")])
    let chatistSend = Client(
        serverURL: Fixtures.baseURL,
        transport: PeerInMemoryTransport(status: .created, body: Fixtures.message),
        middlewares: [PeerAPIKeyMiddleware(key: "key_live_123")])

    package func getTicket() async throws {
        let output = try await chatist.getTicket(
            path: .init(ticketID: "ticket_123"),
            headers: .init(X_hyphen_Chatist_hyphen_Platform: .ios))
        let ticket = try output.ok.body.json
        precondition(ticket.messages.count == 20)
    }

    package func sendMessage() async throws {
        let parts: MultipartBody<Components.Schemas.SendMessage> = [
            .message(.init(payload: .init(body: HTTPBody("Here is the log.")))),
            .attachments(.init(payload: .init(body: HTTPBody(Fixtures.attachment)), filename: "log.bin")),
        ]
        let output = try await chatistSend.sendMessage(
            path: .init(ticketID: "ticket_123"),
            headers: .init(X_hyphen_Chatist_hyphen_Platform: .ios),
            body: .multipartForm(parts))
        let message = try output.created.body.json
        precondition(message.id == "msg_99")
    }
}
