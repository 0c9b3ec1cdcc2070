import Foundation
import SpecgenMock
import SpecgenOpenAPI
import SpecgenSpec
import SpecgenWire
import Testing

/// The OpenAPI export and the mock describe the same API: the document names every status the mock answers with,
/// and publishes the very patterns the mock checks.
struct ExportAgreementTests {
    private let yaml = """
        specgen: 1
        name: Agenda
        version: 1.0.0
        auth:
          token: {type: bearer}
        security: token
        models:
          Slot:
            properties:
              at: {type: datetime, format: "dd/MM/yyyy HH:mm"}
              link: url?
              seats: int
        endpoints:
          book:
            request: POST /slots
            body: Slot
            response:
              201:
                body: Slot
                headers:
                  Location: url
                  X-Seats-Left: int?
          label:
            request: POST /slots/{id}/labels
            path:
              id: string
            body:
              form:
                names: {type: "[string]", style: comma}
                notes: "[string]?"
                extra: "{string: string}?"
            response: empty
          cancel:
            request: DELETE /slots/{id}
            path:
              id: string
            response: empty
            errors:
              422: {case: invalid, body: string}
              403: {case: forbidden}
          health:
            request: GET /health
            auth: none
            response: string
        """

    private func load() throws -> (Spec, [String: Any]) {
        let spec = try #require(Spec.load(bytes: Array(yaml.utf8), path: "Agenda.yaml").spec)
        let json = OpenAPIExporter(spec: spec).document().json
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return (spec, document)
    }

    private func value(_ object: Any?, _ path: String...) -> Any? {
        path.reduce(object) { ($0 as? [String: Any])?[$1] }
    }

    @Test func responseHeadersAndFormStylesAreDocumentedAsTheMockSendsAndReadsThem() throws {
        let (spec, document) = try load()
        let created = value(document, "paths", "/slots", "post", "responses", "201", "headers") as? [String: Any]
        #expect(value(created, "Location", "required") as? Bool == true)
        #expect(value(created, "X-Seats-Left", "required") as? Bool == false)
        #expect(value(created, "X-Seats-Left", "schema", "type") as? String == "integer")
        let form =
            value(
                document, "paths", "/slots/{id}/labels", "post", "requestBody", "content",
                "application/x-www-form-urlencoded", "encoding") as? [String: Any]
        #expect(value(form, "names", "style") as? String == "form" && value(form, "names", "explode") as? Bool == false)
        #expect(value(form, "extra", "style") as? String == "deepObject")
        #expect(value(form, "notes") == nil)  // repeated, the default

        let mock = MockService(spec: spec)
        let booked = mock.respond(
            to: MockRequest(
                method: "POST", path: "/slots",
                headers: [("Authorization", "Bearer t"), ("Content-Type", "application/json")],
                body: Data(#"{"at":"23/11/2026 09:30","seats":2}"#.utf8)))
        let headers = Dictionary(booked.response.headers, uniquingKeysWith: { first, _ in first })
        #expect(headers["Location"] == "https://example.com/Location" && headers["X-Seats-Left"] == "1")
        let labelled = mock.respond(
            to: MockRequest(
                method: "POST", path: "/slots/s_1/labels",
                headers: [("Authorization", "Bearer t"), ("Content-Type", "application/x-www-form-urlencoded")],
                body: Data("names=a,b&notes=x&notes=y&extra%5Broom%5D=4".utf8)))
        #expect(labelled.problems.isEmpty, "\(labelled.problems)")
    }

    @Test func aListItemWhoseFirstKeyHoldsABlockIsIndentedUnderThatKey() {
        var reference = OpenAPIObject()
        reference["$ref"] = "#/components/schemas/Card"
        var variant = OpenAPIObject()
        variant["allOf"] = .array([.object(reference)])
        variant["description"] = "A card."
        var union = OpenAPIObject()
        union["oneOf"] = .array([.object(variant), "plain"])
        #expect(
            OpenAPIValue.object(union).yaml == """
                oneOf:
                  - allOf:
                      - "$ref": "#/components/schemas/Card"
                    description: A card.
                  - plain

                """)
    }

    @Test func undocumentedRejectionsAreDocumentedAsTheMockAnswersThem() throws {
        let (spec, document) = try load()
        let statuses = { (path: String, method: String) in
            (self.value(document, "paths", path, method, "responses") as? [String: Any]).map { Array($0.keys).sorted() }
        }
        // `book` documents nothing for a bad request or a credential: 400 and 401 problem documents.
        #expect(statuses("/slots", "post") == ["201", "400", "401"])
        // `cancel` documents 422 and 403, which the mock uses instead.
        #expect(statuses("/slots/{id}", "delete") == ["2XX", "403", "422"])
        // `health` takes no credential, so no 401.
        #expect(statuses("/health", "get") == ["200", "400"])
        let rejected = value(document, "components", "responses", "specgen.Rejected400", "content") as? [String: Any]
        #expect(rejected?.keys.sorted() == ["application/problem+json"])

        let mock = MockService(spec: spec)
        let noToken = mock.respond(to: MockRequest(method: "POST", path: "/slots"))
        #expect(noToken.response.status == 401)
        #expect(noToken.response.headers.first { $0.name == "Content-Type" }?.value == "application/problem+json")
        let badBody = mock.respond(
            to: MockRequest(
                method: "POST", path: "/slots",
                headers: [("Authorization", "Bearer t"), ("Content-Type", "application/json")],
                body: Data(#"{"at":"tomorrow","seats":1}"#.utf8)))
        #expect(badBody.response.status == 400)
        #expect(badBody.problems.map(\.field) == ["body.at"])
        let cancel = mock.respond(to: MockRequest(method: "DELETE", path: "/slots/s1", query: "force=1"))
        // The credential outranks the query: the documented 403, without a body.
        #expect(cancel.response.status == 403)
        #expect(cancel.response.body.isEmpty)
        let badQuery = mock.respond(
            to: MockRequest(
                method: "DELETE", path: "/slots/s1", query: "force=1", headers: [("Authorization", "Bearer t")]))
        #expect(badQuery.response.status == 422)
        #expect(
            String(decoding: badQuery.response.body, as: UTF8.self)
                == "query.force is not a query parameter of 'cancel'")
    }

    @Test func theDocumentPublishesThePatternsAndBoundsTheMockChecks() throws {
        let (spec, document) = try load()
        let slot = value(document, "components", "schemas", "Slot", "properties") as? [String: Any]
        let pattern = try #require(value(slot, "at", "pattern") as? String)
        #expect(pattern == WirePattern.dateFormat("dd/MM/yyyy HH:mm"))
        #expect(value(slot, "at", "x-specgen-date-format") as? String == "dd/MM/yyyy HH:mm")
        #expect(value(slot, "seats", "minimum") as? Int == Int(Int64.min))
        #expect(value(slot, "seats", "maximum") as? Int == Int(Int64.max))
        // An optional JSON property may be null, as the format says; a `url` is the one shared URI pattern.
        let link = try #require(value(slot, "link", "anyOf") as? [[String: Any]])
        #expect(link.first?["$ref"] as? String == "#/components/schemas/specgen.URL")
        #expect(
            value(document, "components", "schemas", "specgen.URL", "pattern") as? String == WirePattern.uriReference)

        let mock = MockService(spec: spec)
        func book(_ json: String) -> MockExchange {
            mock.respond(
                to: MockRequest(
                    method: "POST", path: "/slots",
                    headers: [("Authorization", "Bearer t"), ("Content-Type", "application/json")],
                    body: Data(json.utf8)))
        }
        #expect(book(#"{"at":"23/11/2026 09:30","seats":2,"link":null}"#).response.status == 201)
        #expect(book(#"{"at":"23/11/2026 09:30","seats":2,"link":"/rooms/4"}"#).response.status == 201)
        #expect(book(#"{"at":"2026-11-23 09:30","seats":2}"#).problems.map(\.field) == ["body.at"])
        #expect(book(#"{"at":"23/11/2026 24:30","seats":2}"#).problems.map(\.field) == ["body.at"])
        #expect(book(#"{"at":"23/11/2026 09:30","seats":2,"link":"a b"}"#).problems.map(\.field) == ["body.link"])
        #expect(
            book(#"{"at":"23/11/2026 09:30","seats":99999999999999999999}"#).problems.map(\.field) == ["body.seats"])
    }
}
