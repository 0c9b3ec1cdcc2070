import Foundation
import HTTPTypes
import SpecgenRuntime
import Synchronization
import Testing

/// `HTTPBodyStream`: a body read in chunks, cancelled once when it ends early.
struct BodyStreamTests {
    /// A transport that cannot stream: it returns the whole body, whatever the request asks.
    struct WholeBodyTransport: Transport {
        func send(_ request: HTTPRequestData, context: OperationContext) async throws -> HTTPResponseData {
            HTTPResponseData(status: .ok, body: Data("whole body".utf8))
        }
    }

    @Test func aTransportThatCannotStreamIsReadTheSameWay() async throws {
        let request = HTTPRequestData(method: .get, path: "/")
        let client = APIClient(
            baseURL: try #require(URL(string: "http://127.0.0.1:1")), transport: WholeBodyTransport())
        let response = try await client.send(request, context: OperationContext("check", delivery: .streamed))
        #expect(response.bodyStream == nil)
        var chunks: [String] = []
        for try await chunk in response.chunks { chunks.append(String(decoding: chunk, as: UTF8.self)) }
        #expect(chunks == ["whole body"])
    }

    @Test func collectStopsAtItsLimitAndCancelsTheTransfer() async throws {
        let cancels = Atomic<Int>(0)
        let stream = HTTPBodyStream(
            next: { Data(repeating: 1, count: 600) }, cancel: { cancels.add(1, ordering: .relaxed) })
        await #expect(throws: URLError(.dataLengthExceedsMaximum)) { _ = try await stream.collect(upTo: 1000) }
        #expect(cancels.load(ordering: .relaxed) == 1)
        stream.cancel()
        #expect(cancels.load(ordering: .relaxed) == 1, "a transfer is cancelled once")
    }

    @Test func readingToTheEndCancelsNothingAndDroppingEarlyCancelsOnce() async throws {
        let cancels = Atomic<Int>(0)
        let left = Atomic<Int>(3)
        let whole = HTTPBodyStream(
            next: { left.subtract(1, ordering: .relaxed).oldValue > 0 ? Data("x".utf8) : nil },
            cancel: { cancels.add(1, ordering: .relaxed) })
        #expect(try await whole.collect() == Data("xxx".utf8))
        #expect(cancels.load(ordering: .relaxed) == 0)

        do {
            let dropped = HTTPBodyStream(next: { Data("y".utf8) }, cancel: { cancels.add(1, ordering: .relaxed) })
            for try await _ in dropped { break }
        }
        #expect(cancels.load(ordering: .relaxed) == 1)
    }
}
