import SpecgenOpenAPI
import SpecgenSpec
import Testing

/// Resources from a document: the export's `x-specgen-resource`, and the tags a document declares.
struct ImportResourceTests {
    /// A document of `count` operations, each tagged `repos` or `issues`, named as GitHub names them; with
    /// `declaring`, the document lists those tags (its top-level `tags`).
    static func document(operations count: Int, declaring tags: [String] = ["repos", "issues"]) -> String {
        var paths = ""
        for index in 0..<count {
            let tag = index.isMultiple(of: 2) ? "repos" : "issues"
            paths += """
                  /\(tag)/item\(index):
                    get:
                      operationId: \(tag)/get-item\(index)
                      tags: [other, \(tag)]
                      responses: {"204": {description: Done.}}

                """
        }
        let declared = tags.isEmpty ? "" : "tags: [" + tags.map { "{name: \($0)}" }.joined(separator: ", ") + "]\n"
        return "openapi: 3.0.3\ninfo: {title: Hub, version: \"1\"}\n" + declared + "paths:\n" + paths
    }

    static func imported(_ document: String) throws -> (spec: Spec, warnings: [String]) {
        let result = OpenAPIImporter().importDocument(at: "openapi.yaml") { _ in Array(document.utf8) }
        let loaded = Spec.load(bytes: Array(try #require(result.spec).utf8), path: "imported.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        return (try #require(loaded.spec), result.diagnostics.map(\.description))
    }

    /// Each operation is in the resource the first of its tags the document declares names, under its name
    /// without the resource in front (`reposGetItem0` is `repos.getItem0`), however many operations there are: an
    /// operation added or removed leaves every other where it was. A document that declares no tags stays flat.
    @Test func operationsAreGroupedByTheTagsTheDocumentDeclares() throws {
        for count in [1, 2, 39, 40, 41] {
            let spec = try Self.imported(Self.document(operations: count)).spec
            let first = try #require(spec.endpoints.first)
            #expect(first.name == "reposGetItem0")
            #expect(first.resource == "repos")
            #expect(Namer().resourceMemberName(of: first) == "getItem0")
            #expect(spec.endpoints.allSatisfy { $0.resource == $0.tags.last }, "\(count) operations")
        }
        let flat = try Self.imported(Self.document(operations: 40, declaring: [])).spec
        #expect(flat.endpoints.allSatisfy { $0.resource == nil })
        // Only the declared tag groups: `issues` operations stay flat when the document lists `repos` alone.
        let some = try Self.imported(Self.document(operations: 4, declaring: ["repos"])).spec
        #expect(some.endpoints.map { $0.resource ?? "-" } == ["repos", "-", "repos", "-"])
    }

    /// The export's `x-specgen-resource` comes back; one lint would refuse is left out with a warning where it is
    /// written.
    @Test func theExportsResourceComesBackAndABadOneIsNamed() throws {
        let document = """
            openapi: 3.0.3
            info: {title: Shop, version: "1"}
            paths:
              /orders:
                get:
                  operationId: listOrders
                  x-specgen-resource: orders.list
                  responses: {"204": {description: Done.}}
              /refunds:
                post:
                  operationId: refund
                  x-specgen-resource: refund
                  responses: {"204": {description: Done.}}
            """
        let (spec, warnings) = try Self.imported(document)
        #expect(spec.endpoints.map { "\($0.resource ?? "-").\($0.resourceMember ?? "-")" } == ["orders.list", "-.-"])
        #expect(
            warnings == [
                "openapi.yaml:12:27: warning: 'x-specgen-resource' does not fit the operation: left out (resource "
                    + "'refund' at 'endpoints.refund.resource' has the Swift name of operation 'refund', so the "
                    + "client cannot offer both)"
            ])
    }
}
