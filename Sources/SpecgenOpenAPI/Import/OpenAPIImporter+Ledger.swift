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
    ///
    /// A file is walked from its root when the import read anything of the root (a file reached only for a schema
    /// its `$ref` names is not a document of its own). Below a key the import read, every mapping is walked, whether
    /// or not the import looked into it: reading a key and never its value would otherwise drop all of it silently.
    func reportUnreadKeys() {
        coverReplacedParameters()
        for file in documents.files where documents.ledger.wasReached(file.node, in: file.file) {
            walkUnread(file.node, file: file.file, path: [])
        }
    }

    /// Whether a mapping holds more than documentation and another tool's metadata: a key of neither, or one that
    /// holds a mapping (a property named `description` is a schema, not prose).
    private func saysSomething(_ node: YAMLNode) -> Bool {
        node.pairs?.contains {
            guard let key = $0.key.scalar, !Self.isToolMetadata(key) else { return false }
            if $0.value.pairs?.isEmpty == true || $0.value.items?.isEmpty == true { return false }
            return !Self.documentationKeys.contains(key) || $0.value.pairs != nil
        } ?? false
    }

    private func walkUnread(_ node: YAMLNode, file: String, path: [String]) {
        switch node.content {
        case .scalar: return
        case .sequence(let items):
            for item in items { walkUnread(item, file: file, path: path + ["-"]) }
        case .mapping(let pairs):
            let ledger = documents.ledger
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
                    if Self.dataKeys.contains(key) { continue }
                    // A mapping the import never looked into, though it read its key: all of it is lost, said once
                    // (another tool's metadata, read beside what it annotates, loses nothing).
                    if pair.value.pairs != nil, !ledger.wasReached(pair.value, in: file) {
                        guard !Self.isToolMetadata(key), saysSomething(pair.value) else { continue }
                        warn(
                            .unreadKey,
                            at: SourceLocation(path: file, line: pair.key.mark.line, column: pair.key.mark.column),
                            "\(key) is not imported: the import has no translation for it here",
                            fix: "say it in the spec by hand if the client needs it")
                        continue
                    }
                    walkUnread(pair.value, file: file, path: path + [key])
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
