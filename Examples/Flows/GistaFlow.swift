import Foundation
import Gista
import SpecgenRuntime

/// Gista: create a user with a `username_UUID` ID, store a link, list links, then get, create and delete a gist,
/// with retries configured for flaky networks.
public enum GistaFlow {
    /// Runs the flow against the server at `context.baseURL`, recording each step in `context`.
    public static func run(_ context: FlowContext) async throws {
        // Three attempts on transient statuses, with short delays so the example does not wait long.
        let retries = RetryPolicy(maxAttempts: 3, initialDelay: 0.05, maxDelay: 0.2, jitter: false)
        let gista = GistaClient(baseURL: context.baseURL, bearer: "demo-gista-token", retryPolicy: retries)

        let userID = makeUserID(username: "ada")
        let user = try await gista.createUser(
            CreateUserRequest(
                userID: userID, email: "ada@example.com",
                password: "correct horse", username: "ada"))
        context.step("created user \(user.username) (\(userID))")

        let article = Article(title: "Notes on the Analytical Engine", url: Self.link, category: "history")
        let stored = try await gista.storeArticle(userID: userID, article: article)
        let success = stored.success.map(String.init) ?? "not said"
        context.step("stored a link: success \(success), gist \(stored.gistID ?? "none")")

        // The mock answers the first listing 503; the retry policy tries again.
        let links = try await gista.getUserArticles(userID)
        context.step("listed \(links.count) link(s), after a retried 503")

        let gist = try await gista.getGist(gistID: stored.gistID ?? "gist-1")
        context.step("read gist \(gist.id): \(gist.title)")

        let created = try await gista.createGist(
            CreateGistRequest(
                userID: userID, title: "Engine notes",
                content: "Loops, conditionals, and memory.",
                sourceURL: Self.link))
        try await gista.deleteGist(gistID: created.id)
        context.step("created and deleted gist \(created.id)")
    }

    private static let link = URL(string: "https://example.com/analytical-engine") ?? URL(filePath: "/")
}
