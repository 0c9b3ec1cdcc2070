import Foundation
import Joyfill
import SpecgenRuntime

/// Joyfill: page through documents and templates, fetch a template's JoyDoc, create a submission from it, and
/// save a changelog.
public enum JoyfillFlow {
    /// Runs the flow against the server at `context.baseURL`, recording each step in `context`.
    public static func run(_ context: FlowContext) async throws {
        let joyfill = JoyfillClient(baseURL: context.baseURL, bearer: "demo-joyfill-access-token")

        var documents: [Document] = []
        for try await document in joyfill.fetchDocumentsPages(limit: 10).items { documents.append(document) }
        var templates: [Document] = []
        for try await template in joyfill.fetchTemplatesPages(limit: 10).items { templates.append(template) }
        context.step("paged through \(documents.count) document(s) and \(templates.count) template(s)")

        // The document does not say which fields a listing carries, so the identifier may be absent.
        guard let template = templates.first?.identifier else { throw FlowFailure("there is no template to fill") }
        let joyDoc = try await joyfill.fetchJoyDoc(identifier: template)
        context.step("fetched the JoyDoc of \(template): \(joyDoc.count) bytes")

        let created = try await joyfill.createDocument(joyDocJSON: joyDoc, identifier: template)
        guard let submission = created.identifier else { throw FlowFailure("the new submission has no identifier") }
        context.step("created submission \(submission) from \(template)")

        let change: JSONValue = .object([
            "fieldId": .string("name"), "target": .string("field.update"), "change": .object(["value": .string("Ada")]),
        ])
        _ = try await joyfill.updateDocument(identifier: submission, changeLogs: [change])
        context.step("saved a changelog to \(submission)")
    }
}
