// The DocumentAI client. DocumentAIClient, DocumentAIMock, the models and the request builders are generated
// from Specs/DocumentAI.yaml by SpecgenPlugin while the package builds; this file holds the app-side logic of
// the documented client.
public import Foundation
import SpecgenRuntime

extension DocumentAIAPI {
    /// Uploads the PDF at `fileURL` (read memory-mapped) and returns the new document's ID.
    public func uploadDocument(fileURL: URL) async throws(UploadDocumentError) -> UUID {
        let file: MultipartFile
        do {
            file = try MultipartFile(contentsOf: fileURL, contentType: "application/pdf")
        } catch {
            throw .failure(
                .encoding(
                    operation: "DocumentAI.uploadDocument",
                    message: "cannot read the file '\(fileURL.lastPathComponent)'"))
        }
        return try await uploadDocument(file: file).documentID
    }
}
