import Chatist
import Foundation
import InMemoryTracing
import Logging
import SpecgenRuntime
import SpecgenTestSupport
import SpecgenTracing
import Testing
import Tracing

/// A generated client logs through the app's Logger and traces through its tracer, redacting the spec's secrets.
struct ClientObservabilityTests {
    @Test func aGeneratedClientLogsAndTracesItsCalls() async throws {
        let capture = LogCapture()
        let tracer = InMemoryTracer()
        let requests = try await withTestServer({ _ in CannedResponse(status: 204) }) { url async throws in
            let client = ChatistClient(
                baseURL: url, apiKey: "chat-key", middlewares: [TracingMiddleware(tracer: tracer)],
                logger: capture.logger())
            try await client.updateDevice(UpdateDevice(originalID: "dev-1", deviceToken: "apns-secret"))
        }
        #expect(requests.count == 1)
        #expect(requests[0].headers["x-api-key"] == "chat-key")
        #expect(requests[0].headers[InMemoryTracer.spanIDKey] != nil)

        let entries = capture.entries
        #expect(entries.map(\.level) == [.debug, .trace, .debug])
        #expect(entries[0].message.hasPrefix("Chatist.updateDevice → PUT http://127.0.0.1:"))
        #expect(entries[1].message.contains("x-api-key: <redacted>"))
        #expect(entries[1].message.contains("x-chatist-platform: ios"))
        #expect(entries[1].message.contains(#""deviceToken":"<redacted>""#))
        #expect(entries[2].metadata["status"] == "204")
        let text = entries.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
        #expect(!text.contains("chat-key") && !text.contains("apns-secret"), "\(text)")

        #expect(tracer.finishedSpans.map(\.operationName) == ["PUT", "Chatist.updateDevice"])
    }
}
