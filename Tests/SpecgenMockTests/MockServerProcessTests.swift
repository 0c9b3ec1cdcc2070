import Foundation
import SpecgenMock
import SpecgenSpec
import SpecgenTestSupport
import SpecgenWire
import Testing

/// The `specgen-mock` executable as users run it, and what it logs.
struct MockServerProcessTests {
    @Test func servesLogsAndStopsCleanlyOnSIGTERM() async throws {
        let mock = try await MockProcess.start(["Specs/Keyz.yaml", "--port", "0"])
        #expect(mock.log.hasPrefix("Mocking Keyz (4 endpoints from Specs/Keyz.yaml) at http://127.0.0.1:"))

        let body = #"{"email":"ada@example.com","password":"pw","firstName":"Ada","name":"Lovelace"}"#
        let created = try await send(
            "POST", mock.url.appending(path: "auth/register/"),
            headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        #expect(created.status == 201)
        _ = try await mock.waitFor("registerUser")

        await mock.stop()
        #expect(mock.process.terminationReason == .exit)
        #expect(mock.process.terminationStatus == 0)
        #expect(mock.log.contains("POST /auth/register/ -> 201 registerUser\n"))
        #expect(mock.log.contains("Received SIGTERM; stopping."))
    }

    @Test func aBrokenSpecIsReportedWithItsLocationAndExitsOne() async throws {
        let run = try await ProcessRun.product("specgen-mock", ["Tests/Fixtures/mock-sequence/spec.yaml"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("Tests/Fixtures/mock-sequence/spec.yaml:18:11: error: mock step"))
    }

    @Test func secretsNeverReachTheLogOrTheProblems() throws {
        let yaml = """
            specgen: 1
            name: Vault
            version: 1.0.0
            auth:
              key: {type: apiKey, in: query, name: api_key}
            security: key
            endpoints:
              getSecret:
                request: GET /secrets/{id}
                path:
                  id: uuid
                query:
                  pin: {type: string, sensitive: true, pattern: "^[0-9]{4}$"}
                response: string
            """
        let spec = try #require(Spec.load(bytes: Array(yaml.utf8), path: "Vault.yaml").spec)
        let service = MockService(spec: spec)
        let exchange = service.respond(
            to: MockRequest(
                method: "GET", path: "/secrets/abc",
                query: "api_key=SUPERSECRET&pin=SECRETPIN"))
        // Vault documents no status for a bad request: a 400 problem document, which the export documents.
        #expect(exchange.response.status == 400)
        #expect(exchange.problems.map(\.field) == ["path.id", "query.pin"])
        #expect(
            exchange.logLine
                == "GET /secrets/abc?api_key=<redacted>&pin=<redacted> -> 400 getSecret [path.id, query.pin]")
        let body = String(decoding: exchange.response.body, as: UTF8.self)
        #expect(!body.contains("SECRETPIN") && !body.contains("SUPERSECRET"))
        #expect(body.contains(#"is \"abc\", not a uuid"#))
    }
}
