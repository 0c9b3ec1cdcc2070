import Foundation
import HTTPTypes
import SpecgenRuntime
import SpecgenTestSupport
import Testing

/// The runtime against a real HTTP server on 127.0.0.1.
struct RuntimeServerTests {
    /// Collects log lines from concurrent callers.
    actor Lines {
        var all: [String] = []
        func add(_ line: String) { all.append(line) }
    }

    @Test func formBodyArrivesByteForByteWithReservedCharacters() async throws {
        let server = try TestHTTPServer { _ in .json(#"{"ok":true}"#) }
        let client = APIClient(baseURL: try await server.start())
        var form = FormBody()
        form.append("grant_type", "refresh_token")
        form.append("refresh_token", "a/b+c=d&e%f g")
        var request = HTTPRequestData(method: .post, path: "/auth/token/", body: form.data)
        request.headerFields[.contentType] = FormBody.contentType
        _ = try await client.send(request, operation: "Keyz.requestToken")
        let received = try #require(await server.requests.first)
        #expect(
            String(decoding: received.body, as: UTF8.self)
                == "grant_type=refresh_token&refresh_token=a%2Fb%2Bc%3Dd%26e%25f+g")
        #expect(received.headers["content-type"] == "application/x-www-form-urlencoded")
        await server.stop()
    }

    @Test func queryAndPathArePercentEncoded() async throws {
        let server = try TestHTTPServer { _ in CannedResponse(status: 204) }
        let client = APIClient(baseURL: try await server.start())
        let request = HTTPRequestData(
            method: .get, path: "/branding",
            query: [QueryItem("updatedAt", "2025-01-01 12:00:00"), QueryItem("q", "a&b=c")])
        _ = try await client.send(request, operation: "Chatist.getBranding")
        let received = try #require(await server.requests.first)
        #expect(received.rawQuery == "updatedAt=2025-01-01%2012%3A00%3A00&q=a%26b%3Dc")
        await server.stop()
    }

    /// An empty list is sent as nothing, with `explode: false` as with `explode: true` (RFC 6570; OpenAPI 3.1.1).
    @Test func anEmptyCommaSeparatedListIsSentAsNothing() async throws {
        let server = try TestHTTPServer { _ in CannedResponse(status: 204) }
        let client = APIClient(baseURL: try await server.start())
        var form = FormBody()
        form.append("scopes", commaSeparated: [])
        form.append("name", "Ada")
        var request = HTTPRequestData(
            method: .post, path: "/items", query: [QueryItem("ids", commaSeparated: []), QueryItem("q", "a,b")],
            body: form.data)
        request.headerFields[.contentType] = FormBody.contentType
        _ = try await client.send(request, operation: "Check.find")
        let onlyEmpty = HTTPRequestData(method: .get, path: "/items", query: [QueryItem("ids", commaSeparated: [])])
        _ = try await client.send(onlyEmpty, operation: "Check.find")
        let received = await server.requests
        #expect(received.map(\.rawQuery) == ["q=a%2Cb", ""])
        #expect(received.map(\.path) == ["/items", "/items"])
        #expect(String(decoding: received[0].body, as: UTF8.self) == "name=Ada")
        await server.stop()
    }

    @Test func multipartPartsArriveIntact() async throws {
        let server = try TestHTTPServer { _ in .json("{}") }
        let client = APIClient(baseURL: try await server.start())
        var multipart = MultipartBody()
        multipart.append("message", text: "Here's a screenshot")
        multipart.append("data", json: Data(#"{"channel":"ios"}"#.utf8))
        let image = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 * 7) })
        multipart.append(
            "attachments", file: MultipartFile(filename: "shot \"1\".png", contentType: "image/png", data: image))
        let (body, contentType) = multipart.encoded()
        var request = HTTPRequestData(method: .post, path: "/tickets", body: body)
        request.headerFields[.contentType] = contentType
        _ = try await client.send(request, operation: "Chatist.createTicket")
        let received = try #require(await server.requests.first)
        #expect(received.body == body)
        let boundary = try #require(contentType.components(separatedBy: "boundary=").last)
        #expect(received.body.range(of: Data("--\(boundary)--\r\n".utf8)) != nil)
        #expect(received.body.range(of: image) != nil)
        #expect(received.body.range(of: Data("filename=\"shot %221%22.png\"\r\nContent-Type: image/png".utf8)) != nil)
        await server.stop()
    }

    @Test func bearerAndAPIKeyAuthApplyOnlyToTheirScheme() async throws {
        let server = try TestHTTPServer { _ in CannedResponse(status: 200) }
        let client = APIClient(
            baseURL: try await server.start(),
            middlewares: [
                BearerTokenMiddleware(scheme: "bearer", token: "joy-token"),
                APIKeyMiddleware(scheme: "apiKey", name: "X-API-Key", location: .header, key: "chat-key"),
                APIKeyMiddleware(scheme: "queryKey", name: "key", location: .query, key: "q-key"),
            ])
        _ = try await client.send(
            HTTPRequestData(method: .get, path: "/a"), context: OperationContext("a", authScheme: "bearer"))
        _ = try await client.send(
            HTTPRequestData(method: .get, path: "/b"), context: OperationContext("b", authScheme: "apiKey"))
        _ = try await client.send(
            HTTPRequestData(method: .get, path: "/c"), context: OperationContext("c", authScheme: "queryKey"))
        _ = try await client.send(HTTPRequestData(method: .get, path: "/d"), operation: "d")
        let requests = await server.requests
        #expect(requests[0].headers["authorization"] == "Bearer joy-token")
        #expect(requests[1].headers["x-api-key"] == "chat-key" && requests[1].headers["authorization"] == nil)
        #expect(requests[2].rawQuery == "key=q-key")
        #expect(requests[3].headers["authorization"] == nil && requests[3].headers["x-api-key"] == nil)
        await server.stop()
    }

    @Test func optionalBearerSendsWithoutATokenAndRequiredOneFails() async throws {
        let server = try TestHTTPServer { _ in CannedResponse(status: 200) }
        let client = APIClient(
            baseURL: try await server.start(),
            middlewares: [BearerTokenMiddleware(scheme: "bearer", token: { nil })])
        let optional = OperationContext("Gista.getGist", authScheme: "bearer", authOptional: true)
        #expect(try await client.send(HTTPRequestData(method: .get, path: "/gists/1"), context: optional).status == .ok)
        await #expect(
            throws: ClientError.authentication(operation: "Gista.deleteGist", message: "no bearer token; sign in first")
        ) {
            _ = try await client.send(
                HTTPRequestData(method: .delete, path: "/gists/1"),
                context: OperationContext("Gista.deleteGist", authScheme: "bearer"))
        }
        #expect(await server.requests.count == 1, "a required credential that is missing sends nothing")
        await server.stop()
    }

    @Test func hundredConcurrentRequestsWithAnExpiredTokenRefreshOnce() async throws {
        let server = try TestHTTPServer { request in
            if request.path == "/auth/token/" {
                return .json(
                    #"{"access_token":"fresh","refresh_token":"r2","token_type":"Bearer","expires_in":3600}"#,
                    headers: [:])
            }
            return request.headers["authorization"] == "Bearer fresh" ? .json("[]") : CannedResponse(status: 401)
        }
        let baseURL = try await server.start()
        let store = InMemoryTokenStore(
            TokenSet(accessToken: "stale", refreshToken: "r1", expiresAt: Date(timeIntervalSinceNow: -10)))
        let flow = OAuth2TokenFlow(tokenPath: "/auth/token/", store: store, client: APIClient(baseURL: baseURL))
        let client = APIClient(baseURL: baseURL, middlewares: [OAuth2Middleware(scheme: "keyz", flow: flow)])
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<100 {
                group.addTask {
                    let request = HTTPRequestData(method: .get, path: "/api/v1/r\(index)")
                    let context = OperationContext("Keyz.authorizedRequest", authScheme: "keyz")
                    return try await client.send(request, context: context).status.code
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 100))
        #expect(await flow.refreshCount == 1)
        let tokenRequests = await server.requests.filter { $0.path == "/auth/token/" }
        #expect(tokenRequests.count == 1)
        #expect(String(decoding: tokenRequests[0].body, as: UTF8.self) == "grant_type=refresh_token&refresh_token=r1")
        await server.stop()
    }

    @Test func callersThatReadTheStoreTogetherShareOneRefresh() async throws {
        let server = try TestHTTPServer { _ in .json(#"{"access_token":"fresh","expires_in":3600}"#) }
        let baseURL = try await server.start()
        let store = MeetingStore(TokenSet(accessToken: "stale", refreshToken: "r1", expiresAt: nil))
        let flow = OAuth2TokenFlow(tokenPath: "/auth/token/", store: store, client: APIClient(baseURL: baseURL))
        // Each caller finds no refresh running, then waits on the store until the other has asked it too.
        async let first = flow.refresh(replacing: "stale")
        async let second = flow.refresh(replacing: "stale")
        #expect(try await [first.accessToken, second.accessToken] == ["fresh", "fresh"])
        #expect(await flow.refreshCount == 1)
        #expect(await server.requests.map(\.path) == ["/auth/token/"])
        await server.stop()
    }

    @Test func unauthorizedResponseTriggersOneRefreshAndARetry() async throws {
        let server = try TestHTTPServer { request in
            if request.path == "/auth/token/" {
                return .json(#"{"access_token":"new","refresh_token":"r2","expires_in":3600}"#)
            }
            return request.headers["authorization"] == "Bearer new" ? .json("{}") : CannedResponse(status: 401)
        }
        let baseURL = try await server.start()
        let store = InMemoryTokenStore(TokenSet(accessToken: "revoked", refreshToken: "r1", expiresAt: nil))
        let flow = OAuth2TokenFlow(tokenPath: "/auth/token/", store: store, client: APIClient(baseURL: baseURL))
        let client = APIClient(baseURL: baseURL, middlewares: [OAuth2Middleware(scheme: "keyz", flow: flow)])
        let response = try await client.send(
            HTTPRequestData(method: .get, path: "/me"), context: OperationContext("me", authScheme: "keyz"))
        #expect(response.status == .ok)
        #expect(await server.requests.map(\.path) == ["/me", "/auth/token/", "/me"])
        #expect(await store.load()?.accessToken == "new")
        await server.stop()
    }

    @Test func anAuthorizationCodeIsExchangedAndItsTokensRefreshedThroughTheSameEndpoint() async throws {
        let server = try TestHTTPServer { request in
            guard request.path == "/oauth/token" else { return .json("{}") }
            let form = String(decoding: request.body, as: UTF8.self)
            return form.hasPrefix("grant_type=authorization_code")
                ? .json(#"{"access_token":"a1","refresh_token":"r1","expires_in":1}"#)
                : .json(#"{"access_token":"a2","refresh_token":"r2","expires_in":3600}"#)
        }
        let baseURL = try await server.start()
        let flow = OAuth2TokenFlow(
            tokenPath: "/oauth/token", clientCredentials: ClientCredentials(id: "app", secret: "pw"),
            clientAuthentication: .body, client: APIClient(baseURL: baseURL))
        let tokens = try await flow.exchange(
            code: "c0de/1", redirectURI: "com.example.app:/signed-in", codeVerifier: "v3rifier")
        #expect(tokens.accessToken == "a1")
        // a1 expires within the leeway, so the next request refreshes it first.
        let client = APIClient(baseURL: baseURL, middlewares: [OAuth2Middleware(scheme: "app", flow: flow)])
        _ = try await client.send(
            HTTPRequestData(method: .get, path: "/me"), context: OperationContext("me", authScheme: "app"))
        let requests = await server.requests
        #expect(requests.map(\.path) == ["/oauth/token", "/oauth/token", "/me"])
        #expect(
            requests.prefix(2).map { String(decoding: $0.body, as: UTF8.self) } == [
                "grant_type=authorization_code&code=c0de%2F1&redirect_uri=com.example.app%3A%2Fsigned-in"
                    + "&code_verifier=v3rifier&client_id=app&client_secret=pw",
                "grant_type=refresh_token&refresh_token=r1&client_id=app&client_secret=pw",
            ])
        #expect(requests.allSatisfy { $0.headers["authorization"] != "Basic YXBwOnB3" })
        #expect(requests[2].headers["authorization"] == "Bearer a2")
        await server.stop()
    }

    @Test func failedRefreshIsAnAuthenticationErrorAndClearsTheStore() async throws {
        let server = try TestHTTPServer { request in
            request.path == "/auth/token/"
                ? .json(#"{"error":"invalid_grant"}"#, status: 400) : CannedResponse(status: 401)
        }
        let baseURL = try await server.start()
        let store = InMemoryTokenStore(
            TokenSet(accessToken: "old", refreshToken: "r1", expiresAt: Date(timeIntervalSinceNow: -1)))
        let flow = OAuth2TokenFlow(tokenPath: "/auth/token/", store: store, client: APIClient(baseURL: baseURL))
        let client = APIClient(baseURL: baseURL, middlewares: [OAuth2Middleware(scheme: "keyz", flow: flow)])
        await #expect(
            throws: ClientError.authentication(
                operation: "me", message: "token refresh failed (the token endpoint answered 400); sign in again")
        ) {
            _ = try await client.send(
                HTTPRequestData(method: .get, path: "/me"), context: OperationContext("me", authScheme: "keyz"))
        }
        #expect(await store.load() == nil)
        await server.stop()
    }

    @Test func retriesA503HonouringRetryAfterButNeverAPost() async throws {
        let server = try TestHTTPServer { request in
            request.method == "GET" && request.path == "/flaky"
                ? CannedResponse(status: 503, headers: ["Retry-After": "0"]) : CannedResponse(status: 503)
        }
        let baseURL = try await server.start()
        let delays = Lines()
        let client = APIClient(
            baseURL: baseURL,
            middlewares: [
                RetryMiddleware(
                    policy: RetryPolicy(maxAttempts: 3, initialDelay: 5), sleep: { await delays.add("\($0)") })
            ])
        let get = try await client.send(HTTPRequestData(method: .get, path: "/flaky"), operation: "get")
        #expect(get.status.code == 503)
        #expect(await server.requests.count == 3, "bounded by maxAttempts")
        #expect(await delays.all == ["0.0", "0.0"], "Retry-After: 0 replaces the 5 s backoff")
        _ = try await client.send(HTTPRequestData(method: .post, path: "/create"), operation: "post")
        #expect(await server.requests.count == 4, "a POST is sent once")
        _ = try await client.send(
            HTTPRequestData(method: .post, path: "/create"), context: OperationContext("post", isRetryable: true))
        #expect(await server.requests.count == 7, "a POST the spec marks idempotent is retried")
        await server.stop()
    }

    @Test func timeoutAndCancellationAreTypedErrors() async throws {
        let server = try TestHTTPServer { _ in CannedResponse(status: 200, delay: 3) }
        let client = APIClient(baseURL: try await server.start())
        let slow = OperationContext("slow", options: RequestOptions(timeout: 0.3))
        await #expect(throws: ClientError.timedOut(operation: "slow")) {
            _ = try await client.send(HTTPRequestData(method: .get, path: "/slow"), context: slow)
        }
        let task = Task { try await client.send(HTTPRequestData(method: .get, path: "/slow"), operation: "cancelled") }
        try await Task.sleep(nanoseconds: 200_000_000)
        task.cancel()
        await #expect(throws: ClientError.cancelled(operation: "cancelled")) { _ = try await task.value }
        await server.stop()
    }
}

/// A token store whose first two loads answer only once both have been asked, so their callers interleave.
private actor MeetingStore: TokenStore {
    private var tokens: TokenSet?
    private var loads = 0
    private var firstLoad: CheckedContinuation<Void, Never>?

    init(_ tokens: TokenSet?) { self.tokens = tokens }

    func load() async -> TokenSet? {
        loads += 1
        if loads == 1 {
            await withCheckedContinuation { firstLoad = $0 }
        } else if loads == 2 {
            firstLoad?.resume()
            firstLoad = nil
        }
        return tokens
    }

    func save(_ tokens: TokenSet?) { self.tokens = tokens }
}
