import Foundation

/// What the app shows: the titles of the catalogue's first page. Like everything in this module it is isolated to
/// the main actor by default, and it calls the generated client from there and from a detached task.
final class BookBoard {
    /// The titles, once loaded.
    private(set) var titles: [String] = []
    let client: ShelfClient

    init(client: ShelfClient) { self.client = client }

    /// Loads the first page on the main actor.
    func load() async throws(ShelfError) {
        titles = try await client.listBooks().books.map(\.title)
    }

    /// Counts a book's first reviews off the main actor.
    func reviewCount(of bookID: String) async throws -> Int {
        try await Task.detached { [client] in try await client.listReviews(bookID: bookID).count }.value
    }
}
