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

/// An enum's values travel as the type the document declares: a string enum of digits stays text, an integer enum
/// keeps its integers, an enum of numbers or booleans (which the spec's enums cannot hold) is its type, and a
/// constant its type cannot hold is not kept; each change is warned where the document says it, in 3.0 and 2.0.
struct ImportEnumValueTests {
    static let properties = """
        digits: {type: string, enum: [1, 2]}
        mixed: {type: integer, enum: [card, 2, 3]}
        rates: {type: number, enum: [1.5, 2]}
        flags: {type: boolean, enum: [true, false]}
        untyped: {enum: [1, two]}
        amount: {type: integer, enum: [card]}
        named: {type: integer, enum: [1, card, 3], x-enum-varnames: [one, card, three]}
        """

    static func document(swagger: Bool) -> String {
        let properties = properties.split(separator: "\n").map { "          " + $0 }.joined(separator: "\n")
        let head =
            swagger
            ? "swagger: \"2.0\"\ninfo: {title: Enums, version: \"1\"}\npaths:\n  /things:\n    post:\n"
                + "      operationId: makeThing\n      parameters:\n        - {name: body, in: body, schema: "
                + "{$ref: '#/definitions/Thing'}}\n      responses: {\"204\": {description: Done}}\ndefinitions:\n"
            : "openapi: 3.0.3\ninfo: {title: Enums, version: \"1\"}\npaths:\n  /things:\n    post:\n"
                + "      operationId: makeThing\n      requestBody:\n        content: {application/json: {schema: "
                + "{$ref: '#/components/schemas/Thing'}}}\n      responses: {\"204\": {description: Done}}\n"
                + "components:\n  schemas:\n"
        let indent = swagger ? "  " : "    "
        return head + indent + "Thing:\n" + indent + "  type: object\n" + indent + "  properties:\n"
            + properties.split(separator: "\n").map { indent + $0.dropFirst(4) }.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [false, true]) func enumValuesTravelAsTheirDeclaredType(swagger: Bool) throws {
        let document = Self.document(swagger: swagger)
        let result = OpenAPIImporter().importDocument(at: "api.yaml") { _ in Array(document.utf8) }
        let spec = try #require(result.spec.flatMap { Spec.load(bytes: Array($0.utf8), path: "imported.yaml").spec })
        let thing = try #require(spec.model(named: "Thing"))
        guard case .object(let fields) = thing.kind else {
            Issue.record("Thing is \(thing.kind)")
            return
        }
        #expect(
            fields.map { "\($0.wireName): \($0.type)\($0.constant.map { " = \($0)" } ?? "")" } == [
                "digits: ThingDigits", "mixed: ThingMixed", "rates: double", "flags: bool", "untyped: ThingUntyped",
                "amount: int", "named: ThingNamed",
            ])
        func values(_ model: String) -> [String] {
            guard case .enumeration(let values)? = spec.model(named: model)?.kind else { return [] }
            return values.map { "\($0.value)\($0.isInteger ? " (integer)" : "")" }
        }
        #expect(values("ThingDigits") == ["1", "2"])
        #expect(values("ThingMixed") == ["2 (integer)", "3 (integer)"])
        #expect(values("ThingUntyped") == ["1", "two"])
        // A value left out keeps its place: each name stays with its value.
        guard case .enumeration(let named)? = spec.model(named: "ThingNamed")?.kind else {
            Issue.record("ThingNamed is no enum")
            return
        }
        #expect(named.map { "\($0.value) \($0.swiftName ?? "-")" } == ["1 one", "3 three"])
        let line = swagger ? 14 : 15  // where `digits` stands
        #expect(
            result.diagnostics.filter { $0.kind == "enum-values" }.map { "\($0.location.line) \($0.message)" } == [
                "\(line + 1) the value 'card' of the integer enum 'ThingMixed' is not an integer; left out",
                "\(line + 2) an enum of numbers is typed as double: the spec's enums hold strings or integers, so its "
                    + "values (1.5, 2) are not checked",
                "\(line + 4) the values of the enum 'ThingUntyped' are of mixed kinds; read as an enum of text",
                "\(line + 5) the constant card is not a value of 'int'; not kept",
                "\(line + 6) the value 'card' of the integer enum 'ThingNamed' is not an integer; left out",
            ])
    }
}

/// A component model sent as a form whose field is an alias of any value (`Anything: {}`): lint refuses such a
/// field, so the body is a form model of its own whose field is sent as text, with a warning.
struct ImportFormAliasTests {
    @Test func aFormFieldThatIsAnAliasOfAnyValueIsSentAsText() throws {
        let document = """
            openapi: 3.0.3
            info: {title: Forms, version: "1"}
            paths:
              /tokens:
                post:
                  operationId: requestToken
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema: {$ref: '#/components/schemas/TokenRequest'}
                  responses: {"204": {description: Done}}
            components:
              schemas:
                Anything: {description: Any value.}
                TokenRequest:
                  type: object
                  properties:
                    grant: {$ref: '#/components/schemas/Anything'}
                    scope: {type: string}
            """
        let result = OpenAPIImporter().importDocument(at: "api.yaml") { _ in Array(document.utf8) }
        let loaded = Spec.load(bytes: Array(try #require(result.spec).utf8), path: "imported.yaml")
        #expect(loaded.diagnostics.filter(\.isError).isEmpty, "\(loaded.diagnostics)")
        let spec = try #require(loaded.spec)
        let body = try #require(spec.endpoints.first?.body)
        #expect(body.encoding == .form)
        #expect(body.content == .type(.named("RequestTokenRequest")))
        guard case .object(let fields)? = spec.model(named: "RequestTokenRequest")?.kind else {
            Issue.record("no form model: \(spec.models.map(\.name))")
            return
        }
        #expect(fields.map { "\($0.wireName): \($0.type)" } == ["grant: string", "scope: string"])
        #expect(
            result.diagnostics.map { "\($0.kind ?? "") \($0.location)" } == ["any-value api.yaml:18:16"])
    }

    /// A response header's schema may give a `default` or a `const`, inline, under `content` or in a component it
    /// refers to; a header struct's fields are optional values without either, and an alias takes neither. Each one
    /// given is reported where the document writes it (a default beside the same constant loses nothing), for
    /// every header kind, with a default, a constant, both or neither.
    @Test func aResponseHeadersDefaultOrConstantIsReportedWhereItIsWritten() throws {
        let kinds = [("string", "a"), ("integer", "7"), ("boolean", "true"), ("string, enum: [a, b]", "b")]
        let givens = [[], ["default"], ["const"], ["default", "const"]]
        var lines = [
            "openapi: 3.1.0", "info: {title: Headers, version: \"1\"}", "paths:", "  /things:", "    get:",
            "      operationId: getThing", "      responses:", "        \"200\":", "          description: The thing.",
            "          content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}",
            "          headers:",
        ]
        var components = ["components:", "  schemas:"]
        var expected: Set<String> = []
        /// Where the keys that lose something stand in `line`, the document's line `number`: a scalar's value,
        /// warned as not kept; an enum's key, which no reader takes (`unread-key`), both of them when both are given.
        func locate(_ keys: [String], in line: String, at number: Int) {
            let enumeration = line.contains("enum:")
            for key in keys where enumeration || key == "const" || !keys.contains("const") {
                guard let range = line.ranges(of: "\(key): ").first else { continue }
                let column = line.distance(from: line.startIndex, to: enumeration ? range.lowerBound : range.upperBound)
                expected.insert("openapi.yaml:\(number):\(column + 1)")
            }
        }
        var referred: [(keys: [String], line: String)] = []
        for (kind, value) in kinds {
            for keys in givens {
                let schema = "{type: \(kind)" + keys.map { ", \($0): \(value)" }.joined() + "}"
                for form in 0..<3 {
                    let header = "X-Header-\(lines.count)"
                    let line: String
                    switch form {
                    case 0: line = "            \(header): {schema: \(schema)}"
                    case 1: line = "            \(header): {content: {text/plain: {schema: \(schema)}}}"
                    default:
                        line = "            \(header): {schema: {$ref: '#/components/schemas/H\(lines.count)'}}"
                        referred.append((keys, "    H\(lines.count): \(schema)"))
                    }
                    if form < 2 { locate(keys, in: line, at: lines.count + 1) }
                    lines.append(line)
                }
            }
        }
        for component in referred {
            components.append(component.line)
            locate(component.keys, in: component.line, at: lines.count + components.count)
        }
        let document = (lines + components).joined(separator: "\n") + "\n"
        let result = OpenAPIImporter().importDocument(at: "openapi.yaml") { _ in Array(document.utf8) }
        let reported = result.diagnostics.filter { ["default-value", "unread-key"].contains($0.kind) }
        #expect(Set(reported.map { "\($0.location)" }) == expected, "\(document)\n\(result.diagnostics)")
        #expect(reported.count == expected.count, "\(result.diagnostics)")
        #expect(expected.count == 39)
        #expect(result.diagnostics.filter(\.isError).isEmpty, "\(result.diagnostics)")
        let spec = try #require(result.spec)
        #expect(spec.ranges(of: "X-Header-").count == 48, "\(spec)")
        #expect(!spec.contains("default:") && !spec.contains("const:"), "\(spec)")
    }

    /// A response header deprecates as a parameter does: on the header object or on its schema, with the message a
    /// description's last paragraph gives; both are kept on the header's field, and nothing is reported.
    @Test func aResponseHeaderIsDeprecatedWhereverItSaysSo() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Headers, version: "1"}
            paths:
              /things:
                get:
                  operationId: getThing
                  responses:
                    "200":
                      description: The thing.
                      content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}
                      headers:
                        X-Own: {deprecated: true, schema: {type: string}}
                        X-Schema: {schema: {type: integer, deprecated: true}}
                        X-Said:
                          deprecated: true
                          description: "The old limit.\\n\\nDeprecated: use X-Limit."
                          schema: {type: integer}
                        X-Kept: {schema: {type: integer}}
            """
        let result = OpenAPIImporter().importDocument(at: "openapi.yaml") { _ in Array(document.utf8) }
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let spec = try #require(result.spec)
        let loaded = try #require(Spec.load(bytes: Array(spec.utf8), path: "imported.yaml").spec, "\(spec)")
        let headers = try #require(loaded.endpoints.first?.responses.first?.headers)
        #expect(headers.map(\.wireName) == ["X-Own", "X-Schema", "X-Said", "X-Kept"])
        #expect(headers.map { $0.deprecation != nil } == [true, true, true, false])
        #expect(headers[2].deprecation?.message == "use X-Limit.")
        #expect(headers[2].description == "The old limit.")
    }
}
