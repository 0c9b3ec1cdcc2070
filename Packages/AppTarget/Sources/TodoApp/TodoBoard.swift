import Foundation

/// What the app shows: the titles of the first page of todos. Like everything in this module it is isolated to the
/// main actor by default, and it calls the generated client from there and from a detached task.
final class TodoBoard {
    /// The titles, once loaded.
    private(set) var titles: [String] = []
    let client: TodosClient

    init(client: TodosClient) { self.client = client }

    /// Loads the first page on the main actor.
    func load() async throws(TodosError) {
        titles = try await client.listTodos(limit: 20).data.map(\.title)
    }

    /// Reads one todo's title off the main actor.
    func title(of id: TodoID) async throws -> String {
        try await Task.detached { [client] in try await client.getTodo(id: id).title }.value
    }
}
