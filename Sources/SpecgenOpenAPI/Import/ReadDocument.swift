package import SpecgenSpec
import SpecgenYAML

/// The first stage of an import: the document's operations and schemas, read once into typed values that know where
/// they stand (a JSON pointer into the root document and a file position). The translators that make endpoints,
/// default headers and models are functions of these values; none of them walks `paths` or `components/schemas`
/// again.
package struct ReadDocument {
    /// The operations the spec can hold, in document order (path items, then their methods).
    package var operations: [DocumentOperation] = []
    /// Every operation of the document, those the spec cannot hold included: ``ImportSummary/documentOperations``.
    package var documentOperations = 0
    /// Operations not read (a `TRACE`, a `$ref` that resolves nowhere), each with its warning:
    /// ``ImportSummary/skippedOperations``.
    package var skippedOperations = 0
    /// The schemas of `components/schemas`, in document order.
    package var schemas: [DocumentSchema] = []
    /// The names of the tags the document declares (its top-level `tags`), in order.
    package var declaredTags: [String] = []

    /// Reads the document at `path` without translating anything: the stage as the import runs it, for tools and
    /// tests. The diagnostics are the reading's own (a dangling `$ref`, a path key with a query).
    package static func read(
        documentAt path: String, read: @escaping (String) -> [UInt8]?
    ) -> (document: ReadDocument, diagnostics: [Diagnostic]) {
        let run = ImportRun(documents: OpenAPIDocuments(read: read), name: nil)
        guard let root = run.documents.root(of: path) else { return (ReadDocument(), run.documents.diagnostics) }
        return (run.readDocument(root), run.documents.diagnostics.sortedForDisplay())
    }
}

/// One schema of `components/schemas` as the model translators take it.
package struct DocumentSchema {
    /// Its key (`Pet`), which names its model.
    package var key: String
    /// `/components/schemas/Pet`, and where its key stands.
    package var pointer: String
    package var keyLocation: SourceLocation
    /// Its place among the document's schemas: the models a schema gives are written in this order.
    package var position: Int
    /// The schema as written (a `$ref` included).
    var node: DocNode

    /// Whether the export wrote it for its own use (`specgen.Rejected`, the mock's rejections), not as a model of
    /// the API.
    package var isExportsOwn: Bool { key.hasPrefix("specgen.") }
}

/// One operation of the document as the translators take it.
package struct DocumentOperation {
    /// The path item's key for it, lower-case (`get`).
    package var method: String
    /// The path as the spec writes it: what a path key cannot hold taken out (see `cleanPath`).
    package var path: String
    /// Where it stands in the root document: `/paths/~1pets~1{id}/get`, with `/x-specgen-operations/1` after it for
    /// one of the endpoints the export wrote under one method and path.
    package var pointer: String
    /// Where its method key stands.
    package var keyLocation: SourceLocation
    /// The operation after its `$ref`, and its path item after its own.
    var node: DocNode
    var pathItem: DocNode
    /// Its parameters after their `$ref`s: the path item's, then the operation's, which replace those of the same
    /// name and place.
    package var parameters: [DocumentParameter]
    /// Its request body as written and after its `$ref`; nil when it has none or the `$ref` dangles.
    var requestBody: (written: DocNode, node: DocNode)?
    /// Its `responses` mapping, and each answer in it under a status key, after its `$ref`.
    var responsesNode: DocNode?
    package var responses: [DocumentResponse]

    /// Where the operation's own mapping stands (after a `$ref`, in the file it leads to).
    package var location: SourceLocation { node.location }
}

/// One answer of an operation as the translators take it.
package struct DocumentResponse {
    /// Its status key as the spec writes it: `200`, `4XX`, `default`.
    package var status: String
    /// `/paths/~1pets/get/responses/200`.
    package var pointer: String
    /// The response after its `$ref`.
    var node: DocNode

    /// Whether it answers a success (a 2xx status or range).
    package var isSuccess: Bool { ImportRun.isSuccess(status) }
    /// Where its mapping stands (after a `$ref`, in the file it leads to).
    package var location: SourceLocation { node.location }
}

/// One parameter of an operation as the translators take it.
package struct DocumentParameter {
    /// Its wire name and where it goes (`path`, `query`, `header`, `cookie`, or what the document says).
    package var name: String
    package var place: String
    /// Where its `$ref` or mapping stands in the root document (`/paths/~1pets/parameters/0`).
    package var pointer: String
    /// The parameter after its `$ref`.
    var node: DocNode

    /// Where its mapping stands (after a `$ref`, in the file it leads to).
    package var location: SourceLocation { node.location }
}

extension ImportRun {
    /// Operation keys of a path item the spec has no method for.
    static let otherMethods: Set<String> = ["trace", "query"]

    /// The read stage: `paths` and `components/schemas`.
    func readDocument(_ root: DocNode) -> ReadDocument {
        var document = readPaths(root["paths"])
        document.declaredTags = root["tags"]?.items?.compactMap { $0.string("name") } ?? []
        document.schemas = (root["components"]?["schemas"]?.entries ?? []).enumerated().map { position, entry in
            DocumentSchema(
                key: entry.key, pointer: "/components/schemas/" + Self.pointerToken(entry.key),
                keyLocation: entry.keyLocation, position: position, node: entry.value)
        }
        return document
    }

    /// The read stage of `paths`: each operation once, with its parameters, counted, and warned about only for
    /// what makes it unreadable or changes its path. Nothing here names, types or writes anything.
    func readPaths(_ paths: DocNode?) -> ReadDocument {
        var read = ReadDocument()
        var seenRoutes = Set<String>()
        for (rawPath, keyLocation, item) in paths?.entries ?? [] {
            // A path item, and each operation in it, may be a `$ref` to another file (OAS 3.1 allows the first;
            // large documents split into files do both).
            guard let pathItem = resolved(item) else { continue }
            let itemPointer = "/paths/" + Self.pointerToken(rawPath)
            let path = cleanPath(rawPath, at: keyLocation)
            // Only the methods are read here; `parameters` and `servers` where they apply, and another key is reported.
            for (method, methodLocation, written) in pathItem.peekedEntries ?? [] {
                let isMethod = HTTPMethod(rawValue: method.uppercased()) != nil
                let isOperation = Self.otherMethods.contains(method) || isMethod
                if isOperation { _ = pathItem[method] }
                guard isOperation, let operation = resolved(written) else {
                    if isMethod {
                        read.documentOperations += 1
                        read.skippedOperations += 1
                    }
                    continue
                }
                if Self.otherMethods.contains(method) {
                    read.documentOperations += 1
                    read.skippedOperations += 1
                    warn(
                        .httpMethod, at: methodLocation,
                        "a \(method.uppercased()) operation cannot be written in a spec; not imported",
                        covering: operation)
                    continue
                }
                read.documentOperations += 1
                let route = method.uppercased() + " " + Self.routeKey(path)
                if !seenRoutes.insert(route).inserted {
                    warn(
                        .duplicateRoute, at: methodLocation,
                        "\(method.uppercased()) \(path) is declared twice (once with a query or fragment in its key)")
                }
                // The export writes endpoints that share a method and path as one operation, and each of them
                // whole under `x-specgen-operations`.
                let pointer = itemPointer + "/" + Self.pointerToken(method)
                let imported = importedOperations(operation)
                read.documentOperations += imported.count - 1
                for (index, node) in imported.enumerated() {
                    let pointer = imported.count == 1 ? pointer : pointer + "/x-specgen-operations/\(index)"
                    let body = node["requestBody"].flatMap { written in resolved(written).map { (written, $0) } }
                    read.operations.append(
                        DocumentOperation(
                            method: method, path: path, pointer: pointer, keyLocation: methodLocation, node: node,
                            pathItem: pathItem,
                            parameters: readParameters(of: node, at: pointer, in: pathItem, at: itemPointer),
                            requestBody: body, responsesNode: node["responses"],
                            responses: readResponses(node["responses"], at: pointer + "/responses")))
                }
            }
        }
        return read
    }

    /// The operations an OpenAPI operation is imported as: itself, or each endpoint the export wrote whole under
    /// `x-specgen-operations` (endpoints that share a method and path).
    func importedOperations(_ operation: DocNode) -> [DocNode] {
        let shared = operation["x-specgen-operations"]?.items?.filter(\.isMapping) ?? []
        guard !shared.isEmpty else { return [operation] }
        // The operation itself restates the first of them for other readers: read, as they are.
        for entry in operation.entries ?? [] where entry.key != "x-specgen-operations" { cover(entry.value) }
        return shared
    }

    /// An operation's answers under their status keys, after their `$ref`s. A key that is no status is warned about
    /// and left out, and so are the rejections `export-openapi` documents for the mock, which are not the API's.
    func readResponses(_ node: DocNode?, at pointer: String) -> [DocumentResponse] {
        var responses: [DocumentResponse] = []
        for (raw, keyLocation, value) in node?.entries ?? [] {
            guard let status = Self.statusKey(raw) else {
                warn(
                    .status, at: keyLocation, "'\(raw)' is not a status code, a range such as 4XX, or default; skipped"
                )
                continue
            }
            if value.string("$ref")?.contains("/specgen.Rejected") == true { continue }
            guard let response = resolved(value) else { continue }
            responses.append(
                DocumentResponse(
                    status: status, pointer: pointer + "/" + Self.pointerToken(raw), node: response))
        }
        return responses
    }

    /// An operation's parameters: the path item's, then the operation's, which replace those of the same name and
    /// place. One whose `$ref` dangles is warned about and left out. A path item's parameter every operation
    /// replaces is used by none, as OpenAPI says, and loses nothing (``coverReplacedParameters()``).
    func readParameters(
        of operation: DocNode, at operationPointer: String, in pathItem: DocNode, at itemPointer: String
    ) -> [DocumentParameter] {
        var parameters: [DocumentParameter] = []
        for (list, pointer) in [(pathItem["parameters"], itemPointer), (operation["parameters"], operationPointer)] {
            for (index, item) in (list?.items ?? []).enumerated() {
                guard let parameter = resolved(item), let name = parameter.string("name"),
                    let place = parameter.string("in")
                else { continue }
                let replaces = { (earlier: DocumentParameter) in earlier.name == name && earlier.place == place }
                parameterUses.replaced += parameters.filter(replaces).map(\.node)
                parameters.removeAll(where: replaces)
                parameters.append(
                    DocumentParameter(
                        name: name, place: place, pointer: pointer + "/parameters/\(index)", node: parameter))
            }
        }
        parameterUses.kept.formUnion(parameters.map { ParameterUses.key($0.node) })
        return parameters
    }

    /// Covers each parameter an operation replaced that no operation or webhook uses: nothing of it is lost.
    func coverReplacedParameters() {
        for node in parameterUses.replaced where !parameterUses.kept.contains(ParameterUses.key(node)) { cover(node) }
    }
}

/// The parameters operations use, and those of path items an operation replaced, each known as the ledger knows it.
struct ParameterUses {
    var kept: Set<ReadLedger.Mapping> = []
    var replaced: [DocNode] = []

    static func key(_ node: DocNode) -> ReadLedger.Mapping { ReadLedger.Mapping(file: node.file, mark: node.node.mark) }
}
