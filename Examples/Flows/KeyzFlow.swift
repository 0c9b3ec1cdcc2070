import Foundation
import Keyz
import SpecgenRuntime

/// Keyz: register (and the "email already exists" path), log in, make an authorized request, refresh the token.
public enum KeyzFlow {
    /// Runs the flow against the server at `context.baseURL`, recording each step in `context`.
    public static func run(_ context: FlowContext) async throws {
        let keyz = KeyzClient(baseURL: context.baseURL)
        let account = RegisterModel(
            email: "ada@example.com", password: "correct horse battery staple",
            firstName: "Ada", name: "Lovelace")

        let message = try await keyz.registerUser(with: account)
        context.step("registered ada@example.com: \(message)")

        // Registering the same email again: the mock answers the documented 409, as the server would.
        let again = KeyzClient(baseURL: context.baseURL, middlewares: [PreferStatus(409)])
        let refusal: ErrorPayload<ErrorResponse>?
        do {
            _ = try await again.registerUser(with: account)
            refusal = nil
        } catch .emailAlreadyExists(let body) {
            refusal = body
        } catch {
            // Rethrown by a clause of its own: Swift 6.3 crashes compiling the clause above when the other errors
            // propagate without one and a clause uses `??` (Docs/GeneratedCode.md).
            throw error
        }
        guard let refusal else { throw FlowFailure("a second registration with the same email succeeded") }
        // `refusal.error` is the documented field, or nil had the server sent another shape.
        context.step("registering again is refused (409 emailAlreadyExists): \(refusal.error ?? refusal.preview)")

        let tokens = try await keyz.login(email: account.email, password: account.password)
        context.step("logged in as user \(tokens.properties.id) (\(tokens.tokenType) token, \(tokens.expiresIn) s)")

        // The first call finds the access token expired (401): the client refreshes it and retries, unseen by the app.
        let body = try await keyz.authorizedRequest(resource: "properties")
        let refreshes = await keyz.keyzTokens.refreshCount
        context.step("GET /api/v1/properties returned \(body.count) bytes after \(refreshes) token refresh(es)")
        guard refreshes >= 1 else { throw FlowFailure("the expired token was not refreshed") }

        await keyz.logout()
        context.step("logged out")
    }
}
