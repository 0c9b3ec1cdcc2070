import Foundation
import HTTPTypes
import SpecgenRuntime
import SpecgenTestSupport
import Synchronization
import Testing

/// Every pagination style walks a collection to its end, lazily, and stops when the server repeats itself.
struct PaginationTests {
    struct Page: Sendable, Equatable {
        var items: [Int]
        var next: String?
        var hasMore: Bool?
    }

    struct Failure: Error, Equatable {
        var page: Int
    }

    /// Records every fetch, so a test sees exactly what the sequence asked for.
    final class Calls: Sendable {
        private let values = Mutex<[String]>([])
        func add(_ value: String) { values.withLock { $0.append(value) } }
        var all: [String] { values.withLock { $0 } }
    }

    @Test func numberedPagesStopAfterAShortPage() async throws {
        let calls = Calls()
        let pages = PageSequence<Page, Int, Failure>.numbered(from: 1, limit: 3, items: { $0.items }) { number in
            calls.add("page \(number)")
            return Page(items: number < 3 ? [1, 2, 3] : [4])
        }
        var sizes: [Int] = []
        for try await page in pages { sizes.append(page.items.count) }
        #expect(sizes == [3, 3, 1])
        #expect(calls.all == ["page 1", "page 2", "page 3"])
    }

    @Test func aHasMoreFlagWinsOverThePageSize() async throws {
        let calls = Calls()
        // The server caps the page below the limit asked for, and says when there is more.
        let pages = PageSequence<Page, Int, Failure>.offsets(
            limit: 100, items: { $0.items }, hasMore: { $0.hasMore }
        ) { offset in
            calls.add("offset \(offset)")
            return Page(items: Array(offset..<offset + 2), hasMore: offset < 4)
        }
        var items: [Int] = []
        for try await item in pages.items { items.append(item) }
        #expect(items == [0, 1, 2, 3, 4, 5])
        #expect(calls.all == ["offset 0", "offset 2", "offset 4"])
    }

    @Test func cursorsAreFollowedUntilAbsentAndNeverTwice() async throws {
        let calls = Calls()
        let cursors = ["c1", "c2", nil]
        let pages = PageSequence<Page, Int, Failure>.cursors(items: { $0.items }, nextCursor: { $0.next }) {
            (cursor: String?) in
            calls.add(cursor ?? "first")
            let index = cursor.map { Int($0.dropFirst()) ?? 0 } ?? 0
            return Page(items: [index], next: cursors[index])
        }
        var items: [Int] = []
        for try await item in pages.items { items.append(item) }
        #expect(items == [0, 1, 2])
        #expect(calls.all == ["first", "c1", "c2"])

        // A server that answers the same cursor again: the walk stops instead of looping.
        let repeating = Calls()
        let stuck = PageSequence<Page, Int, Failure>.cursors(items: { $0.items }, nextCursor: { $0.next }) {
            (cursor: String?) in
            repeating.add(cursor ?? "first")
            return Page(items: [1], next: "same")
        }
        var count = 0
        for try await _ in stuck { count += 1 }
        #expect(count == 2)
        #expect(repeating.all == ["first", "same"])
    }

    @Test func afterItemsSendsTheLastIdentifier() async throws {
        let calls = Calls()
        let all = Array(1...5)
        let pages = PageSequence<Page, Int, Failure>.afterItems(
            items: { $0.items }, hasMore: { $0.hasMore }, id: { $0 }
        ) { (after: Int?) in
            calls.add(after.map(String.init) ?? "first")
            let rest = all.drop { $0 <= (after ?? 0) }
            return Page(items: Array(rest.prefix(2)), hasMore: rest.count > 2)
        }
        var items: [Int] = []
        for try await item in pages.items { items.append(item) }
        #expect(items == [1, 2, 3, 4, 5])
        #expect(calls.all == ["first", "2", "4"])
    }

    @Test func pagesAreFetchedOnlyAsTheyAreReadAndErrorsAreTyped() async throws {
        let calls = Calls()
        let pages = PageSequence<Page, Int, Failure>.numbered(from: 1, limit: 1, items: { $0.items }) {
            number throws(Failure) in
            calls.add("page \(number)")
            if number == 3 { throw Failure(page: 3) }
            return Page(items: [number])
        }
        var iterator = pages.items.makeAsyncIterator()
        #expect(try await iterator.next() == 1)
        #expect(calls.all == ["page 1"])
        #expect(try await iterator.next() == 2)
        do throws(Failure) {
            _ = try await iterator.next()
            Issue.record("the third page should fail")
        } catch {
            #expect(error == Failure(page: 3))
        }
        #expect(calls.all == ["page 1", "page 2", "page 3"])
    }

    @Test func linkHeadersAreParsedAsRFC8288() {
        let base = URL(string: "https://api.example.com/repos?page=1")
        let header =
            #"<https://api.example.com/repos?page=3>; rel="last", </repos?page=2&per_page=5>; rel="next prefetch""#
        let next = LinkHeader.target(of: "next", in: header, relativeTo: base)
        #expect(next?.absoluteString == "https://api.example.com/repos?page=2&per_page=5")
        #expect(
            LinkHeader.target(of: "last", in: header, relativeTo: base)?.absoluteString
                == "https://api.example.com/repos?page=3")
        #expect(LinkHeader.target(of: "prev", in: header, relativeTo: base) == nil)
        #expect(LinkHeader.target(of: "next", in: "garbage <", relativeTo: base) == nil)
    }

    /// One listing call as a generated client makes it: through the client, so a link walk reaches the wire.
    static func list(_ client: APIClient) -> PageSequence<[Int], Int, ClientError> {
        .links(items: { $0 }) { link async throws(ClientError) in
            var request = HTTPRequestData(method: .get, path: "/repos", query: [QueryItem("per_page", "2")])
            request.setHeader("Authorization", "Bearer secret")
            let response = try await client.with(link).send(request, operation: "Test.listRepos")
            return try client.decode([Int].self, from: response, operation: "Test.listRepos")
        }
    }

    @Test func linkWalksFollowTheNextURLOverTheWire() async throws {
        let requests = try await withTestServer({ request in
            switch request.rawQuery {
            case "per_page=2": .json("[1,2]", headers: ["Link": #"</repos?page=2&per_page=2>; rel="next""#])
            case "page=2&per_page=2":
                .json("[3,4]", headers: ["Link": #"</repos?page=3&per_page=2>; rel="next", </repos>; rel="first""#])
            default: .json("[5]", headers: ["Link": #"</repos>; rel="first""#])
            }
        }) { url async throws in
            var items: [Int] = []
            for try await item in Self.list(APIClient(baseURL: url)).items { items.append(item) }
            #expect(items == [1, 2, 3, 4, 5])
        }
        #expect(requests.map(\.rawQuery) == ["per_page=2", "page=2&per_page=2", "page=3&per_page=2"])
        #expect(requests.allSatisfy { $0.path == "/repos" && $0.headers["authorization"] == "Bearer secret" })
    }

    /// A middleware that fetches a token through a client of its own before each attempt.
    struct TokenFetch: Middleware {
        let tokens: APIClient

        func intercept(
            _ request: HTTPRequestData, context: OperationContext,
            next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData
        ) async throws -> HTTPResponseData {
            let token = try await tokens.send(HTTPRequestData(method: .get, path: "/token"), operation: "Test.token")
            var request = request
            request.setHeader("Authorization", "Bearer " + String(decoding: token.body, as: UTF8.self))
            return try await next(request)
        }
    }

    /// The walk's place travels with the page's call only: a request a middleware sends inside it goes where it was
    /// meant to, and a link in its answer does not steer the walk.
    @Test func aMiddlewaresOwnRequestInsideAWalkGoesWhereItWasMeantTo() async throws {
        let requests = try await withTestServer({ request in
            switch (request.path, request.rawQuery) {
            case ("/token", _): .json("t1", headers: ["Link": #"</elsewhere>; rel="next""#])
            case (_, "per_page=2"): .json("[1,2]", headers: ["Link": #"</repos?page=2&per_page=2>; rel="next""#])
            default: .json("[3]")
            }
        }) { url async throws in
            let client = APIClient(baseURL: url, middlewares: [TokenFetch(tokens: APIClient(baseURL: url))])
            var items: [Int] = []
            for try await item in Self.list(client).items { items.append(item) }
            #expect(items == [1, 2, 3])
        }
        #expect(
            requests.map { $0.path + "?" + $0.rawQuery } == [
                "/token?", "/repos?per_page=2", "/token?", "/repos?page=2&per_page=2",
            ])
        #expect(requests.filter { $0.path == "/repos" }.allSatisfy { $0.headers["authorization"] == "Bearer t1" })
    }

    @Test func aLinkToAnotherOriginIsNeverFollowed() async throws {
        let requests = try await withTestServer({ _ in
            .json("[1]", headers: ["Link": #"<http://127.0.0.2:1/steal>; rel="next""#])
        }) { url async throws in
            var iterator = Self.list(APIClient(baseURL: url)).makeAsyncIterator()
            #expect(try await iterator.next() == [1])
            do throws(ClientError) {
                _ = try await iterator.next()
                Issue.record("a cross-origin link must not be followed")
            } catch {
                #expect(error.description.contains("another origin (127.0.0.2)"))
            }
        }
        #expect(requests.count == 1)
    }
}
