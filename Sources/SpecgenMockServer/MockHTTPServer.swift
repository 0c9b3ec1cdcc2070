import FlyingFox
import FlyingSocks
public import Foundation
public import SpecgenMock
import SpecgenWire
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Serves a ``MockService`` over HTTP/1.1 on a real socket (FlyingFox), bound to loopback unless told otherwise.
public actor MockHTTPServer {
    /// Why a server could not start.
    public enum StartError: Error, CustomStringConvertible {
        case badHost(String)
        case noPort
        /// The socket could not listen: the port is taken, or the address is not this machine's.
        case cannotListen(address: String, reason: String)

        /// What went wrong, and what to pass instead.
        public var description: String {
            switch self {
            case .badHost(let host):
                "'\(host)' is not an IPv4 or IPv6 address (use 127.0.0.1, ::1, localhost or 0.0.0.0)"
            case .noPort: "the server did not report the port it listens on"
            case .cannotListen(let address, let reason): "cannot listen on \(address): \(reason)"
            }
        }
    }

    /// The mock answering requests; ``replace(_:)`` swaps it while the server runs.
    public nonisolated var service: MockService { current.value.withLock { $0 } }
    private nonisolated let current: ServiceSlot
    private let server: HTTPServer
    private let handler: ClosureHTTPHandler
    private let host: String
    private let requestedPort: UInt16
    private let answering = RequestsInFlight()
    private var runTask: Task<Void, any Error>?

    /// Creates a server; `log` receives one redacted line per request.
    /// - Parameters:
    ///   - host: The address to bind: `127.0.0.1` (the default), `::1`, `localhost`, or `0.0.0.0` to accept
    ///     other machines.
    ///   - port: The port; 0 picks a free one.
    ///   - upstream: A real server to forward every request to: its answers are returned as they are, and the log
    ///     names each way the request or the answer breaks the spec (``MockService/judgeProxied(_:answer:)``).
    public init(
        service: MockService, host: String = "127.0.0.1", port: UInt16 = 0,
        log: (@Sendable (String) -> Void)? = nil, upstream: URL? = nil
    ) throws(StartError) {
        let current = ServiceSlot(service)
        self.current = current
        self.requestedPort = port
        let bound = host == "localhost" ? "127.0.0.1" : host
        self.host = bound
        let answering = answering
        handler = ClosureHTTPHandler { request in
            answering.begin()
            defer { answering.end() }
            let target = request.target.rawValue
            let path = String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            let mockRequest = MockRequest(
                method: request.method.rawValue, path: path, query: request.target.query(percentEncoded: true),
                headers: request.headers.map { ($0.key.rawValue, $0.value) }, body: try await request.bodyData)
            let service = current.value.withLock { $0 }
            let exchange: MockExchange
            if let upstream {
                exchange = service.judgeProxied(
                    mockRequest, answer: await UpstreamForwarder.forward(mockRequest, to: upstream))
            } else {
                exchange = service.respond(to: mockRequest)
            }
            log?(exchange.logLine)
            var headers = HTTPHeaders()
            for (name, value) in exchange.response.headers { headers.addValue(value, for: HTTPHeader(name)) }
            return HTTPResponse(
                statusCode: HTTPStatusCode(exchange.response.status, phrase: Self.phrase(exchange.response.status)),
                headers: headers, body: exchange.response.body)
        }
        do {
            if bound.contains(":") {
                server = HTTPServer(
                    address: try sockaddr_in6.inet6(ip6: bound, port: port), timeout: 30,
                    logger: .disabled)
            } else {
                server = HTTPServer(
                    address: try sockaddr_in.inet(ip4: bound, port: port), timeout: 30,
                    logger: .disabled)
            }
        } catch {
            throw .badHost(host)
        }
    }

    /// Answers every request from now on with `service`, such as the mock of a spec file just edited; requests
    /// already being answered finish with the mock they started with.
    public nonisolated func replace(_ service: MockService) {
        current.value.withLock { $0 = service }
    }

    /// Starts listening and returns the base URL, such as `http://127.0.0.1:54321`. A server that neither listens
    /// nor fails to bind within `listenTimeout` is reported (``StartError/cannotListen(address:reason:)``).
    public func start(listenTimeout: Duration = .seconds(30)) async throws -> URL {
        let server = self.server
        // Every method reaches the mock, which answers 405 with `Allow` for one the path does not declare.
        await server.appendRoute(HTTPRoute(methods: Self.methods, path: "*"), to: handler)
        // A run that fails to bind (the port is taken, the address is not this machine's) ends at once: say why,
        // rather than wait for a listening that never comes.
        let failure = Mutex<String?>(nil)
        runTask = Task {
            do {
                try await server.run()
            } catch {
                failure.withLock { $0 = Self.reason(error) }
                throw error
            }
        }
        // A loaded machine (a test suite starting many servers at once on two cores) can take seconds to get to
        // `listen`; only a server that neither listens nor fails for this long is reported.
        let deadline = ContinuousClock.now + listenTimeout
        while await !server.isListening {
            if let reason = failure.withLock({ $0 }) {
                runTask = nil
                throw StartError.cannotListen(address: "\(host):\(requestedPort)", reason: reason)
            }
            if ContinuousClock.now > deadline {
                runTask?.cancel()
                runTask = nil
                throw StartError.cannotListen(
                    address: "\(host):\(requestedPort)", reason: "not listening after \(listenTimeout)")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        let port: UInt16
        switch await server.listeningAddress {
        case .ip4(_, let bound)?: port = bound
        case .ip6(_, let bound)?: port = bound
        default: throw StartError.noPort
        }
        let hostPart = host.contains(":") ? "[\(host)]" : (host == "0.0.0.0" ? "127.0.0.1" : host)
        guard let url = URL(string: "http://\(hostPart):\(port)") else { throw StartError.noPort }
        return url
    }

    /// A socket error in words: `address already in use`, `cannot assign requested address`.
    private static func reason(_ error: any Error) -> String {
        if case SocketError.failed(_, let code, _) = error {
            switch code {
            case EADDRINUSE: return "address already in use (another server has the port; pick another with --port)"
            case EADDRNOTAVAIL: return "the address is not one of this machine's (use 127.0.0.1, ::1 or 0.0.0.0)"
            case EACCES: return "permission denied (ports below 1024 need privileges)"
            default: return String(cString: strerror(code)).lowercased()
            }
        }
        return String(describing: error)
    }

    /// Lets the requests being answered finish for up to `timeout` seconds (requests arriving meanwhile are answered
    /// too), stops the server, and returns once it has stopped.
    ///
    /// The server's task is cancelled before its listening socket closes, so the accept loop has ended by then.
    /// `HTTPServer.stop` closes the socket first, while the loop may still run: the process can meanwhile give the
    /// descriptor's number to another socket (another server's, in a test suite), and the stopped loop then accepts
    /// on it, dropping a connection meant for that server.
    public func stop(timeout: TimeInterval = 1) async {
        let deadline = ContinuousClock.now + .milliseconds(Int(max(0, timeout) * 1000))
        while answering.count > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        runTask?.cancel()
        _ = await runTask?.result
        runTask = nil
        // Closes the socket if the run never got as far as listening; a no-op otherwise.
        await server.stop()
    }

    /// The methods routed to the mock: HTTP's own, `QUERY`, and WebDAV's. The router needs them listed; any
    /// other method gets an empty 404 from the server itself.
    private static let methods: [HTTPMethod] = [
        "GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "CONNECT", "TRACE", "QUERY", "PROPFIND",
        "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK", "REPORT", "SEARCH",
    ].map { HTTPMethod($0) }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }
}

/// How many requests the mock is answering, so ``MockHTTPServer/stop(timeout:)`` can wait for them.
private final class RequestsInFlight: Sendable {
    private let state = Mutex(0)

    var count: Int { state.withLock { $0 } }
    func begin() { state.withLock { $0 += 1 } }
    func end() { state.withLock { $0 -= 1 } }
}

/// The mock a server answers with, shared with its request handler.
private final class ServiceSlot: Sendable {
    let value: Mutex<MockService>

    init(_ service: MockService) { value = Mutex(service) }
}

/// Sends a request on to a real server and returns its answer as the mock's response, or a 502 saying why there
/// is none.
enum UpstreamForwarder {
    /// Headers that describe one connection, or the body's transfer, not the message: not passed on.
    static let hopHeaders: Set<String> = [
        "host", "connection", "content-length", "transfer-encoding", "keep-alive", "accept-encoding",
        "content-encoding", "upgrade", "te", "trailer", "proxy-connection",
    ]

    static let session = URLSession(configuration: .ephemeral)

    static func forward(_ request: MockRequest, to upstream: URL) async -> MockResponse {
        let base =
            upstream.absoluteString.hasSuffix("/")
            ? String(upstream.absoluteString.dropLast()) : upstream.absoluteString
        guard let url = URL(string: base + request.path + (request.query.isEmpty ? "" : "?" + request.query)) else {
            return failure("the request's path does not make a URL on \(upstream)")
        }
        var forwarded = URLRequest(url: url)
        forwarded.httpMethod = request.method
        for (name, value) in request.headers where !hopHeaders.contains(name.lowercased()) {
            forwarded.addValue(value, forHTTPHeaderField: name)
        }
        if !request.body.isEmpty { forwarded.httpBody = request.body }
        do {
            let (data, response) = try await session.data(for: forwarded)
            guard let http = response as? HTTPURLResponse else { return failure("the upstream answer is not HTTP") }
            let headers = http.allHeaderFields.compactMap { name, value -> (name: String, value: String)? in
                guard let name = name as? String, !hopHeaders.contains(name.lowercased()) else { return nil }
                return (name, "\(value)")
            }
            return MockResponse(status: http.statusCode, headers: headers.sorted { $0.name < $1.name }, body: data)
        } catch {
            return failure("the upstream server did not answer: \(error.localizedDescription)")
        }
    }

    private static func failure(_ message: String) -> MockResponse {
        MockResponse(
            status: 502, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data((message + "\n").utf8))
    }
}
