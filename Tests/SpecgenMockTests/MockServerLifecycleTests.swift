import Foundation
import SpecgenMockServer
import SpecgenTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Stopping the mock server.
struct MockServerLifecycleTests {
    @Test func stopReturnsOnceTheServerRefusesConnections() async throws {
        let (server, url) = try await Mocks.serve(try Mocks.service("Keyz"))
        // A session of its own, so no pooled connection outlives the server.
        let session = URLSession(configuration: .ephemeral)
        let (_, answer) = try await session.data(from: url.appending(path: "no-such-path"))
        #expect((answer as? HTTPURLResponse)?.statusCode == 404)

        await server.stop()
        let refused = await #expect(throws: URLError.self) {
            _ = try await URLSession(configuration: .ephemeral).data(from: url.appending(path: "no-such-path"))
        }
        #expect(refused?.code == .cannotConnectToHost)
    }
}
