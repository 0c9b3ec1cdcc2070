import Foundation
import SpecgenMockServer
import SpecgenTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Starting and stopping the mock server.
struct MockServerLifecycleTests {
    /// A port another server holds fails at once, saying so, instead of waiting for a listening that never comes.
    @Test func aTakenPortIsNamedAtOnce() async throws {
        let (first, url) = try await Mocks.serve(try Mocks.service("Keyz"))
        let port = try #require(url.port.flatMap(UInt16.init(exactly:)))
        let second = try MockHTTPServer(service: try Mocks.service("Keyz"), port: port)
        let started = ContinuousClock.now
        let error = await #expect(throws: MockHTTPServer.StartError.self) { _ = try await second.start() }
        // Well under the 30 seconds a start waits for a listening that never comes, with room for a test run that
        // keeps both cores busy.
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(
            error?.description
                == "cannot listen on 127.0.0.1:\(port): address already in use (another server has the port; pick "
                + "another with --port)")
        await first.stop()
    }

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
