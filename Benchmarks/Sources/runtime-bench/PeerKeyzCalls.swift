import Foundation
import PeerKeyz

/// Keyz's token call through the client swift-openapi-generator writes from the exported OpenAPI document.
struct PeerKeyzCalls {
    let keyz = Client(serverURL: Fixtures.baseURL, transport: PeerInMemoryTransport(status: .ok, body: Fixtures.tokens))

    func loginUser() async throws {
        let output = try await keyz.loginUser(
            body: .urlEncodedForm(
                .init(
                    grant_type: .password, username: "ada@example.com",
                    password: "p@ss/w+rd=")))
        let tokens = try output.ok.body.json
        precondition(tokens.expires_in == 3600)
    }
}

/// The peer's three calls.
struct PeerCalls {
    let chatist = PeerChatistCalls()
    let keyz = PeerKeyzCalls()

    func getTicket() async throws { try await chatist.getTicket() }
    func loginUser() async throws { try await keyz.loginUser() }
    func sendMessage() async throws { try await chatist.sendMessage() }
}
