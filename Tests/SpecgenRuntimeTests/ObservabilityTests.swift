import Foundation
import HTTPTypes
import InMemoryTracing
import Logging
import SpecgenRuntime
import SpecgenTestSupport
import SpecgenTracing
import Synchronization
import Testing
import Tracing

/// Logs through swift-log and traces through swift-distributed-tracing, against a real server on 127.0.0.1.
struct ObservabilityTests {
    /// A request that carries every kind of secret: a bearer token, an API key in the query, a password in the body.
    private func loginRequest() -> HTTPRequestData {
        var request = HTTPRequestData(
            method: .post, path: "/login", query: [QueryItem("page", "2")],
            body: Data(#"{"email":"a@b.c","password":"hunter2","pin":"0000"}"#.utf8))
        request.headerFields[.contentType] = "application/json"
        return request
    }

    /// The login operation, retryable, with the bearer scheme (whose middlewares add the token and the query key).
    private let login = OperationContext("Keyz.loginUser", authScheme: "bearer", isRetryable: true)

    private let secrets = ["tok-123", "key-456", "hunter2", "0000", "server-secret"]

    private func middlewares() -> [any Middleware] {
        [
            BearerTokenMiddleware(scheme: "bearer", token: "tok-123"),
            APIKeyMiddleware(scheme: "bearer", name: "key", location: .query, key: "key-456"),
        ]
    }

    @Test func logsEachCallAndAttemptWithMetadataAndNoSecret() async throws {
        let calls = Atomic<Int>(0)
        let capture = LogCapture()
        let requests = try await withTestServer({ _ in
            calls.add(1, ordering: .relaxed).newValue == 1
                ? CannedResponse(status: 503, headers: ["Retry-After": "0"])
                : .json(#"{"access_token":"server-secret","id":"u1"}"#)
        }) { url async throws in
            let client = APIClient(
                baseURL: url, retryPolicy: RetryPolicy(maxAttempts: 3), middlewares: middlewares(),
                logger: capture.logger(level: .trace), sensitiveNames: ["PIN"])
            let response = try await client.send(loginRequest(), context: login)
            #expect(response.status.code == 200)
        }
        #expect(requests.count == 2)
        let entries = capture.entries
        let start = try #require(entries.first?.message)
        #expect(start.hasPrefix("Keyz.loginUser → POST http://127.0.0.1:") && start.hasSuffix("/login?page=2"))
        #expect(entries[1].message.hasPrefix("Keyz.loginUser attempt 1 → POST http://127.0.0.1:"))
        #expect(entries[1].message.contains("/login?page=2&key=<redacted> ["), "the API key, added by its middleware")
        #expect(entries.map(\.level) == [.debug, .trace, .trace, .debug, .trace])
        #expect(entries[1].metadata["attempt"] == "1")
        #expect(entries[2].metadata["attempt"] == "2")
        #expect(entries[1].message.contains("authorization: <redacted>"))
        #expect(entries[1].message.contains(#""email":"a@b.c""#))
        #expect(entries[1].message.contains(#""pin":"<redacted>""#), "a spec-sensitive name, matched in any case")
        let end = entries[3]
        #expect(end.message.hasPrefix("Keyz.loginUser ← 200 in "))
        #expect(end.metadata["operation"] == "Keyz.loginUser")
        #expect(end.metadata["status"] == "200")
        #expect(end.metadata["attempts"] == "2")
        #expect(end.metadata["duration_ms"].flatMap { Int($0.description) }.map { $0 >= 0 } == true)
        #expect(entries[4].message == #"Keyz.loginUser ← {"access_token":"<redacted>","id":"u1"}"#)
        let everything = entries.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
        for secret in secrets {
            #expect(!everything.contains(secret), "\(secret) leaked into: \(everything)")
        }
    }

    @Test func logsFailuresAtErrorWithTheirStatus() async throws {
        let capture = LogCapture()
        _ = try await withTestServer({ _ in .json(#"{"detail":"boom"}"#, status: 500) }) { url async throws in
            let client = APIClient(baseURL: url, logger: capture.logger(level: .info))
            let response = try await client.send(HTTPRequestData(method: .get, path: "/x"), operation: "Api.getX")
            let error = client.unexpectedStatus(response, operation: "Api.getX")
            #expect(error.status == 500)
            #expect(throws: ClientError.self) {
                _ = try client.decode([String].self, from: response, operation: "Api.getX")
            }
        }
        #expect(capture.entries.map(\.level) == [.error, .error], "debug lines stay below the logger's level")
        #expect(capture.entries[0].message == #"Api.getX failed with undocumented status 500: {"detail":"boom"}"#)
        #expect(capture.entries[0].metadata["status"] == "500")
        #expect(capture.entries[1].message.hasPrefix("Api.getX failed at response decoding of a 500 answer"))

        // No answer at all: a port nothing listens on.
        let closed = APIClient(baseURL: try #require(URL(string: "http://127.0.0.1:9")), logger: capture.logger())
        await #expect(throws: ClientError.self) {
            _ = try await closed.send(HTTPRequestData(method: .get, path: "/"), operation: "Api.ping")
        }
        let last = try #require(capture.entries.last)
        #expect(last.level == .error)
        #expect(last.message.hasPrefix("Api.ping failed in transport"))
        #expect(last.metadata["attempts"] == "1")
    }

    @Test func tracesTheCallAndEachAttemptAndPropagatesTheContext() async throws {
        let tracer = InMemoryTracer()
        let calls = Atomic<Int>(0)
        let requests = try await withTestServer({ _ in
            calls.add(1, ordering: .relaxed).newValue == 1
                ? CannedResponse(status: 503, headers: ["Retry-After": "0"]) : .json(#"{"id":"u1"}"#)
        }) { url async throws in
            // Listed after the auth middlewares on purpose: a `.call` middleware still wraps the retries.
            let client = APIClient(
                baseURL: url, retryPolicy: RetryPolicy(maxAttempts: 3),
                middlewares: middlewares() + [TracingMiddleware(tracer: tracer)])
            _ = try await client.send(loginRequest(), context: login)
        }
        let spans = tracer.finishedSpans
        #expect(spans.map(\.operationName) == ["POST", "POST", "Keyz.loginUser"])
        let call = spans[2]
        #expect(call.kind == .client)
        #expect(call.attributes["http.response.status_code"]?.toSpanAttribute() == 200)
        let attempts = Array(spans[0...1])
        for attempt in attempts {
            #expect(attempt.kind == .client)
            #expect(attempt.spanContext.parentSpanID == call.spanContext.spanID)
            #expect(attempt.spanContext.traceID == call.spanContext.traceID)
            #expect(attempt.attributes["http.request.method"]?.toSpanAttribute() == "POST")
            #expect(attempt.attributes["server.address"]?.toSpanAttribute() == "127.0.0.1")
            guard case .string(let url) = attempt.attributes["url.full"]?.toSpanAttribute() else {
                Issue.record("no url.full")
                continue
            }
            #expect(url.hasPrefix("http://127.0.0.1:") && url.hasSuffix("/login?page=2&key=<redacted>"), "\(url)")
        }
        #expect(attempts[0].attributes["http.response.status_code"]?.toSpanAttribute() == 503)
        #expect(attempts[0].attributes["error.type"]?.toSpanAttribute() == "503")
        #expect(attempts[0].status?.code == .error)
        #expect(attempts[0].attributes["http.request.resend_count"] == nil)
        #expect(attempts[1].attributes["http.request.resend_count"]?.toSpanAttribute() == 1)
        #expect(attempts[1].attributes["http.response.status_code"]?.toSpanAttribute() == 200)

        // Each attempt's context reached the server in its headers.
        #expect(requests.map { $0.headers[InMemoryTracer.spanIDKey] } == attempts.map(\.spanContext.spanID))
        #expect(requests.map { $0.headers[InMemoryTracer.traceIDKey] } == attempts.map(\.spanContext.traceID))

        let attributes = spans.flatMap { span in
            var values: [String] = []
            // SpanAttributes is not a Sequence: forEach is its only way through.
            // swift-format-ignore: ReplaceForEachWithForLoop
            span.attributes.forEach { key, value in values.append("\(key)=\(value)") }
            return values
        }.joined(separator: " ")
        for secret in secrets {
            #expect(!attributes.contains(secret), "\(secret) leaked into: \(attributes)")
        }
    }

    @Test func aFailedAttemptRecordsItsKindNotItsMessage() async throws {
        let tracer = InMemoryTracer()
        let client = APIClient(
            baseURL: try #require(URL(string: "http://127.0.0.1:9/?token=tok-123")),
            middlewares: [TracingMiddleware(tracer: tracer)])
        await #expect(throws: ClientError.self) {
            _ = try await client.send(HTTPRequestData(method: .get, path: "/"), operation: "Api.ping")
        }
        let spans = tracer.finishedSpans
        #expect(spans.map(\.operationName) == ["GET", "Api.ping"])
        #expect(spans.allSatisfy { $0.status?.code == .error })
        #expect(spans[0].errors.isEmpty, "an error's message may quote a URL with a secret")
        let kind = spans[0].attributes["error.type"]?.toSpanAttribute()
        #expect(kind == "Foundation.URLError" || kind == "FoundationEssentials.URLError")
    }
}
