// The Gista client. GistaClient, GistaMock, the models and the request builders are generated from
// Specs/Gista.yaml by SpecgenPlugin while the package builds; this file holds the app-side logic of the
// documented client.
public import Foundation

/// A user ID in the `username_UUID` form that the app, its share extension and the backend all use.
public func makeUserID(username: String, uuid: UUID = UUID()) -> UserID {
    "\(username)_\(uuid.uuidString)"
}

extension GistaAPI {
    /// Saves an article for a user (the documented `storeArticle(userId:article:autoCreateGist:)`).
    public func storeArticle(
        userID: UserID, article: Article, autoCreateGist: Bool = true
    ) async throws(GistaError) -> GistaServiceResponse {
        try await storeArticle(
            StoreLinkRequest(
                userID: userID, url: article.url, title: article.title,
                category: article.category, autoCreateGist: autoCreateGist))
    }
}
