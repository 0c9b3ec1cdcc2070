import Foundation
import SpecgenFixtureRelay
import SpecgenMock
import SpecgenRuntime
import SpecgenTestSupport
import SpecgenWire
import Testing

/// Relay's production server puts a region and a version in its URL, and both servers serve media from a host of
/// their own, which `getMedia` names with `server: media`.
struct ServerURLTests {
    @Test func variablesHaveTheirDefaultsAndValues() {
        #expect(RelayServer.production().address == "https://eu.api.relay.example/v1")
        #expect(RelayServer.production(region: .usEast).address == "https://us-east.api.relay.example/v1")
        // A free variable is percent-encoded, so any text still makes a URL.
        #expect(
            RelayServer.production(version: "v2 beta/1").url.absoluteString
                == "https://eu.api.relay.example/v2%20beta%2F1")
        #expect(RelayServer.Region.allCases.map(\.rawValue) == ["eu", "us-east"])
        #expect(
            RelayServer.production(region: .usEast).urls == [
                "media": URL(string: "https://media-us-east.relay.example")
            ])
        #expect(RelayServer.sandbox.urls == ["media": URL(string: "https://media.sandbox.relay.example")])
    }

    @Test func theServerInitializerSetsTheBaseURLAndTheMediaHost() throws {
        let client = RelayClient(
            server: .production(region: .usEast, version: "v2"), account: AuthFlowTests.account,
            partnerCredentials: AuthFlowTests.partner)
        #expect(client.client.baseURL.absoluteString == "https://us-east.api.relay.example/v2")
        #expect(client.client.serverURLs == ["media": URL(string: "https://media-us-east.relay.example")])
    }

    @Test func eachOperationGoesToItsServerURLWithItsCredentials() async throws {
        let media = try TestHTTPServer { _ in .json(#"{"id":"m1","bytes":2048}"#) }
        let mediaURL = try await media.start()
        let main = try await withTestServer({ _ in .json(#"{"sid":"AC123","name":"Ada"}"#) }) { url async throws in
            let client = AuthFlowTests.client(url).with(serverURLs: ["media": mediaURL])
            #expect(try await client.getAccount().sid == "AC123")
            #expect(try await client.getMedia(mediaID: "m1") == Media(id: "m1", bytes: 2048))
        }
        let mediaRequests = await media.requests
        await media.stop()
        #expect(main.map(\.path) == ["/account"])
        #expect(mediaRequests.map(\.path) == ["/media/m1"])
        #expect(mediaRequests.first?.headers["authorization"] == main.first?.headers["authorization"])
    }

    @Test func aClientPointedAtOneURLSendsEveryOperationThere() async throws {
        try await Mocks.with("Relay", path: AuthFlowTests.spec) { url, service async throws in
            let client = AuthFlowTests.client(url)
            _ = try await client.getAccount()
            let media = try await client.getMedia(mediaID: "m1")
            #expect(!media.id.isEmpty)
            #expect(service.history.map(\.operation) == ["getAccount", "getMedia"])
            #expect(service.history.allSatisfy { $0.problems.isEmpty })
        }
    }
}
