// The Joyfill client. JoyfillClient, JoyfillMock, the models and the request builders are generated from
// Specs/Joyfill.yaml by SpecgenPlugin while the package builds; this file holds the app-side logic of the
// documented client that no spec can declare.
public import Foundation
public import SpecgenRuntime

extension JoyfillAPI {
    /// Creates a document from a JoyDoc (a template's, or an existing document's): drops the keys the server does
    /// not store, sets `type` to `document`, and sets `template` and `source` to `identifier`.
    ///
    /// Unlike the documented client, a JoyDoc that is not a JSON object is a typed error, never a crash.
    public func createDocument(joyDocJSON: JoyDoc, identifier: String) async throws(JoyfillError) -> Document {
        guard case .object(var fields) = joyDocJSON else {
            throw .failure(
                .validation(
                    operation: "Joyfill.createDocument",
                    failure: ValidationFailure(field: "joyDocJSON", rule: "a JSON object")))
        }
        for key in JoyDocKeys.notPersisted { fields[key] = nil }
        fields["type"] = .string("document")
        fields["template"] = .string(identifier)
        fields["source"] = .string(identifier)
        return try await createDocument(.object(fields))
    }

    /// Creates a document from raw JoyDoc bytes, as ``fetchJoyDoc(identifier:)`` returns them.
    public func createDocument(joyDocJSON data: Data, identifier: String) async throws(JoyfillError) -> Document {
        let joyDoc: JoyDoc
        do {
            joyDoc = try JSONCoding.decoder().decode(JoyDoc.self, from: data)
        } catch {
            throw .failure(
                .decoding(
                    operation: "Joyfill.createDocument", status: nil, path: "", message: "the JoyDoc is not valid JSON")
            )
        }
        return try await createDocument(joyDocJSON: joyDoc, identifier: identifier)
    }

    /// Creates a submission of a template: loads the template's JoyDoc, then creates a document from it.
    public func createDocumentSubmission(identifier: String) async throws(JoyfillError) -> Document {
        let data = try await fetchJoyDoc(identifier: identifier)
        return try await createDocument(joyDocJSON: data, identifier: identifier)
    }

    /// Applies changelogs to a document (the documented `updateDocument(identifier:changeLogs:)`).
    public func updateDocument(identifier: String, changeLogs: [JSONValue]) async throws(JoyfillError) -> JoyDoc {
        try await saveChangelog(identifier: identifier, body: ChangelogRequest(changelogs: changeLogs))
    }

    /// Saves a document's `files` and `fields` (the documented `updateDocument(identifier:document:)`); other keys
    /// of the JoyDoc are not sent.
    public func updateDocument(identifier: String, document: JoyDoc) async throws(JoyfillError) -> JoyDoc {
        guard case .object(let fields) = document else {
            throw .failure(
                .validation(
                    operation: "Joyfill.updateDocument",
                    failure: ValidationFailure(field: "document", rule: "a JSON object")))
        }
        func list(_ key: String) -> [JSONValue] {
            if case .array(let items)? = fields[key] { return items }
            return []
        }
        return try await saveDocument(
            identifier: identifier, body: SaveDocumentRequest(files: list("files"), fields: list("fields")))
    }

    /// Image bytes from what a JoyDoc stores: a data URI or bare base64, a file URL, or an http(s) URL.
    public func loadImage(from source: String) async throws -> Data {
        try await loadImageData(from: source)
    }
}

/// Keys of a JoyDoc that belong to a stored document, not to the one being created.
enum JoyDocKeys {
    static let notPersisted = ["_id", "identifier", "createdOn", "updatedOn", "deleted"]
}
