import ArgumentParser
import Dispatch
import Foundation
import SpecgenMock
import SpecgenMockServer
import SpecgenMockWebhooks
import SpecgenOpenAPI
import SpecgenSpec
import SpecgenWire

/// `specgen-mock <spec>`: serves a mock of the API straight from its spec, validating every request.
@main
struct SpecgenMockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "specgen-mock",
        abstract: "Serve a mock of an API from its spec, validating every request against it.",
        discussion: """
            Valid requests get the spec's examples, or values synthesized from its types. A request that does not \
            match the spec gets the status the spec documents for it (400, 401, 415 or 422), in the documented \
            error's shape, naming each field; where the spec documents none, a 400 or 401 \
            application/problem+json body that also gives each field's spec location.
            Send 'Prefer: status=409' to get a documented error. Endpoints may script successive answers with \
            'mock: sequence:'. HEAD answers wherever GET does. The file is reloaded when it changes. One line is \
            logged per request, with secrets redacted. SIGINT or SIGTERM stops it.
            """
    )

    @Argument(
        help:
            "The spec to serve, such as Specs/Keyz.yaml, or an OpenAPI 3.x or Swagger 2.0 document (imported in memory)."
    )
    var spec: String

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: UInt16 = 4010

    @Option(help: "The address to bind; loopback by default. Use 0.0.0.0 to accept other machines.")
    var host: String = "127.0.0.1"

    @Flag(help: "Do not log requests.")
    var quiet = false

    @Option(
        name: .customLong("credential"),
        help: ArgumentHelp(
            "A bearer token or API key to accept; repeat for more. Others get the documented 401. The OAuth2 token "
                + "URL hands out the first. Without any, every well-formed credential passes.",
            valueName: "value"))
    var credentials: [String] = []

    @Flag(help: "Ignore 'mock: sequence:' scripts: every request gets the first success (for fuzzers).")
    var unscripted = false

    @Flag(
        help: ArgumentHelp(
            "Keep what is created: a POST to a collection is there to read, list, update and delete; an item never "
                + "created or deleted gets the documented 404."))
    var stateful = false

    @Flag(
        help: ArgumentHelp(
            "Let browsers on other origins call it: OPTIONS preflights are answered and answers allow the origin."))
    var cors = false

    @Option(
        help: ArgumentHelp(
            "Forward every request to this server and log each way its answers (or the requests) break the spec.",
            valueName: "url"))
    var proxy: String?

    @Option(
        help: ArgumentHelp(
            "Instead of serving, send one signed delivery of this webhook event to --to and exit: 0 when the "
                + "receiver answers the status the spec gives the event.", valueName: "event"))
    var deliver: String?

    @Option(help: ArgumentHelp("Where --deliver posts the delivery.", valueName: "url"))
    var to: String?

    @Option(help: ArgumentHelp("The secret --deliver signs with, written as the receiver is given it.", valueName: "s"))
    var secret: String?

    @Flag(help: "With --deliver, change the body after signing, so the receiver must refuse it.")
    var tamper = false

    func run() async throws {
        if let deliver { return try await deliverEvent(deliver) }
        let service: MockService
        switch load() {
        case .success(let loaded):
            service = loaded.service
            if let note = loaded.note { FileHandle.standardError.write(Data((note + "\n").utf8)) }
        case .failure(let problems):
            FileHandle.standardError.write(Data((problems.description + "\n").utf8))
            throw ExitCode(1)
        }
        var log: (@Sendable (String) -> Void)?
        if !quiet { log = { line in Self.emit(line) } }
        let server: MockHTTPServer
        let upstream = try proxy.map { text in
            guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
                throw ValidationError("--proxy takes an http(s) URL, such as https://staging.example.com")
            }
            return url
        }
        do {
            server = try MockHTTPServer(service: service, host: host, port: port, log: log, upstream: upstream)
        } catch {
            throw ValidationError(error.description)
        }
        let url = try await server.start()
        let endpoints = service.spec.endpoints.count
        let role = proxy.map { "Checking \($0) against" } ?? "Mocking"
        Self.emit("\(role) \(service.spec.name) (\(endpoints) endpoints from \(spec)) at \(url)")
        let watcher = Task { [self] in await watch(server) }
        let signal = await Self.nextTerminationSignal()
        watcher.cancel()
        Self.emit("Received \(signal); stopping.")
        await server.stop()
    }

    /// A mock and what to say of how it was loaded.
    struct Loaded: Sendable {
        var service: MockService
        var note: String?
    }

    /// The mock of the file: a spec, or an OpenAPI 3.x or Swagger 2.0 document imported in memory.
    func load() -> Result<Loaded, MockService.LoadError> {
        guard let data = FileManager.default.contents(atPath: spec), OpenAPIDocumentInput.isDocument(Array(data)) else {
            do throws(MockService.LoadError) {
                let service = try MockService(
                    contentsOf: spec, credentials: credentials, scripted: !unscripted, stateful: stateful, cors: cors)
                return .success(Loaded(service: service))
            } catch {
                return .failure(error)
            }
        }
        // The import names each other file by its path from here (relative to the file that refers to it).
        let imported = OpenAPIDocumentInput.importDocument(bytes: Array(data), path: spec) { file in
            FileManager.default.contents(atPath: file).map(Array.init)
        }
        guard let document = imported.spec else { return .failure(MockService.LoadError(diagnostics: imported.errors)) }
        let service = MockService(
            spec: document, credentials: credentials, scripted: !unscripted, stateful: stateful, cors: cors)
        let note =
            "note: \(spec) is an OpenAPI document, imported in memory"
            + (imported.warnings > 0
                ? " with \(imported.warnings) warning(s) on what the spec format cannot say; "
                    + "`specgen import-openapi \(spec)` lists them" : "")
        return .success(Loaded(service: service, note: note))
    }

    /// Reloads the mock whenever the file's bytes change: a spec with errors is reported and the last good one
    /// keeps answering. What a stateful mock kept is forgotten with the old spec.
    func watch(_ server: MockHTTPServer) async {
        var last = FileManager.default.contents(atPath: spec)
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(500))
            let now = FileManager.default.contents(atPath: spec)
            guard let now, now != last else { continue }
            last = now
            switch load() {
            case .success(let loaded):
                server.replace(loaded.service)
                Self.emit("Reloaded \(spec): \(loaded.service.spec.endpoints.count) endpoints")
            case .failure(let problems):
                Self.emit("Kept the last good spec: \(spec) now has errors")
                FileHandle.standardError.write(Data((problems.description + "\n").utf8))
            }
        }
    }

    /// Waits for SIGINT or SIGTERM, handled here instead of killing the process, so the server stops cleanly.
    /// Writes one line to standard output unbuffered, so a pipe sees each request as it is answered.
    static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private static let signalQueue = DispatchQueue(label: "specgen-mock.signals")

    private static func nextTerminationSignal() async -> String {
        await withCheckedContinuation { continuation in
            let once = SignalOnce(continuation)
            for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
                Foundation.signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: signalQueue)
                source.setEventHandler { once.fire(name) }
                source.resume()
                once.keep(source)
            }
        }
    }
}

/// Resumes the continuation for the first signal only, and keeps the signal sources alive until then.
private final class SignalOnce: @unchecked Sendable {
    // Set up before any signal can arrive; afterwards touched only on the sources' serial queue.
    private var continuation: CheckedContinuation<String, Never>?
    private var sources: [any DispatchSourceSignal] = []

    init(_ continuation: CheckedContinuation<String, Never>) { self.continuation = continuation }

    func keep(_ source: any DispatchSourceSignal) { sources.append(source) }

    func fire(_ name: String) {
        continuation?.resume(returning: name)
        continuation = nil
    }
}

extension SpecgenMockCommand {
    /// `--deliver <event> --to <url>`: one signed delivery, and whether the receiver answered as the spec says.
    func deliverEvent(_ event: String) async throws {
        guard let target = to.flatMap(URL.init(string:)), target.scheme == "http" || target.scheme == "https" else {
            throw ValidationError("--deliver needs --to with the receiver's http(s) URL")
        }
        let loaded: Loaded
        switch load() {
        case .success(let value): loaded = value
        case .failure(let problems):
            FileHandle.standardError.write(Data((problems.description + "\n").utf8))
            throw ExitCode(1)
        }
        let delivery: WebhookDeliveries.Delivery
        do throws(WebhookDeliveries.Failure) {
            delivery = try WebhookDeliveries(spec: loaded.service.spec).delivery(
                of: event, secret: secret, tampered: tamper, id: "msg_\(UUID().uuidString.prefix(8).lowercased())")
        } catch {
            throw ValidationError(error.description)
        }
        let status: Int
        do {
            status = try await WebhookDeliveries.send(delivery, to: target)
        } catch {
            FileHandle.standardError.write(Data("error: could not deliver to \(target): \(error)\n".utf8))
            throw ExitCode(1)
        }
        // A tampered delivery is meant to be refused: any 4XX is the receiver doing its job.
        let expected = tamper ? StatusPattern.range(4) : delivery.answer
        let verdict = expected.matches(status) ? "as expected" : "expected \(expected)"
        Self.emit("Delivered \(event)\(tamper ? " (tampered)" : "") to \(target): \(status), \(verdict)")
        if !expected.matches(status) { throw ExitCode(1) }
    }
}
