import Foundation
import SpecgenSpec
import SpecgenYAML

/// A node of an OpenAPI document and the file it sits in, so every warning points into the right file.
struct DocNode {
    var node: YAMLNode
    var file: String
    /// Where the import notes what it read, so the keys it never read are found after translation.
    var ledger: ReadLedger?

    var location: SourceLocation {
        SourceLocation(path: file, line: node.mark.line, column: node.mark.column)
    }

    subscript(key: String) -> DocNode? {
        if let ledger, node.pairs != nil { ledger.read(key, of: node, in: file) }
        return node[key].map { DocNode(node: $0, file: file, ledger: ledger) }
    }

    /// The value of `key`, as the subscript gives it, without noting the key as read: for a location to report
    /// a value at, once a reader has read (or chosen not to read) it.
    func peeked(_ key: String) -> DocNode? {
        node[key].map { DocNode(node: $0, file: file, ledger: ledger) }
    }

    /// The mapping's entries with their keys' locations, or nil for a scalar or list. Every key counts as read.
    var entries: [(key: String, keyLocation: SourceLocation, value: DocNode)]? {
        if let ledger, node.pairs != nil { ledger.enumerated(node, in: file) }
        return peekedEntries
    }

    /// The mapping's entries, as `entries` gives them, without noting any key as read: for a reader that knows
    /// only some of the keys (a path item's methods) and reads those one by one, so the ledger reports the others.
    var peekedEntries: [(key: String, keyLocation: SourceLocation, value: DocNode)]? {
        node.pairs?.map { pair in
            (
                pair.key.scalar ?? "",
                SourceLocation(path: file, line: pair.key.mark.line, column: pair.key.mark.column),
                DocNode(node: pair.value, file: file, ledger: ledger)
            )
        }
    }

    var items: [DocNode]? { node.items?.map { DocNode(node: $0, file: file, ledger: ledger) } }
    var isMapping: Bool { node.pairs != nil }

    /// A scalar's text; nil for null, a list or a mapping.
    var string: String? { node.isNull ? nil : node.scalar }
    var bool: Bool? { node.bool }
    var int: Int? { node.int }
    var double: Double? { node.double }

    /// A string under a key.
    func string(_ key: String) -> String? { self[key]?.string }

    /// The node as a spec value: numbers and booleans as such, anything else a scalar holds (`.inf` too) a string,
    /// collections kept.
    var specValue: SpecValue {
        switch node.content {
        case .scalar(let text, _):
            if node.isNull { return .null }
            if let bool = node.bool { return .bool(bool) }
            if let int = node.int { return .int(int) }
            if let double = node.double, double.isFinite { return .double(double) }
            return .string(text)
        case .sequence:
            return .array(items?.map(\.specValue) ?? [])
        case .mapping:
            return .object((entries ?? []).map { SpecValueEntry(key: $0.key, value: $0.value.specValue) })
        }
    }
}

/// The keys of a document's mappings the import read, one by one or all at once (by enumerating the mapping), each
/// mapping known by its file and place.
final class ReadLedger {
    struct Mapping: Hashable {
        var file: String
        var mark: YAMLMark
    }

    private(set) var keys: [Mapping: Set<String>] = [:]
    private(set) var wholeMappings: Set<Mapping> = []

    func read(_ key: String, of node: YAMLNode, in file: String) {
        keys[Mapping(file: file, mark: node.mark), default: []].insert(key)
    }

    func enumerated(_ node: YAMLNode, in file: String) {
        wholeMappings.insert(Mapping(file: file, mark: node.mark))
    }

    /// Notes every key of the node and of all it holds as read: a warning stands for all of it (a scheme or a
    /// parameter not imported, an object sent as text), so no key in it is lost without a word.
    func cover(_ node: YAMLNode, in file: String) {
        switch node.content {
        case .scalar: return
        case .sequence(let items): for item in items { cover(item, in: file) }
        case .mapping(let pairs):
            enumerated(node, in: file)
            for pair in pairs { cover(pair.value, in: file) }
        }
    }

    /// Whether the import read `key` of the mapping `node`.
    func wasRead(_ key: String, of node: YAMLNode, in file: String) -> Bool {
        let mapping = Mapping(file: file, mark: node.mark)
        return wholeMappings.contains(mapping) || keys[mapping]?.contains(key) == true
    }

    /// Whether the import read anything of the mapping `node`.
    func wasReached(_ node: YAMLNode, in file: String) -> Bool {
        let mapping = Mapping(file: file, mark: node.mark)
        return wholeMappings.contains(mapping) || keys[mapping] != nil
    }
}

/// The files of one OpenAPI document: the root and every file a `$ref` reaches, each parsed once.
final class OpenAPIDocuments {
    /// Reads a file by the path the import names it with; nil when it cannot be read.
    let read: (String) -> [UInt8]?
    private var parsed: [String: DocNode?] = [:]
    /// What the import read of every file.
    let ledger = ReadLedger()
    /// Every file read, with its root, in the order they were first read.
    private(set) var files: [DocNode] = []
    var diagnostics: [Diagnostic] = []
    /// Whether the root file is a Swagger 2.0 document.
    private(set) var isSwagger2 = false
    /// Documents of real APIs run to millions of nodes; aliases still cannot blow up past this.
    static let limits = YAMLLimits(maxExpandedNodes: 40_000_000, maxDepth: 1_000)

    init(read: @escaping (String) -> [UInt8]?) {
        self.read = read
    }

    /// The root node of a file, parsed on first use; nil (with an error) when it cannot be read or parsed.
    func root(of file: String, referencedAt location: SourceLocation? = nil) -> DocNode? {
        if let cached = parsed[file] { return cached }
        var result: DocNode?
        if let bytes = read(file) {
            do {
                let document = try Self.parse(bytes, file: file)
                // The root decides the document's version; a 2.0 document's every file is read in 3.0 shape.
                if parsed.isEmpty, let root = document.root, Swagger2.isSwagger2(root) { isSwagger2 = true }
                // A 2.0 document is read in its 3.0 shape, each node at its place in the 2.0 document, so the
                // ledger reports what the import leaves unread where the document wrote it.
                result = document.root.map {
                    DocNode(
                        node: isSwagger2 ? Swagger2.normalized($0) : $0, file: file, ledger: ledger)
                }
                if result == nil {
                    diagnostics.append(
                        Diagnostic(.error, at: SourceLocation(path: file, line: 1, column: 1), "the document is empty"))
                }
            } catch {
                diagnostics.append(
                    Diagnostic(
                        .error, at: SourceLocation(path: file, line: error.mark.line, column: error.mark.column),
                        error.message, fix: error.fix))
            }
        } else {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: file, isDirectory: &isFolder)
            let folder = exists && isFolder.boolValue
            let documents = folder ? Self.documents(in: file) : []
            diagnostics.append(
                Diagnostic(
                    location == nil ? .error : .warning,
                    at: location ?? SourceLocation(path: file, line: 1, column: 1),
                    folder ? "'\(file)' is a folder, not an OpenAPI document" : "cannot read '\(file)'",
                    fix: folder
                        ? (documents.isEmpty
                            ? "name the document's file; this folder holds no .yaml, .yml or .json file"
                            : "name the document inside it: "
                                + documents.prefix(3).map { "'\($0)'" }.joined(separator: ", "))
                        : exists
                            ? "the file is there but cannot be opened; check its permissions"
                            : location == nil
                                ? "check the path: no file is there" : "check the relative path of the $ref"))
        }
        parsed[file] = result
        if let result { files.append(result) }
        return result
    }

    /// A file's node tree: JSON by JSON's rules when it is JSON (a `.json` file, or text that opens with `{` or `[`
    /// and reads as JSON), else YAML. A `.json` file that is not valid JSON is an error at the JSON fault.
    static func parse(_ bytes: [UInt8], file: String) throws(YAMLError) -> YAMLDocument {
        let isJSONFile = file.lowercased().hasSuffix(".json")
        if isJSONFile || YAMLDocument.looksLikeJSON(bytes) {
            do throws(YAMLError) {
                return try YAMLDocument(parsingJSON: bytes, path: file, limits: limits)
            } catch {
                if isJSONFile { throw error }
            }
        }
        return try YAMLDocument(parsing: bytes, path: file, limits: limits)
    }

    /// Where a `$ref` points: its file (relative to the referring file's folder) and its JSON pointer, as one key
    /// that names the target however it was spelled.
    func target(of reference: String, from file: String) -> (file: String, pointer: [String]) {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let filePart = String(parts[0])
        let pointerPart = parts.count > 1 ? String(parts[1]) : ""
        let targetFile = filePart.isEmpty ? file : Self.join(Self.folder(of: file), filePart)
        let pointer = pointerPart.split(separator: "/", omittingEmptySubsequences: true).map {
            Self.pointerToken(String($0))
        }
        return (targetFile, pointer)
    }

    /// The node a `$ref` points at, or nil when it dangles (the caller says so, where it matters).
    func resolve(_ reference: String, from node: DocNode) -> (node: DocNode, key: String)? {
        let (file, pointer) = target(of: reference, from: node.file)
        guard var current = root(of: file, referencedAt: node.location) else { return nil }
        for token in pointer {
            if let next = current[token] {
                current = next
            } else if let index = Int(token), let items = current.items, items.indices.contains(index) {
                current = items[index]
            } else {
                return nil
            }
        }
        return (current, file + "#/" + pointer.joined(separator: "/"))
    }

    func warn(at location: SourceLocation, _ message: String, fix: String? = nil, kind: String? = nil) {
        diagnostics.append(Diagnostic(.warning, at: location, message, fix: fix, kind: kind))
    }

    static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "" }
        return String(file[..<slash])
    }

    /// `folder/relative` with `.` and `..` folded, so one file has one name however it is reached.
    static func join(_ folder: String, _ relative: String) -> String {
        // A file in the current folder has no folder: its neighbours' paths stay relative.
        let start =
            relative.hasPrefix("/") || folder.isEmpty
            ? [] : folder.split(separator: "/", omittingEmptySubsequences: false)
        var parts: [Substring] = []
        for part in start + relative.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != "..", !last.isEmpty { parts.removeLast() } else { parts.append(part) }
            case "" where !parts.isEmpty: continue
            default: parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return relative.hasPrefix("/") && !joined.hasPrefix("/") ? "/" + joined : joined
    }

    /// A pointer token with its percent-escapes decoded; kept as written when they do not decode.
    static func percentDecoded(_ text: String) -> String {
        text.utf8.contains(UInt8(ascii: "%")) ? text.removingPercentEncoding ?? text : text
    }

    /// A JSON pointer token as the key it names: percent-decoded (a `$ref` is a URI), then `~1` and `~0` unescaped
    /// (RFC 6901).
    static func pointerToken(_ token: String) -> String {
        let decoded = percentDecoded(token)
        guard decoded.utf8.contains(UInt8(ascii: "~")) else { return decoded }
        return decoded.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// The documents a folder holds, by path, sorted: what a user who named the folder may have meant.
    static func documents(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { name in [".yaml", ".yml", ".json"].contains { name.hasSuffix($0) } }.sorted().map {
            (folder as NSString).appendingPathComponent($0)
        }
    }
}
