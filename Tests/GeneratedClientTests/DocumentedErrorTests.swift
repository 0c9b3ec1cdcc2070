import DocumentAI
import Foundation
import Gista
import Joyfill
import Keyz
import SpecgenRuntime
import SpecgenTestSupport
import Testing

/// The documented error statuses the other suites do not reach, each decoded into its typed case.
struct DocumentedErrorTests {
    static let body = #"{"error":"e","message":"m"}"#

    @Test(arguments: [
        (400, GistaError.badRequest(ErrorPayload(ErrorBody(error: "e", message: "m")))),
        (401, GistaError.unauthorized(ErrorPayload(ErrorBody(error: "e", message: "m")))),
        (404, GistaError.notFound(ErrorPayload(ErrorBody(error: "e", message: "m")))),
    ])
    func gista(status: Int, expected: GistaError) async throws {
        _ = try await withTestServer({ _ in .json(Self.body, status: status) }) { url async throws in
            await #expect(throws: expected) {
                try await GistaClient(baseURL: url, retryPolicy: nil).getGist(gistID: "g1")
            }
        }
    }

    @Test(arguments: [
        (401, JoyfillError.unauthorized(ErrorPayload(Joyfill.ErrorBody(error: "e", message: "m")))),
        (502, JoyfillError.serverError(status: 502, body: ErrorPayload(Joyfill.ErrorBody(error: "e", message: "m")))),
    ])
    func joyfill(status: Int, expected: JoyfillError) async throws {
        _ = try await withTestServer({ _ in .json(Self.body, status: status) }) { url async throws in
            await #expect(throws: expected) { try await JoyfillClient(baseURL: url, bearer: "t").fetchGroups() }
        }
    }

    @Test func documentAIBadRequest() async throws {
        _ = try await withTestServer({ _ in .json(#"{"error":"bad"}"#, status: 400) }) { url async throws in
            await #expect(throws: DocumentAIError.badRequest(ErrorPayload(Problem(error: "bad")))) {
                try await DocumentAIClient(baseURL: url).getDownloadURL(documentID: UUID())
            }
        }
    }

    @Test func keyzUnauthorizedAfterAFailedRefreshNeedsANewLogin() async throws {
        _ = try await withTestServer({ request in
            request.path == "/auth/token/" && request.text.hasPrefix("grant_type=password")
                ? .json(
                    #"{"access_token":"a","refresh_token":"r","token_type":"Bearer","expires_in":3600,"properties":{"id":"u","role":"r"}}"#
                )
                : .json(#"{"error":"revoked"}"#, status: 401)
        }) { url async throws in
            let client = KeyzClient(baseURL: url)
            try await client.login(email: "a@b.c", password: "pw")
            await #expect(
                throws: KeyzError.failure(
                    .authentication(
                        operation: "Keyz.authorizedRequest",
                        message: "token refresh failed (the token endpoint answered 401); sign in again")
                )
            ) {
                try await client.authorizedRequest(resource: "properties")
            }
            // Tokens without a refresh token cannot be renewed: the app is told to sign in again.
            let plain = KeyzClient(
                baseURL: url,
                keyzTokenStore: InMemoryTokenStore(TokenSet(accessToken: "a", refreshToken: nil, expiresAt: nil)))
            await #expect(
                throws: KeyzError.failure(
                    .authentication(operation: "Keyz.authorizedRequest", message: "no refresh token; sign in again"))
            ) {
                try await plain.authorizedRequest(resource: "properties")
            }
            // An operation without auth gets the API-wide 401 as its documented case.
            let model = RegisterModel(email: "a@b.c", password: "pw", firstName: "A", name: "B")
            await #expect(throws: RegisterUserError.unauthorized(ErrorPayload(Keyz.ErrorResponse(error: "revoked")))) {
                try await client.registerUser(model)
            }
        }
    }
}
