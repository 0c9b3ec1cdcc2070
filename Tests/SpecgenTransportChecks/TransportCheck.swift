import Foundation
import HTTPTypes
public import SpecgenRuntime
import SpecgenTestSupport

/// What every ``Transport`` must do, checked over real sockets against a server on 127.0.0.1.
///
/// The main package runs each check against `URLSessionTransport`, and the AsyncHTTPClient package against its
/// transport; a team writing its own transport can run them too:
/// ```swift
/// @Test(arguments: TransportCheck.allCases)
/// func conforms(_ check: TransportCheck) async throws {
///     try await check.run { MyTransport() }
/// }
/// ```
/// A check that fails throws a ``TransportCheckFailure`` saying what differed.
public enum TransportCheck: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Method, path, query, headers and a binary body arrive exactly; status, headers and body come back exactly.
    case roundTrip
    /// A `4XX` or `5XX` is an answer, returned with its body, not an error.
    case errorStatusIsAnAnswer
    /// A `3XX` comes back to the client, which follows it under its redirect policy; the transport does not.
    case redirectIsHandedBack
    /// A request's timeout ends a call to a server that does not answer, as ``ClientError/timedOut(operation:)``.
    case timeout
    /// Cancelling the calling task ends the call promptly, as ``ClientError/cancelled(operation:)``.
    case cancellation
    /// A server that refuses the connection is a ``ClientError/transport(operation:message:)``.
    case connectionRefused
    /// An 8 MiB body arrives byte for byte.
    case largeBody
    /// 50 concurrent calls each get their own answer.
    case concurrentCalls
    /// A streamed body's first chunk reaches the reader before the server has finished sending, and the rest follows
    /// intact.
    case streamedBodyArrivesAsSent
    /// A reader that stops after the first chunk of a long stream closes the connection.
    case cancellingAStreamClosesTheConnection

    /// The check's name.
    public var description: String { rawValue }

    /// Runs the check against transports that `makeTransport` creates.
    public func run(_ makeTransport: @Sendable () -> any Transport) async throws {
        let transport = makeTransport()
        switch self {
        case .roundTrip: try await roundTrip(transport)
        case .errorStatusIsAnAnswer: try await errorStatusIsAnAnswer(transport)
        case .redirectIsHandedBack: try await redirectIsHandedBack(transport)
        case .timeout: try await timeout(transport)
        case .cancellation: try await cancellation(transport)
        case .connectionRefused: try await connectionRefused(transport)
        case .largeBody: try await largeBody(transport)
        case .concurrentCalls: try await concurrentCalls(transport)
        case .streamedBodyArrivesAsSent: try await streamedBodyArrivesAsSent(transport)
        case .cancellingAStreamClosesTheConnection: try await cancellingAStreamClosesTheConnection(transport)
        }
    }

    private func roundTrip(_ transport: any Transport) async throws {
        let sent = Data([0, 1, 2, 0xFF, 0xFE] + Array("{\"é\":1}".utf8))
        let answer = Data([0xFF, 0, 0x7F] + Array("ok".utf8))
        let requests = try await withTestServer({ _ in
            CannedResponse(
                status: 201, headers: ["X-Reply": "yes", "Content-Type": "application/octet-stream"], body: answer)
        }) { url async throws in
            var request = HTTPRequestData(
                method: .post, path: "/items/a1", query: [QueryItem("q", "a b+c"), QueryItem("flag", nil)],
                body: sent)
            request.headerFields[.contentType] = "application/octet-stream"
            request.headerFields[try name("X-Trace")] = "t-1"
            let response = try await APIClient(baseURL: url, transport: transport).send(request, operation: "check")
            try expect(response.status.code == 201, "status \(response.status.code), not 201")
            try expect(response.headerFields[try name("X-Reply")] == "yes", "X-Reply header missing")
            try expect(response.body == answer, "body \(Array(response.body)), not \(Array(answer))")
        }
        let received = try single(requests)
        try expect(received.method == "POST", "method \(received.method)")
        try expect(received.path == "/items/a1", "path \(received.path)")
        try expect(received.rawQuery == "q=a%20b%2Bc&flag", "query \(received.rawQuery)")
        try expect(received.headers["x-trace"] == "t-1", "X-Trace \(received.headers["x-trace"] ?? "missing")")
        try expect(received.headers["content-type"] == "application/octet-stream", "Content-Type")
        try expect(received.body == sent, "body \(Array(received.body)), not \(Array(sent))")
    }

    private func errorStatusIsAnAnswer(_ transport: any Transport) async throws {
        _ = try await withTestServer({ _ in .json(#"{"error":"boom"}"#, status: 503) }) { url async throws in
            let response = try await APIClient(baseURL: url, transport: transport)
                .send(HTTPRequestData(method: .get, path: "/"), operation: "check")
            try expect(response.status.code == 503, "status \(response.status.code), not 503")
            try expect(String(decoding: response.body, as: UTF8.self) == #"{"error":"boom"}"#, "body")
        }
    }

    private func redirectIsHandedBack(_ transport: any Transport) async throws {
        let requests = try await withTestServer({ request in
            request.path == "/old" ? CannedResponse(status: 302, headers: ["Location": "/new"]) : .json("{}")
        }) { url async throws in
            let response = try await transport.send(
                HTTPRequestData(method: .get, path: "/old", baseURL: url), context: OperationContext("check"))
            try expect(response.status.code == 302, "status \(response.status.code), not 302")
            try expect(response.headerFields[.location] == "/new", "Location header missing")
        }
        try expect(requests.map(\.path) == ["/old"], "the transport followed the redirect: \(requests.map(\.path))")
    }

    private func timeout(_ transport: any Transport) async throws {
        _ = try await withTestServer({ _ in CannedResponse(status: 200, delay: 5) }) { url async throws in
            let start = ContinuousClock.now
            let request = HTTPRequestData(method: .get, path: "/slow")
            let context = OperationContext("check", options: RequestOptions(timeout: 0.5))
            let error = try await failure {
                try await APIClient(baseURL: url, transport: transport).send(request, context: context)
            }
            try expect(error == .timedOut(operation: "check"), "\(error), not a timeout")
            try expect(ContinuousClock.now - start < .seconds(3), "the timeout took \(ContinuousClock.now - start)")
        }
    }

    private func cancellation(_ transport: any Transport) async throws {
        _ = try await withTestServer({ _ in CannedResponse(status: 200, delay: 5) }) { url async throws in
            let client = APIClient(baseURL: url, transport: transport)
            let task = Task { try await client.send(HTTPRequestData(method: .get, path: "/slow"), operation: "check") }
            try await Task.sleep(for: .milliseconds(200))
            let start = ContinuousClock.now
            task.cancel()
            let error = try await failure { try await task.value }
            try expect(error == .cancelled(operation: "check"), "\(error), not a cancellation")
            try expect(ContinuousClock.now - start < .seconds(2), "cancelling took \(ContinuousClock.now - start)")
        }
    }

    private func connectionRefused(_ transport: any Transport) async throws {
        // Port 9 (discard) is closed on any machine that runs these tests.
        let url = try require(URL(string: "http://127.0.0.1:9"))
        let error = try await failure {
            try await APIClient(baseURL: url, transport: transport)
                .send(HTTPRequestData(method: .get, path: "/"), operation: "check")
        }
        guard case .transport = error else { throw TransportCheckFailure("\(error), not a transport failure") }
    }

    private func largeBody(_ transport: any Transport) async throws {
        // Byte i is i * 31 modulo 256, made by repeating its 256-byte cycle rather than byte by byte.
        let body: Data = {
            let cycle = Data((0..<256).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            var data = Data(capacity: 8 << 20)
            while data.count < 8 << 20 { data.append(cycle) }
            return data
        }()
        _ = try await withTestServer({ _ in CannedResponse(body: body) }) { url async throws in
            let response = try await APIClient(baseURL: url, transport: transport)
                .send(HTTPRequestData(method: .get, path: "/big"), operation: "check")
            try expect(
                response.body == body, "body of \(response.body.count) bytes differs from the \(body.count) sent")
        }
    }

    private func concurrentCalls(_ transport: any Transport) async throws {
        let requests = try await withTestServer({ request in .json(#"{"path":"\#(request.path)"}"#) }) {
            url async throws in
            let client = APIClient(baseURL: url, transport: transport)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        let response = try await client.send(
                            HTTPRequestData(method: .get, path: "/n/\(index)"), operation: "check")
                        let text = String(decoding: response.body, as: UTF8.self)
                        try expect(text == #"{"path":"/n/\#(index)"}"#, "call \(index) got \(text)")
                    }
                }
                try await group.waitForAll()
            }
        }
        try expect(requests.count == 50, "\(requests.count) requests reached the server")
    }
}

extension TransportCheck {
    private func streamedBodyArrivesAsSent(_ transport: any Transport) async throws {
        // The server holds the rest of the body until the reader has the first chunk: a transport that waits for the
        // whole body gets it only when the hold times out, after 30 s, with every chunk sent.
        let chunk = Data(repeating: UInt8(ascii: "a"), count: 1000)
        let server = try RawSocketServer(.stream(chunk: chunk, count: 3, interval: 0.05, holdAfterFirst: true))
        defer { server.stop() }
        let request = HTTPRequestData(method: .get, path: "/events")
        let response = try await APIClient(baseURL: server.url, transport: transport)
            .send(request, context: OperationContext("check", delivery: .streamed))
        try expect(response.status.code == 200, "status \(response.status.code)")
        var iterator = response.chunks.makeAsyncIterator()
        var received = try require(try await iterator.next())
        let sent = server.streamProgress.chunks
        server.releaseStream()
        try expect(sent < 3, "the first chunk reached the reader only after the server had sent all \(sent)")
        while let more = try await iterator.next() { received.append(more) }
        try expect(received == Data(repeating: UInt8(ascii: "a"), count: 3000), "\(received.count) bytes, not 3000")
    }

    private func cancellingAStreamClosesTheConnection(_ transport: any Transport) async throws {
        // A chunk every 50 ms for 20 s, unless the client hangs up.
        let server = try RawSocketServer(.stream(chunk: Data("tick\n".utf8), count: 400, interval: 0.05))
        defer { server.stop() }
        let request = HTTPRequestData(method: .get, path: "/ticks")
        let client = APIClient(baseURL: server.url, transport: transport)
        let reader = Task {
            let response = try await client.send(request, context: OperationContext("check", delivery: .streamed))
            for try await _ in response.chunks { break }
        }
        try await reader.value
        let stopped = ContinuousClock.now
        while server.streamProgress.clientHungUp == nil && ContinuousClock.now - stopped < .seconds(10) {
            try await Task.sleep(for: .milliseconds(50))
        }
        let progress = server.streamProgress
        try expect(progress.clientHungUp != nil, "the connection stayed open after the reader stopped")
        try expect(progress.chunks < 400, "the server sent all \(progress.chunks) chunks: the client never hung up")
    }
}

/// A transport check that failed, and why.
public struct TransportCheckFailure: Error, CustomStringConvertible {
    /// What differed.
    public var description: String

    init(_ description: String) { self.description = description }
}

private func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw TransportCheckFailure(message()) }
}

private func require<Value>(_ value: Value?) throws -> Value {
    guard let value else { throw TransportCheckFailure("a value was missing") }
    return value
}

private func name(_ text: String) throws -> HTTPField.Name {
    guard let name = HTTPField.Name(text) else { throw TransportCheckFailure("'\(text)' is not a header name") }
    return name
}

private func single(_ requests: [RecordedRequest]) throws -> RecordedRequest {
    guard requests.count == 1, let request = requests.first else {
        throw TransportCheckFailure("\(requests.count) requests reached the server, not 1")
    }
    return request
}

/// The ``ClientError`` `body` fails with.
private func failure(_ body: () async throws -> HTTPResponseData) async throws -> ClientError {
    let response: HTTPResponseData
    do {
        response = try await body()
    } catch {
        return ClientError(error, operation: "check")
    }
    throw TransportCheckFailure("the call succeeded with \(response.status.code)")
}
