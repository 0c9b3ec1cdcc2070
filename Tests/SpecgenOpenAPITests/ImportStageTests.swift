import SpecgenOpenAPI
import SpecgenSpec
import Testing

/// The import's read stage alone: the document's operations and schemas as typed values, each with its JSON pointer
/// and place (an operation with its parameters), before anything is named, typed or written.
struct ImportStageTests {
    static let root = """
        openapi: 3.0.3
        info: {title: Stage, version: "1"}
        paths:
          /pets/{id}:
            parameters:
              - {name: id, in: path, required: true, schema: {type: string}}
              - {name: trace, in: header, schema: {type: string}}
            get:
              operationId: getPet
              parameters:
                - {name: trace, in: header, schema: {type: integer}}
                - $ref: '#/components/parameters/Verbose'
              responses: {"200": {description: OK}}
            trace:
              responses: {"200": {description: OK}}
            summary: Not an operation.
          /a~b/c:
            $ref: 'items.yaml#/Item'
          /gone:
            get:
              $ref: '#/components/pathItems/Nowhere/get'
          /shared:
            post:
              x-specgen-operations:
                - {operationId: first, responses: {"204": {description: Done}}}
                - {operationId: second, responses: {"204": {description: Done}}}
              responses: {"204": {description: Done}}
        components:
          parameters:
            Verbose: {name: verbose, in: query, schema: {type: boolean}}
          schemas:
            Pet: {type: object}
            specgen.Rejected: {type: object}
            a/b: {$ref: '#/components/schemas/Pet'}
        """
    static let items = """
        Item:
          delete:
            operationId: deleteItem
            parameters:
              - {name: force, in: query, schema: {type: boolean}}
            responses: {"204": {description: Gone}}
        """

    static func read() -> (document: ReadDocument, diagnostics: [Diagnostic]) {
        ReadDocument.read(documentAt: "api.yaml") { path in
            switch path {
            case "api.yaml": Array(root.utf8)
            case "items.yaml": Array(items.utf8)
            default: nil
            }
        }
    }

    @Test func everyOperationIsReadOnceWithItsPointerAndPlace() {
        let (paths, _) = Self.read()
        #expect(
            paths.operations.map { "\($0.method) \($0.path) \($0.pointer)" } == [
                "get /pets/{id} /paths/~1pets~1{id}/get",
                "delete /a~b/c /paths/~1a~0b~1c/delete",
                "post /shared /paths/~1shared/post/x-specgen-operations/0",
                "post /shared /paths/~1shared/post/x-specgen-operations/1",
            ])
        // Where the method key stands (in the file a path item's `$ref` leads to), and the operation itself.
        #expect(
            paths.operations.map { "\($0.keyLocation)" } == [
                "api.yaml:8:5", "items.yaml:2:3", "api.yaml:23:5", "api.yaml:23:5",
            ])
        #expect(
            paths.operations.map { "\($0.location)" } == [
                "api.yaml:9:7", "items.yaml:3:5", "api.yaml:25:11", "api.yaml:26:11",
            ])
        // TRACE, and the GET whose `$ref` dangles, are the document's but not read: each is counted and warned.
        #expect(paths.documentOperations == 6)
        #expect(paths.skippedOperations == 2)
    }

    @Test func parametersArePathItemsThenOperationsReplacingByNameAndPlace() {
        let (paths, _) = Self.read()
        let getPet = paths.operations[0]
        #expect(
            getPet.parameters.map { "\($0.place) \($0.name) \($0.pointer) \($0.location)" } == [
                "path id /paths/~1pets~1{id}/parameters/0 api.yaml:6:9",
                "header trace /paths/~1pets~1{id}/get/parameters/0 api.yaml:11:11",
                "query verbose /paths/~1pets~1{id}/get/parameters/1 api.yaml:30:14",
            ])
        #expect(paths.operations[1].parameters.map { "\($0.name) \($0.location)" } == ["force items.yaml:5:9"])
        #expect(paths.operations[2].parameters.isEmpty)
    }

    @Test func answersAreReadUnderTheirStatusKeysAfterTheirReferences() {
        let (document, _) = Self.read()
        #expect(
            document.operations.map { $0.responses.map { "\($0.status) \($0.pointer) \($0.location)" } } == [
                ["200 /paths/~1pets~1{id}/get/responses/200 api.yaml:13:26"],
                ["204 /paths/~1a~0b~1c/delete/responses/204 items.yaml:6:24"],
                ["204 /paths/~1shared/post/x-specgen-operations/0/responses/204 api.yaml:25:51"],
                ["204 /paths/~1shared/post/x-specgen-operations/1/responses/204 api.yaml:26:52"],
            ])
        #expect(document.operations.map { $0.responses.map(\.isSuccess) } == [[true], [true], [true], [true]])
    }

    @Test func componentSchemasAreReadInOrderWithTheirPointers() {
        let (document, _) = Self.read()
        #expect(
            document.schemas.map { "\($0.position) \($0.key) \($0.pointer) \($0.keyLocation)" } == [
                "0 Pet /components/schemas/Pet api.yaml:32:5",
                "1 specgen.Rejected /components/schemas/specgen.Rejected api.yaml:33:5",
                "2 a/b /components/schemas/a~1b api.yaml:34:5",
            ])
        #expect(document.schemas.map(\.isExportsOwn) == [false, true, false])
    }

    @Test func theReadStageWarnsOnlyAboutWhatItCannotRead() {
        let (_, diagnostics) = Self.read()
        #expect(
            diagnostics.map { "\($0.location) \($0.kind ?? "")" } == [
                "api.yaml:14:5 http-method",
                "api.yaml:21:7 dangling-ref",
            ])
    }
}

/// The order models are written in, found from the models made: each after the component that holds it.
struct ImportModelOrderTests {
    @Test func aModelFollowsTheFirstComponentThatHoldsItAndOperationsModelsComeLast() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Order, version: "1"}
            paths:
              /things:
                post:
                  operationId: makeThing
                  requestBody:
                    content:
                      application/json:
                        schema: {type: object, properties: {note: {type: object, properties: {text: {type: string}}}}}
                  responses:
                    "200":
                      description: OK
                      content: {application/json: {schema: {$ref: '#/components/schemas/Late'}}}
            components:
              schemas:
                Late:
                  type: object
                  properties:
                    early: {$ref: '#/components/schemas/Early'}
                    size: {type: object, properties: {width: {type: integer}}}
                Early:
                  type: object
                  properties:
                    shared: {$ref: 'parts.yaml#/Shared'}
                    mode: {type: string, enum: [a, b]}
                Other:
                  type: object
                  properties:
                    shared: {$ref: 'parts.yaml#/Shared'}
            """
        let parts = "Shared: {type: object, properties: {id: {type: string}}}"
        let imported = OpenAPIImporter(name: "Order").importDocument(at: "api.yaml") { path in
            path == "api.yaml" ? Array(document.utf8) : path == "parts.yaml" ? Array(parts.utf8) : nil
        }
        // `Early` is read inside `Late`, but it and what it holds come after `Late`'s own parts; `Shared`, held by
        // `Early` and `Other`, goes with the first, in the order `Early`'s fields made them; the model of the inline
        // body's field, in no component, comes last.
        let names = try #require(imported.value).models.map(\.name)
        #expect(
            names == [
                "Late", "LateSize", "Early", "Shared", "EarlyMode", "Other", "MakeThingNote",
            ])
    }
}
