import Chatist
import Foundation
import HTTPTypes
import Joyfill
import SpecgenFixtureHostileNames
import SpecgenRuntime
import SpecgenTestSupport
import Testing

/// Redirects through generated clients over real sockets: one server on 127.0.0.1 redirects to a second one on
/// another port (another origin), which records what reached it. No credential of any kind may arrive there.
struct RedirectTests {
    /// Runs `call` against a server that redirects every request to `landing` on a second server answering with
    /// `answer`; returns what each server received.
    static func redirected(
        status: Int = 302, to landing: String = "/landing", answer: CannedResponse,
        _ call: @escaping (URL) async throws -> Void
    ) async throws -> (first: [RecordedRequest], other: [RecordedRequest]) {
        var first: [RecordedRequest] = []
        let other = try await withTestServer({ _ in answer }) { otherURL async throws in
            let location = otherURL.absoluteString + landing
            first = try await withTestServer({ _ in CannedResponse(status: status, headers: ["Location": location]) }) {
                url async throws in try await call(url)
            }
        }
        return (first, other)
    }

    @Test func aBearerTokenStaysWithItsOrigin() async throws {
        let groups = #"{"data":[{"_id":"g","identifier":"grp_1","title":"Forms"}]}"#
        let seen = try await Self.redirected(answer: .json(groups)) { url async throws in
            let client = JoyfillClient(baseURL: url, bearer: "joy-token")
            #expect(try await client.fetchGroups().data.first?.identifier == "grp_1")
        }
        #expect(seen.first.first?.headers["authorization"] == "Bearer joy-token")
        let landed = try #require(seen.other.first)
        #expect(landed.path == "/landing")
        #expect(landed.headers["authorization"] == nil)
    }

    @Test func anAPIKeyHeaderStaysWithItsOrigin() async throws {
        let seen = try await Self.redirected(answer: .json("[]")) { url async throws in
            let client = ChatistClient(baseURL: url, apiKey: "chatist-key", middlewares: [SetsCookie()])
            #expect(try await client.getTickets().isEmpty)
        }
        #expect(seen.first.first?.headers["x-api-key"] == "chatist-key")
        #expect(seen.first.first?.headers["cookie"] == "session=chatist-cookie")
        let landed = try #require(seen.other.first)
        #expect(landed.headers["x-api-key"] == nil)
        #expect(landed.headers["cookie"] == nil)
        // Headers that are not credentials still go: the spec's default header and the Accept the operation sets.
        #expect(landed.headers["x-chatist-platform"] == "ios")
        #expect(landed.headers["accept"] == "application/json")
    }

    @Test func queryKeysAndSensitiveHeadersStayWithTheirOrigin() async throws {
        // The redirect echoes the key into its Location, as a careless server might.
        let seen = try await Self.redirected(to: "/landing?api%20key%22=k&page=2", answer: .json("[]")) {
            url async throws in
            let client = HostileNamesClient(baseURL: url, key: "k")
            _ = try await client.getThings(pageSize: 5, xSessionToken: "session-secret")
        }
        let sent = try #require(seen.first.first)
        #expect(sent.rawQuery == "page%20size=5&api%20key%22=k")
        #expect(sent.headers["x-session-token"] == "session-secret")
        let landed = try #require(seen.other.first)
        #expect(landed.rawQuery == "page=2")
        #expect(landed.headers["x-session-token"] == nil)
    }

    @Test func aSensitiveHeaderTheCallsOptionsReplaceStaysWithItsOrigin() async throws {
        let seen = try await Self.redirected(answer: .json("[]")) { url async throws in
            let client = HostileNamesClient(baseURL: url, key: "k")
                .with(RequestOptions(headers: ["X-Session-Token": "other-secret"]))
            _ = try await client.getThings(pageSize: 5, xSessionToken: "session-secret")
        }
        #expect(seen.first.first?.headers["x-session-token"] == "other-secret")
        #expect(try #require(seen.other.first).headers["x-session-token"] == nil)
    }

    @Test func aSameOriginRedirectKeepsTheCredentials() async throws {
        let requests = try await withTestServer({ request in
            request.path == "/tickets"
                ? CannedResponse(status: 307, headers: ["Location": "/v2/tickets"]) : .json("[]")
        }) { url async throws in
            #expect(try await ChatistClient(baseURL: url, apiKey: "chatist-key").getTickets().isEmpty)
        }
        #expect(requests.map(\.path) == ["/tickets", "/v2/tickets"])
        #expect(requests.map { $0.headers["x-api-key"] } == ["chatist-key", "chatist-key"])
    }

    @Test func a303AfterAPostContinuesAsAGetWithoutTheBody() async throws {
        let seen = try await Self.redirected(status: 303, answer: .json("[]")) { url async throws in
            let client = HostileNamesClient(baseURL: url, key: "k")
            _ = try? await client.schedule(day: Date(timeIntervalSince1970: 0), at: Date(timeIntervalSince1970: 0))
        }
        #expect(seen.first.first?.method == "POST")
        let landed = try #require(seen.other.first)
        #expect(landed.method == "GET")
        #expect(landed.body.isEmpty)
        #expect(landed.headers["content-type"] == nil)
    }

    @Test func refusingCrossOriginRedirectsKeepsTheStatus() async throws {
        let seen = try await Self.redirected(answer: .json("[]")) { url async throws in
            let client = ChatistClient(baseURL: url, apiKey: "chatist-key").with(RedirectPolicy(crossOrigin: .refuse))
            await #expect {
                try await client.getTickets()
            } throws: { error in
                guard case .failure(.unexpectedStatus(_, 302, _)) = error as? ChatistError else { return false }
                return true
            }
        }
        #expect(seen.other.isEmpty)
    }

    @Test func aRedirectLoopEndsWithATypedError() async throws {
        let requests = try await withTestServer({ request in
            CannedResponse(status: 302, headers: ["Location": request.path == "/tickets" ? "/loop" : "/tickets"])
        }) { url async throws in
            await #expect(
                throws: ChatistError.failure(
                    .transport(operation: "Chatist.getTickets", message: "more than 10 redirects"))
            ) {
                try await ChatistClient(baseURL: url, apiKey: "chatist-key").getTickets()
            }
        }
        #expect(requests.count == 11)
    }
}

/// Adds the session cookie an app might hold.
private struct SetsCookie: Middleware {
    func intercept(
        _ request: HTTPRequestData, context: OperationContext,
        next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData {
        var request = request
        request.headerFields[.cookie] = "session=chatist-cookie"
        return try await next(request)
    }
}
