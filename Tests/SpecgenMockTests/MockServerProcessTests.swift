import Foundation
import SpecgenMock
import SpecgenSpec
import SpecgenTestSupport
import SpecgenWire
import Synchronization
import Testing

/// The `specgen-mock` executable as users run it, and what it logs.
struct MockServerProcessTests {
    @Test func servesLogsAndStopsCleanlyOnSIGTERM() async throws {
        let process = Process()
        process.executableURL = PackagePaths.productsDirectory.appendingPathComponent("specgen-mock")
        process.arguments = ["Specs/Keyz.yaml", "--port", "0"]
        process.currentDirectoryURL = PackagePaths.root
        let output = Pipe()
        process.standardOutput = output
        let received = Mutex("")
        output.fileHandleForReading.readabilityHandler = { handle in
            let chunk = String(decoding: handle.availableData, as: UTF8.self)
            received.withLock { $0 += chunk }
        }
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        func waitFor(_ text: String) async throws -> String {
            for _ in 0..<200 {
                let now = received.withLock { $0 }
                if now.contains(text) { return now }
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            throw FlowTimeout(waitingFor: text, received: received.withLock { $0 })
        }
        let banner = try await waitFor("\n")
        #expect(banner.hasPrefix("Mocking Keyz (4 endpoints from Specs/Keyz.yaml) at http://127.0.0.1:"))
        let address = try #require(banner.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines))
        let url = try #require(URL(string: address))
        // Later servers of this process keep off the port, which the shared session may still hold connections to.
        _ = ServedPorts.claim(url.port ?? 0)

        let body = #"{"email":"ada@example.com","password":"pw","firstName":"Ada","name":"Lovelace"}"#
        let created = try await send(
            "POST", url.appending(path: "auth/register/"),
            headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        #expect(created.status == 201)
        _ = try await waitFor("registerUser")

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        let log =
            received.withLock { $0 }
            + String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(log.contains("POST /auth/register/ -> 201 registerUser\n"))
        #expect(log.contains("Received SIGTERM; stopping."))
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

struct FlowTimeout: Error, CustomStringConvertible {
    var waitingFor: String
    var received: String
    var description: String { "timed out waiting for \(waitingFor.debugDescription); received: \(received)" }
}
