import SpecgenOpenAPI
import SpecgenSpec
import Testing

/// Defaults and parameter values as the import keeps them: only what lint takes of the type, each loss warned once.
struct ImportValueTests {
    /// A default is kept only as its type holds it, item by item for an array and as written for a struct; one that
    /// does not fit is left out with a `default-value` warning, given once where the schema is shared; a parameter
    /// that is an array without `items` is an array of text.
    @Test func defaultsAreKeptAsTheirTypeHoldsThem() throws {
        let document = """
            openapi: 3.0.3
            info: {title: Held, version: "1"}
            paths:
              /items:
                get:
                  operationId: listItems
                  parameters:
                    - {name: ids, in: query, schema: {type: array}}
                    - {name: sizes, in: query, schema: {type: array, items: {type: integer}, default: [1, two]}}
                    - {name: tags, in: query, schema: {type: array, items: {type: string}, default: [1, b]}}
                    - {name: level, in: query, schema: {allOf: [{$ref: '#/components/schemas/Level'}], default: "2"}}
                    - $ref: '#/components/parameters/Verbose'
                  responses: {"204": {description: None.}}
              /other:
                get:
                  operationId: listOthers
                  parameters: [{$ref: '#/components/parameters/Verbose'}]
                  responses:
                    "200":
                      description: A thing.
                      content: {application/json: {schema: {$ref: '#/components/schemas/Thing'}}}
            components:
              parameters:
                Verbose: {name: verbose, in: query, schema: {type: boolean, default: "false"}}
              schemas:
                Level: {type: string, enum: ["1", "2"]}
                Range: {type: object, properties: {start: {type: integer}}}
                Thing:
                  type: object
                  properties:
                    ranges: {type: array, items: {$ref: '#/components/schemas/Range'}, default: [{start: 0}]}
                    level: {allOf: [{$ref: '#/components/schemas/Level'}], enum: ["1"]}
                    note: {type: string, nullable: true, default: none, x-specgen-presence: nullable}
            """
        let imported = try ImportRuleTests.importedCleanly(document: document)
        #expect(
            imported.diagnostics == [
                "openapi.yaml:8:42: warning: items of any type in a parameter are sent as text",
                "openapi.yaml:9:91: warning: a list is not a default the spec keeps for '[int]'; left out; write a "
                    + "default of the type, or none",
                "openapi.yaml:24:74: warning: 'false' is not a default the spec keeps for 'bool'; left out; write a "
                    + "default of the type, or none",
                "openapi.yaml:33:55: warning: a field that null clears (x-specgen-presence: nullable) takes no "
                    + "default; left out; drop the default, or the nullable presence",
            ])
        #expect(imported.summary.warnings == ["any-value": 1, "default-value": 3])
        let spec = imported.spec
        let list = try #require(spec.endpoints.first { $0.name == "listItems" })
        #expect(list.queryParameters.map(\.wireName) == ["ids", "sizes", "tags", "level", "verbose"])
        #expect(list.queryParameters.map(\.type.description) == ["[string]", "[int]", "[string]", "Level", "bool"])
        #expect(
            list.queryParameters.map(\.defaultValue)
                == [nil, nil, .array([.string("1"), .string("b")]), .string("2"), nil])
        let thing = try ImportRuleTests.model("Thing", in: spec)
        let ranges = thing.fields.first { $0.wireName == "ranges" }
        #expect(ranges?.defaultValue == .array([.object([SpecValueEntry(key: "start", value: .int(0))])]))
        #expect(thing.fields.first { $0.wireName == "level" }?.constant == .string("1"))
        #expect(thing.fields.first { $0.wireName == "note" }?.presence == .nullable)
    }

    /// A form body is always a struct: one whose media type has no schema is a form with no fields, warned.
    @Test func aFormBodyWithoutASchemaIsAFormWithNoFields() throws {
        let document = """
            openapi: 3.0.3
            info: {title: Forms, version: "1"}
            paths:
              /token:
                post:
                  operationId: requestToken
                  requestBody:
                    content:
                      application/x-www-form-urlencoded: {}
                  responses: {"204": {description: Issued.}}
            """
        let imported = try ImportRuleTests.importedCleanly(document: document)
        #expect(
            imported.diagnostics == [
                "openapi.yaml:9:11: warning: a form body without a schema has no fields to send"
            ])
        let body = try #require(imported.spec.endpoints.first?.body)
        #expect(body.encoding == .form)
        #expect(body.content == .type(.named("RequestTokenRequest")))
        #expect(try ImportRuleTests.model("RequestTokenRequest", in: imported.spec).fields.isEmpty)
    }

    /// What lint refuses of bounds, headers, paths and open structs, mended before writing, each with a warning:
    /// bounds no value meets are not checked, a header typed two ways is text, two headers of one Swift name get
    /// two, a HEAD answer has no body, a placeholder written twice is two parameters, and a property named
    /// `additionalProperties` of an open struct gets another Swift name.
    @Test func boundsHeadersPathsAndOpenStructsAreMendedBeforeWriting() throws {
        let document = """
            openapi: 3.0.3
            info: {title: Mended, version: "1"}
            paths:
              /a/{id}/{id}:
                get:
                  operationId: getA
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: string, minLength: -1}}
                    - {name: size, in: query, schema: {type: integer, minimum: 5, maximum: 1}}
                    - {name: tags, in: query, schema: {type: array, items: {type: string}, minItems: 3, maxItems: 1}}
                  responses:
                    "200":
                      description: OK.
                      headers:
                        Rate: {schema: {type: integer}}
                        rate: {schema: {type: string}}
                      content: {application/json: {schema: {$ref: '#/components/schemas/Open'}}}
                    "201":
                      description: Made.
                      headers: {Rate: {schema: {type: string}}}
                      content: {application/json: {schema: {$ref: '#/components/schemas/Open'}}}
                head:
                  operationId: headA
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  responses:
                    "200":
                      description: OK.
                      content: {application/json: {schema: {type: object}}}
            components:
              schemas:
                Open:
                  type: object
                  properties: {additionalProperties: {type: string}}
                  additionalProperties: true
            """
        let imported = try ImportRuleTests.importedCleanly(document: document)
        #expect(
            imported.diagnostics == [
                "openapi.yaml:6:7: warning: '{id}' appears twice in the path; the second is '{id2}', a parameter of "
                    + "its own",
                "openapi.yaml:8:56: warning: the length cannot be negative; not checked; write bounds a value can meet",
                "openapi.yaml:9:43: warning: the range has a minimum above its maximum; not checked; write bounds a "
                    + "value can meet",
                "openapi.yaml:10:43: warning: the item count has a minimum above its maximum; not checked; write "
                    + "bounds a value can meet",
                "openapi.yaml:12:9: warning: response header 'Rate' has a different type in different statuses; read "
                    + "as text in each",
                "openapi.yaml:23:7: warning: '{id}' appears twice in the path; the second is '{id2}', a parameter of "
                    + "its own",
                "openapi.yaml:26:9: warning: a HEAD answer has no body; not read",
                "openapi.yaml:32:7: warning: property 'additionalProperties' of 'Open' would take the Swift name "
                    + "'additionalProperties', which holds the properties it does not declare; its Swift name is "
                    + "'additionalPropertiesField'",
            ])
        let spec = imported.spec
        let get = try #require(spec.endpoints.first { $0.name == "getA" })
        #expect(get.path == "/a/{id}/{id2}")
        #expect(get.pathParameters.map(\.wireName) == ["id", "id2"])
        #expect(get.pathParameters.allSatisfy { $0.constraints.isEmpty })
        #expect(get.queryParameters.allSatisfy { $0.constraints.isEmpty })
        #expect(
            get.responses.map { $0.headers.map { "\($0.wireName): \($0.type)" } } == [
                ["Rate: string", "rate: string"], ["Rate: string"],
            ])
        #expect(get.responses[0].headers.map(\.swiftName) == [nil, "rate2"])
        let head = try #require(spec.endpoints.first { $0.name == "headA" })
        #expect(head.responses.map(\.body) == [.empty])
        let open = try ImportRuleTests.model("Open", in: spec)
        #expect(open.fields.map(\.swiftName) == ["additionalPropertiesField"])
    }

    /// JSON carries a file only as base64: a file (3.1's `contentMediaType`) in a JSON body,
    /// whole or among its inline fields, in a JSON answer or a JSON error body is typed `bytes`, warned.
    @Test func filesInJSONBodiesAndAnswersAreBytes() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Files, version: "1"}
            paths:
              /a:
                post:
                  operationId: upload
                  requestBody:
                    content:
                      application/json:
                        schema: {type: object, properties: {file: {type: string, contentMediaType: application/pdf}}}
                  responses:
                    "200":
                      description: Pages.
                      content: {application/json: {schema: {type: array, items: {type: string, contentMediaType: image/png}}}}
                    "400":
                      description: Bad.
                      content: {application/json: {schema: {type: string, contentMediaType: image/png}}}
              /b:
                post:
                  operationId: store
                  requestBody:
                    content:
                      application/json: {schema: {type: array, items: {type: string, contentMediaType: image/png}}}
                  responses: {"204": {description: Stored.}}
            """
        let imported = try ImportRuleTests.importedCleanly(document: document)
        #expect(
            imported.diagnostics == [
                "openapi.yaml:9:11: warning: 'file' of a JSON body holds a file; typed 'bytes', base64 in JSON",
                "openapi.yaml:14:21: warning: a JSON answer holds a file; typed '[bytes]', base64 in JSON",
                "openapi.yaml:17:21: warning: a JSON error body holds a file; typed 'bytes', base64 in JSON",
                "openapi.yaml:23:11: warning: a JSON body holds a file; typed '[bytes]', base64 in JSON",
            ])
        #expect(imported.summary.warnings == ["file-in-json": 4])
        let upload = try #require(imported.spec.endpoints.first { $0.name == "upload" })
        guard case .fields(let fields)? = upload.body?.content else {
            Issue.record("upload's body is not inline fields")
            return
        }
        #expect(fields.map { "\($0.wireName): \($0.type)" } == ["file: bytes"])
        #expect(upload.responses.map(\.body) == [.json(.array(.primitive(.bytes)))])
        #expect(upload.errors.map(\.body) == [.primitive(.bytes)])
        let store = try #require(imported.spec.endpoints.first { $0.name == "store" })
        #expect(store.body?.content == .type(.array(.primitive(.bytes))))
    }

    /// The names the export records are kept only where lint takes them: an `x-specgen-swift-name` that is no Swift
    /// identifier, or an `x-specgen-case` of a union variant that is none, is `undocumented` (the case of variants the
    /// client does not know) or another variant's, is left
    /// out with a warning; a union variant that is a file is base64 `bytes`, as JSON carries it.
    @Test func recordedNamesAreKeptOnlyWhereLintTakesThem() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Names, version: "1"}
            paths:
              /pay:
                post:
                  operationId: pay
                  parameters:
                    - {name: for, in: query, x-specgen-swift-name: "true", schema: {type: string}}
                  requestBody:
                    content: {application/json: {schema: {$ref: '#/components/schemas/Source'}}}
                  responses: {"204": {description: Paid.}}
            components:
              schemas:
                Source:
                  oneOf:
                    - {x-specgen-case: card, type: object, properties: {number: {type: string}}}
                    - {x-specgen-case: card, type: object, properties: {iban: {type: string}}}
                    - {x-specgen-case: undocumented, type: integer}
                    - {x-specgen-case: "no way", type: boolean}
                    - {type: string, contentMediaType: image/png}
            """
        let imported = try ImportRuleTests.importedCleanly(document: document)
        #expect(
            imported.diagnostics == [
                "openapi.yaml:8:56: warning: 'x-specgen-swift-name' 'true' is not a Swift identifier; left out; write "
                    + "a Swift name, such as 'displayName'",
                "openapi.yaml:17:28: warning: 'x-specgen-case' 'card' is not a case name this union can take; left "
                    + "out; write a Swift name no other variant of it has",
                "openapi.yaml:18:28: warning: 'x-specgen-case' 'undocumented' is not a case name this union can take; "
                    + "left out; write a Swift name no other variant of it has",
                "openapi.yaml:19:28: warning: 'x-specgen-case' 'no way' is not a case name this union can take; left "
                    + "out; write a Swift name no other variant of it has",
                "openapi.yaml:20:11: warning: variant 5 of 'Source' holds a file; typed 'bytes', base64 in JSON",
            ])
        let source = try ImportRuleTests.model("Source", in: imported.spec)
        guard case .union(let union) = source.kind else {
            Issue.record("Source is not a union")
            return
        }
        #expect(union.variants.map(\.type.description) == ["SourceVariant1", "SourceVariant2", "int", "bool", "bytes"])
        #expect(union.variants.map(\.caseName) == ["card", "variant2", nil, nil, nil])
        #expect(imported.spec.endpoints[0].queryParameters.map(\.swiftName) == [nil])
    }
}
