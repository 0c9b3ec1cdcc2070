import Foundation
import SpecgenOpenAPI
import SpecgenSpec
import SpecgenTestSupport
import Testing

/// The ledger of the document: every key the import did not read is reported where it stands, and only those;
/// documentation, other tools' metadata, unused components and keys a warning already covers are not.
struct ImportLedgerTests {
    @Test func everyUnreadKeyIsReportedAndNothingElse() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Hooks, version: "1", x-logo: {url: "https://x.example/logo.png"}}
            x-internal: true
            paths:
              /subscriptions:
                post:
                  operationId: subscribe
                  description: Subscribes.
                  x-fern-streaming: true
                  requestBody:
                    content: {application/json: {schema: {$ref: '#/components/schemas/Subscription'}}}
                  responses: {"204": {description: Subscribed.}}
                  callbacks:
                    onEvent:
                      '{$request.body#/url}':
                        post:
                          requestBody: {content: {application/json: {schema: {type: object}}}}
                          responses: {"200": {description: OK.}}
            components:
              parameters:
                Unused: {name: unused, in: query, schema: {type: string}}
              schemas:
                Subscription:
                  type: object
                  required: [url]
                  properties:
                    url: {type: string, title: Where events go}
                    id: {type: string, not: {const: ""}}
            """
        let result = OpenAPIImporter().importDocument(at: "openapi.yaml") { _ in Array(document.utf8) }
        let unread = result.diagnostics.filter { $0.kind == ImportWarning.unreadKey.rawValue }
        #expect(
            unread.map(\.description) == [
                "openapi.yaml:9:7: warning: x-fern-streaming is not imported: the import has no translation for it "
                    + "here; say it in the spec by hand if the client needs it",
                "openapi.yaml:28:28: warning: not is not imported: the import has no translation for it here; "
                    + "say it in the spec by hand if the client needs it",
            ])
        #expect(result.summary.warnings["unread-key"] == 2)
        // The callback comes in as a webhook, named by the URL the app registers for it: its payload names nothing.
        #expect(
            result.diagnostics.filter { $0.kind == ImportWarning.webhook.rawValue }.map(\.message) == [
                "the document does not say how webhook deliveries are signed; the spec says 'signing: none'",
                "the webhook payloads do not name their event in a field all of them carry (type, eventType, "
                    + "event_type, event, eventCode, kind); the receiver is told which event a delivery is, by the URL "
                    + "the app registers for it",
            ])
    }

    /// A Swagger 2.0 document is read in its 3.0 shape, whose nodes keep their places in the 2.0 document: the
    /// keys the translation carries and the import does not read are reported where the 2.0 document wrote them,
    /// and those it translates (`type`, `collectionFormat`, `consumes`, `host`) are not.
    @Test func aSwagger2DocumentsUnreadKeysAreReportedWhereItWroteThem() throws {
        let document = """
            swagger: "2.0"
            info: {title: Old, version: "1"}
            host: api.old.example
            consumes: [application/json]
            paths:
              /a:
                get:
                  operationId: getA
                  x-fern-streaming: true
                  parameters:
                    - {name: tags, in: query, type: array, items: {type: string}, collectionFormat: pipes}
                    - {name: mode, in: query, type: string, allowEmptyValue: true}
                    - {name: ids, in: query, type: array, items: {type: string}, collectionFormat: tsv}
                  responses: {"200": {description: OK., schema: {type: string}}}
            """
        let result = OpenAPIImporter().importDocument(at: "swagger.yaml") { _ in Array(document.utf8) }
        #expect(result.spec != nil)
        let unread = result.diagnostics.filter { $0.kind == ImportWarning.unreadKey.rawValue }.map {
            "\($0.location.line):\($0.location.column) \($0.message.prefix { $0 != " " })"
        }
        #expect(unread == ["9:7 x-fern-streaming", "12:49 allowEmptyValue", "13:70 collectionFormat"])
    }

    /// Docs/Importing.md names the words that keep an extension from being read as another tool's metadata, as the
    /// import has them.
    @Test func theDocsListTheWordsThatMakeAnExtensionMeaningful() throws {
        let docs = try String(contentsOf: PackagePaths.url("Docs/Importing.md"), encoding: .utf8)
        let listed = OpenAPIImporter.meaningfulExtensionWords.map { "`\($0)`" }.joined(separator: ", ")
        #expect(docs.contains("(\(listed))"), "Docs/Importing.md should list \(listed)")
        let azure = """
            swagger: "2.0"
            info: {title: Azure, version: "1"}
            paths:
              /jobs:
                get:
                  operationId: listJobs
                  x-ms-pageable: {nextLinkName: nextLink}
                  x-ms-long-running-operation: true
                  responses: {"200": {description: OK., schema: {type: string}}}
            """
        let result = OpenAPIImporter().importDocument(at: "azure.yaml") { _ in Array(azure.utf8) }
        #expect(
            result.diagnostics.filter { $0.kind == ImportWarning.unreadKey.rawValue }.map(\.location.line) == [7, 8])
    }
}
