import Chatist
import Foundation
import Joyfill
import SpecgenRuntime
import SpecgenTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers a hostile or broken server gives, through generated clients over real sockets: each is a typed error (or
/// a correct value), never a crash, and never a hang past the timeout.
struct HostileAnswerTests {
    static func chatist(_ url: URL) -> ChatistClient { ChatistClient(baseURL: url, apiKey: "k", retryPolicy: nil) }

    /// A client with a session of its own, so the timing of one test does not depend on what other tests keep the
    /// shared session busy with (the 50 MB body).
    static func isolatedChatist(_ url: URL) -> ChatistClient {
        ChatistClient(
            baseURL: url, apiKey: "k", transport: URLSessionTransport(configuration: .ephemeral), retryPolicy: nil)
    }

    /// Far beyond each test's timeout, to catch a hang without failing on a loaded machine (CI has seen a test's
    /// task wait half a minute for a core there).
    static let hangBound = Duration.seconds(120)

    static func decoding(_ message: String, path: String = "", status: Int = 200) -> ChatistError {
        .failure(.decoding(operation: "Chatist.getTickets", status: status, path: path, message: message))
    }

    @Test(arguments: [
        (#"[{"id":"t1","state":"open","assig"#, decoding("the body is not valid JSON")),
        (#"[{"id":1,"state":"open"}]"#, decoding("expected String", path: "[0].id")),
        (#"{"tickets":[]}"#, decoding("expected Array<Any>")),
        ("<html><body>Welcome to nginx</body></html>", decoding("the body is not valid JSON")),
        ("", decoding("the body is not valid JSON")),
    ])
    func brokenBodiesAreTypedDecodingErrors(body: String, expected: ChatistError) async throws {
        _ = try await withTestServer({ _ in CannedResponse(body: Data(body.utf8)) }) { url async throws in
            await #expect(throws: expected) { try await Self.chatist(url).getTickets() }
        }
    }

    @Test func nonUTF8BytesAreATypedErrorWithTheirSizeAsPreview() async throws {
        let bytes = Data([0xFF, 0xFE, 0x7B, 0xC3, 0x28, 0x00])
        _ = try await withTestServer({ _ in CannedResponse(body: bytes) }) { url async throws in
            await #expect(throws: Self.decoding("the body is not valid JSON")) {
                try await Self.chatist(url).getTickets()
            }
        }
        _ = try await withTestServer({ _ in CannedResponse(status: 418, body: bytes) }) { url async throws in
            do throws(ChatistError) {
                _ = try await Self.chatist(url).getTickets()
                Issue.record("a 418 returned a value")
            } catch {
                guard case .failure(.unexpectedStatus(_, 418, let preview)) = error else {
                    Issue.record("expected unexpectedStatus(418), got \(error)")
                    return
                }
                // Bytes that are not text are summarized, never pasted into a log line.
                #expect(preview == "<6 bytes>")
            }
        }
    }

    /// 100,000 nested arrays: the decoder refuses the depth instead of overflowing the stack.
    @Test func deepNestingIsRefusedNotACrash() async throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        _ = try await withTestServer({ _ in .json(deep) }) { url async throws in
            await #expect(throws: ChatistError.self) { try await Self.chatist(url).getTickets() }
        }
        // A JSON-valued response (Joyfill's raw JoyDoc) reads through the same guard.
        _ = try await withTestServer({ _ in .json(deep) }) { url async throws in
            await #expect(throws: JoyfillError.self) {
                try await JoyfillClient(baseURL: url, bearer: "t").updateDocument(identifier: "d", changeLogs: [])
            }
        }
    }

    @Test func aFiftyMegabyteBodyIsATypedErrorAndTheStatusSurvives() async throws {
        let huge = Data(repeating: UInt8(ascii: "x"), count: 50 * 1024 * 1024)
        _ = try await withTestServer({ _ in CannedResponse(status: 500, body: huge) }) { url async throws in
            do throws(ChatistError) {
                _ = try await Self.chatist(url).getTickets()
                Issue.record("a 500 returned a value")
            } catch {
                guard case .serverError(500, let body) = error else {
                    Issue.record("expected serverError(500), got \(error)")
                    return
                }
                #expect(body.value == nil)
                #expect(body.preview.count <= 1100)
            }
        }
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let server = try RawSocketServer(.silent)
        defer { server.stop() }
        let started = ContinuousClock.now
        await #expect(throws: ChatistError.failure(.timedOut(operation: "Chatist.getTickets"))) {
            try await Self.isolatedChatist(server.url).with(RequestOptions(timeout: 1)).getTickets()
        }
        #expect(ContinuousClock.now - started < Self.hangBound)
    }

    @Test func aServerThatHangsUpMidBodyIsATransportError() async throws {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
        let server = try RawSocketServer(.raw(Data((head + #"[{"id":"t1","#).utf8)))
        defer { server.stop() }
        let started = ContinuousClock.now
        do throws(ChatistError) {
            _ = try await Self.isolatedChatist(server.url).with(RequestOptions(timeout: 5)).getTickets()
            Issue.record("a truncated answer returned a value")
        } catch {
            switch error {
            case .failure(.transport), .failure(.timedOut), .failure(.decoding): break
            default: Issue.record("expected a transport failure, got \(error)")
            }
        }
        #expect(ContinuousClock.now - started < Self.hangBound)
    }

    @Test func aServerThatSpeaksNoHTTPIsATransportError() async throws {
        let server = try RawSocketServer(.raw(Data("SSH-2.0-OpenSSH_9.6\r\n".utf8)))
        defer { server.stop() }
        await #expect(throws: ChatistError.self) {
            try await Self.isolatedChatist(server.url).with(RequestOptions(timeout: 5)).getTickets()
        }
    }
}
