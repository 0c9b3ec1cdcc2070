import Foundation
import SpecgenFixtureShelf
import SpecgenMock
import SpecgenRuntime
import SpecgenTestSupport
import SpecgenWire
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Shelf's `createOrder` declares `idempotencyKey: Idempotency-Key`: the client sends one fresh key per call and the
/// same key on each retry of it, which makes the POST safe to retry.
struct IdempotencyKeyTests {
    static let order = #"{"id":"o1","total":12.5}"#

    @Test func aRetrySendsTheSameKeyAndTheNextCallAnother() async throws {
        let attempts = AttemptCount()
        let requests = try await withTestServer({ _ in
            // The first attempt of each call fails as an overloaded server would; the second succeeds.
            attempts.next() % 2 == 1 ? CannedResponse(status: 503) : .json(Self.order, status: 201)
        }) { url async throws in
            let client = ShelfClient(
                baseURL: url, bearer: "shelf-token", retryPolicy: RetryPolicy(initialDelay: 0.01, jitter: false))
            let first = try await client.createOrder(NewOrder(book: "book_1", quantity: 1))
            let second = try await client.createOrder(NewOrder(book: "book_2", quantity: 2))
            #expect(first.id == "o1" && second.id == "o1")
        }
        let keys = requests.map { $0.headers["idempotency-key"] ?? "" }
        #expect(requests.count == 4)
        #expect(requests.allSatisfy { $0.method == "POST" && $0.path == "/orders" })
        #expect(keys[0] == keys[1] && keys[2] == keys[3])
        #expect(keys[0] != keys[2])
        #expect(keys.allSatisfy { UUID(uuidString: $0) != nil })
    }

    @Test func theMockRequiresTheKey() async throws {
        try await Mocks.with("Shelf", path: PaginationFlowTests.spec) { url, service async throws in
            let client = ShelfClient(baseURL: url, bearer: "shelf-token")
            let order = try await client.createOrder(NewOrder(book: "book_1", quantity: 1))
            #expect(order.id == "id_1")
            var request = URLRequest(url: url.appendingPathComponent("orders"))
            request.httpMethod = "POST"
            request.setValue("Bearer shelf-token", forHTTPHeaderField: "Authorization")
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(#"{"book":"book_1","quantity":1}"#.utf8)
            let (_, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 400)
            #expect(service.history.map(\.status) == [201, 400])
            #expect(service.history.last?.problems.map(\.field) == ["header.Idempotency-Key"])
        }
    }
}

/// Counts requests across the server's handler calls.
final class AttemptCount: Sendable {
    private let value = Mutex(0)
    func next() -> Int {
        value.withLock {
            $0 += 1
            return $0
        }
    }
    var count: Int { value.withLock { $0 } }
}
