import Foundation
import SpecgenFixtureShelf
import SpecgenMock
import SpecgenRuntime
import SpecgenTestSupport
import SpecgenWire
import Testing

/// The Shelf fixture's listings, one per pagination style, walked to their end by the generated client against
/// specgen-mock over real sockets; the wire is checked on the server's side. Hand-written servers that repeat
/// themselves check that no walk loops.
struct PaginationFlowTests {
    static let spec = "Tests/Fixtures/Shelf/Shelf.yaml"

    /// Runs `body` against a mock of Shelf and returns the queries the mock received.
    static func walk(_ body: (ShelfClient) async throws -> Void) async throws -> [String] {
        var queries: [String] = []
        try await Mocks.with("Shelf", path: spec) { url, service async throws in
            try await body(ShelfClient(baseURL: url, bearer: "shelf-token"))
            #expect(service.history.allSatisfy { $0.status == 200 && $0.problems.isEmpty })
            queries = service.history.map(\.query)
        }
        return queries
    }

    @Test func pageNumbersWalkToAShortPage() async throws {
        var ids: [String] = []
        let queries = try await Self.walk { client async throws in
            for try await book in client.listBooksPages(perPage: 3).items { ids.append(book.id) }
        }
        #expect(ids == (1...7).map { "book_\($0)" })
        #expect(queries == ["page=1&per_page=3", "page=2&per_page=3", "page=3&per_page=3"])
    }

    @Test func offsetsWalkToAShortPage() async throws {
        var ids: [Int] = []
        let queries = try await Self.walk { client async throws in
            for try await author in client.listAuthorsPages(limit: 3).items { ids.append(author.id) }
        }
        #expect(ids == Array(1...7))
        #expect(queries == ["offset=0&limit=3", "offset=3&limit=3", "offset=6&limit=3"])
    }

    @Test func cursorsWalkUntilTheCursorIsAbsent() async throws {
        var cursors: [String?] = []
        var count = 0
        let queries = try await Self.walk { client async throws in
            for try await page in client.listOrdersPages(limit: 3) {
                cursors.append(page.meta.nextCursor)
                count += page.orders.count
            }
        }
        #expect(cursors == ["cur_3", "cur_6", nil])
        #expect(count == 7)
        #expect(queries == ["limit=3", "cursor=cur_3&limit=3", "cursor=cur_6&limit=3"])
    }

    @Test func startingAfterWalksWhileHasMore() async throws {
        var flags: [Bool] = []
        var ids: [String] = []
        let queries = try await Self.walk { client async throws in
            for try await page in client.listCustomersPages(limit: 3) {
                flags.append(page.hasMore)
                ids += page.data.map(\.id)
            }
        }
        #expect(flags == [true, true, false])
        #expect(ids == (1...7).map { "customer_\($0)" })
        #expect(
            queries == ["limit=3", "starting_after=customer_3&limit=3", "starting_after=customer_6&limit=3"])
    }

    @Test func linksWalkUntilThereIsNoNext() async throws {
        var ids: [String] = []
        let queries = try await Self.walk { client async throws in
            for try await review in client.listReviewsPages(bookID: "book_1", perPage: 3).items {
                ids.append(review.id)
            }
        }
        #expect(ids == (1...7).map { "review_\($0)" })
        #expect(queries == ["per_page=3", "per_page=3&specgen_page=3", "per_page=3&specgen_page=6"])
    }

    /// Far past the end, and before the first page or offset, no page has the number asked: each is empty.
    @Test func pagesFarPastTheEndAreEmpty() async throws {
        var sizes: [Int] = []
        let queries = try await Self.walk { client async throws in
            sizes.append(try await client.listBooks(page: Int.max, perPage: Int.max).books.count)
            sizes.append(try await client.listAuthors(offset: Int.max, limit: 3).data.count)
            sizes.append(try await client.listBooks(page: Int.min + 1, perPage: 3).books.count)
            sizes.append(try await client.listBooks(page: 0, perPage: 3).books.count)
            sizes.append(try await client.listAuthors(offset: -1, limit: 3).data.count)
        }
        #expect(sizes == [0, 0, 0, 0, 0])
        #expect(queries.count == 5)
    }

    /// The document allows any cursor: one the mock never issued, like an empty one, is the first page.
    @Test func aCursorTheMockNeverIssuedIsTheFirstPage() async throws {
        try await Mocks.with("Shelf", path: Self.spec) { url, service async throws in
            let client = ShelfClient(baseURL: url, bearer: "shelf-token")
            let first = try await client.listOrders(cursor: nil, limit: 3)
            let forged = try await client.listOrders(cursor: "forged", limit: 3)
            let empty = try await client.listOrders(cursor: "", limit: 3)
            #expect(first.orders.count == 3)
            #expect(forged == first && empty == first)
            #expect(service.history.map(\.status) == [200, 200, 200])
        }
    }

    @Test func walksStopWhenTheServerRepeatsItself() async throws {
        // Every page names the same cursor, the same last item and the same link.
        let requests = try await withTestServer({ request in
            switch request.path {
            case "/orders": .json(#"{"orders":[{"id":"o1","total":1}],"meta":{"next_cursor":"same"}}"#)
            case "/customers": .json(#"{"object":"list","data":[{"id":"c1","email":"a@b.c"}],"has_more":true}"#)
            default: .json(#"[{"id":"r1","stars":5}]"#, headers: ["Link": #"</books/b/reviews?page=2>; rel="next""#])
            }
        }) { url async throws in
            let client = ShelfClient(baseURL: url, bearer: "shelf-token")
            var orders = 0
            for try await _ in client.listOrdersPages().items { orders += 1 }
            var customers = 0
            for try await _ in client.listCustomersPages().items { customers += 1 }
            var reviews = 0
            for try await _ in client.listReviewsPages(bookID: "b").items { reviews += 1 }
            #expect(orders == 2 && customers == 2 && reviews == 2)
        }
        #expect(
            requests.map { $0.path + ($0.rawQuery.isEmpty ? "" : "?" + $0.rawQuery) } == [
                "/orders", "/orders?cursor=same", "/customers", "/customers?starting_after=c1", "/books/b/reviews",
                "/books/b/reviews?page=2",
            ])
    }

    @Test func cancellingTheTaskEndsTheWalkWithTheOperationsError() async throws {
        _ = try await Self.walk { client async throws in
            let walk = Task { () async -> (ids: [String], error: ShelfError?) in
                var ids: [String] = []
                var iterator = client.listBooksPages(perPage: 3).items.makeAsyncIterator()
                do throws(ShelfError) {
                    while let book = try await iterator.next() {
                        ids.append(book.id)
                        if ids.count == 3 { withUnsafeCurrentTask { $0?.cancel() } }
                    }
                    return (ids, nil)
                } catch {
                    return (ids, error)
                }
            }
            let (ids, error) = await walk.value
            #expect(ids == ["book_1", "book_2", "book_3"])
            guard case .failure(.cancelled(let operation))? = error else {
                Issue.record("expected cancellation, got \(String(describing: error))")
                return
            }
            #expect(operation == "Shelf.listBooks")
        }
    }
}
