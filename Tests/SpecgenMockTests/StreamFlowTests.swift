import Foundation
import SpecgenFixtureRelay
import SpecgenMock
import SpecgenRuntime
import SpecgenTestSupport
import SpecgenWire
import Testing

/// Relay's streamed answers through the generated client: Server-Sent Events decoded into `ReplyChunk` up to
/// `[DONE]`, raw events, JSON Lines and bytes, against specgen-mock and against a server that sends slowly.
struct StreamFlowTests {
    @Test func eachStreamReadsWhatTheMockSends() async throws {
        try await Mocks.with("Relay", path: AuthFlowTests.spec) { url, service async throws in
            let client = AuthFlowTests.client(url)
            var chunks: [ReplyChunk] = []
            for try await chunk in try await client.streamReply(ReplyRequest(prompt: "hi")) { chunks.append(chunk) }
            #expect(chunks.count == 3)

            var events: [ServerSentEvent] = []
            for try await event in try await client.watchEvents() { events.append(event) }
            #expect(events.map(\.id) == ["1", "2", "3"])
            #expect(events.map(\.event) == ["message", "message", "message"])
            #expect(events.map(\.data) == ["watchEvents event 1", "watchEvents event 2", "watchEvents event 3"])

            var deliveries: [Delivery] = []
            for try await delivery in try await client.tailDeliveries() { deliveries.append(delivery) }
            #expect(deliveries.count == 3)

            let file = FileManager.default.temporaryDirectory.appendingPathComponent("relay-export-\(UUID()).bin")
            defer { try? FileManager.default.removeItem(at: file) }
            let written = try await client.downloadExport().write(to: file)
            #expect(written == 20)
            #expect(try Data(contentsOf: file) == Data("downloadExport bytes".utf8))

            // The download method writes the same bytes with URLSession's download task.
            try FileManager.default.removeItem(at: file)
            #expect(try await client.downloadExport(to: file) == 20)
            #expect(try Data(contentsOf: file) == Data("downloadExport bytes".utf8))

            #expect(service.history.map(\.status) == [200, 200, 200, 200, 200])
            #expect(service.history.allSatisfy { $0.problems.isEmpty })
        }
    }

    @Test func theFirstEventArrivesBeforeTheServerHasFinished() async throws {
        // The server holds the rest of the stream until the test has the first event.
        let event = Data("data: {\"index\":1,\"text\":\"Hel\"}\n\n".utf8)
        let server = try RawSocketServer(.stream(chunk: event, count: 3, interval: 0.05, holdAfterFirst: true))
        defer { server.stop() }
        let stream = try await AuthFlowTests.client(server.url).streamReply(ReplyRequest(prompt: "hi"))
        #expect(stream.statusCode == 200)
        var iterator = stream.makeAsyncIterator()
        let first = try await iterator.next()
        let sentBeforeRelease = server.streamProgress.chunks
        server.releaseStream()
        #expect(first == ReplyChunk(index: 1, text: "Hel"))
        #expect(sentBeforeRelease < 3)
        var rest = 0
        while try await iterator.next() != nil { rest += 1 }
        #expect(rest == 2)
    }

    @Test func cancellingTheReadingTaskClosesTheConnection() async throws {
        // An event every 50 ms for 20 s, unless the client hangs up.
        let event = Data("data: {\"index\":1,\"text\":\"tick\"}\n\n".utf8)
        let server = try RawSocketServer(.stream(chunk: event, count: 400, interval: 0.05))
        defer { server.stop() }
        let client = AuthFlowTests.client(server.url)
        let reader = Task { () async throws -> Int in
            var count = 0
            for try await _ in try await client.streamReply(ReplyRequest(prompt: "hi")) {
                count += 1
                if count == 2 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        let outcome = await reader.result
        guard case .failure(let error) = outcome, case .failure(.cancelled(let operation))? = error as? RelayError
        else {
            Issue.record("expected the typed cancellation, got \(outcome)")
            return
        }
        #expect(operation == "Relay.streamReply")
        let stopped = ContinuousClock.now
        while server.streamProgress.clientHungUp == nil && ContinuousClock.now - stopped < .seconds(10) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(server.streamProgress.clientHungUp != nil)
        #expect(server.streamProgress.chunks < 400)
    }

    @Test func anErrorStatusIsReadWholeIntoItsTypedCase() async throws {
        let requests = try await withTestServer({ _ in
            .json(#"{"message":"wrong token"}"#, status: 401)
        }) { url async throws in
            do throws(RelayError) {
                _ = try await AuthFlowTests.client(url).streamReply(ReplyRequest(prompt: "hi"))
                Issue.record("a 401 became a stream")
            } catch {
                guard case .unauthorized(let payload) = error else {
                    Issue.record("expected .unauthorized, got \(error)")
                    return
                }
                #expect(payload.message == "wrong token")
            }
        }
        #expect(requests.first?.headers["accept"] == "text/event-stream, application/json")
    }

    @Test func anErrorBodyLongerThanTheLimitKeepsItsStatus() async throws {
        // 2 MiB of error text: the client keeps the first MiB, stops the transfer, and reports the status.
        let text = String(repeating: "x", count: 2 << 20)
        let head =
            "HTTP/1.1 500 Internal Server Error\r\nContent-Type: text/plain\r\nContent-Length: \(text.utf8.count)\r\n\r\n"
        let server = try RawSocketServer(.raw(Data((head + text).utf8)))
        defer { server.stop() }
        do throws(RelayError) {
            _ = try await AuthFlowTests.client(server.url).streamReply(ReplyRequest(prompt: "hi"))
            Issue.record("a 500 became a stream")
        } catch {
            guard case .failure(.unexpectedStatus(let operation, let status, let body)) = error else {
                Issue.record("expected the unexpected status, got \(error)")
                return
            }
            #expect(operation == "Relay.streamReply")
            #expect(status == 500)
            #expect(body.hasPrefix("xxxxxxxx"))
        }
    }

    @Test func anItemThatDoesNotDecodeFailsWithItsOperation() async throws {
        let requests = try await withTestServer({ _ in
            CannedResponse(
                headers: ["Content-Type": "application/jsonl"],
                body: Data((#"{"message":"sent","status":"ok"}"# + "\n{\"message\":1}\n").utf8))
        }) { url async throws in
            var received: [Delivery] = []
            do throws(RelayError) {
                for try await delivery in try await AuthFlowTests.client(url).tailDeliveries() {
                    received.append(delivery)
                }
                Issue.record("a broken line was accepted")
            } catch {
                guard case .failure(.decoding(let operation, _, _, _)) = error else {
                    Issue.record("expected a decoding failure, got \(error)")
                    return
                }
                #expect(operation == "Relay.tailDeliveries")
            }
            #expect(received == [Delivery(message: "sent", status: "ok")])
        }
        #expect(requests.map(\.path) == ["/deliveries"])
    }

    @Test func aDownloadToAFileTurnedAwayIsItsTypedErrorAndNoFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("relay-export-\(UUID()).bin")
        let requests = try await withTestServer({ _ in .json(#"{"message":"bad token"}"#, status: 401) }) {
            url async throws in
            do throws(RelayError) {
                try await AuthFlowTests.client(url).downloadExport(to: file)
                Issue.record("a 401 was written to the file")
            } catch {
                guard case .unauthorized(let payload) = error else {
                    Issue.record("expected .unauthorized, got \(error)")
                    return
                }
                #expect(payload.message == "bad token")
            }
        }
        #expect(requests.map(\.path) == ["/export"])
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
