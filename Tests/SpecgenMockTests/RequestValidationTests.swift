import Foundation
import SpecgenMock
import SpecgenSpec
import Testing

/// Deliberately wrong requests, sent over a real socket: each gets a 4xx problem body naming the field and where
/// the spec declares it.
struct RequestValidationTests {
    private func field(_ model: String, _ name: String, in service: MockService) throws -> Field {
        try #require(service.spec.model(named: model)?.fields.first { $0.wireName == name })
    }

    @Test func aMissingRequiredFieldIsNamedWithItsSpecLocation() async throws {
        try await Mocks.with("Keyz") { url, service in
            let body = #"{"password":"x","firstName":"Ada","name":"Lovelace"}"#
            let response = try await send(
                "POST", url.appending(path: "auth/register/"),
                headers: ["Content-Type": "application/json"], body: Data(body.utf8))
            #expect(response.status == 422)
            #expect(response.headers["content-type"] == "application/problem+json")
            #expect(response.problemFields == ["body.email"])
            let email = try field("RegisterModel", "email", in: service)
            #expect(response.problems.first?["specLocation"] as? String == email.location.description)
            #expect(email.location.description.hasPrefix("Specs/Keyz.yaml:"))
            #expect(response.text.contains("is required"))
        }
    }

    @Test func aWrongTypeAndABrokenConstraintAreBothReported() async throws {
        try await Mocks.with("Gista") { url, _ in
            let body = #"{"userId":5,"email":"ada@example.com","password":"","username":"ada","extra":true}"#
            let response = try await send(
                "POST", url.appending(path: "users"),
                headers: ["Content-Type": "application/json", "Authorization": "Bearer t"],
                body: Data(body.utf8))
            #expect(response.status == 422)
            #expect(response.problemFields == ["body.userId", "body.password", "body.extra"])
            #expect(response.text.contains("expected a string (string), found an integer"))
        }
    }

    @Test func aPatternMismatchNamesThePatternsLocation() async throws {
        try await Mocks.with("Gista") { url, service in
            let response = try await send("GET", url.appending(path: "links/not-a-user-id"))
            #expect(response.status == 422)
            #expect(response.problemFields == ["path.userId"])
            let alias = try #require(service.spec.model(named: "UserID"))
            guard case .alias(_, let constraints) = alias.kind else {
                Issue.record("UserID is not an alias")
                return
            }
            #expect(response.problems.first?["specLocation"] as? String == constraints.patternLocation?.description)
        }
    }

    @Test func missingAuthIsA401NamingTheCredential() async throws {
        try await Mocks.with("Joyfill") { url, _ in
            let response = try await send("GET", url.appending(path: "groups"))
            #expect(response.status == 401)
            #expect(response.problemFields == ["header.Authorization"])
            let malformed = try await send(
                "GET", url.appending(path: "groups"), headers: ["Authorization": "Token abc"])
            #expect(malformed.status == 401)
        }
        try await Mocks.with("Chatist") { url, _ in
            let response = try await send("GET", url.appending(path: "tickets"))
            #expect(response.status == 401)
            #expect(response.problemFields == ["header.X-API-Key"])
        }
        try await Mocks.with("Gista") { url, _ in
            // Gista's bearer is optional: no token is fine.
            let response = try await send("GET", url.appending(path: "gists/g1"))
            #expect(response.status == 200)
        }
    }

    @Test func aWrongContentTypeIs415() async throws {
        try await Mocks.with("Keyz") { url, _ in
            let response = try await send(
                "POST", url.appending(path: "auth/token/"),
                headers: ["Content-Type": "application/json"],
                body: Data(#"{"grant_type":"password"}"#.utf8))
            #expect(response.status == 415)
            #expect(response.problemFields == ["header.Content-Type"])
        }
    }

    @Test func formFieldsAreCheckedAgainstTheirTypes() async throws {
        try await Mocks.with("Keyz") { url, _ in
            let response = try await send(
                "POST", url.appending(path: "auth/token/"),
                headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data("grant_type=client_credentials&password=hunter2".utf8))
            #expect(response.status == 422)
            // Both token operations share the route; the answer names the closer one's problems.
            #expect(response.problemFields.contains("body.grant_type"))
            #expect(!response.text.contains("hunter2"))
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
            #expect(response.status == 422)
            #expect(response.problemFields == ["query.page", "query.limit", "query.sort"])
            #expect(response.text.contains("is 500, more than 100"))
        }
    }

    @Test func multipartPartsAreCheckedOneByOne() async throws {
        try await Mocks.with("Chatist") { url, _ in
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
                    "X-API-Key": "k",
                ],
                body: Data(body.utf8))
            #expect(response.status == 422)
            #expect(response.problemFields == ["body.data.message", "body.data.deviceInfo", "body.attachments"])
        }
    }

    @Test func routingMistakesAre404And405() async throws {
        try await Mocks.with("DocumentAI") { url, _ in
            let unknown = try await send("GET", url.appending(path: "nothing/here"))
            #expect(unknown.status == 404)
            #expect(unknown.problemFields == ["path"])
            let wrongMethod = try await send("DELETE", url.appending(path: "documents/\(UUID())"))
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.headers["allow"] == "GET")
            let notUUID = try await send("GET", url.appending(path: "documents/42"))
            #expect(notUUID.status == 422)
            #expect(notUUID.problemFields == ["path.documentId"])
        }
    }

    @Test func preferPicksADocumentedStatusAndRejectsOthers() async throws {
        try await Mocks.with("DocumentAI") { url, _ in
            let path = url.appending(path: "documents/\(UUID())/compose")
            let conflict = try await send("POST", path, headers: ["Prefer": "status=409"])
            #expect(conflict.status == 409)
            let problem = try #require(try JSONSerialization.jsonObject(with: conflict.body) as? [String: Any])
            #expect(problem["error"] is String)
            let prism = try await send("POST", path, headers: ["Prefer": "code=503"])
            #expect(prism.status == 503)
            let undeclared = try await send("POST", path, headers: ["Prefer": "status=418"])
            #expect(undeclared.status == 422)
            #expect(undeclared.problemFields == ["header.Prefer"])
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
