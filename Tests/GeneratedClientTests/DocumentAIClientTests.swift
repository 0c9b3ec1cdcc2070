import DocumentAI
import Foundation
import SpecgenRuntime
import SpecgenTestSupport
import Testing

/// Every DocumentAI operation against a real server: upload, process, poll until ready, values, compose, download.
struct DocumentAIClientTests {
    static let id = UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E")!

    static func detail(_ status: String) -> String {
        #"""
        {"document":{"id":"\#(id)","fileName":"w9.pdf","mimeType":"application/pdf","status":"\#(status)","pageCount":2,
        "createdAt":"2025-01-01T10:00:00Z","updatedAt":"2025-01-01T10:00:01.5Z"},
        "components":[{"id":"\#(id)","fieldId":"\#(id)","type":"text","label":"Name","pageIndex":0}],
        "fieldMap":{"name":{"id":"\#(id)","pageIndex":0,"x":1,"y":2.5,"width":100,"height":20,"fieldType":"text","label":"Name","confidence":0.98}}}
        """#
    }

    /// Answers each step of the pipeline; the document is `processing` until the third look.
    actor Pipeline {
        var looks = 0
        func answer(_ request: RecordedRequest) -> CannedResponse {
            switch (request.method, request.path) {
            case ("POST", "/documents/init-upload"): return .json(#"{"documentId":"\#(DocumentAIClientTests.id)"}"#)
            case ("GET", "/documents/\(DocumentAIClientTests.id)"):
                looks += 1
                return .json(DocumentAIClientTests.detail(looks < 3 ? "processing" : "ready"))
            case ("GET", _): return .json(#"{"filledPdfUrl":"https://files.example.com/w9-filled.pdf"}"#)
            default: return CannedResponse(status: 204)
            }
        }
    }

    @Test func theWholePipeline() async throws {
        let pdf = FileManager.default.temporaryDirectory.appendingPathComponent("w9-\(UUID().uuidString).pdf")
        try Data("%PDF-1.7 test".utf8).write(to: pdf)
        defer { try? FileManager.default.removeItem(at: pdf) }
        let pipeline = Pipeline()
        let requests = try await withTestServer({ await pipeline.answer($0) }) { url async throws in
            let client = DocumentAIClient(baseURL: url)
            let id = try await client.uploadDocument(fileURL: pdf)
            #expect(id == Self.id)
            try await client.processDocument(documentID: id)
            let ready = try await client.pollUntilReady(documentID: id, interval: 0.01)
            #expect(ready.document.status == .ready)
            #expect(ready.fieldMap["name"]?.confidence == 0.98)
            try await client.submitValues(
                documentID: id,
                values: [
                    FieldValueInput(fieldRegionID: id, value: "Ana", source: .manual)
                ])
            try await client.composePDF(documentID: id)
            #expect(try await client.getDownloadURL(documentID: id).filledPDFURL.lastPathComponent == "w9-filled.pdf")
        }
        let base = "/documents/\(Self.id)"
        #expect(
            requests.map { "\($0.method) \($0.path)" } == [
                "POST /documents/init-upload", "POST \(base)/process", "GET \(base)", "GET \(base)", "GET \(base)",
                "POST \(base)/values", "POST \(base)/compose", "GET \(base)/download",
            ])
        #expect(
            requests[0].text.contains(
                #"name="file"; filename="\#(pdf.lastPathComponent)""#
                    + "\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 test"))
        #expect(requests[5].text == #"{"values":[{"fieldRegionId":"\#(Self.id)","source":"manual","value":"Ana"}]}"#)
    }

    @Test func pollingStopsAtAFailureStateOrAfterMaxAttempts() async throws {
        _ = try await withTestServer({ request in
            .json(Self.detail(request.path.hasSuffix("E") ? "failed" : "processing"))
        }) { url async throws in
            let client = DocumentAIClient(baseURL: url)
            do throws(PollingError<DocumentAIError, DocumentDetailResponse>) {
                _ = try await client.pollUntilReady(documentID: Self.id, interval: 0.01)
                Issue.record("polling a failed document returned")
            } catch {
                guard case .failed(let last) = error else {
                    Issue.record("expected .failed, got \(error)")
                    return
                }
                #expect(last.document.status == .failed)
            }
            let other = UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-708677289501")!
            await #expect(throws: PollingError<DocumentAIError, DocumentDetailResponse>.exhausted(attempts: 3)) {
                try await client.pollUntilReady(documentID: other, interval: 0.01, maxAttempts: 3)
            }
        }
    }

    @Test(arguments: [
        (
            409, #"{"error":"wrong_state","detail":"compose before values"}"#,
            DocumentAIError.wrongState(ErrorPayload(Problem(error: "wrong_state", detail: "compose before values")))
        ),
        (404, #"{"error":"not_found"}"#, DocumentAIError.notFound(ErrorPayload(Problem(error: "not_found")))),
        (
            500, #"{"error":"boom"}"#,
            DocumentAIError.serverError(status: 500, body: ErrorPayload(Problem(error: "boom")))
        ),
    ])
    func statusesAreNoLongerIgnored(status: Int, body: String, expected: DocumentAIError) async throws {
        _ = try await withTestServer({ _ in .json(body, status: status) }) { url async throws in
            await #expect(throws: expected) { try await DocumentAIClient(baseURL: url).composePDF(documentID: Self.id) }
        }
    }

    @Test func anOversizedUploadIsItsOwnCase() async throws {
        _ = try await withTestServer({ _ in .json(#"{"error":"too_large"}"#, status: 413) }) { url async throws in
            let file = MultipartFile(filename: "big.pdf", contentType: "application/pdf", data: Data(count: 10))
            await #expect(throws: UploadDocumentError.fileTooLarge(ErrorPayload(Problem(error: "too_large")))) {
                try await DocumentAIClient(baseURL: url).uploadDocument(file: file)
            }
        }
    }
}
