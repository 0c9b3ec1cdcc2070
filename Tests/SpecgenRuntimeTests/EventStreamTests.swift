import Foundation
import HTTPTypes
import SpecgenRuntime
import SpecgenTestSupport
import Synchronization
import Testing

/// Server-Sent Events and JSON Lines, parsed as the chunks arrive.
struct EventStreamTests {
    struct Delta: Decodable, Equatable, Sendable {
        var text: String
    }

    /// A body delivered in the given chunks.
    static func body(_ chunks: [Data]) -> HTTPBodyStream {
        let queue = Mutex(chunks)
        return HTTPBodyStream(next: { queue.withLock { $0.isEmpty ? nil : $0.removeFirst() } })
    }

    /// The same bytes as one chunk, as single bytes, and split in three.
    static func splits(_ text: String) -> [[Data]] {
        let bytes = Data(text.utf8)
        let third = bytes.count / 3
        return [
            [bytes], bytes.map { Data([$0]) },
            [bytes.prefix(third), bytes.dropFirst(third).prefix(third), bytes.dropFirst(2 * third)].map { Data($0) },
        ]
    }

    static let stream =
        "\u{FEFF}: keep-alive\r\nevent: delta\r\ndata: {\"text\":\"Hel\"}\r\nid: 1\r\n\r\n"
        + "data: line1\ndata: line2\nretry: 3000\nunknown: field\n\n"
        + "data:no-space\r\r"
        + "retry: soon\ndata\n\n"
        + "id: 2\ndata: cut off by the end of the body"

    @Test(arguments: splits(stream))
    func eventsAreTheSameWhateverTheChunkBoundaries(_ chunks: [Data]) async throws {
        var events: [ServerSentEvent] = []
        for try await event in ServerSentEvents(Self.body(chunks)) { events.append(event) }
        #expect(
            events == [
                ServerSentEvent(event: "delta", data: #"{"text":"Hel"}"#, id: "1"),
                ServerSentEvent(data: "line1\nline2", id: "1", retry: 3000),
                ServerSentEvent(data: "no-space", id: "1"),
                ServerSentEvent(data: "", id: "1"),
            ])
    }

    @Test func decodedEventsStopAtTheTerminatorAndNameTheFailingField() async throws {
        let body =
            "data: {\"text\":\"Hel\"}\n\ndata: {\"text\":\"lo\"}\n\ndata: [DONE]\n\ndata: {\"text\":\"after\"}\n\n"
        var texts: [String] = []
        for try await delta in DecodedEvents<Delta>(Self.body([Data(body.utf8)]), operation: "Chat.stream") {
            texts.append(delta.text)
        }
        #expect(texts == ["Hel", "lo"])

        let broken = Self.body([Data("data: {\"text\":1}\n\n".utf8)])
        await #expect(
            throws: ClientError.decoding(
                operation: "Chat.stream", status: nil, path: "text",
                message: "expected String")
        ) {
            for try await _ in DecodedEvents<Delta>(broken, operation: "Chat.stream") {}
        }
    }

    @Test func jsonLinesSkipBlankLinesAndKeepALastLineWithoutABreak() async throws {
        let body = "{\"text\":\"a\"}\r\n\n  \n{\"text\":\"b\"}\n{\"text\":\"c\"}"
        for chunks in Self.splits(body) {
            var texts: [String] = []
            for try await delta in JSONLines<Delta>(Self.body(chunks), operation: "Logs.tail") {
                texts.append(delta.text)
            }
            #expect(texts == ["a", "b", "c"])
        }
    }

    @Test func theFirstEventArrivesBeforeTheServerHasSentTheRest() async throws {
        let event = Data("data: {\"text\":\"tick\"}\n\n".utf8)
        let server = try RawSocketServer(.stream(chunk: event, count: 3, interval: 0.05, holdAfterFirst: true))
        defer { server.stop() }
        let request = HTTPRequestData(method: .get, path: "/stream")
        let response = try await APIClient(baseURL: server.url)
            .send(request, context: OperationContext("Chat.stream", delivery: .streamed))
        var events = DecodedEvents<Delta>(response.chunks, operation: "Chat.stream").makeAsyncIterator()
        #expect(try await events.next() == Delta(text: "tick"))
        #expect(server.streamProgress.chunks == 1, "the server is still holding the rest")
        server.releaseStream()
        #expect(try await events.next() == Delta(text: "tick"))
        #expect(try await events.next() == Delta(text: "tick"))
        #expect(try await events.next() == nil)
    }
}
