import SpecgenSpec
import SpecgenYAML

/// The ledger of the document: after translation, every key of every file the import read is either read,
/// documentation only, part of what a warning stands for, or reported, so nothing the document says is dropped
/// without a word.
extension ImportRun {
    /// Keys that carry only documentation or metadata, which a spec has no use for beyond what the import reads of
    /// them (descriptions and summaries are read where the spec keeps them).
    static let documentationKeys: Set<String> = [
        "description", "summary", "title", "externalDocs", "tags", "contact", "license", "termsOfService", "xml",
        "$schema", "$id", "$comment", "$anchor", "$dynamicAnchor", "$vocabulary", "$defs", "jsonSchemaDialect",
        "openapi", "info", "examples", "example", "x-logo", "x-tagGroups",
    ]

    /// Keys whose values are data (examples, defaults, enum values), never document structure to walk.
    static let dataKeys: Set<String> = ["example", "examples", "default", "enum", "const", "x-examples"]

    /// The sections of `components` whose entries are used only where a `$ref` names them: one no `$ref` names
    /// is unused, and leaving it out loses nothing.
    static let referencedSections: Set<String> = [
        "parameters", "responses", "requestBodies", "headers", "examples", "links", "callbacks", "pathItems",
        "securitySchemes", "schemas",
    ]

    /// Whether a key is another tool's metadata: an `x-` extension whose name says nothing a client would use. A
    /// generator that ignores another tool's extensions loses nothing the document promises every reader.
    static func isToolMetadata(_ key: String) -> Bool {
        let lower = key.lowercased()
        return lower.hasPrefix("x-") && !OpenAPIImporter.meaningfulExtensionWords.contains { lower.contains($0) }
    }

    /// Warns for each key of the document the import did not read and that is not documentation, where it stands.
    /// A warning that stands for a whole part of the document says so by covering it (``warn(_:at:_:fix:covering:)``):
    /// a warning's place alone exempts nothing, since a block mapping stands where its first key does, and a warning
    /// about that key would otherwise silence the whole mapping. A 2.0 document is walked in its 3.0 shape, whose
    /// nodes keep their 2.0 places (``Swagger2``).
    func reportUnreadKeys() {
        for file in documents.files { walkUnread(file.node, file: file.file, path: []) }
    }

    private func walkUnread(_ node: YAMLNode, file: String, path: [String]) {
        switch node.content {
        case .scalar: return
        case .sequence(let items):
            for item in items { walkUnread(item, file: file, path: path + ["-"]) }
        case .mapping(let pairs):
            let ledger = documents.ledger
            guard ledger.wasReached(node, in: file) else { return }
            // An unused entry of such a section, or a section no `$ref` reaches at all, loses nothing.
            let isReferencedSection =
                path.count == 2 && path[0] == "components"
                && Self.referencedSections.contains(path[1])
            let isComponents = path == ["components"]
            for pair in pairs {
                guard let key = pair.key.scalar else { continue }
                // `specgen.`-named components are the export's own (the problem document of rejections), which
                // the import reads only where it needs them.
                if isReferencedSection, key.hasPrefix("specgen.") { continue }
                if ledger.wasRead(key, of: node, in: file) {
                    if !Self.dataKeys.contains(key) {
                        walkUnread(pair.value, file: file, path: path + [key])
                    }
                    continue
                }
                if isReferencedSection || (isComponents && Self.referencedSections.contains(key))
                    || Self.documentationKeys.contains(key) || Self.isToolMetadata(key)
                {
                    continue
                }
                // An empty mapping or list says nothing.
                if pair.value.pairs?.isEmpty == true || pair.value.items?.isEmpty == true { continue }
                warn(
                    .unreadKey, at: SourceLocation(path: file, line: pair.key.mark.line, column: pair.key.mark.column),
                    "\(key) is not imported: the import has no translation for it here",
                    fix: "say it in the spec by hand if the client needs it")
            }
        }
    }
}
