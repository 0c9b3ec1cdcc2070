public import Foundation
import HTTPTypes

/// The pages of a paginated operation as an `AsyncSequence`, fetched one at a time as the caller asks for them.
///
/// Generated clients return one from each paginated operation's `…Pages` method. Iterate the pages to read their
/// other fields (a total, a `has_more` flag), or ``items`` to read the items one by one:
/// ```swift
/// for try await customer in client.listCustomersPages(limit: 100).items {
///     print(customer.email)
/// }
/// ```
/// Iterating throws what the operation throws. The sequence fetches the next page only when the previous one is
/// consumed, stops after the last page (as the spec's style defines it), and stops as well when the server hands
/// back a cursor, item or link it already gave, so a server that repeats itself can never make it loop. A
/// cancelled task gets the operation's cancellation error from the next fetch.
public struct PageSequence<Page: Sendable, Item: Sendable, Failure: Error>: AsyncSequence, Sendable {
    /// A page: the operation's whole response.
    public typealias Element = Page

    /// Where the walk stands: nothing yet (the first page), a page number or offset, a token, or a URL.
    enum Marker: Hashable, Sendable {
        case number(Int)
        case token(String)
        case url(URL)
    }

    private let first: Marker?
    private let itemsOf: @Sendable (Page) -> [Item]
    /// Fetches the page at a marker, with the link its response carried (for the `links` style).
    private let fetch: @Sendable (Marker?) async throws(Failure) -> (page: Page, link: URL?)
    private let following: @Sendable (_ page: Page, _ items: [Item], _ marker: Marker?, _ link: URL?) -> Marker?

    init(
        first: Marker?, items: @escaping @Sendable (Page) -> [Item],
        fetch: @escaping @Sendable (Marker?) async throws(Failure) -> (page: Page, link: URL?),
        next: @escaping @Sendable (_ page: Page, _ items: [Item], _ marker: Marker?, _ link: URL?) -> Marker?
    ) {
        self.first = first
        self.itemsOf = items
        self.fetch = fetch
        self.following = next
    }

    /// The items of every page, in order, as an `AsyncSequence`.
    public var items: PageItems<Page, Item, Failure> { PageItems(pages: self, itemsOf: itemsOf) }

    /// Walks the pages.
    public struct AsyncIterator: AsyncIteratorProtocol {

        let sequence: PageSequence
        var marker: Marker?
        var seen: Set<Marker> = []
        var finished = false

        /// Fetches the next page, or returns nil after the last one.
        public mutating func next() async throws(Failure) -> Page? {
            try await next(isolation: nil)
        }

        /// Fetches the next page, or returns nil after the last one.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Page? {
            guard !finished else { return nil }
            finished = true
            let (page, link) = try await sequence.fetch(marker)
            if let following = sequence.following(page, sequence.itemsOf(page), marker, link),
                seen.insert(following).inserted
            {
                marker = following
                finished = false
            }
            return page
        }
    }

    /// Starts at the first page.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(sequence: self, marker: first, seen: first.map { [$0] } ?? [])
    }
}

/// The items of a ``PageSequence``, one at a time, fetching pages as they are needed.
public struct PageItems<Page: Sendable, Item: Sendable, Failure: Error>: AsyncSequence, Sendable {
    /// An item.
    public typealias Element = Item

    let pages: PageSequence<Page, Item, Failure>
    let itemsOf: @Sendable (Page) -> [Item]

    /// Walks the items.
    public struct AsyncIterator: AsyncIteratorProtocol {

        var pages: PageSequence<Page, Item, Failure>.AsyncIterator
        let itemsOf: @Sendable (Page) -> [Item]
        var buffer: [Item] = []
        var position = 0

        /// The next item, fetching the next page when this one is used up; nil after the last.
        public mutating func next() async throws(Failure) -> Item? {
            try await next(isolation: nil)
        }

        /// The next item, fetching the next page when this one is used up; nil after the last.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Item? {
            while position == buffer.count {
                guard let page = try await pages.next(isolation: actor) else { return nil }
                buffer = itemsOf(page)
                position = 0
            }
            defer { position += 1 }
            return buffer[position]
        }
    }

    /// Starts at the first item.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator(), itemsOf: itemsOf)
    }
}

// MARK: Styles

extension PageSequence {
    /// Whether another page may follow: never after a page without items or a `has_more` flag that is false; after
    /// a flag that is true, always; without a flag, only after a full page when the style counts to `limit`.
    private static func mayContinue(
        _ page: Page, _ items: [Item], _ hasMore: (@Sendable (Page) -> Bool?)?, fullAt limit: Int? = nil
    ) -> Bool {
        guard !items.isEmpty else { return false }
        switch hasMore?(page) {
        case false?: return false
        case true?: return true
        case nil: return limit.map { items.count >= $0 } ?? true
        }
    }

    /// Fetches by the number in the marker: a page number or an offset.
    private static func fetchingNumbers(
        _ fetch: @escaping @Sendable (Int) async throws(Failure) -> Page
    ) -> @Sendable (Marker?) async throws(Failure) -> (page: Page, link: URL?) {
        { marker throws(Failure) in
            guard case .number(let number) = marker else { return (try await fetch(0), nil) }
            return (try await fetch(number), nil)
        }
    }

    /// Fetches by the token in the marker, read back as the type it was written from; nil for the first page.
    private static func fetchingTokens<Token: LosslessStringConvertible & Sendable>(
        _ fetch: @escaping @Sendable (Token?) async throws(Failure) -> Page
    ) -> @Sendable (Marker?) async throws(Failure) -> (page: Page, link: URL?) {
        { marker throws(Failure) in
            guard case .token(let token) = marker else { return (try await fetch(nil), nil) }
            return (try await fetch(Token(token)), nil)
        }
    }

    /// Pages by number: `first`, then the next, until a page is short (when there is no `has_more` flag), empty, or
    /// flagged as the last.
    public static func numbered(
        from first: Int, limit: Int, items: @escaping @Sendable (Page) -> [Item],
        hasMore: (@Sendable (Page) -> Bool?)? = nil,
        fetch: @escaping @Sendable (_ page: Int) async throws(Failure) -> Page
    ) -> PageSequence {
        PageSequence(
            first: .number(first), items: items, fetch: fetchingNumbers(fetch),
            next: { page, received, marker, _ in
                guard case .number(let number) = marker, mayContinue(page, received, hasMore, fullAt: limit) else {
                    return nil
                }
                return .number(number + 1)
            })
    }

    /// Pages by item offset: 0, then past the items received, until a page is short (when there is no `has_more`
    /// flag), empty, or flagged as the last.
    public static func offsets(
        limit: Int, items: @escaping @Sendable (Page) -> [Item], hasMore: (@Sendable (Page) -> Bool?)? = nil,
        fetch: @escaping @Sendable (_ offset: Int) async throws(Failure) -> Page
    ) -> PageSequence {
        PageSequence(
            first: .number(0), items: items, fetch: fetchingNumbers(fetch),
            next: { page, received, marker, _ in
                guard case .number(let offset) = marker, mayContinue(page, received, hasMore, fullAt: limit) else {
                    return nil
                }
                return .number(offset + received.count)
            })
    }

    /// Pages by an opaque cursor the response carries: the first page without one, then the cursor of each page,
    /// until the cursor is absent or empty, a page is empty or flagged as the last, or a cursor repeats.
    public static func cursors<Cursor: LosslessStringConvertible & Sendable>(
        items: @escaping @Sendable (Page) -> [Item], hasMore: (@Sendable (Page) -> Bool?)? = nil,
        nextCursor: @escaping @Sendable (Page) -> Cursor?,
        fetch: @escaping @Sendable (_ cursor: Cursor?) async throws(Failure) -> Page
    ) -> PageSequence {
        PageSequence(
            first: nil, items: items, fetch: fetchingTokens(fetch),
            next: { page, received, _, _ in
                guard mayContinue(page, received, hasMore), let cursor = nextCursor(page)?.description,
                    !cursor.isEmpty
                else { return nil }
                return .token(cursor)
            })
    }

    /// Pages after the last item received (Stripe's `starting_after`): the first page without it, then after each
    /// page's last item, until a page is empty or flagged as the last, or an identifier repeats.
    public static func afterItems<ID: LosslessStringConvertible & Sendable>(
        items: @escaping @Sendable (Page) -> [Item], hasMore: (@Sendable (Page) -> Bool?)? = nil,
        id: @escaping @Sendable (Item) -> ID,
        fetch: @escaping @Sendable (_ after: ID?) async throws(Failure) -> Page
    ) -> PageSequence {
        PageSequence(
            first: nil, items: items, fetch: fetchingTokens(fetch),
            next: { page, received, _, _ in
                guard mayContinue(page, received, hasMore), let last = received.last else { return nil }
                return .token(id(last).description)
            })
    }

    /// Pages by the response's `Link` header (RFC 8288, GitHub's style): the operation's own request first, then
    /// the URL of the link with this relation, until there is none, a page is empty or flagged as the last, or a
    /// URL repeats. `fetch` makes the operation's call through `client.with(link)`, which sends it to the page the
    /// walk is at and records the next link. A link to another origin is refused by the client, so credentials stay
    /// with the API.
    public static func links(
        relation: String = "next", items: @escaping @Sendable (Page) -> [Item],
        hasMore: (@Sendable (Page) -> Bool?)? = nil,
        fetch: @escaping @Sendable (PageLink) async throws(Failure) -> Page
    ) -> PageSequence {
        PageSequence(
            first: nil, items: items,
            fetch: { marker throws(Failure) in
                var target: URL?
                if case .url(let url) = marker { target = url }
                let link = PageLink(relation: relation, target: target)
                return (try await fetch(link), link.next)
            },
            next: { page, received, _, link in
                guard mayContinue(page, received, hasMore) else { return nil }
                return link.map(Marker.url)
            })
    }
}

/// Where a link-paginated walk is, handed to each page's call: the link relation the walk follows, and the URL of
/// the page it asks for (nil for the first, which the operation's own request fetches). A call made through
/// `APIClient.with(_:)` of it is sent to that URL, and the response's link of the relation is kept for the walk.
public final class PageLink: Sendable {
    /// The relation of the links the walk follows (`next`).
    public let relation: String
    /// The URL the call goes to; nil for the first page.
    public let target: URL?
    private let found = Locked<URL?>(nil)

    init(relation: String, target: URL?) {
        self.relation = relation
        self.target = target
    }

    /// The link of `relation` in the response to the call, once it has one.
    var next: URL? { found.withLock { $0 } }

    /// Records the link of `relation` in a response to `request`, resolved against the request's URL.
    func record(_ response: HTTPResponseData, of request: HTTPRequestData) {
        guard let name = HTTPField.Name("Link") else { return }
        let header = response.headerFields[values: name].joined(separator: ", ")
        let link = LinkHeader.target(of: relation, in: header, relativeTo: request.url)
        found.withLock { $0 = link }
    }
}

/// Reads RFC 8288 `Link` header values: `<https://api.example.com/items?page=2>; rel="next", <…>; rel="last"`.
public enum LinkHeader {
    /// The URL of the first link whose `rel` includes `relation` (case-insensitive), resolved against `base`; nil
    /// when there is none or the header is malformed.
    public static func target(of relation: String, in header: String, relativeTo base: URL?) -> URL? {
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { return nil }
            let reference = rest[rest.index(after: open)..<close]
            let parametersEnd = rest[close...].firstIndex(of: "<") ?? rest.endIndex
            let parameters = rest[rest.index(after: close)..<parametersEnd]
            rest = rest[parametersEnd...]
            for parameter in parameters.split(separator: ";") {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2,
                    pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel"
                else { continue }
                let relations = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\","))
                    .lowercased().split(separator: " ")
                if relations.contains(Substring(relation.lowercased())) {
                    return URL(string: String(reference), relativeTo: base)?.absoluteURL
                }
            }
        }
        return nil
    }
}
