import Foundation
import PeerKeyz

/// Keyz's token call through the client swift-openapi-generator writes from the exported OpenAPI document.
package struct PeerKeyzCalls {
    package init() {}

    let keyz = Client(serverURL: Fixtures.baseURL, transport: PeerInMemoryTransport(status: .ok, body: Fixtures.tokens))

    package func loginUser() async throws {
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
package struct PeerCalls {
    package init() {}

    let chatist = PeerChatistCalls()
    let keyz = PeerKeyzCalls()

    package func getTicket() async throws { try await chatist.getTicket() }
    package func loginUser() async throws { try await keyz.loginUser() }
    package func sendMessage() async throws { try await chatist.sendMessage() }
}
