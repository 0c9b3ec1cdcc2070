import Foundation
import SpecgenFixtureRelay
import SpecgenMock
import SpecgenRuntime
import SpecgenTestSupport
import SpecgenWire
import Synchronization
import Testing

/// Relay's `account` scheme is HTTP basic and its `partner` scheme OAuth2 client credentials: each runs through the
/// generated client against specgen-mock, and against a hand-written server that shows the exact wire.
struct AuthFlowTests {
    static let spec = "Tests/Fixtures/Relay/Relay.yaml"
    static let account = BasicCredentials(username: "AC123", password: "tok/en+=")
    static let partner = ClientCredentials(id: "relay app", secret: "s3cr:t")

    static func client(_ url: URL, account: BasicCredentials = account, retry: RetryPolicy? = nil) -> RelayClient {
        RelayClient(baseURL: url, account: account, partnerCredentials: partner, retryPolicy: retry)
    }

    @Test func basicAuthSendsTheEncodedPairAndNothingElse() async throws {
        let requests = try await withTestServer({ _ in .json(#"{"sid":"AC123","name":"Ada"}"#) }) {
            url async throws in
            let account = try await Self.client(url).getAccount()
            #expect(account == Account(sid: "AC123", name: "Ada"))
        }
        #expect(requests.map(\.path) == ["/account"])
        #expect(requests[0].headers["authorization"] == "Basic " + Data("AC123:tok/en+=".utf8).base64EncodedString())
        #expect(Self.account.description == "BasicCredentials(username: AC123, password: <redacted>)")
    }

    @Test func theMockAcceptsTheRightPairAndAnswersAWrongOneWith401() async throws {
        try await Mocks.with("Relay", path: Self.spec, credentials: ["AC123:tok/en+="]) { url, service async throws in
            let account = try await Self.client(url).getAccount()
            #expect(!account.sid.isEmpty)
            let wrong = Self.client(url, account: BasicCredentials(username: "AC123", password: "guess"))
            do throws(RelayError) {
                _ = try await wrong.getAccount()
                Issue.record("a wrong password was accepted")
            } catch {
                guard case .unauthorized(let payload) = error else {
                    Issue.record("expected .unauthorized, got \(error)")
                    return
                }
                #expect(payload.message?.isEmpty == false)
            }
            #expect(service.history.map(\.status) == [200, 401])
            #expect(service.history[1].problems.map(\.field) == ["header.Authorization"])
        }
    }

    @Test func clientCredentialsFetchOneTokenForConcurrentCalls() async throws {
        try await Mocks.with("Relay", path: Self.spec, credentials: ["partner-token"]) { url, service async throws in
            let client = Self.client(url)
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<4 { group.addTask { try await client.listMessages().count } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(counts.count == 4)
            let history = service.history
            #expect(history.filter { $0.path == "/oauth/token" }.map(\.status) == [200])
            #expect(history.filter { $0.path == "/messages" }.map(\.status) == [200, 200, 200, 200])
            #expect(history.allSatisfy { $0.problems.isEmpty })
            #expect(await client.partnerTokens.refreshCount == 1)
        }
    }

    @Test func theTokenRequestCarriesTheGrantScopesAndClientPair() async throws {
        let requests = try await withTestServer({ request in
            request.path == "/oauth/token"
                ? .json(#"{"access_token":"tok-1","token_type":"Bearer","expires_in":3600}"#) : .json("[]")
        }) { url async throws in
            let client = Self.client(url)
            #expect(try await client.listMessages() == [])
            #expect(try await client.listMessages() == [])
        }
        #expect(requests.map(\.path) == ["/oauth/token", "/messages", "/messages"])
        let token = requests[0]
        #expect(token.method == "POST")
        #expect(token.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(
            String(decoding: token.body, as: UTF8.self)
                == "grant_type=client_credentials&scope=messages.read+messages.write")
        // RFC 6749 section 2.3.1: the id and secret are form-encoded, then joined and base64-encoded.
        let pair = Data("relay+app:s3cr%3At".utf8).base64EncodedString()
        #expect(token.headers["authorization"] == "Basic \(pair)")
        #expect(requests[1].headers["authorization"] == "Bearer tok-1")
        #expect(requests[2].headers["authorization"] == "Bearer tok-1")
    }

    @Test func anExpiredOrRejectedTokenIsReplacedByANewGrant() async throws {
        let issued = AttemptCount()
        let requests = try await withTestServer({ request in
            if request.path == "/oauth/token" {
                // The first token expires within the refresh leeway; the second the server has revoked.
                let number = issued.next()
                return .json(#"{"access_token":"tok-\#(number)","expires_in":\#(number == 1 ? 5 : 3600)}"#)
            }
            return request.headers["authorization"] == "Bearer tok-2"
                ? CannedResponse(status: 401, body: Data(#"{"message":"revoked"}"#.utf8)) : .json("[]")
        }) { url async throws in
            let client = Self.client(url)
            #expect(try await client.listMessages() == [])
            #expect(try await client.listMessages() == [])
        }
        // tok-1 is within the leeway, so the second call gets tok-2 first; its 401 brings tok-3 and one resend.
        #expect(
            requests.map(\.path) == [
                "/oauth/token", "/messages", "/oauth/token", "/messages", "/oauth/token", "/messages",
            ])
        let bearers = requests.filter { $0.path == "/messages" }.map { $0.headers["authorization"] ?? "" }
        #expect(bearers == ["Bearer tok-1", "Bearer tok-2", "Bearer tok-3"])
    }

    @Test func theMockRejectsATokenRequestWithoutTheClientPair() async throws {
        try await Mocks.with("Relay", path: Self.spec) { url, service async throws in
            let answer = try await send(
                "POST", url.appendingPathComponent("oauth/token"),
                headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data("grant_type=client_credentials".utf8))
            #expect(answer.status == 400)
            #expect(answer.problemFields == ["header.Authorization"])
            #expect(service.history.last?.problems.map(\.field) == ["header.Authorization"])
        }
    }

    /// `sendMessage` accepts `[session, account]`: the session's bearer token when the app has one, else the basic
    /// pair, decided for each call.
    @Test func alternativeSchemesUseTheFirstCredentialTheAppHas() async throws {
        let signedIn = Mutex<String?>(nil)
        let requests = try await withTestServer({ _ in .json(#"{"id":"m1","text":"hi"}"#, status: 201) }) {
            url async throws in
            let fixed = RelayClient(
                baseURL: url, account: Self.account, partnerCredentials: Self.partner, session: "sess-1")
            #expect(try await fixed.sendMessage(NewMessage(text: "hi")) == Message(id: "m1", text: "hi"))
            _ = try await Self.client(url).sendMessage(NewMessage(text: "hi"))
            let asked = AttemptCount()
            let session = TokenProvider {
                _ = asked.next()
                return signedIn.withLock { $0 }
            }
            let app = RelayClient(
                baseURL: url, account: Self.account, partnerCredentials: Self.partner, session: session)
            _ = try await app.sendMessage(NewMessage(text: "signed out"))
            #expect(asked.count == 1)
            signedIn.withLock { $0 = "sess-2" }
            _ = try await app.sendMessage(NewMessage(text: "signed in"))
            // Asked once to choose the scheme and once by its middleware to send.
            #expect(asked.count == 3)
        }
        let basic = "Basic " + Data("AC123:tok/en+=".utf8).base64EncodedString()
        #expect(requests.map(\.path) == ["/messages", "/messages", "/messages", "/messages"])
        #expect(requests.map { $0.headers["authorization"] } == ["Bearer sess-1", basic, basic, "Bearer sess-2"])
    }

    /// `auditor`'s token URL is on a sign-in host of its own, so it does not follow the base URL: `auditorTokenURL`
    /// points it at another one, such as staging's.
    @Test func aTokenURLOnAnotherHostCanBeReplaced() async throws {
        let requests = try await withTestServer({ request in
            request.path == "/oauth/token"
                ? .json(#"{"access_token":"audit-1","token_type":"bearer","expires_in":3600}"#) : .json(#"["a1"]"#)
        }) { url async throws in
            let client = RelayClient(
                baseURL: url, account: Self.account, partnerCredentials: Self.partner,
                auditorCredentials: ClientCredentials(id: "auditor", secret: "s"),
                auditorTokenURL: url.appendingPathComponent("oauth/token"))
            #expect(try await client.listAudits() == ["a1"])
        }
        #expect(requests.map(\.path) == ["/oauth/token", "/audits"])
        #expect(requests.last?.headers["authorization"] == "Bearer audit-1")
    }

    /// A sign-in server that cannot be reached: the failure says why, and from then on the operation uses the other
    /// scheme it accepts, for which the app has a credential.
    @Test func aFailedGrantKeepsItsCauseAndTheOtherSchemeIsUsed() async throws {
        let requests = try await withTestServer({ _ in .json(#"["a1"]"#) }) { url async throws in
            let client = RelayClient(
                baseURL: url, account: Self.account, partnerCredentials: Self.partner,
                auditorCredentials: ClientCredentials(id: "auditor", secret: "s"),
                auditorTokenURL: URL(string: "http://127.0.0.1:1/oauth/token"))
            do throws(RelayError) {
                _ = try await client.listAudits()
                Issue.record("the call succeeded without a token")
            } catch {
                guard case .failure(.authentication(let operation, let message)) = error else {
                    Issue.record("expected an authentication failure, got \(error)")
                    return
                }
                #expect(operation == "Relay.listAudits")
                #expect(
                    message
                        == "token refresh failed (OAuth2.token failed in transport: cannot connect to the host "
                        + "(URL error -1004)); sign in again")
            }
            #expect(try await client.listAudits() == ["a1"])
        }
        let basic = "Basic " + Data("AC123:tok/en+=".utf8).base64EncodedString()
        #expect(requests.map(\.path) == ["/audits"])
        #expect(requests.map { $0.headers["authorization"] } == [basic])
    }

    @Test func theMockAcceptsAnyAlternativeAndNamesThemWhenNoneIsSent() async throws {
        try await Mocks.with("Relay", path: Self.spec, credentials: ["AC123:tok/en+=", "sess-1"]) {
            url, service async throws in
            let session = RelayClient(
                baseURL: url, account: BasicCredentials(username: "AC123", password: "wrong"),
                partnerCredentials: Self.partner, session: "sess-1")
            _ = try await session.sendMessage(NewMessage(text: "hi"))
            _ = try await Self.client(url).sendMessage(NewMessage(text: "hi"))
            let wrong = Self.client(url, account: BasicCredentials(username: "AC123", password: "wrong"))
            await #expect(throws: RelayError.self) { try await wrong.sendMessage(NewMessage(text: "hi")) }
            let none = try await send(
                "POST", url.appendingPathComponent("messages"), headers: ["Content-Type": "application/json"],
                body: Data(#"{"text":"hi"}"#.utf8))
            #expect(none.status == 401)
            #expect(service.history.map(\.status) == [201, 201, 401, 401])
            #expect(
                service.history[2].problems.map(\.message) == [
                    "is not an accepted user and password (auth scheme 'account')"
                ])
            #expect(
                service.history[3].problems.map(\.message) == [
                    "is required: 'Bearer <token>' (auth scheme 'session') (one of: session, account)",
                    "is required: 'Basic <base64 of user:password>' (auth scheme 'account') (one of: session, account)",
                ])
        }
    }
}
