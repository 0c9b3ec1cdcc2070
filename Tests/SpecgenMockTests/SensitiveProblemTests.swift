import Foundation
import SpecgenMock
import SpecgenMockServer
import SpecgenSpec
import SpecgenWire
import Testing

/// What a rejection echoes, over a real socket: nothing of a `sensitive` field's value, and every other value (and
/// every allowed value it lists) cut to 40 characters.
struct SensitiveProblemTests {
    static let spec = """
        specgen: 1
        name: Vault
        models:
          Mode:
            enum: [standard, an-allowed-value-far-longer-than-forty-characters-in-all]
          Unlock:
            properties:
              mode: {type: Mode, sensitive: true}
              label: Mode
              pin: {type: string, sensitive: true, pattern: "^[0-9]{4}$"}
        endpoints:
          unlock: {request: POST /unlock, body: Unlock, response: {204: empty}}
        """

    @Test func sensitiveValuesAreNeverEchoedAndOthersAreCut() async throws {
        let loaded = Spec.load(bytes: Array(Self.spec.utf8), path: "Vault.yaml")
        let service = MockService(spec: try #require(loaded.spec, "\(loaded.diagnostics)"))
        let (server, url) = try await Mocks.serve(service)
        let long = String(repeating: "y", count: 60)
        let body = #"{"mode": "TOPSECRET", "label": "\#(long)", "pin": "12ab"}"#
        let response = try await send(
            "POST", url.appending(path: "unlock"), headers: ["Content-Type": "application/json"],
            body: Data(body.utf8))
        await server.stop(timeout: 0)
        #expect(response.status == 400)
        let messages = try #require(response.problems.compactMap { $0["message"] as? String })
        #expect(
            messages == [
                "is \"<redacted>\", not one of Mode's values: standard, "
                    + "an-allowed-value-far-longer-than-forty-c…",
                "is \"\(String(repeating: "y", count: 40))…\", not one of Mode's values: standard, "
                    + "an-allowed-value-far-longer-than-forty-c…",
                "does not match the pattern ^[0-9]{4}$",
            ])
        #expect(!response.text.contains("TOPSECRET") && !response.text.contains("12ab"))
        let logged = try #require(service.history.last)
        #expect(logged.problems.map(\.field) == ["body.mode", "body.label", "body.pin"])
        #expect(!logged.problems.map(\.message).joined().contains("TOPSECRET"))
    }
}
