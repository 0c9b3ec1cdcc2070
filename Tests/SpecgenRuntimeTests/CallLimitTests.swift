import Foundation
import HTTPTypes
import SpecgenRuntime
import SpecgenTestSupport
import Testing

/// A client's calls under its CallLimit, against a real server on 127.0.0.1 that holds each answer until told.
struct CallLimitTests {
    /// The requests the server holds, and the order they arrived in.
    actor Held {
        var arrived: [String] = []
        var released = false
        var waiting: [CheckedContinuation<Void, Never>] = []

        func arrive(_ path: String) async {
            arrived.append(path)
            guard !released else { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        func releaseAll() {
            released = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }

    /// Waits up to 10 s for `condition`.
    func eventually(_ condition: () async -> Bool) async throws {
        for _ in 0..<1000 where !(await condition()) {
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    func server(holding held: Held) throws -> TestHTTPServer {
        try TestHTTPServer { request in
            await held.arrive(request.path)
            return .json(#"{"ok":true}"#)
        }
    }

    @Test func callsPastTheLimitWaitInOrderAndPastTheLineFailAtOnce() async throws {
        let held = Held()
        let server = try server(holding: held)
        var client = APIClient(baseURL: try await server.start())
        client.callLimit = CallLimit(maxInFlight: 2, maxWaiting: 1)
        let copy = client.with(RequestOptions(timeout: 30))
        func call(_ path: String, through client: APIClient) -> Task<Int, any Error> {
            Task { try await client.send(HTTPRequestData(method: .get, path: path), operation: "Check.get").statusCode }
        }
        let first = call("/1", through: client)
        let second = call("/2", through: copy)
        try await eventually { await held.arrived.count == 2 }
        #expect(client.callsInFlight == 2)
        let third = call("/3", through: client)
        try await eventually { client.callsWaiting == 1 }
        #expect(copy.callsWaiting == 1)
        await #expect(throws: ClientError.overloaded(operation: "Check.get", waiting: 1)) {
            _ = try await copy.send(HTTPRequestData(method: .get, path: "/4"), operation: "Check.get")
        }
        #expect(await held.arrived.count == 2)
        await held.releaseAll()
        #expect(try await [first.value, second.value, third.value] == [200, 200, 200])
        #expect(await held.arrived.sorted() == ["/1", "/2", "/3"])
        #expect(await held.arrived.last == "/3")
        #expect(client.callsInFlight == 0)
        #expect(client.callsWaiting == 0)
        await server.stop()
    }

    /// Calls arriving all at once never make the line longer than `maxWaiting`: the rest fail at once.
    @Test func aBurstWaitsNoMoreThanTheLineHolds() async throws {
        let held = Held()
        let server = try server(holding: held)
        let client = APIClient(baseURL: try await server.start(), callLimit: CallLimit(maxInFlight: 1, maxWaiting: 5))
        let calls = (0..<50).map { index in
            Task { () -> ClientError? in
                do throws(ClientError) {
                    _ = try await client.send(HTTPRequestData(method: .get, path: "/\(index)"), operation: "Check.get")
                    return nil
                } catch {
                    return error
                }
            }
        }
        try await eventually { await held.arrived.count == 1 && client.callsWaiting == 5 }
        #expect(client.callsWaiting == 5)
        await held.releaseAll()
        var overloaded = 0
        for call in calls {
            switch await call.value {
            case nil: continue
            case .overloaded(let operation, let waiting)?:
                #expect(operation == "Check.get" && waiting == 5)
                overloaded += 1
            case let other?: Issue.record("unexpected failure: \(other)")
            }
        }
        #expect(overloaded == 44)
        #expect(await held.arrived.count == 6)
        await server.stop()
    }

    @Test func aCancelledWaitingCallLeavesTheLine() async throws {
        let held = Held()
        let server = try server(holding: held)
        let client = APIClient(baseURL: try await server.start(), callLimit: CallLimit(maxInFlight: 1))
        let first = Task { try await client.send(HTTPRequestData(method: .get, path: "/1"), operation: "Check.get") }
        try await eventually { await held.arrived.count == 1 }
        let waiting = Task {
            try await client.send(HTTPRequestData(method: .get, path: "/2"), operation: "Check.get")
        }
        try await eventually { client.callsWaiting == 1 }
        waiting.cancel()
        await #expect(throws: ClientError.cancelled(operation: "Check.get")) { _ = try await waiting.value }
        #expect(client.callsWaiting == 0)
        await held.releaseAll()
        #expect(try await first.value.statusCode == 200)
        let next = try await client.send(HTTPRequestData(method: .get, path: "/3"), operation: "Check.get")
        #expect(next.statusCode == 200)
        #expect(await held.arrived == ["/1", "/3"])
        await server.stop()
    }

    @Test func theDefaultLimitAndUnlimited() throws {
        #expect(CallLimit.default == CallLimit(maxInFlight: 64, maxWaiting: 10_000))
        // Docs/Runtime.md states the default; it must say what the code does.
        let runtimeDoc = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("Docs/Runtime.md"), encoding: .utf8)
        let limit = CallLimit.default
        let waiting = limit.maxWaiting.formatted(.number.locale(Locale(identifier: "en_US")))
        #expect(runtimeDoc.contains("`callLimit.maxInFlight` calls at once (\(limit.maxInFlight) by default)"))
        #expect(runtimeDoc.contains("waiting (\(waiting)) a call is not sent"))
        #expect(APIClient(baseURL: URL(filePath: "/")).callLimit == .default)
        #expect(CallLimit(maxInFlight: 0, maxWaiting: -1) == CallLimit(maxInFlight: 1, maxWaiting: 0))
        #expect(CallLimit.unlimited.maxInFlight == .max)
    }
}
