import Foundation
import SpecgenMock
import SpecgenMockServer
import SpecgenSpec
import SpecgenTestSupport
import SpecgenWire
import Synchronization
import Testing

/// What a Prism user expects of a mock, over real sockets: `HEAD` wherever `GET` is, CORS for pages on other
/// origins, an OpenAPI document served as it is, and the file reloaded when it changes.
struct MockEverydayTests {
    @Test func headAnswersWhereGetDoesWithoutTheBody() async throws {
        try await Mocks.with("DocumentAI") { url, service in
            let path = url.appending(path: "documents/\(UUID())")
            let get = try await send("GET", path, headers: ["Authorization": "Bearer t"])
            let head = try await send("HEAD", path, headers: ["Authorization": "Bearer t"])
            #expect(get.status == 200 && !get.body.isEmpty)
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(head.headers["content-type"] == get.headers["content-type"])
            #expect(service.history.map(\.method) == ["GET", "HEAD"])
            #expect(service.history.map(\.status) == [200, 200])
        }
    }

    @Test func corsAnswersPreflightsAndAllowsTheOrigin() async throws {
        let service = try Mocks.service("Keyz", cors: true)
        let (server, url) = try await Mocks.serve(service)
        let origin = "http://localhost:5173"
        let preflight = try await send(
            "OPTIONS", url.appending(path: "auth/register/"),
            headers: [
                "Origin": origin, "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "content-type, authorization",
            ])
        let created = try await send(
            "POST", url.appending(path: "auth/register/"),
            headers: ["Origin": origin, "Content-Type": "application/json"],
            body: Data(#"{"email":"ada@example.com","password":"pw","firstName":"Ada","name":"Lovelace"}"#.utf8))
        let unknown = try await send(
            "OPTIONS", url.appending(path: "nothing"),
            headers: ["Origin": origin, "Access-Control-Request-Method": "GET"])
        await server.stop(timeout: 0)
        #expect(preflight.status == 204)
        #expect(preflight.headers["access-control-allow-origin"] == origin)
        #expect(preflight.headers["access-control-allow-methods"] == "POST, OPTIONS")
        #expect(preflight.headers["access-control-allow-headers"] == "content-type, authorization")
        #expect(created.status == 201)
        #expect(created.headers["access-control-allow-origin"] == origin)
        #expect(created.headers["access-control-expose-headers"] == "*")
        #expect(unknown.status == 404)
        // Without `cors`, a preflight is a method the path does not declare.
        try await Mocks.with("Keyz") { url, _ in
            let refused = try await send(
                "OPTIONS", url.appending(path: "auth/register/"),
                headers: ["Origin": origin, "Access-Control-Request-Method": "POST"])
            #expect(refused.status == 405 && refused.headers["access-control-allow-origin"] == nil)
        }
    }

    @Test func anOpenAPIDocumentIsServedAndReloadedWhenItChanges() async throws {
        let folder = try makeTemporaryFolder("mock-reload")
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("openapi.yaml")
        let original = try String(
            contentsOf: PackagePaths.url("Tests/Fixtures/import-read-write-only/openapi.yaml"), encoding: .utf8)
        try original.write(to: document, atomically: true, encoding: .utf8)
        let mock = try await MockProcess.start([document.path, "--port", "0"])
        do {
            try await reload(mock, document: document, original: original)
        } catch {
            await mock.stop()
            throw error
        }
        await mock.stop()
    }

    func reload(_ mock: MockProcess, document: URL, original: String) async throws {
        #expect(mock.errors.contains("is an OpenAPI document, imported in memory with 5 warning(s)"))

        let body = Data(#"{"email":"ada@example.com","password":"pw"}"#.utf8)
        let json = ["Content-Type": "application/json"]
        #expect(try await send("POST", mock.url.appending(path: "sessions"), headers: json, body: body).status == 204)
        #expect(try await send("POST", mock.url.appending(path: "logins"), headers: json, body: body).status == 404)

        try original.replacingOccurrences(of: "/sessions:", with: "/logins:")
            .write(to: document, atomically: true, encoding: .utf8)
        _ = try await mock.waitFor("Reloaded \(document.path): 3 endpoints")
        #expect(try await send("POST", mock.url.appending(path: "logins"), headers: json, body: body).status == 204)
        #expect(try await send("POST", mock.url.appending(path: "sessions"), headers: json, body: body).status == 404)

        // A broken edit keeps the last good document answering.
        try "openapi: 3.0.3\npaths: [".write(to: document, atomically: true, encoding: .utf8)
        _ = try await mock.waitFor("Kept the last good spec")
        #expect(try await send("POST", mock.url.appending(path: "logins"), headers: json, body: body).status == 204)
    }
}

extension MockEverydayTests {
    /// `Prefer: dynamic=true` walks the shapes an answer can take, each one within the spec.
    @Test func preferDynamicVariesTheAnswerWithinTheSpec() async throws {
        let service = try MockService(contentsOf: PackagePaths.url(StatefulMockTests.spec).path)
        let (server, url) = try await Mocks.serve(service)
        var bodies: [Data] = []
        for prefer in ["dynamic=true", "dynamic=true", "dynamic=true", ""] {
            let answer = try await send(
                "GET", url.appending(path: "todos/t_a"), headers: ["Authorization": "Bearer t", "Prefer": prefer])
            #expect(answer.status == 200)
            bodies.append(answer.body)
        }
        await server.stop(timeout: 0)
        #expect(Set(bodies.prefix(3)).count == 3, "three requests, three different answers")
        let check = ServerValueCheck(spec: service.spec)
        for body in bodies {
            #expect(check.problems(in: try #require(JSONText.parse(body)), as: .named("Todo")).isEmpty)
        }
        #expect(service.history.count == 4)
    }

    /// A document spread over files, named by a path relative to the working folder: its `$ref`s are read from
    /// beside it, and the answers come from the types they hold.
    @Test func aMultiFileDocumentIsReadFromBesideIt() async throws {
        let mock = try await MockProcess.start(["Tests/Fixtures/import-multi-file/openapi.yaml", "--port", "0"])
        let animals = try await send("GET", mock.url.appending(path: "animals"))
        await mock.stop()
        #expect(!mock.errors.contains("error"), "\(mock.errors)")
        #expect(animals.status == 200)
        let first = try #require((try JSONSerialization.jsonObject(with: animals.body) as? [[String: Any]])?.first)
        let schema = try String(
            contentsOf: PackagePaths.url("Tests/Fixtures/import-multi-file/schemas/animal.yaml"), encoding: .utf8)
        #expect(!first.isEmpty && first.keys.allSatisfy { schema.contains("\($0):") }, "\(first)")
    }
}

/// `specgen-mock` run as a process: its address, what it logs, and a way to wait for a line.
final class MockProcess: Sendable {
    let process: Process
    let url: URL
    private let output: TextLog
    private let errorLog: TextLog
    private let outputPipe: Pipe

    /// What it wrote to standard output so far: the banner and the request log.
    var log: String { output.text }
    /// What it wrote to standard error.
    var errors: String { errorLog.text }

    private init(process: Process, url: URL, output: TextLog, errors: TextLog, outputPipe: Pipe) {
        self.process = process
        self.url = url
        self.output = output
        self.errorLog = errors
        self.outputPipe = outputPipe
    }

    /// Starts `specgen-mock` with `arguments` in the package's folder and waits for its banner.
    static func start(_ arguments: [String]) async throws -> MockProcess {
        let process = Process()
        process.executableURL = PackagePaths.productsDirectory.appendingPathComponent("specgen-mock")
        process.arguments = arguments
        process.currentDirectoryURL = PackagePaths.root
        let (out, err) = (Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        let (received, errors) = (TextLog(), TextLog())
        out.fileHandleForReading.readabilityHandler = { received.append($0.availableData) }
        err.fileHandleForReading.readabilityHandler = { errors.append($0.availableData) }
        try process.run()
        for _ in 0..<400 {
            let banner = received.text
            if let line = banner.split(separator: "\n").first, banner.contains("\n"),
                let address = line.split(separator: " ").last, let url = URL(string: String(address))
            {
                _ = ServedPorts.claim(url.port ?? 0)
                return MockProcess(process: process, url: url, output: received, errors: errors, outputPipe: out)
            }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.terminate()
        throw FlowTimeout(waitingFor: "the banner", received: received.text + errors.text)
    }

    /// Waits up to 10 s for `text` in the log.
    func waitFor(_ text: String) async throws -> String {
        for _ in 0..<200 {
            let now = output.text
            if now.contains(text) { return now }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        throw FlowTimeout(waitingFor: text, received: output.text)
    }

    /// Stops it with SIGTERM and waits for it to exit, on a thread of its own: the server may take a while to let
    /// go of the connections a shared session keeps open, and the concurrency pool's threads are the socket
    /// tests'. Then the log holds everything it wrote.
    func stop() async {
        guard process.isRunning else { return }
        process.terminate()
        let (process, pipe, output) = (process, outputPipe, output)
        _ = try? await offThePool {
            process.waitUntilExit()
            pipe.fileHandleForReading.readabilityHandler = nil
            output.append(pipe.fileHandleForReading.readDataToEndOfFile())
        }
    }
}

/// Text a pipe delivers, collected as it arrives.
final class TextLog: Sendable {
    private let collected = Mutex("")

    var text: String { collected.withLock { $0 } }

    func append(_ data: Data) { collected.withLock { $0 += String(decoding: data, as: UTF8.self) } }
}

/// A process did not write what a test waited for, in time; it says what it wrote instead.
struct FlowTimeout: Error, CustomStringConvertible {
    var waitingFor: String
    var received: String
    var description: String { "timed out waiting for \(waitingFor.debugDescription); received: \(received)" }
}
