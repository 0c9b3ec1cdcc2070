import DocumentAI
import Foundation
import SpecgenRuntime

/// DocumentAI: upload a PDF, process it, poll until it is ready, submit values, compose, and get the download URL.
public enum DocumentAIFlow {
    /// Runs the flow against the server at `context.baseURL`, recording each step in `context`.
    public static func run(_ context: FlowContext) async throws {
        let documents = DocumentAIClient(baseURL: context.baseURL)

        // The app picks a PDF; uploadDocument(fileURL:) reads it memory-mapped and sends it as part `file`.
        let pdf = FileManager.default.temporaryDirectory.appending(path: "specgen-example-lease.pdf")
        try Data("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n".utf8).write(to: pdf)
        defer { try? FileManager.default.removeItem(at: pdf) }
        let documentID = try await documents.uploadDocument(fileURL: pdf)
        context.step("uploaded \(pdf.lastPathComponent) as document \(documentID)")

        try await documents.processDocument(documentID: documentID)
        context.step("started field detection")

        let detail: DocumentDetailResponse
        do {
            detail = try await documents.pollUntilReady(
                documentID: documentID, interval: context.pollInterval, maxAttempts: 20)
        } catch {
            switch error {
            case .failed(let last): throw FlowFailure("processing failed for \(last.document.fileName)")
            case .exhausted(let attempts): throw FlowFailure("the document was not ready after \(attempts) polls")
            case .call(let failure): throw failure
            case .cancelled: throw CancellationError()
            }
        }
        context.step("polled until \(detail.document.status.rawValue): \(detail.fieldMap.count) field region(s)")

        // The user fills every detected field; the app sends the values in one request.
        let values = detail.fieldMap.values.sorted { $0.label < $1.label }.map { region in
            FieldValueInput(fieldRegionID: region.id, value: "Ada Lovelace", source: .manual)
        }
        try await documents.submitValues(documentID: documentID, values: values)
        context.step("submitted \(values.count) value(s)")

        try await documents.composePDF(documentID: documentID)
        let download = try await documents.getDownloadURL(documentID: documentID)
        context.step("composed the filled PDF: \(download.filledPDFURL.absoluteString)")
    }
}
