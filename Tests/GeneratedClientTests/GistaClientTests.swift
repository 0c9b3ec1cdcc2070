import Foundation
import Gista
import HTTPTypes
import SpecgenRuntime
import SpecgenTestSupport
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every Gista operation against a real server, with the spec's user-ID pattern, retries and timeouts.
struct GistaClientTests {
    static let userID = makeUserID(username: "ana", uuid: UUID(uuidString: "123E4567-E89B-12D3-A456-426614174000")!)
    static let user = #"{"userId":"\#(userID)","username":"ana","email":"ana@gista.app"}"#
    static let gist = #"{"id":"g1","title":"T","content":"C","userId":"\#(userID)","sourceUrl":"https://a.b/c"}"#

    func client(_ url: URL, token: String? = "tok") -> GistaClient {
        GistaClient(baseURL: url, bearer: token.map { TokenProvider.constant($0) }, retryPolicy: nil)
    }

    @Test func usersWithUsernameUUIDIDs() async throws {
        let requests = try await withTestServer({ request in
            request.method == "DELETE"
                ? CannedResponse(status: 204) : .json(Self.user, status: request.method == "POST" ? 201 : 200)
        }) { url async throws in
            let client = client(url)
            let created = try await client.createUser(
                CreateUserRequest(userID: Self.userID, email: "ana@gista.app", password: "pw", username: "ana"))
            #expect(created.userID == Self.userID)
            _ = try await client.updateUser(
                Self.userID, body: UpdateUserRequest(username: .value("ana2"), displayName: .null))
            try await client.deleteUser(Self.userID)
        }
        #expect(
            requests.map { "\($0.method) \($0.path)" } == [
                "POST /users", "PUT /users/\(Self.userID)", "DELETE /users/\(Self.userID)",
            ])
        #expect(requests[0].headers["authorization"] == "Bearer tok")
        // Absent fields stay out; `.null` is sent as null.
        #expect(requests[1].text == #"{"displayName":null,"username":"ana2"}"#)
    }

    @Test func aMalformedUserIDIsRejectedBeforeSending() async throws {
        let requests = try await withTestServer({ _ in .json(Self.user) }) { url async throws in
            await #expect(
                throws: GistaError.failure(
                    .validation(
                        operation: "Gista.getUserArticles",
                        failure: ValidationFailure(
                            field: "userId",
                            rule:
                                "pattern ^.+_[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
                        )))
            ) {
                try await client(url).getUserArticles("ana")
            }
            await #expect(throws: GistaError.self) {
                try await client(url).createUser(
                    CreateUserRequest(userID: "ana", email: "e", password: "pw", username: "ana"))
            }
        }
        #expect(requests.isEmpty)
    }

    @Test func linksAndGists() async throws {
        let requests = try await withTestServer({ request in
            switch (request.method, request.path) {
            case ("POST", "/store-link"): .json(#"{"success":true,"gistId":"g1"}"#)
            case ("GET", let path) where path.hasPrefix("/links/"):
                .json(#"[{"id":"l1","title":"T","url":"https://a.b","category":"news"}]"#)
            case ("GET", _): .json(Self.gist)
            case ("POST", _): .json(Self.gist, status: 201)
            default: CannedResponse(status: 204)
            }
        }) { url async throws in
            let client = client(url, token: nil)
            let article = Article(title: "T", url: URL(string: "https://a.b")!, category: "news")
            #expect(try await client.storeArticle(userID: Self.userID, article: article).gistID == "g1")
            #expect(try await client.getUserArticles(Self.userID).first?.category == "news")
            #expect(try await client.getGist(gistID: "g1").sourceURL == URL(string: "https://a.b/c"))
            _ = try await client.createGist(CreateGistRequest(userID: Self.userID, title: "T", content: "C"))
            try await client.deleteGist(gistID: "g1")
        }
        #expect(
            requests.map { "\($0.method) \($0.path)" } == [
                "POST /store-link", "GET /links/\(Self.userID)", "GET /gists/g1", "POST /gists", "DELETE /gists/g1",
            ])
        // `security: bearer?`: without a token the requests still go out, unauthenticated.
        #expect(requests.allSatisfy { $0.headers["authorization"] == nil })
        #expect(requests[0].json?["autoCreateGist"] as? Bool == true)
    }

    /// Answers 200 with `{}` and keeps the context of every call it is handed.
    final class ContextRecorder: Transport {
        let contexts = Mutex<[OperationContext]>([])

        func send(_ request: HTTPRequestData, context: OperationContext) async throws -> HTTPResponseData {
            contexts.withLock { $0.append(context) }
            return HTTPResponseData(status: .ok, body: Data(#"{"id":"g1","url":"https://a.b/c"}"#.utf8))
        }
    }

    @Test func callsCarryTheSpecTimeoutCachePolicyAndAuthInTheirContext() async throws {
        let recorder = ContextRecorder()
        let client = GistaClient(
            baseURL: try #require(URL(string: "http://127.0.0.1:1")), transport: recorder, retryPolicy: nil)
        _ = try? await client.createGist(CreateGistRequest(userID: Self.userID, title: "T", content: "C"))
        _ = try? await client.getGist(gistID: "g1")
        let contexts = recorder.contexts.withLock { $0 }
        #expect(contexts.map(\.operation) == ["Gista.createGist", "Gista.getGist"])
        #expect(contexts.map(\.options.timeout) == [60, 30])
        #expect(contexts[0].options.cachePolicy == .useProtocolCachePolicy)
        #expect(contexts.allSatisfy { $0.authScheme == "bearer" && $0.authOptional })
        #expect(contexts.allSatisfy { $0.delivery == .whole && $0.pageLink == nil })
    }

    @Test func retriesA503WithTheSpecPolicyAndHonoursPerCallTimeouts() async throws {
        let requests = try await withTestServer({ request in
            request.path == "/gists/slow"
                ? CannedResponse(status: 200, delay: 2)
                : .json("{}", status: 503, headers: ["Retry-After": "0"])
        }) { url async throws in
            let policy = RetryPolicy(maxAttempts: 3, initialDelay: 0, maxDelay: 0, jitter: false, statuses: [503])
            let client = GistaClient(baseURL: url, retryPolicy: policy)
            await #expect(throws: GistaError.serverError(status: 503, body: ErrorPayload(ErrorBody()))) {
                try await client.getGist(gistID: "g1")
            }
            await #expect(throws: GistaError.failure(.timedOut(operation: "Gista.getGist"))) {
                try await client.with(RequestOptions(timeout: 0.3)).getGist(gistID: "slow")
            }
        }
        // Three attempts of the idempotent GET, then the last 503 surfaces as the documented `serverError`.
        #expect(requests.filter { $0.path == "/gists/g1" }.count == 3)
    }
}
