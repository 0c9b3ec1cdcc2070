import Foundation
import SpecgenMock
import SpecgenSpec
import SpecgenWire
import Testing

/// Deliberately wrong requests, sent over a real socket. Each gets the status the spec documents for its reason
/// (``RequestRejection``), in the documented error's shape with the problems in its message fields; where the spec
/// documents none, a problem document that also names where the spec declares each field.
struct RequestValidationTests {
    private func field(_ model: String, _ name: String, in service: MockService) throws -> Field {
        try #require(service.spec.model(named: model)?.fields.first { $0.wireName == name })
    }

    /// The fields of the last request's problems, as the mock recorded them.
    private func problemFields(_ service: MockService) -> [String] {
        service.history.last?.problems.map(\.field) ?? []
    }

    @Test func aMissingRequiredFieldIsNamedWithItsSpecLocation() async throws {
        try await Mocks.with("Keyz") { url, service in
            let body = #"{"password":"x","firstName":"Ada","name":"Lovelace"}"#
            let response = try await send(
                "POST", url.appending(path: "auth/register/"),
                headers: ["Content-Type": "application/json"], body: Data(body.utf8))
            // `registerUser` documents 400 with an `ErrorResponse` body: that shape, with the problem in `error`.
            #expect(response.status == 400)
            #expect(response.headers["content-type"] == "application/json")
            #expect(response.text == #"{"error":"body.email is required (string)"}"#)
            #expect(problemFields(service) == ["body.email"])
            let email = try field("RegisterModel", "email", in: service)
            #expect(service.history.last?.problems.first?.location == email.location)
            #expect(email.location.description.hasPrefix("Specs/Keyz.yaml:"))
        }
    }

    @Test func aWrongTypeAndABrokenConstraintAreBothReportedAndUnknownFieldsIgnored() async throws {
        try await Mocks.with("Gista") { url, service in
            let body = #"{"userId":"ada","email":5,"password":"pw","username":"ada","extra":true}"#
            let response = try await send(
                "POST", url.appending(path: "users"),
                headers: ["Content-Type": "application/json", "Authorization": "Bearer t"],
                body: Data(body.utf8))
            #expect(response.status == 400)
            #expect(problemFields(service) == ["body.userId", "body.email"])
            // A server ignores properties it does not know, as the exported document allows them.
            #expect(service.history.last?.ignoredFields == ["body.extra"])
            let message = try #require(response.object?["message"] as? String)
            #expect(message.hasPrefix("body.userId "))
            #expect(message.hasSuffix("; body.email expected a string (string), found an integer"))
            #expect(response.object?["error"] as? String == message)
        }
    }

    @Test func aPatternMismatchNamesThePatternsLocation() async throws {
        try await Mocks.with("Gista") { url, service in
            let response = try await send("GET", url.appending(path: "links/not-a-user-id"))
            #expect(response.status == 400)
            #expect(problemFields(service) == ["path.userId"])
            let alias = try #require(service.spec.model(named: "UserID"))
            guard case .alias(_, let constraints) = alias.kind else {
                Issue.record("UserID is not an alias")
                return
            }
            #expect(service.history.last?.problems.first?.location == constraints.patternLocation)
        }
    }

    @Test func missingAuthIsA401NamingTheCredential() async throws {
        try await Mocks.with("Joyfill") { url, service in
            let response = try await send("GET", url.appending(path: "groups"))
            #expect(response.status == 401)
            #expect(problemFields(service) == ["header.Authorization"])
            #expect(
                response.object?["error"] as? String
                    == "header.Authorization is required: 'Bearer <token>' (auth scheme 'bearer')")
            let malformed = try await send(
                "GET", url.appending(path: "groups"), headers: ["Authorization": "Token abc"])
            #expect(malformed.status == 401)
        }
        try await Mocks.with("Chatist") { url, service in
            let response = try await send(
                "GET", url.appending(path: "tickets"), headers: ["X-Chatist-Platform": "ios"])
            // Chatist documents its 401 without a body, so the answer has none.
            #expect(response.status == 401)
            #expect(response.body.isEmpty)
            #expect(problemFields(service) == ["header.X-API-Key"])
        }
        try await Mocks.with("Gista") { url, _ in
            // Gista's bearer is optional: no token is fine.
            let response = try await send("GET", url.appending(path: "gists/g1"))
            #expect(response.status == 200)
        }
    }

    @Test func onlyTheGivenCredentialsPassAndTheTokenURLHandsOutTheFirst() async throws {
        try await Mocks.with("Chatist", credentials: ["key-1", "key-2"]) { url, service in
            let path = url.appending(path: "tickets")
            let wrong = try await send("GET", path, headers: ["X-API-Key": "guess", "X-Chatist-Platform": "ios"])
            #expect(wrong.status == 401)
            // The message never repeats the credential.
            #expect(service.history.last?.problems.first?.message == "is not an accepted key (auth scheme 'apiKey')")
            let right = try await send("GET", path, headers: ["X-API-Key": "key-2", "X-Chatist-Platform": "ios"])
            #expect(right.status == 200)
        }
        try await Mocks.with("Keyz", credentials: ["issued"], scripted: false) { url, _ in
            let login = try await send(
                "POST", url.appending(path: "auth/token/"),
                headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data("grant_type=password&username=ada%40example.com&password=pw".utf8))
            #expect(login.status == 200)
            #expect(login.object?["access_token"] as? String == "issued")
            let resource = url.appending(path: "api/v1/properties")
            let refused = try await send("GET", resource, headers: ["Authorization": "Bearer mock-access-token"])
            #expect(refused.status == 401)
            #expect(
                refused.object?["error"] as? String
                    == "header.Authorization is not an accepted token (auth scheme 'keyz')")
            // Unscripted, the first call is the success instead of the scripted expired-token 401.
            let accepted = try await send("GET", resource, headers: ["Authorization": "Bearer issued"])
            #expect(accepted.status == 200)
        }
    }

    @Test func aDefaultHeaderIsRequiredWithItsValue() async throws {
        try await Mocks.with("Chatist") { url, service in
            let path = url.appending(path: "tickets")
            let missing = try await send("GET", path, headers: ["X-API-Key": "k"])
            #expect(missing.status == 400)
            #expect(missing.text == #"{"message":"header.X-Chatist-Platform is required: every request sends 'ios'"}"#)
            let other = try await send("GET", path, headers: ["X-API-Key": "k", "X-Chatist-Platform": "android"])
            #expect(other.status == 400)
            #expect(problemFields(service) == ["header.X-Chatist-Platform"])
        }
    }

    @Test func aWrongContentTypeGetsTheDocumentedStatus() async throws {
        try await Mocks.with("Keyz") { url, service in
            let response = try await send(
                "POST", url.appending(path: "auth/token/"),
                headers: ["Content-Type": "application/json"],
                body: Data(#"{"grant_type":"password"}"#.utf8))
            // The token operations document no 415, but a 400.
            #expect(response.status == 400)
            #expect(problemFields(service) == ["header.Content-Type"])
        }
        try await Mocks.with("Joyfill") { url, service in
            let response = try await send(
                "POST", url.appending(path: "documents"),
                headers: ["Content-Type": "text/plain", "Authorization": "Bearer t"], body: Data("x".utf8))
            // Joyfill documents neither: a 400 problem document, as the export documents it.
            #expect(response.status == 400)
            #expect(response.headers["content-type"] == "application/problem+json")
            #expect(response.problemFields == ["header.Content-Type"])
            #expect(problemFields(service) == ["header.Content-Type"])
        }
    }

    @Test func formFieldsAreCheckedAgainstTheirTypes() async throws {
        try await Mocks.with("Keyz") { url, service in
            let response = try await send(
                "POST", url.appending(path: "auth/token/"),
                headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data("grant_type=client_credentials&password=hunter2".utf8))
            #expect(response.status == 400)
            // Both token operations share the route; the answer names the closer one's problems. The request carries
            // a password, so it means the password grant, which needs a username too (RFC 6749 section 4.3.2).
            #expect(problemFields(service) == ["body.grant_type", "body.username"])
            #expect(!response.text.contains("hunter2"))
        }
    }

    /// A token URL's requests are held to RFC 6749 beside the form the spec declares, which (Keyz's `TokenRequest`)
    /// may leave every grant's fields optional.
    @Test func aTokenRequestNamesTheFieldsOfTheGrantItMeans() async throws {
        try await Mocks.with("Keyz") { url, service in
            let path = url.appending(path: "auth/token/")
            let form = ["Content-Type": "application/x-www-form-urlencoded"]
            let misspelt = try await send(
                "POST", path, headers: form, body: Data("grant_type=pasword&username=ada%40example.com".utf8))
            #expect(misspelt.status == 400)
            #expect(
                misspelt.object?["error"] as? String
                    == #"body.grant_type is "pasword", not one of GrantType's values: password, refresh_token; "#
                    + "body.password is required (string)")
            #expect(service.history.last?.operation == "loginUser")
            let refresh = try await send("POST", path, headers: form, body: Data("grant_type=refresh_token".utf8))
            #expect(refresh.status == 400)
            #expect(refresh.object?["error"] as? String == "body.refresh_token is required by the refresh_token grant")
            #expect(service.history.last?.operation == "requestToken")
            // Nothing says which grant a bare unknown one meant: only the grant is named.
            let bare = try await send("POST", path, headers: form, body: Data("grant_type=implicit".utf8))
            #expect(bare.status == 400)
            #expect(problemFields(service) == ["body.grant_type"])
        }
    }

    @Test func queryParametersAreCheckedAgainstTypesAndRanges() async throws {
        try await Mocks.with("Joyfill") { url, _ in
            var components = try #require(
                URLComponents(url: url.appending(path: "templates"), resolvingAgainstBaseURL: false))
            components.queryItems = [
                URLQueryItem(name: "page", value: "first"), URLQueryItem(name: "limit", value: "500"),
                URLQueryItem(name: "sort", value: "name"),
            ]
            let response = try await send("GET", try #require(components.url), headers: ["Authorization": "Bearer t"])
            #expect(response.status == 400)
            #expect(response.headers["content-type"] == "application/problem+json")
            // Joyfill's document gives no bound for `limit`, so 500 passes.
            #expect(response.problemFields == ["query.page", "query.sort"])
            #expect((response.problems.first?["specLocation"] as? String)?.hasPrefix("Specs/Joyfill.yaml:") == true)
        }
        // Ledger bounds it: 500 is refused, in the documented 400's shape.
        try await Mocks.with("Ledger", path: LedgerMockTests.spec) { url, service in
            let response = try await send(
                "GET", try #require(URL(string: url.absoluteString + "/customers?limit=500")),
                headers: ["Authorization": "Bearer t"])
            #expect(response.status == 400)
            #expect(problemFields(service) == ["query.limit"])
            #expect(response.text.contains("is 500, more than 100"))
        }
    }

    /// A mock that ignores what the spec does not declare takes an unknown query parameter and an unexpected body,
    /// and lists them as ignored; the default mock refuses both.
    @Test func undeclaredParametersAndBodiesAreRefusedOrIgnoredAsAsked() throws {
        let strict = try Mocks.service("Joyfill")
        let spec = strict.spec
        let lenient = MockService(spec: spec, ignoresUndeclared: true)
        let request = MockRequest(
            method: "GET", path: "/templates", query: "sort=name", headers: [("Authorization", "Bearer t")],
            body: Data("{}".utf8))
        let refused = strict.respond(to: request)
        #expect(refused.response.status == 400)
        #expect(refused.problems.map(\.field) == ["query.sort", "body"])
        let taken = lenient.respond(to: request)
        #expect(taken.response.status == 200)
        #expect(taken.problems.isEmpty)
        #expect(taken.ignoredFields == ["query.sort", "body"])
    }

    @Test func multipartPartsAreCheckedOneByOne() async throws {
        try await Mocks.with("Chatist") { url, service in
            let boundary = "b0undary"
            let body = """
                --\(boundary)\r
                Content-Disposition: form-data; name="data"\r
                Content-Type: application/json\r
                \r
                {"message":"","channel":"ios"}\r
                --\(boundary)\r
                Content-Disposition: form-data; name="attachments"\r
                \r
                not a file\r
                --\(boundary)--\r

                """
            let response = try await send(
                "POST", url.appending(path: "tickets"),
                headers: [
                    "Content-Type": "multipart/form-data; boundary=\(boundary)",
                    "X-API-Key": "k", "X-Chatist-Platform": "ios",
                ],
                body: Data(body.utf8))
            #expect(response.status == 400)
            #expect(problemFields(service) == ["body.data.deviceInfo", "body.attachments"])
        }
    }

    @Test func nullIsAnOptionalFieldLeftOut() async throws {
        try await Mocks.with("Chatist") { url, service in
            let response = try await send(
                "PATCH", url.appending(path: "customer"),
                headers: ["Content-Type": "application/json", "X-API-Key": "k", "X-Chatist-Platform": "ios"],
                body: Data(#"{"email":"ada@example.com","originalId":null}"#.utf8))
            #expect(response.status == 204)
            #expect(problemFields(service).isEmpty)
        }
    }

    @Test func routingMistakesAre404And405() async throws {
        try await Mocks.with("DocumentAI") { url, service in
            let unknown = try await send("GET", url.appending(path: "nothing/here"))
            #expect(unknown.status == 404)
            #expect(unknown.problemFields == ["path"])
            let wrongMethod = try await send("DELETE", url.appending(path: "documents/\(UUID())"))
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.headers["allow"] == "GET, HEAD")
            // A literal path is only itself, as OpenAPI matches paths: not also `/documents/{documentId}`.
            let literal = try await send("GET", url.appending(path: "documents/init-upload"))
            #expect(literal.status == 405)
            #expect(literal.headers["allow"] == "POST")
            let query = try await send("QUERY", url.appending(path: "documents/init-upload"))
            #expect(query.status == 405)
            let notUUID = try await send("GET", url.appending(path: "documents/42"))
            #expect(notUUID.status == 400)
            #expect(
                notUUID.text
                    == #"{"error":"path.documentId is \"42\", not a uuid","detail":"path.documentId is \"42\", not a uuid"}"#
            )
            #expect(problemFields(service) == ["path.documentId"])
        }
    }

    /// Real servers tell `/auth/register` from `/auth/register/`, so the mock does too, and names the declared path.
    @Test func aPathOffByATrailingSlashNamesTheDeclaredOne() async throws {
        try await Mocks.with("Keyz") { url, service in
            let unslashed = try await send("POST", url.appending(path: "auth/register"))
            #expect(unslashed.status == 404)
            let problem = try #require(service.history.last?.problems.first)
            #expect(
                problem.message
                    == "'/auth/register' matches no endpoint of Keyz; the spec declares '/auth/register/', with a "
                    + "trailing slash")
            #expect(problem.location.line == 75)
            let unknown = try await send("POST", url.appending(path: "auth/registr"))
            #expect(service.history.last?.problems.first?.message == "'/auth/registr' matches no endpoint of Keyz")
            #expect(unknown.status == 404)
        }
        try await Mocks.with("Chatist") { url, service in
            let slashed = try await send("GET", url.appending(path: "tickets/"))
            #expect(slashed.status == 404)
            #expect(
                service.history.last?.problems.first?.message
                    == "'/tickets/' matches no endpoint of Chatist; the spec declares '/tickets', without a "
                    + "trailing slash")
        }
    }

    @Test func aDeletedResourceIsGoneUntilAWriteHandsItsIDOutAgain() async throws {
        try await Mocks.with("Gista") { url, _ in
            let gist = url.appending(path: "gists/id_1")
            #expect(try await send("GET", gist).status == 200)
            #expect(try await send("DELETE", gist).status == 204)
            let gone = try await send("GET", gist)
            #expect(gone.status == 404)
            #expect(gone.object?["error"] is String)
            #expect(try await send("DELETE", gist).status == 404)
            #expect(try await send("GET", url.appending(path: "gists/id_2")).status == 200)
            let created = try await send(
                "POST", url.appending(path: "gists"), headers: ["Content-Type": "application/json"],
                body: Data(#"{"userId":"ada_3F2504E0-4F89-41D3-9A0C-0305E82C3301","title":"t","content":"c"}"#.utf8))
            #expect(created.status == 201)
            #expect(created.object?["id"] as? String == "id_1")
            #expect(try await send("GET", gist).status == 200)
        }
    }

    @Test func preferPicksADocumentedStatusAndRejectsOthers() async throws {
        try await Mocks.with("DocumentAI") { url, service in
            let path = url.appending(path: "documents/\(UUID())/compose")
            let conflict = try await send("POST", path, headers: ["Prefer": "status=409"])
            #expect(conflict.status == 409)
            // No example: the error's description fills the body's message fields, not made-up strings.
            let described = "The document is not in a state that allows this step (e.g. compose before values)."
            #expect(conflict.text == #"{"error":"\#(described)","detail":"\#(described)"}"#)
            let prism = try await send("POST", path, headers: ["Prefer": "code=503"])
            #expect(prism.status == 503)
            let undeclared = try await send("POST", path, headers: ["Prefer": "status=418"])
            #expect(undeclared.status == 400)
            #expect(problemFields(service) == ["header.Prefer"])
        }
    }

    @Test func answersAreDeterministicAndSequencesAdvancePerPath() throws {
        let service = try Mocks.service("DocumentAI")
        let first = MockRequest(method: "GET", path: "/documents/\(UUID())")
        let second = MockRequest(method: "GET", path: "/documents/\(UUID())")
        func status(_ request: MockRequest) throws -> String {
            let body = service.respond(to: request).response.body
            let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            return try #require((object["document"] as? [String: Any])?["status"] as? String)
        }
        #expect(try status(first) == "processing")
        #expect(try status(second) == "processing")
        #expect(try status(first) == "ready")
        #expect(try status(first) == "ready")
        let download = MockRequest(method: "GET", path: "/documents/\(UUID())/download")
        #expect(service.respond(to: download).response.body == service.respond(to: download).response.body)
        service.reset()
        #expect(try status(first) == "processing")
    }
}
