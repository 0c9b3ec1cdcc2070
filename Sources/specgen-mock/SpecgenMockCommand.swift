import ArgumentParser
import Dispatch
import Foundation
import SpecgenMock
import SpecgenMockServer
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
            'mock: sequence:'. One line is logged per request, with secrets redacted. SIGINT or SIGTERM stops it.
            """
    )

    @Argument(help: "The spec to serve, such as Specs/Keyz.yaml.")
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

    func run() async throws {
        let service: MockService
        do {
            service = try MockService(
                contentsOf: spec, credentials: credentials, scripted: !unscripted, stateful: stateful)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
        var log: (@Sendable (String) -> Void)?
        if !quiet { log = { line in Self.emit(line) } }
        let server: MockHTTPServer
        do {
            server = try MockHTTPServer(service: service, host: host, port: port, log: log)
        } catch {
            throw ValidationError(error.description)
        }
        let url = try await server.start()
        let endpoints = service.spec.endpoints.count
        Self.emit("Mocking \(service.spec.name) (\(endpoints) endpoints from \(spec)) at \(url)")
        let signal = await Self.nextTerminationSignal()
        Self.emit("Received \(signal); stopping.")
        await server.stop()
    }

    /// Waits for SIGINT or SIGTERM, handled here instead of killing the process, so the server stops cleanly.
    /// Writes one line to standard output unbuffered, so a pipe sees each request as it is answered.
    private static func emit(_ line: String) {
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
