import Foundation
import Keyz
import SpecgenRuntime
import SpecgenTestSupport
import Testing

/// Every Keyz operation, and the OAuth2 flow built from the spec's `keyz` scheme, against a real server.
struct KeyzClientTests {
    static func tokens(_ access: String, refresh: String = "r/+=&%1", expiresIn: Int = 3600) -> String {
        #"{"access_token":"\#(access)","refresh_token":"\#(refresh)","token_type":"Bearer","expires_in":\#(expiresIn),"properties":{"id":"u1","role":"owner"}}"#
    }

    @Test func registerUserReturnsTheDocumentedMessageAndTypedConflicts() async throws {
        let requests = try await withTestServer({ request in
            request.text.contains("taken@")
                ? .json(#"{"error":"Email already exists"}"#, status: 409)
                : request.text.contains(#""firstName":"""#)
                    ? .json(#"{"error":"Empty fields"}"#, status: 400)
                    : .json(#"{"id":"42"}"#, status: 201)
        }) { url async throws in
            let client = KeyzClient(baseURL: url)
            let model = RegisterModel(email: "ana@keyz.fr", password: "pw", firstName: "Ana", name: "Lopez")
            #expect(try await client.registerUser(with: model) == "Registration successful!")
            #expect(try await client.registerUser(model).id == "42")
            var taken = model
            taken.email = "taken@keyz.fr"
            await #expect(
                throws: RegisterUserError.emailAlreadyExists(ErrorPayload(ErrorResponse(error: "Email already exists")))
            ) {
                try await client.registerUser(taken)
            }
        }
        #expect(requests.count == 3)
        #expect(requests[0].path == "/auth/register/" && requests[0].headers["authorization"] == nil)
        #expect(requests[0].json?["password"] as? String == "pw")
    }

    /// A model with a sensitive field never shows its value: not in `print`, not in `dump` or the debugger.
    @Test func aSensitiveFieldIsRedactedWhereverTheModelIsShown() {
        let model = RegisterModel(email: "ana@keyz.fr", password: "hunter2", firstName: "Ana", name: "Lopez")
        var dumped = ""
        dump(model, to: &dumped)
        #expect(!dumped.contains("hunter2") && dumped.contains("- password: \"<redacted>\""), "\(dumped)")
        #expect(!String(describing: model).contains("hunter2"))
        #expect(!String(reflecting: model).contains("hunter2"))
    }

    @Test func emptyFieldsAreCaughtBeforeSending() async throws {
        let requests = try await withTestServer({ _ in .json("{}", status: 201) }) { url async throws in
            let model = RegisterModel(email: "ana@keyz.fr", password: "pw", firstName: "", name: "Lopez")
            await #expect(
                throws: RegisterUserError.failure(
                    .validation(
                        operation: "Keyz.registerUser",
                        failure: ValidationFailure(field: "RegisterModel.firstName", rule: "minLength 1")))
            ) {
                try await KeyzClient(baseURL: url).registerUser(model)
            }
        }
        #expect(requests.isEmpty)
    }

    @Test func loginStoresTokensAndAuthorizesLaterRequests() async throws {
        let requests = try await withTestServer({ request in
            request.path == "/auth/token/"
                ? .json(Self.tokens("access-1")) : CannedResponse(status: 200, body: Data("raw".utf8))
        }) { url async throws in
            let client = KeyzClient(baseURL: url)
            await #expect(
                throws: KeyzError.failure(
                    .authentication(operation: "Keyz.authorizedRequest", message: "not signed in"))
            ) {
                try await client.authorizedRequest(resource: "properties")
            }
            try await client.login(email: "ana@keyz.fr", password: "p&ss=word+")
            #expect(try await client.authorizedRequest(resource: "properties") == Data("raw".utf8))
        }
        #expect(requests.map(\.path) == ["/auth/token/", "/api/v1/properties"])
        #expect(requests[0].text == "grant_type=password&username=ana%40keyz.fr&password=p%26ss%3Dword%2B")
        #expect(requests[0].headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(requests[1].headers["authorization"] == "Bearer access-1")
    }

    @Test func a401RefreshesOnceWithTheRefreshTokenGrant() async throws {
        let requests = try await withTestServer({ request in
            if request.path == "/auth/token/" {
                return request.text.hasPrefix("grant_type=refresh_token")
                    ? .json(Self.tokens("access-2")) : .json(Self.tokens("access-1"))
            }
            return request.headers["authorization"] == "Bearer access-2"
                ? CannedResponse(status: 200)
                : .json(#"{"error":"expired"}"#, status: 401)
        }) { url async throws in
            let client = KeyzClient(baseURL: url)
            try await client.login(email: "ana@keyz.fr", password: "pw")
            _ = try await client.authorizedRequest(resource: "properties")
            #expect(await client.keyzTokens.refreshCount == 1)
        }
        #expect(requests.map(\.path) == ["/auth/token/", "/api/v1/properties", "/auth/token/", "/api/v1/properties"])
        // The refresh token, with `/+=&%`, arrives intact.
        #expect(requests[2].text == "grant_type=refresh_token&refresh_token=r%2F%2B%3D%26%251")
    }

    @Test func requestTokenAndInvalidGrantAreTyped() async throws {
        let requests = try await withTestServer({ _ in .json(#"{"error":"invalid_grant"}"#, status: 400) }) {
            url async throws in
            let client = KeyzClient(baseURL: url)
            await #expect(throws: RequestTokenError.invalidGrant(ErrorPayload(ErrorResponse(error: "invalid_grant")))) {
                try await client.requestToken(TokenRequest(grantType: .refreshToken, refreshToken: "a/b+c="))
            }
            await #expect(throws: LoginUserError.invalidGrant(ErrorPayload(ErrorResponse(error: "invalid_grant")))) {
                try await client.loginUser(email: "ana@keyz.fr", password: "wrong")
            }
        }
        #expect(requests[0].text == "grant_type=refresh_token&refresh_token=a%2Fb%2Bc%3D")
        #expect(!String(describing: TokenRequest(grantType: .refreshToken, refreshToken: "a/b+c=")).contains("a/b+c="))
    }
}
