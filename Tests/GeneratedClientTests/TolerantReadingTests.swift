import Chatist
import DocumentAI
import Foundation
import Gista
import Joyfill
import Keyz
import SpecgenRuntime
import SpecgenTestSupport
import Testing

/// Answers the documents allow but the specs did not foresee, through the generated clients over real sockets: no
/// answer the client could have understood is thrown away, and no failure loses its status.
struct TolerantReadingTests {
    static let html = "<html><body><h1>502 Bad Gateway</h1></body></html>"

    /// What a documented error case carries when its body is not JSON.
    static func notJSON<Body>() -> ErrorPayload<Body> {
        ErrorPayload(value: nil, decodingFailure: "the body is not valid JSON", preview: "")
    }

    static func answer(_ status: Int, _ body: String = html) -> CannedResponse {
        CannedResponse(status: status, headers: ["Content-Type": "text/html"], body: Data(body.utf8))
    }

    @Test(arguments: [
        (400, ChatistError.invalidRequest(notJSON())), (401, .unauthorized), (404, .notFound),
        (429, .rateLimited(notJSON())), (502, .serverError(status: 502, body: notJSON())),
    ])
    func chatistErrorsKeepTheirCaseWhateverTheBody(status: Int, expected: ChatistError) async throws {
        _ = try await withTestServer({ _ in Self.answer(status) }) { url async throws in
            await #expect(throws: expected) {
                try await ChatistClient(baseURL: url, apiKey: "k").getTicket("t")
            }
        }
    }

    @Test(arguments: [
        (400, DocumentAIError.badRequest(notJSON())), (404, .notFound(notJSON())), (409, .wrongState(notJSON())),
        (500, .serverError(status: 500, body: notJSON())),
    ])
    func documentAIErrorsKeepTheirCaseWhateverTheBody(status: Int, expected: DocumentAIError) async throws {
        _ = try await withTestServer({ _ in Self.answer(status) }) { url async throws in
            await #expect(throws: expected) {
                try await DocumentAIClient(baseURL: url, retryPolicy: nil).getDownloadURL(documentID: UUID())
            }
        }
    }

    /// DocumentAI's guide documents no error body, so the spec assumes no field: `{"detail": ..., "code": ...}`
    /// decodes, with the field it does not name kept, and the case, the status and the server's words survive.
    @Test func aBodyOfAnotherShapeKeepsTheCaseAndThePreview() async throws {
        let detail = #"{"code":"E404","detail":"Document not found"}"#
        _ = try await withTestServer({ _ in .json(detail, status: 404) }) { url async throws in
            do throws(DocumentAIError) {
                _ = try await DocumentAIClient(baseURL: url).getDownloadURL(documentID: UUID())
                Issue.record("a 404 returned a value")
            } catch {
                guard case .notFound(let body) = error else {
                    Issue.record("expected notFound, got \(error)")
                    return
                }
                #expect(
                    body.value
                        == Problem(
                            error: nil, detail: "Document not found", additionalProperties: ["code": .string("E404")]))
                #expect(body.decodingFailure == nil)
                #expect(body.preview == detail)
                #expect(error.description == "404 notFound: \(detail)")
            }
        }
    }

    @Test func uploadErrorsKeepTheirCaseWhateverTheBody() async throws {
        let file = MultipartFile(filename: "big.pdf", contentType: "application/pdf", data: Data(count: 10))
        _ = try await withTestServer({ _ in Self.answer(413) }) { url async throws in
            await #expect(throws: UploadDocumentError.fileTooLarge(Self.notJSON())) {
                try await DocumentAIClient(baseURL: url).uploadDocument(file: file)
            }
        }
    }

    @Test(arguments: [
        (400, GistaError.badRequest(notJSON())), (401, .unauthorized(notJSON())), (404, .notFound(notJSON())),
        (503, .serverError(status: 503, body: notJSON())),
    ])
    func gistaErrorsKeepTheirCaseWhateverTheBody(status: Int, expected: GistaError) async throws {
        _ = try await withTestServer({ _ in Self.answer(status) }) { url async throws in
            await #expect(throws: expected) {
                try await GistaClient(baseURL: url, retryPolicy: nil).getGist(gistID: "g1")
            }
        }
    }

    @Test(arguments: [
        (401, JoyfillError.unauthorized(notJSON())), (404, .notFound(notJSON())),
        (502, .serverError(status: 502, body: notJSON())),
    ])
    func joyfillErrorsKeepTheirCaseWhateverTheBody(status: Int, expected: JoyfillError) async throws {
        _ = try await withTestServer({ _ in Self.answer(status) }) { url async throws in
            await #expect(throws: expected) {
                try await JoyfillClient(baseURL: url, bearer: "t", retryPolicy: nil).fetchGroups()
            }
        }
    }

    @Test func keyzErrorsKeepTheirCaseWhateverTheBody() async throws {
        let model = RegisterModel(email: "a@b.c", password: "pw", firstName: "A", name: "B")
        for (status, expected) in [
            (400, RegisterUserError.emptyFields(Self.notJSON())), (409, .emailAlreadyExists(Self.notJSON())),
            (401, .unauthorized(Self.notJSON())),
        ] {
            _ = try await withTestServer({ _ in Self.answer(status) }) { url async throws in
                await #expect(throws: expected) { try await KeyzClient(baseURL: url).registerUser(model) }
            }
        }
        for (status, expected) in [
            (400, LoginUserError.invalidGrant(Self.notJSON())), (401, .unauthorized(Self.notJSON())),
        ] {
            _ = try await withTestServer({ _ in Self.answer(status) }) { url async throws in
                await #expect(throws: expected) {
                    try await KeyzClient(baseURL: url).loginUser(email: "a@b.c", password: "pw")
                }
            }
        }
    }

    /// One documented success stands for any 2XX: a `201` where the spec says `200`, and a `200` where it says
    /// `201`, both return the value.
    @Test func aSingleDocumentedSuccessAcceptsAny2XX() async throws {
        let gist = #"{"id":"g1","title":"T","content":"C","userId":"ada_00000000-0000-0000-0000-000000000000"}"#
        _ = try await withTestServer({ _ in .json(gist, status: 201) }) { url async throws in
            let fetched = try await GistaClient(baseURL: url, retryPolicy: nil).getGist(gistID: "g1")
            #expect(fetched.id == "g1")
        }
        _ = try await withTestServer({ _ in .json(#"{"id":"u1"}"#, status: 200) }) { url async throws in
            let model = RegisterModel(email: "a@b.c", password: "pw", firstName: "A", name: "B")
            #expect(try await KeyzClient(baseURL: url).registerUser(model).id == "u1")
        }
    }

    /// A success body that does not decode keeps its status in the failure.
    @Test func anUndecodableSuccessKeepsItsStatus() async throws {
        _ = try await withTestServer({ _ in Self.answer(200) }) { url async throws in
            await #expect(
                throws: GistaError.failure(
                    .decoding(operation: "Gista.getGist", status: 200, path: "", message: "the body is not valid JSON"))
            ) {
                try await GistaClient(baseURL: url, retryPolicy: nil).getGist(gistID: "g1")
            }
        }
    }
}
