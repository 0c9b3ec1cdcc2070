import Foundation
import Joyfill
import SpecgenRuntime
import SpecgenTestSupport
import Testing

/// Every Joyfill operation against a real server, with page iteration and the app-side document creation.
struct JoyfillClientTests {
    static func document(_ id: Int) -> String {
        #"{"_id":"id\#(id)","identifier":"doc_\#(id)","name":"Doc \#(id)","type":"document","createdOn":1700000000000}"#
    }

    static func page(_ numbers: Range<Int>) -> String {
        #"{"data":[\#(numbers.map(document).joined(separator: ","))]}"#
    }

    func client(_ url: URL) -> JoyfillClient { JoyfillClient(baseURL: url, bearer: "joy-token") }

    @Test func pagesAreIteratedUntilAShortPage() async throws {
        let requests = try await withTestServer({ request in
            request.rawQuery.contains("page=3") ? .json(Self.page(0..<1)) : .json(Self.page(0..<2))
        }) { url async throws in
            var counts: [Int] = []
            for try await page in client(url).fetchDocumentsPages(identifier: "tpl_1", limit: 2) {
                counts.append(page.data.count)
            }
            #expect(counts == [2, 2, 1])
        }
        #expect(
            requests.map(\.rawQuery) == [
                "template=tpl_1&page=1&limit=2", "template=tpl_1&page=2&limit=2", "template=tpl_1&page=3&limit=2",
            ])
        #expect(requests.allSatisfy { $0.headers["authorization"] == "Bearer joy-token" })
    }

    @Test func listingsGroupsAndUsers() async throws {
        let requests = try await withTestServer({ request in
            switch request.path {
            case "/templates", "/documents": .json(Self.page(0..<1))
            case "/groups": .json(#"{"data":[{"_id":"g","identifier":"grp_1","title":"Forms"}]}"#)
            case "/groups/grp_1":
                .json(#"{"_id":"g","identifier":"grp_1","title":"Forms","identifiers":["tpl_1"],"organization":"org"}"#)
            case "/users": .json(#"{"data":[{"_id":"u","email":"a@joy.io"}]}"#)
            default: .json(#"{"_id":"u","email":"a@joy.io","firstName":"Ana"}"#)
            }
        }) { url async throws in
            let client = client(url)
            #expect(try await client.fetchTemplates(page: 2, limit: 10).data.first?.createdOn == 1_700_000_000_000)
            #expect(try await client.fetchDocumentSubmissions(identifier: "tpl_1").data.first?.deleted == false)
            // A missing `identifiers` takes the spec's default.
            #expect(try await client.fetchGroups().data.first?.identifiers == [])
            #expect(try await client.retrieveGroup(identifier: "grp_1").organization == "org")
            #expect(try await client.fetchListAllUsers().data.first?.email == "a@joy.io")
            #expect(try await client.retrieveUser(identifier: "u").firstName == "Ana")
        }
        #expect(
            requests.map { $0.path + "?" + $0.rawQuery } == [
                "/templates?page=2&limit=10", "/documents?template=tpl_1", "/groups?", "/groups/grp_1?",
                "/users?", "/users/u?",
            ])
    }

    @Test func createDocumentSubmissionPreparesTheJoyDoc() async throws {
        let requests = try await withTestServer({ request in
            request.method == "GET"
                ? .json(
                    #"{"_id":"x","identifier":"tpl_1","type":"template","createdOn":1,"name":"Form","fields":[{"id":"f1"}]}"#
                )
                : .json(Self.document(9))
        }) { url async throws in
            let created = try await client(url).createDocumentSubmission(identifier: "tpl_1")
            #expect(created.identifier == "doc_9")
            await #expect(
                throws: JoyfillError.failure(
                    .validation(
                        operation: "Joyfill.createDocument",
                        failure: ValidationFailure(field: "joyDocJSON", rule: "a JSON object")))
            ) {
                try await client(url).createDocument(joyDocJSON: .array([]), identifier: "tpl_1")
            }
            await #expect(
                throws: JoyfillError.failure(
                    .decoding(
                        operation: "Joyfill.createDocument", status: nil, path: "",
                        message: "the JoyDoc is not valid JSON"))
            ) {
                try await client(url).createDocument(joyDocJSON: Data("{oops".utf8), identifier: "tpl_1")
            }
        }
        #expect(requests.map { "\($0.method) \($0.path)" } == ["GET /documents/tpl_1", "POST /documents"])
        #expect(
            requests[1].text
                == #"{"fields":[{"id":"f1"}],"name":"Form","source":"tpl_1","template":"tpl_1","type":"document"}"#)
    }

    @Test func changelogsDocumentsAndTheConversionCase() async throws {
        let requests = try await withTestServer({ request in
            request.method == "GET" ? .json(Self.page(0..<1)) : .json(#"{"ok":true}"#)
        }) { url async throws in
            let client = client(url)
            let joyDoc: JoyDoc = .object([
                "files": .array([.object(["id": .string("file1")])]), "fields": .array([]), "name": .string("x"),
            ])
            #expect(
                try await client.updateDocument(identifier: "doc_1", changeLogs: [.object(["v": .number(1)])])["ok"]
                    == .bool(true))
            _ = try await client.updateDocument(identifier: "doc_1", document: joyDoc)
            // As the document says, the case requests the documents listing.
            #expect(try await client.convertPDFToPNGs().data.count == 1)
        }
        #expect(
            requests.map { "\($0.method) \($0.path)" } == [
                "POST /documents/doc_1/changelogs", "POST /documents/doc_1", "GET /documents",
            ])
        #expect(requests[0].text == #"{"changelogs":[{"v":1}]}"#)
        #expect(requests[1].text == #"{"fields":[],"files":[{"id":"file1"}]}"#)
    }

    @Test func fetchJoyDocReturnsTheRawBytesAndErrorsAreTyped() async throws {
        let raw = Data(#"{"fields":[],"unknown":{"kept":true}}"#.utf8)
        _ = try await withTestServer({ request in
            request.path == "/documents/missing"
                ? .json(#"{"error":"not_found"}"#, status: 404) : CannedResponse(status: 200, body: raw)
        }) { url async throws in
            #expect(try await client(url).fetchJoyDoc(identifier: "doc_1") == raw)
            await #expect(throws: JoyfillError.notFound(ErrorPayload(ErrorBody(error: "not_found")))) {
                try await client(url).fetchJoyDoc(identifier: "missing")
            }
        }
    }

    @Test func aMissingTokenFailsBeforeSending() async throws {
        let requests = try await withTestServer({ _ in .json("{}") }) { url async throws in
            let client = JoyfillClient(baseURL: url, bearer: TokenProvider { nil })
            await #expect(
                throws: JoyfillError.failure(
                    .authentication(operation: "Joyfill.fetchGroups", message: "no bearer token; sign in first"))
            ) {
                try await client.fetchGroups()
            }
        }
        #expect(requests.isEmpty)
    }
}
