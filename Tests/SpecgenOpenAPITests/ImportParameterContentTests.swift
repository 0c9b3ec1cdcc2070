import SpecgenOpenAPI
import SpecgenSpec
import Testing

/// A parameter or response header with `content` in place of `schema` is text of that media type: JSON text in the
/// query keeps its type (`style: json`), and anything the spec cannot say the same way is warned where the document
/// says it.
struct ImportParameterContentTests {
    static let document = """
        openapi: 3.1.0
        info: {title: Filters, version: "1"}
        paths:
          /items:
            get:
              operationId: listItems
              parameters:
                - name: filter
                  in: query
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [color]
                        properties: {color: {type: string}, size: {type: integer}}
                - name: ids
                  in: query
                  content: {application/json: {schema: {type: array, items: {type: integer}}}}
                - name: note
                  in: query
                  content: {text/plain: {schema: {type: string}}}
                - name: X-Meta
                  in: header
                  content: {application/json: {schema: {type: object, properties: {a: {type: string}}}}}
                - name: X-Count
                  in: header
                  content: {application/json: {schema: {type: integer}}}
                - name: shape
                  in: query
                  content:
                    application/json: {schema: {type: string}}
                    application/xml: {schema: {type: string}}
                - name: any
                  in: query
                  content: {application/json: {}}
              responses:
                "204":
                  description: Listed.
                  headers:
                    X-Label: {content: {application/json: {schema: {type: string}}}}
                    X-Total: {content: {application/json: {schema: {type: integer}}}}
        """

    @Test func jsonTextInTheQueryKeepsItsTypeAndTheRestIsWarned() throws {
        let result = OpenAPIImporter().importDocument(at: "api.yaml") { _ in Array(Self.document.utf8) }
        let loaded = Spec.load(bytes: Array(try #require(result.spec).utf8), path: "imported.yaml")
        #expect(loaded.diagnostics.filter(\.isError).isEmpty, "\(loaded.diagnostics)")
        let spec = try #require(loaded.spec)
        let endpoint = try #require(spec.endpoints.first)
        #expect(
            endpoint.queryParameters.map { "\($0.wireName): \($0.type) \($0.style?.rawValue ?? "-")" } == [
                "filter: ListItemsFilter json", "ids: [int] json", "note: string -", "shape: string json",
                "any: json json",
            ])
        #expect(endpoint.headerParameters.map { "\($0.wireName): \($0.type)" } == ["X-Meta: string", "X-Count: int"])
        // A response header of JSON text likewise: its quotes come with a string.
        #expect(
            endpoint.responses.flatMap(\.headers).map { "\($0.wireName): \($0.type)" } == [
                "X-Label: string", "X-Total: int",
            ])
        guard case .object(let fields)? = spec.model(named: "ListItemsFilter")?.kind else {
            Issue.record("no model for the filter: \(spec.models.map(\.name))")
            return
        }
        #expect(fields.map { "\($0.wireName): \($0.type)\($0.presence.suffix)" } == ["color: string", "size: int?"])
        #expect(
            result.diagnostics.map { "\($0.kind ?? "-") \($0)" } == [
                "parameter-shape api.yaml:24:21: warning: JSON text in a header parameter is not one the spec can "
                    + "say; sent as text",
                "media-type api.yaml:32:13: warning: the parameter is sent as application/json; application/xml not "
                    + "imported",
                "header-shape api.yaml:40:33: warning: response header 'X-Label' is JSON text; read as text, a string's "
                    + "quotes included",
            ])
    }
}
