import SpecgenOpenAPI
import SpecgenSpec
import Testing

/// Resources from a document: the export's `x-specgen-resource`, and a large API's tags.
struct ImportResourceTests {
    /// A document of `count` operations, each tagged `repos` or `issues`, named as GitHub names them.
    static func document(operations count: Int) -> String {
        var paths = ""
        for index in 0..<count {
            let tag = index.isMultiple(of: 2) ? "repos" : "issues"
            paths += """
                  /\(tag)/item\(index):
                    get:
                      operationId: \(tag)/get-item\(index)
                      tags: [\(tag)]
                      responses: {"204": {description: Done.}}

                """
        }
        return "openapi: 3.0.3\ninfo: {title: Hub, version: \"1\"}\npaths:\n" + paths
    }

    static func imported(_ document: String) throws -> (spec: Spec, warnings: [String]) {
        let result = OpenAPIImporter().importDocument(at: "openapi.yaml") { _ in Array(document.utf8) }
        let loaded = Spec.load(bytes: Array(try #require(result.spec).utf8), path: "imported.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        return (try #require(loaded.spec), result.diagnostics.map(\.description))
    }

    /// From 40 operations on, each operation is in the resource its first tag names, under its name without the
    /// resource in front (`reposGetItem0` is `repos.getItem0`); below that the API stays flat.
    @Test func aLargeAPIIsGroupedByItsTags() throws {
        let large = try Self.imported(Self.document(operations: 40)).spec
        let first = try #require(large.endpoints.first)
        #expect(first.name == "reposGetItem0")
        #expect(first.resource == "repos")
        #expect(Namer().resourceMemberName(of: first) == "getItem0")
        #expect(large.endpoints.allSatisfy { $0.resource == $0.tags.first })
        let small = try Self.imported(Self.document(operations: 39)).spec
        #expect(small.endpoints.allSatisfy { $0.resource == nil })
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
