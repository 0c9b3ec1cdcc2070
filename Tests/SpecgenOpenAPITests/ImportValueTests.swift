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
            """
        let imported = try ImportRuleTests.importedCleanly(document: document)
        #expect(
            imported.diagnostics == [
                "openapi.yaml:8:42: warning: items of any type in a parameter are sent as text",
                "openapi.yaml:9:91: warning: a list is not a default the spec keeps for '[int]'; left out; write a "
                    + "default of the type, or none",
                "openapi.yaml:24:74: warning: 'false' is not a default the spec keeps for 'bool'; left out; write a "
                    + "default of the type, or none",
            ])
        #expect(imported.summary.warnings == ["any-value": 1, "default-value": 2])
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
}
