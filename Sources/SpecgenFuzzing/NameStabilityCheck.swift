import Foundation
import SpecgenOpenAPI
import SpecgenSpec
import SpecgenSpecWriter
import SpecgenYAML

/// The importer's stable names, checked on random edits of an OpenAPI document: a schema or an operation added
/// (a copy of one already there, under a new name, at a random place) or removed. Every model and operation the
/// two imports share must keep its name and its definition: an addition only adds, a removal only removes. A
/// name that depends on which other schemas exist, or on their order, fails it (an inline struct merged into the
/// first identical one is renamed when an earlier copy appears).
package struct NameStabilityCheck {
    /// One edit and what it broke.
    package struct Outcome {
        /// `schema added`, `schema removed`, `operation added`, `operation removed`.
        package var kind: String
        /// The names that moved or changed: `model 'OrderItem' is gone`.
        package var problems: [String]
        /// The edited document, for a report.
        package var edited: String
    }

    let root: YAMLNode
    let path: String
    /// Whether the document is JSON, which both versions are then written back as (a JSON key may be longer than
    /// YAML allows).
    let isJSON: Bool

    /// A check of the document read from `bytes` (YAML or JSON), named `path` in the import.
    package init?(bytes: [UInt8], path: String) {
        let document =
            YAMLDocument.looksLikeJSON(bytes)
            ? try? YAMLDocument(parsingJSON: bytes, path: path) : try? YAMLDocument(parsing: bytes, path: path)
        guard let root = document?.root, root.pairs != nil else { return nil }
        self.root = root
        self.path = path
        isJSON = YAMLDocument.looksLikeJSON(bytes)
    }

    /// Applies one random edit and compares the imports before and after it; nil when the document offers no edit
    /// of the kind drawn, or does not import.
    package func check(using random: inout some RandomNumberGenerator) -> Outcome? {
        let kinds = ["schema added", "schema removed", "operation added", "operation removed"]
        let kind = kinds[Int.random(in: 0..<kinds.count, using: &random)]
        let change: (tree: YAMLNode, entry: YAMLNode)?
        switch kind {
        case "schema added": change = added(under: schemaPath, using: &random, renaming: nil)
        case "schema removed": change = removedSchema(using: &random)
        case "operation added": change = added(under: ["paths"], using: &random, renaming: "operationId")
        default: change = removed(under: ["paths"], using: &random)
        }
        guard let (edited, entry) = change else { return nil }
        let before = isJSON ? Self.json(root) : YAMLTreeText.text(of: root)
        let after = isJSON ? Self.json(edited) : YAMLTreeText.text(of: edited)
        guard let old = Self.imported(before, path: path), let new = Self.imported(after, path: path) else {
            return nil
        }
        // A schema that includes another (`allOf: [{$ref: Pet}]`) is one of its subtypes: adding or removing it
        // changes the union the other became (or makes it one, or a struct again), though not its name; so for
        // the other schemas it names, and those they name, only the Swift name is compared.
        let named = kind.hasPrefix("schema") ? ancestors(of: entry) : []
        let problems =
            kind.hasSuffix("added")
            ? Self.moved(from: old, within: new, unionsOf: named) : Self.moved(from: new, within: old, unionsOf: named)
        return Outcome(kind: kind, problems: problems, edited: after)
    }

    /// `components.schemas`, or Swagger 2.0's `definitions`.
    var schemaPath: [String] { root["swagger"] != nil ? ["definitions"] : ["components", "schemas"] }

    static func imported(_ text: String, path: String) -> Spec? {
        let bytes = Array(text.utf8)
        return OpenAPIImporter(name: "Stable").importDocument(at: path) { $0 == path ? bytes : nil }.value
    }

    /// What of `old` is not in `new` as it was: each model and operation by name, with its definition as the spec
    /// writes it (so where the document held it does not count).
    static func moved(from old: Spec, within new: Spec, unionsOf named: Set<String>) -> [String] {
        var problems: [String] = []
        let writer = SpecWriter()
        let models = Dictionary(new.models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for model in old.models {
            guard var now = models[model.name] else {
                problems.append("model '\(model.name)' is gone")
                continue
            }
            // Whether a model is used by an operation is not part of its name or definition.
            now.isStandalone = model.isStandalone
            if named.contains(model.name) {
                if now.swiftName != model.swiftName { problems.append("model '\(model.name)' has another Swift name") }
                continue
            }
            let (was, written) = (
                Self.masked(writer.text(of: model, in: old)), Self.masked(writer.text(of: now, in: new))
            )
            if was != written { problems.append("model '\(model.name)' changed:\n\(was)to\n\(written)") }
        }
        let operations = Dictionary(new.endpoints.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for endpoint in old.endpoints {
            guard var now = operations[endpoint.name] else {
                problems.append("operation '\(endpoint.name)' is gone")
                continue
            }
            // Errors every operation shares are declared once for the API: compare what each operation answers.
            let answered = Set((old.errors + endpoint.errors).map(\.status.description))
            let answers = Set((new.errors + now.errors).map(\.status.description))
            if answered != answers { problems.append("operation '\(endpoint.name)' answers other errors") }
            now.errors = endpoint.errors
            let (was, written) = (writer.text(of: endpoint, in: old), writer.text(of: now, in: old))
            if was != written { problems.append("operation '\(endpoint.name)' changed:\n\(was)to\n\(written)") }
        }
        return problems
    }

    /// A file in a model that only multipart bodies send stays `file`; sent as JSON it is base64 `bytes`: which
    /// operations use a model decides that, not its name or place, so the two read alike here.
    static func masked(_ text: String) -> String {
        text.replacingOccurrences(of: "[file]", with: "[bytes]").replacingOccurrences(of: ": file", with: ": bytes")
    }

    // MARK: Edits

    /// A copy of a random entry under `keys`, inserted at a random place under a name no entry has; with
    /// `renaming`, each value of that key inside it gets the same suffix, so an operation's name is new too (and
    /// its resource member).
    func added(
        under keys: [String], using random: inout some RandomNumberGenerator, renaming: String?
    ) -> (YAMLNode, YAMLNode)? {
        guard let pairs = node(at: keys)?.pairs, !pairs.isEmpty else { return nil }
        let source = pairs[Int.random(in: 0..<pairs.count, using: &random)]
        guard let name = source.key.scalar else { return nil }
        let suffix = "Added\(Int.random(in: 1...999, using: &random))"
        let newName = name.hasPrefix("/") ? name + "-" + suffix.lowercased() : name + suffix
        guard !pairs.contains(where: { $0.key.scalar == newName }) else { return nil }
        // A copied operation's resource member is new too, as the export writes no two alike.
        let value =
            renaming.map {
                Self.suffixing(
                    "x-specgen-resource", with: suffix, in: Self.suffixing($0, with: suffix, in: source.value))
            } ?? source.value
        var edited = pairs
        let pair = YAMLPair(key: YAMLNode(.scalar(newName, .plain), mark: source.key.mark), value: value)
        edited.insert(pair, at: Int.random(in: 0...pairs.count, using: &random))
        return replacing(keys, with: edited).map { ($0, value) }
    }

    /// A random component schema that nothing refers to, removed.
    func removedSchema(using random: inout some RandomNumberGenerator) -> (YAMLNode, YAMLNode)? {
        guard let pairs = node(at: schemaPath)?.pairs, !pairs.isEmpty else { return nil }
        var order = Array(pairs.indices)
        order.shuffle(using: &random)
        for index in order.prefix(8) {
            guard let name = pairs[index].key.scalar else { continue }
            var edited = pairs
            edited.remove(at: index)
            guard let tree = replacing(schemaPath, with: edited) else { continue }
            let text = YAMLTreeText.text(of: tree)
            // Referred to by `$ref` or by a discriminator's mapping: removing it would change what refers to it.
            if text.contains("/\(name)\"") || text.contains("/\(name)\n") || text.contains(": \(name)\n") {
                continue
            }
            return (tree, pairs[index].value)
        }
        return nil
    }

    /// A random entry under `keys` removed, when another stays.
    func removed(under keys: [String], using random: inout some RandomNumberGenerator) -> (YAMLNode, YAMLNode)? {
        guard let pairs = node(at: keys)?.pairs, pairs.count > 1 else { return nil }
        var edited = pairs
        let index = Int.random(in: 0..<pairs.count, using: &random)
        edited.remove(at: index)
        return replacing(keys, with: edited).map { ($0, pairs[index].value) }
    }

    /// A tree read from JSON, written back as JSON: quoted scalars as strings, plain ones (numbers, `true`, `false`,
    /// `null`) as they were written.
    static func json(_ node: YAMLNode) -> String {
        switch node.content {
        case .scalar(let text, let style): style == .plain ? text : JSONLiteral.string(text)
        case .sequence(let items): "[" + items.map(json).joined(separator: ",") + "]"
        case .mapping(let pairs):
            "{" + pairs.map { JSONLiteral.string($0.key.scalar ?? "") + ":" + json($0.value) }.joined(separator: ",")
                + "}"
        }
    }

    /// The schemas `node` names, and those they name in turn: the bases whose unions a subtype is a variant of.
    func ancestors(of node: YAMLNode) -> Set<String> {
        let schemas = self.node(at: schemaPath)
        var found: Set<String> = []
        var pending = Array(Self.references(in: node))
        while let name = pending.popLast() {
            guard found.insert(name).inserted, let schema = schemas?[name] else { continue }
            pending += Self.references(in: schema)
        }
        return found
    }

    /// The last component of every `$ref` inside `node`: the schemas it names.
    static func references(in node: YAMLNode) -> Set<String> {
        switch node.content {
        case .scalar: return []
        case .sequence(let items): return items.reduce(into: []) { $0.formUnion(references(in: $1)) }
        case .mapping(let pairs):
            return pairs.reduce(into: []) { names, pair in
                if pair.key.scalar == "$ref", let target = pair.value.scalar?.split(separator: "/").last {
                    names.insert(String(target))
                }
                names.formUnion(references(in: pair.value))
            }
        }
    }

    func node(at keys: [String]) -> YAMLNode? {
        var node: YAMLNode? = root
        for key in keys { node = node?[key] }
        return node
    }

    /// The tree with the mapping at `keys` holding `pairs`.
    func replacing(_ keys: [String], with pairs: [YAMLPair]) -> YAMLNode? {
        func replace(_ node: YAMLNode, _ rest: ArraySlice<String>) -> YAMLNode? {
            guard let key = rest.first else { return YAMLNode(.mapping(pairs), mark: node.mark, tag: node.tag) }
            guard var entries = node.pairs, let index = entries.firstIndex(where: { $0.key.scalar == key }),
                let inner = replace(entries[index].value, rest.dropFirst())
            else { return nil }
            entries[index].value = inner
            return YAMLNode(.mapping(entries), mark: node.mark, tag: node.tag)
        }
        return replace(root, keys[...])
    }

    /// `node` with every scalar value of `key` inside it given `suffix`.
    static func suffixing(_ key: String, with suffix: String, in node: YAMLNode) -> YAMLNode {
        switch node.content {
        case .scalar: return node
        case .sequence(let items):
            return YAMLNode(
                .sequence(items.map { suffixing(key, with: suffix, in: $0) }), mark: node.mark, tag: node.tag)
        case .mapping(let pairs):
            let renamed = pairs.map { pair -> YAMLPair in
                if pair.key.scalar == key, let value = pair.value.scalar {
                    return YAMLPair(
                        key: pair.key, value: YAMLNode(.scalar(value + suffix, .plain), mark: pair.value.mark))
                }
                return YAMLPair(key: pair.key, value: suffixing(key, with: suffix, in: pair.value))
            }
            return YAMLNode(.mapping(renamed), mark: node.mark, tag: node.tag)
        }
    }
}
