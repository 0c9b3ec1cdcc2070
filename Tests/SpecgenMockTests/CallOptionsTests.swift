import Foundation
import Gista
import HTTPTypes
import SpecgenFixtureLedger
import SpecgenFixtureRelay
import SpecgenRuntime
import SpecgenTestSupport
import Synchronization
import Testing

/// One call's settings through `client.with(RequestOptions(...))`: a timeout, headers, a retry choice and an
/// idempotency key, on plain, paged, streamed and download calls, over real sockets.
struct CallOptionsTests {
    static let gist = #"{"id":"g1","title":"t","content":"c","userId":"ada_3F2504E0-4F89-41D3-9A0C-0305E82C3301"}"#
    static let userID: UserID = "ada_3F2504E0-4F89-41D3-9A0C-0305E82C3301"
    static let customers =
        #"{"data":[{"object":"customer","id":"cus_1","created":1793527200,"email":"a@b.c","#
        + #""metadata":{}}],"has_more":false}"#
    static let payment = """
        {"object": "payment", "id": "pay_1", "created": 1793527200, "amount": 1999, "currency": "eur",
         "status": "succeeded", "source": \(DataShapeTests.card), "metadata": {}}
        """

    static func gista(_ url: URL, retry: RetryPolicy? = RetryPolicy(initialDelay: 0.01, jitter: false)) -> GistaClient {
        GistaClient(baseURL: url, retryPolicy: retry)
    }

    @Test func headersGoOnThePlainCallAndReplaceTheOperationsOwn() async throws {
        let requests = try await withTestServer({ _ in .json(Self.gist) }) { url async throws in
            let options = RequestOptions(headers: ["X-Trace-ID": "trace-1", "Accept": "application/vnd.gista+json"])
            _ = try await Self.gista(url).with(options).getGist(gistID: "g1")
            // The client the view was made from is unchanged.
            _ = try await Self.gista(url).getGist(gistID: "g1")
        }
        #expect(requests.map { $0.headers["x-trace-id"] } == ["trace-1", nil])
        #expect(requests.map { $0.headers["accept"] } == ["application/vnd.gista+json", "application/json"])
    }

    /// Gista's `getGist` called with `options` fails with `failure` as a validation error, and sends nothing.
    static func expectRefusedBeforeSending(_ options: RequestOptions, _ failure: ValidationFailure) async throws {
        let requests = try await withTestServer({ _ in .json(Self.gist) }) { url async throws in
            await #expect(throws: GistaError.failure(.validation(operation: "Gista.getGist", failure: failure))) {
                try await Self.gista(url).with(options).getGist(gistID: "g1")
            }
        }
        #expect(requests.isEmpty)
    }

    @Test func anInvalidHeaderNameFailsTheCallBeforeAnythingIsSent() async throws {
        try await Self.expectRefusedBeforeSending(
            RequestOptions(headers: ["Bad Name": "x"]),
            ValidationFailure(field: "headers", rule: "'Bad Name' is not a header field name"))
    }

    @Test func aTimeoutReplacesTheOperationsOwn() async throws {
        // `createGist` declares 60 s; this call waits 0.3 s (a whole second on Linux, whose URLSession keeps whole
        // seconds) for an answer that takes 4 s.
        let slow = CannedResponse(status: 201, body: Data(Self.gist.utf8), delay: 4)
        _ = try await withTestServer({ _ in slow }) { url async throws in
            let body = CreateGistRequest(userID: Self.userID, title: "t", content: "c")
            let start = ContinuousClock.now
            await #expect(throws: GistaError.failure(.timedOut(operation: "Gista.createGist"))) {
                _ = try await Self.gista(url, retry: nil).with(RequestOptions(timeout: 0.3)).createGist(body)
            }
            let waited = ContinuousClock.now - start
            #expect(waited >= .milliseconds(300) && waited < .milliseconds(2_500), "\(waited)")
        }
    }

    @Test func retryNeverSendsOnceAndAPolicyRetriesWhereTheClientWouldNot() async throws {
        let unavailable = try await withTestServer({ _ in CannedResponse(status: 503) }) { url async throws in
            // The client's policy makes 3 attempts; `.never` makes one.
            await #expect(throws: GistaError.self) {
                _ = try await Self.gista(url).with(RequestOptions(retry: .never)).getUserArticles(Self.userID)
            }
        }
        #expect(unavailable.count == 1)

        let attempts = AttemptCount()
        let recovered = try await withTestServer({ _ in
            attempts.next() == 1 ? CannedResponse(status: 503) : .json("[]")
        }) { url async throws in
            // A client made without retries retries this call under the policy it is given.
            let options = RequestOptions(retry: .policy(RetryPolicy(maxAttempts: 2, initialDelay: 0.01, jitter: false)))
            let articles = try await Self.gista(url, retry: nil).with(options).getUserArticles(Self.userID)
            #expect(articles.isEmpty)
        }
        #expect(recovered.count == 2)
    }

    @Test func anIdempotencyKeyOfTheCallersIsSentOnEveryAttempt() async throws {
        let attempts = AttemptCount()
        let requests = try await withTestServer({ _ in
            attempts.next() == 1 ? CannedResponse(status: 503) : .json(Self.payment, status: 201)
        }) { url async throws in
            let client = LedgerClient(
                baseURL: url, secretKey: TokenProvider { "sk_test" },
                retryPolicy: RetryPolicy(initialDelay: 0.01, jitter: false))
            let payment = try await client.with(RequestOptions(idempotencyKey: "order-42-attempt"))
                .createPayment(NewPayment(amount: 1999, currency: .eur, source: "card_1"))
            #expect(payment.id == "pay_1")
        }
        #expect(requests.map { $0.headers["idempotency-key"] } == ["order-42-attempt", "order-42-attempt"])
    }

    @Test func anIdempotencyKeyOnAnOperationWithoutOneFailsRatherThanGoUnderAnInventedHeader() async throws {
        try await Self.expectRefusedBeforeSending(
            RequestOptions(idempotencyKey: "k"),
            ValidationFailure(field: "idempotencyKey", rule: "the operation declares no idempotency key"))
    }

    @Test func pagedStreamedAndDownloadCallsCarryTheOptions() async throws {
        let options = RequestOptions(headers: ["X-Trace-ID": "walk-1"])
        let pages = try await withTestServer({ _ in .json(Self.customers) }) { url async throws in
            let client = LedgerClient(baseURL: url, secretKey: TokenProvider { "sk_test" }).with(options)
            var emails: [String] = []
            for try await customer in client.listCustomersPages(limit: 1).items { emails.append(customer.email) }
            #expect(emails == ["a@b.c"])
        }
        #expect(pages.map { $0.headers["x-trace-id"] } == ["walk-1"])

        let streams = try await withTestServer({ request in
            request.path == "/events"
                ? CannedResponse(
                    headers: ["Content-Type": "text/event-stream"], body: Data("data: one\n\ndata: two\n\n".utf8))
                : CannedResponse(headers: ["Content-Type": "application/octet-stream"], body: Data("export".utf8))
        }) { url async throws in
            let client = AuthFlowTests.client(url).with(options)
            var events: [String] = []
            for try await event in try await client.watchEvents() { events.append(event.data) }
            #expect(events == ["one", "two"])
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(try await client.downloadExport(to: file) == 6)
        }
        #expect(streams.map(\.path) == ["/events", "/export"])
        #expect(streams.map { $0.headers["x-trace-id"] } == ["walk-1", "walk-1"])
    }

    /// Keeps what each middleware call is handed: the operation's context beside the request.
    final class ContextRecorder: Middleware {
        struct Seen: Equatable {
            var operation: String
            var authScheme: String?
            var authAlternatives: [String]
            var isRetryable: Bool
            var idempotencyKey: String?
            var timeout: TimeInterval?
            var retries: Bool
            var delivery: ResponseDelivery
            var pageLink: Bool
        }
        let seen = Mutex<[Seen]>([])

        func intercept(
            _ request: HTTPRequestData, context: OperationContext,
            next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData
        ) async throws -> HTTPResponseData {
            let key = context.idempotencyKeyHeader.flatMap { request.headerFields[$0] }
            let entry = Seen(
                operation: context.operation, authScheme: context.authScheme,
                authAlternatives: context.authAlternatives, isRetryable: context.isRetryable(request),
                idempotencyKey: key, timeout: context.options.timeout, retries: context.retryPolicy != nil,
                delivery: context.delivery, pageLink: context.pageLink != nil)
            seen.withLock { $0.append(entry) }
            return try await next(request)
        }
    }

    @Test func middlewaresAreHandedEachCallsContext() async throws {
        let recorder = ContextRecorder()
        _ = try await withTestServer({ request in
            request.path == "/payments" ? .json(Self.payment, status: 201) : .json(Self.customers)
        }) { url async throws in
            let client = LedgerClient(baseURL: url, secretKey: TokenProvider { "sk_test" }, middlewares: [recorder])
            _ = try await client.with(RequestOptions(timeout: 7, retry: .never, idempotencyKey: "order-42"))
                .createPayment(NewPayment(amount: 1999, currency: .eur, source: "card_1"))
            for try await _ in client.listCustomersPages(limit: 1).items {}
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try await withTestServer({ request in
            switch request.path {
            case "/events":
                CannedResponse(headers: ["Content-Type": "text/event-stream"], body: Data("data: one\n\n".utf8))
            case "/export": CannedResponse(headers: ["Content-Type": "application/octet-stream"], body: Data("x".utf8))
            default: .json("[]")
            }
        }) { url async throws in
            let client = RelayClient(
                baseURL: url, account: AuthFlowTests.account, partnerCredentials: AuthFlowTests.partner,
                retryPolicy: nil, middlewares: [recorder])
            _ = try await client.listAudits()
            for try await _ in try await client.watchEvents() {}
            _ = try await client.downloadExport(to: file)
        }
        let seen = recorder.seen.withLock { $0 }
        typealias Seen = ContextRecorder.Seen
        #expect(
            seen == [
                // The call's options over the operation's: its timeout, no retries, the caller's idempotency key.
                Seen(
                    operation: "Ledger.createPayment", authScheme: "secretKey", authAlternatives: [], isRetryable: true,
                    idempotencyKey: "order-42", timeout: 7, retries: false, delivery: .whole, pageLink: false),
                Seen(
                    operation: "Ledger.listCustomers", authScheme: "secretKey", authAlternatives: [], isRetryable: true,
                    idempotencyKey: nil, timeout: nil, retries: false, delivery: .whole, pageLink: false),
                // Of `[auditor, account]`, the scheme the app has a credential for, chosen before the middlewares.
                Seen(
                    operation: "Relay.listAudits", authScheme: "account", authAlternatives: [], isRetryable: true,
                    idempotencyKey: nil, timeout: nil, retries: false, delivery: .whole, pageLink: false),
                Seen(
                    operation: "Relay.watchEvents", authScheme: "account", authAlternatives: [], isRetryable: true,
                    idempotencyKey: nil, timeout: nil, retries: false, delivery: .streamed, pageLink: false),
                Seen(
                    operation: "Relay.downloadExport", authScheme: "account", authAlternatives: [], isRetryable: true,
                    idempotencyKey: nil, timeout: nil, retries: false, delivery: .download(to: file), pageLink: false),
            ])
    }
}
