import SpecgenOpenAPI
import SpecgenSpec
import Testing

/// What a document says that the spec cannot say the same way is either translated or warned, located: never
/// changed without a word.
struct ImportSilentLossTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Losses, version: "1"}
        paths:
          /things:
            patch:
              operationId: patchThing
              requestBody:
                content:
                  application/merge-patch+json:
                    schema:
                      type: object
                      required: [name]
                      properties: {name: {type: [string, "null"]}}
              responses: {"204": {description: Patched.}}
            post:
              operationId: createThing
              requestBody:
                content: {application/json: {schema: {$ref: '#/components/schemas/Thing'}}}
              responses:
                "200": {description: The thing., content: {application/json: {schema: {$ref: '#/components/schemas/Seen'}}}}
          /things/search:
            get:
              operationId: searchThings
              parameters:
                - name: filter
                  in: query
                  style: deepObject
                  schema: {type: object, properties: {name: {type: string}, age: {type: integer}}}
                - name: pick
                  in: query
                  schema: {oneOf: [{type: string}, {type: object, properties: {q: {type: string}}}]}
              responses: {"200": {description: Text., content: {text/plain: {schema: {type: string}}}}}
          /chat:
            post:
              operationId: chat
              requestBody:
                content: {application/json: {schema: {type: object, properties: {prompt: {type: string}}}}}
              responses:
                "200":
                  description: Chunks.
                  content:
                    text/event-stream:
                      schema: {type: object, properties: {delta: {type: string}}}
        components:
          schemas:
            Thing:
              type: object
              required: [label]
              properties: {label: {type: [string, "null"]}}
            Seen:
              type: object
              required: [when]
              properties: {when: {type: [string, "null"]}}
        """

    /// Each loss is warned where the document says it, with its kind; `Seen`, which only answers carry, is not
    /// warned for its required-and-nullable property, since reading `null` into `String?` loses nothing.
    @Test func everyChangeIsWarnedWhereTheDocumentSaysIt() throws {
        let result = OpenAPIImporter().importDocument(at: "openapi.yaml") { _ in Array(Self.document.utf8) }
        let warnings = result.diagnostics.filter { !$0.isError }.map { "\($0.kind ?? "-") \($0)" }
        #expect(
            warnings == [
                "media-type openapi.yaml:9:11: warning: the body is sent as application/json, not "
                    + "application/merge-patch+json: the spec's JSON bodies are application/json; set the "
                    + "Content-Type in a middleware where the server requires application/merge-patch+json",
                "required-nullable openapi.yaml:13:28: warning: 'name' of the body is required and may be null; typed "
                    + "'string?', so a request leaves it out when it is nil; write 'string??' in the spec where the "
                    + "server needs an explicit null",
                "nested-object openapi.yaml:28:19: warning: an object inside a parameter is sent as a map of text "
                    + "(name[key]=value), so its fields' types are not checked",
                "nested-union openapi.yaml:31:19: warning: a union inside a parameter is sent as text",
                "media-type openapi.yaml:32:57: warning: a text/plain answer is read as bytes (Data): the spec has no "
                    + "text answers; decode it as text with String(decoding: data, as: UTF8.self)",
                "required-nullable openapi.yaml:49:20: warning: 'label' of 'Thing' is required and may be null; typed "
                    + "'string?', so a request leaves it out when it is nil; write 'string??' in the spec where the "
                    + "server needs an explicit null",
            ])
        let text = try #require(result.spec)
        let loaded = Spec.load(bytes: Array(text.utf8), path: "imported.yaml")
        #expect(loaded.diagnostics.filter(\.isError).isEmpty, "\(loaded.diagnostics)")
    }

    /// An event stream of JSON items ends at `[DONE]`, the convention of chat-completion APIs, so the stream's
    /// last read is not a decoding failure; a stream of text has no such end.
    @Test func anEventStreamOfJSONEndsAtDone() throws {
        let result = OpenAPIImporter().importDocument(at: "openapi.yaml") { _ in Array(Self.document.utf8) }
        let spec = try #require(
            result.spec.flatMap { Spec.load(bytes: Array($0.utf8), path: "imported.yaml").spec })
        let chat = try #require(spec.endpoints.first { $0.name == "chat" })
        guard case .stream(let stream)? = chat.responses.first?.body else {
            Issue.record("chat does not stream: \(chat.responses)")
            return
        }
        #expect(stream.terminator == "[DONE]")
        #expect(stream.item == .named("ChatResponseItem"))
    }

    /// The export's extensions for what OpenAPI has no field for (the password grant's user field, the refresh
    /// leeway) come back; a leeway that is no number of seconds is warned where it is written, the default kept.
    @Test func theOAuth2ExtensionsComeBackOrAreWarned() throws {
        func imported(leeway: String) -> (flow: OAuth2Flow?, warnings: [String]) {
            let document = """
                openapi: 3.1.0
                info: {title: Staff, version: "1"}
                servers: [{url: "https://staff.example"}]
                paths: {}
                components:
                  securitySchemes:
                    staff:
                      type: oauth2
                      flows: {password: {tokenUrl: "https://staff.example/token", scopes: {}}}
                      x-specgen-username-field: email
                      x-specgen-refresh-leeway: \(leeway)
                """
            let result = OpenAPIImporter().importDocument(at: "openapi.yaml") { _ in Array(document.utf8) }
            let spec = result.spec.flatMap { Spec.load(bytes: Array($0.utf8), path: "imported.yaml").spec }
            let flow = spec?.authSchemes.first.flatMap { scheme -> OAuth2Flow? in
                if case .oauth2(let flow) = scheme.kind { return flow }
                return nil
            }
            return (flow, result.diagnostics.filter { !$0.isError }.map(\.description))
        }
        let kept = imported(leeway: "45")
        #expect(kept.flow?.usernameField == "email")
        #expect(kept.flow?.refreshLeeway == 45)
        #expect(kept.warnings == [])
        let wrong = imported(leeway: "soon")
        #expect(wrong.flow?.refreshLeeway == 30)
        #expect(
            wrong.warnings == [
                "openapi.yaml:11:33: warning: 'x-specgen-refresh-leeway' of OAuth2 scheme 'staff' is 'soon', no number "
                    + "of seconds; the default of 30 s is kept"
            ])
    }
}
