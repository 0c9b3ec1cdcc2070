import SpecgenSpec
package import SpecgenYAML

/// Single random edits of a spec's YAML tree, over every key the spec writes: a scalar replaced (by a value the
/// same key holds elsewhere, a type with another primitive or nullability, a number moved, a flag flipped), an
/// entry removed, an entry added (a sibling copied under a new key, or a key a field may carry), an entry moved
/// among its siblings, a key renamed.
/// The diff's mutation test and fuzz target apply them; an edit that makes the spec invalid is simply not used.
package struct SpecMutator {
    /// One edit: the tree after it, and its kind for the counts (`replace format`, `remove properties`).
    package struct Edit {
        package var root: YAMLNode
        package var kind: String
    }

    /// A node's place: the keys from the root (sequence items as `-`).
    private struct Place {
        var path: [Int]
        var keys: [String]
    }

    /// Values every field may take, beside those the spec itself holds.
    static let fieldKeys: [(String, [String])] = [
        ("format", ["epoch-seconds", "epoch-milliseconds", "http-date", "yyyy-MM-dd HH:mm:ss"]),
        ("minLength", ["1", "3"]), ("maxLength", ["8", "64"]), ("minimum", ["0", "5"]), ("maximum", ["10", "100"]),
        ("minItems", ["1"]), ("maxItems", ["3"]), ("pattern", ["^[a-z]+$"]), ("deprecated", ["true", "Use another."]),
        ("sensitive", ["true"]), ("description", ["Changed."]), ("style", ["comma", "repeated"]),
        ("swiftName", ["renamedField"]), ("example", ["example"]),
    ]
    static let primitives = [
        "string", "int", "int32", "int64", "double", "float", "bool", "datetime", "date", "uuid", "url", "bytes",
        "json",
    ]

    let root: YAMLNode
    /// Scalars by the key they stand under, across the spec.
    private var valuesByKey: [String: [String]] = [:]
    /// Every node with its place.
    private var places: [Place] = []

    package init(_ root: YAMLNode) {
        self.root = root
        collect(root, path: [], keys: [])
    }

    /// Every mapping key the spec writes, at any depth: each one an edit can replace, remove, copy or rename.
    var keys: Set<String> {
        Set(places.compactMap { $0.keys.last }.filter { $0 != "-" })
    }

    private mutating func collect(_ node: YAMLNode, path: [Int], keys: [String]) {
        places.append(Place(path: path, keys: keys))
        switch node.content {
        case .scalar(let text, _):
            if let key = keys.last, !(valuesByKey[key]?.contains(text) ?? false) {
                valuesByKey[key, default: []].append(text)
            }
        case .sequence(let items):
            for (index, item) in items.enumerated() { collect(item, path: path + [index], keys: keys + ["-"]) }
        case .mapping(let pairs):
            for (index, pair) in pairs.enumerated() {
                collect(pair.value, path: path + [index], keys: keys + [pair.key.scalar ?? "?"])
            }
        }
    }

    /// One random edit, or nil when the drawn one does not apply.
    package func edit(using random: inout some RandomNumberGenerator) -> Edit? {
        guard let place = places.randomElement(using: &random), let node = node(at: place.path) else { return nil }
        let key = place.keys.last ?? "root"
        switch Int.random(in: 0..<11, using: &random) {
        case 0..<5:
            guard case .scalar(let text, let style) = node.content,
                let value = replacement(for: text, under: key, using: &random)
            else { return nil }
            let edited = YAMLNode(.scalar(value, style == .plain || value.isEmpty ? .plain : style), mark: node.mark)
            return Edit(root: replacing(place.path, with: edited), kind: "replace \(key)")
        case 5, 6:
            guard !place.path.isEmpty else { return nil }
            return Edit(root: removing(place.path), kind: "remove \(key)")
        case 7:
            return added(to: node, at: place, using: &random)
        case 8:
            return fieldKeyAdded(to: node, at: place, using: &random)
        case 9:
            return moved(in: node, at: place, using: &random)
        default:
            guard case .mapping(var pairs) = node.content, !pairs.isEmpty else { return nil }
            let index = Int.random(in: 0..<pairs.count, using: &random)
            guard let name = pairs[index].key.scalar else { return nil }
            pairs[index].key = YAMLNode(.scalar(name + "2", .plain), mark: pairs[index].key.mark)
            return Edit(
                root: replacing(place.path, with: YAMLNode(.mapping(pairs), mark: node.mark)), kind: "rename \(name)")
        }
    }

    /// An entry of a mapping or an item of a sequence moved to another place among its siblings: the order of
    /// properties, parameters, union variants, enum cases, servers or auth alternatives.
    private func moved(in node: YAMLNode, at place: Place, using random: inout some RandomNumberGenerator) -> Edit? {
        let key = place.keys.last ?? "root"
        func move<Element>(_ elements: inout [Element]) -> Bool {
            guard elements.count > 1 else { return false }
            let from = Int.random(in: 0..<elements.count, using: &random)
            var to = Int.random(in: 0..<(elements.count - 1), using: &random)
            if to >= from { to += 1 }
            elements.insert(elements.remove(at: from), at: to)
            return true
        }
        switch node.content {
        case .mapping(var pairs):
            guard move(&pairs) else { return nil }
            return Edit(
                root: replacing(place.path, with: YAMLNode(.mapping(pairs), mark: node.mark)), kind: "move \(key)")
        case .sequence(var items):
            guard move(&items) else { return nil }
            return Edit(
                root: replacing(place.path, with: YAMLNode(.sequence(items), mark: node.mark)), kind: "move \(key)")
        case .scalar:
            return nil
        }
    }

    /// A sibling entry copied under a new key, or a sequence item repeated with a change.
    private func added(to node: YAMLNode, at place: Place, using random: inout some RandomNumberGenerator) -> Edit? {
        let key = place.keys.last ?? "root"
        switch node.content {
        case .mapping(var pairs):
            guard let source = pairs.randomElement(using: &random), let name = source.key.scalar else { return nil }
            pairs.append(
                YAMLPair(key: YAMLNode(.scalar(name + "2", .plain), mark: source.key.mark), value: source.value))
            return Edit(
                root: replacing(place.path, with: YAMLNode(.mapping(pairs), mark: node.mark)), kind: "add \(key)")
        case .sequence(var items):
            guard let source = items.randomElement(using: &random) else { return nil }
            var item = source
            if case .scalar(let text, let style) = source.content { item.content = .scalar(text + "2", style) }
            items.append(item)
            return Edit(
                root: replacing(place.path, with: YAMLNode(.sequence(items), mark: node.mark)), kind: "add \(key)")
        case .scalar:
            return nil
        }
    }

    /// A key a field may carry (`format`, `minLength`, `deprecated`), added to a field written as a mapping, or to
    /// one written as its type alone (`note: string?` becomes `note: {type: string?, format: ...}`).
    private func fieldKeyAdded(
        to node: YAMLNode, at place: Place, using random: inout some RandomNumberGenerator
    )
        -> Edit?
    {
        guard let (name, values) = Self.fieldKeys.randomElement(using: &random),
            let value = ((valuesByKey[name] ?? []) + values).randomElement(using: &random)
        else { return nil }
        let scalar = { (text: String) in YAMLNode(.scalar(text, .plain), mark: node.mark) }
        let pair = YAMLPair(key: scalar(name), value: scalar(value))
        switch node.content {
        case .mapping(var pairs) where pairs.contains(where: { $0.key.scalar == "type" }):
            guard !pairs.contains(where: { $0.key.scalar == name }) else { return nil }
            pairs.append(pair)
            return Edit(
                root: replacing(place.path, with: YAMLNode(.mapping(pairs), mark: node.mark)), kind: "set \(name)")
        case .scalar(let text, let style) where Self.isType(text):
            let type = YAMLPair(key: scalar("type"), value: YAMLNode(.scalar(text, style), mark: node.mark))
            return Edit(
                root: replacing(place.path, with: YAMLNode(.mapping([type, pair]), mark: node.mark)),
                kind: "set \(name)")
        default:
            return nil
        }
    }

    /// Another value for a scalar: one the same key holds elsewhere, or a small change of its own.
    private func replacement(
        for text: String, under key: String, using random: inout some RandomNumberGenerator
    )
        -> String?
    {
        var candidates = (valuesByKey[key] ?? []).filter { $0 != text }
        if let (_, values) = Self.fieldKeys.first(where: { $0.0 == key }) { candidates += values }
        if let number = Int(text) {
            candidates += [String(number + 1), String(max(0, number - 1)), String(number * 2)]
        } else if text == "true" || text == "false" {
            candidates.append(text == "true" ? "false" : "true")
        } else if Self.isType(text) {
            let bare = text.trimmingSuffix("?")
            candidates += [bare, bare + "?", bare + "??", "[\(bare)]"]
            if Self.primitives.contains(bare) {
                candidates += Self.primitives.filter { $0 != bare }.map { $0 + String(text.dropFirst(bare.count)) }
            }
        } else {
            candidates += [text + "x", text.uppercased()]
        }
        return candidates.filter { $0 != text }.randomElement(using: &random)
    }

    /// Whether a scalar reads as a type: `string`, `Order?`, `[Tag]`, `{string: int}`.
    static func isType(_ text: String) -> Bool {
        let bare = text.trimmingSuffix("?")
        guard let first = bare.first else { return false }
        return (first.isLetter || first == "[" || first == "{")
            && bare.allSatisfy { $0.isLetter || $0.isNumber || "[]{}:_ ".contains($0) } && !bare.contains("  ")
    }

    // MARK: - The tree

    private func node(at path: [Int]) -> YAMLNode? {
        var node = root
        for index in path {
            switch node.content {
            case .sequence(let items) where items.indices.contains(index): node = items[index]
            case .mapping(let pairs) where pairs.indices.contains(index): node = pairs[index].value
            default: return nil
            }
        }
        return node
    }

    private func replacing(_ path: [Int], with replacement: YAMLNode) -> YAMLNode {
        Self.update(root, path[...]) { _ in replacement }
    }

    private func removing(_ path: [Int]) -> YAMLNode {
        guard let last = path.last else { return root }
        return Self.update(root, path.dropLast()) { parent in
            var parent = parent
            switch parent.content {
            case .sequence(var items):
                items.remove(at: last)
                parent.content = .sequence(items)
            case .mapping(var pairs):
                pairs.remove(at: last)
                parent.content = .mapping(pairs)
            case .scalar: break
            }
            return parent
        }
    }

    private static func update(_ node: YAMLNode, _ path: ArraySlice<Int>, _ change: (YAMLNode) -> YAMLNode) -> YAMLNode
    {
        guard let index = path.first else { return change(node) }
        var node = node
        switch node.content {
        case .sequence(var items):
            items[index] = update(items[index], path.dropFirst(), change)
            node.content = .sequence(items)
        case .mapping(var pairs):
            pairs[index].value = update(pairs[index].value, path.dropFirst(), change)
            node.content = .mapping(pairs)
        case .scalar:
            break
        }
        return node
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: Character) -> String {
        var text = self
        while text.last == suffix { text.removeLast() }
        return text
    }
}

/// A YAML tree written back as block YAML that reads as the same tree: plain scalars stay plain where YAML reads
/// them as the same text, every other scalar is double-quoted.
package enum YAMLTreeText {
    package static func text(of root: YAMLNode) -> String {
        var out = ""
        write(root, indent: 0, into: &out)
        return out.hasSuffix("\n") ? out : out + "\n"
    }

    private static func write(_ node: YAMLNode, indent: Int, into out: inout String) {
        let pad = String(repeating: " ", count: indent)
        switch node.content {
        case .scalar:
            out += scalar(node) + "\n"
        case .sequence(let items):
            for item in items {
                out += pad + "-"
                nested(item, indent: indent + 2, into: &out)
            }
        case .mapping(let pairs):
            for pair in pairs {
                out += pad + scalar(pair.key) + ":"
                nested(pair.value, indent: indent + 2, into: &out)
            }
        }
    }

    private static func nested(_ node: YAMLNode, indent: Int, into out: inout String) {
        switch node.content {
        case .scalar: out += " " + scalar(node) + "\n"
        case .sequence(let items) where items.isEmpty: out += " []\n"
        case .mapping(let pairs) where pairs.isEmpty: out += " {}\n"
        default:
            out += "\n"
            write(node, indent: indent, into: &out)
        }
    }

    private static func scalar(_ node: YAMLNode) -> String {
        guard case .scalar(let text, let style) = node.content else { return "\"\"" }
        if style == .plain, isPlainSafe(text) { return text }
        return JSONLiteral.string(text)
    }

    /// Whether a plain scalar reads back as the same text in a block context.
    private static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.first, let last = text.last, first != " ", last != " " else { return text.isEmpty }
        if "-?:,[]{}#&*!|>'\"%@`".contains(first) {
            // `-1` and `-x` read as themselves; `- x` and a lone `-` do not.
            guard first == "-", text.count > 1, !text.hasPrefix("- ") else { return false }
        }
        return !text.contains(": ") && !text.contains(" #") && !text.hasSuffix(":")
            && !text.unicodeScalars.contains { $0 == "\n" || $0 == "\t" || JSONLiteral.needsEscape($0) }
    }
}
