import FlyingFox
import FlyingSocks
public import Foundation

/// A request as the test server received it, byte for byte.
public struct RecordedRequest: Sendable {
    /// The method, such as `POST`.
    public var method: String
    /// The path, still percent-encoded.
    public var path: String
    /// The raw query string, still percent-encoded.
    public var rawQuery: String
    /// Header values by lowercased name.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data
}

/// A canned answer.
public struct CannedResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Headers.
    public var headers: [String: String]
    /// The body.
    public var body: Data
    /// Seconds to wait before answering.
    public var delay: TimeInterval

    /// Creates a response.
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: TimeInterval = 0) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
    }

    /// A JSON response.
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> CannedResponse {
        CannedResponse(
            status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a },
            body: Data(text.utf8))
    }
}

/// A real HTTP server on 127.0.0.1 with an ephemeral port, recording every request it answers.
public actor TestHTTPServer {
    private let server: HTTPServer
    private var recorded: [RecordedRequest] = []
    private var runTask: Task<Void, any Error>?

    /// Creates a server that answers every request with `handler`.
    public init(handler: @escaping @Sendable (RecordedRequest) async -> CannedResponse) throws {
        let box = RecorderBox()
        let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: 0)
        server = HTTPServer(
            address: address, timeout: 30, logger: .disabled,
            handler: ClosureHTTPHandler { request in
                // `request.path` drops a trailing slash; the raw target keeps the path exactly as sent.
                let path = String(request.target.rawValue.split(separator: "?", maxSplits: 1).first ?? "")
                let recordedRequest = RecordedRequest(
                    method: request.method.rawValue, path: path, rawQuery: request.target.query(percentEncoded: true),
                    headers: Dictionary(request.headers.map { ($0.key.rawValue.lowercased(), $0.value) }) { a, b in
                        a + ", " + b
                    },
                    body: try await request.bodyData)
                await box.server?.record(recordedRequest)
                let response = await handler(recordedRequest)
                if response.delay > 0 { try? await Task.sleep(nanoseconds: UInt64(response.delay * 1_000_000_000)) }
                var headers = HTTPHeaders()
                for (name, value) in response.headers { headers.addValue(value, for: HTTPHeader(name)) }
                // Servers come and go on ephemeral ports during a test run, and the process shares one URLSession:
                // a pooled connection to a stopped server whose port a new server got would fail as "connection
                // lost". Closing each connection after its answer keeps every request on a fresh one.
                if headers[HTTPHeader("Connection")] == nil { headers[HTTPHeader("Connection")] = "close" }
                return HTTPResponse(
                    statusCode: HTTPStatusCode(response.status, phrase: "Status"), headers: headers,
                    body: response.body)
            })
        box.server = self
    }

    private func record(_ request: RecordedRequest) { recorded.append(request) }

    /// Starts listening and returns the base URL, such as `http://127.0.0.1:54321`.
    public func start() async throws -> URL {
        let server = self.server
        for _ in 0..<ServedPorts.attempts {
            runTask = Task { try await server.run() }
            // A bound, not a wait: it returns once the server listens. FlyingFox's default of 5 s is passed when the
            // whole suite runs in parallel on two cores and CPU-bound tests hold the cooperative threads a while.
            try await server.waitUntilListening(timeout: 60)
            guard case .ip4(_, let port) = await server.listeningAddress else {
                throw URLError(.cannotConnectToHost)
            }
            if ServedPorts.claim(Int(port)), let url = URL(string: "http://127.0.0.1:\(port)") { return url }
            // The run has ended when `stop` returns, so the next one starts from a clear state.
            await stop()
        }
        throw URLError(.cannotConnectToHost)
    }

    /// Every request answered so far, in order.
    public var requests: [RecordedRequest] { recorded }

    /// Stops the server, and returns once its run has ended.
    ///
    /// The run is cancelled first, which ends its accept loop and then closes the listening socket. `HTTPServer.stop`
    /// closes the socket first, while the loop may still run: the process can meanwhile give the descriptor's number
    /// to another test's server, and the stopped loop then accepts on it, dropping that server's connection (its
    /// client sees "connection reset by peer").
    public func stop() async {
        runTask?.cancel()
        _ = await runTask?.result
        runTask = nil
        // Closes the socket if the run never got as far as listening; a no-op otherwise.
        await server.stop()
    }
}

/// Lets the handler closure, made before `self` exists, reach the actor.
private final class RecorderBox: @unchecked Sendable {
    // Written once in the initializer before the server runs; read-only afterwards.
    weak var server: TestHTTPServer?
}

/// Starts a server answering with `handler`, runs `body` against its URL, stops it, and returns what it received.
public func withTestServer(
    _ handler: @escaping @Sendable (RecordedRequest) async -> CannedResponse,
    _ body: (URL) async throws -> Void
) async throws -> [RecordedRequest] {
    let server = try TestHTTPServer(handler: handler)
    let url = try await server.start()
    do {
        try await body(url)
    } catch {
        await server.stop()
        throw error
    }
    let requests = await server.requests
    await server.stop()
    return requests
}

extension RecordedRequest {
    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as a JSON object, or nil.
    public var json: [String: any Sendable]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: any Sendable]
    }
}
