import SpecgenSpec
package import SpecgenYAML

/// Single random edits of a spec's YAML tree, over every key the spec writes: a scalar replaced (by a value the
/// same key holds elsewhere, a type with another primitive or nullability, a number moved, a flag flipped), an
/// entry removed, an entry added (a sibling copied under a new key, or a key a field may carry), an entry moved
/// among its siblings, a key renamed alone or with every value that names it.
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
        ("sensitive", ["true"]), ("description", ["Changed."]), ("style", ["comma", "repeated", "deepObject", "json"]),
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

    /// The mapping entries whose key some value names (a model a type names, an error an endpoint lists), by the
    /// mapping's place and the entry's index: what a rename everywhere renames.
    private var namedEntries: [(place: Place, index: Int)] = []

    package init(_ root: YAMLNode) {
        self.root = root
        collect(root, path: [], keys: [])
        let names = Set(
            valuesByKey.values.joined().flatMap { text in
                Self.isType(text) ? text.split { !Self.isNamePart($0) }.map(String.init) : [text]
            })
        for place in places {
            guard case .mapping(let pairs)? = node(at: place.path)?.content else { continue }
            for (index, pair) in pairs.enumerated() where pair.key.scalar.map(names.contains) == true {
                namedEntries.append((place, index))
            }
        }
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
        switch Int.random(in: 0..<12, using: &random) {
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
        case 10:
            guard let (place, index) = namedEntries.randomElement(using: &random) else { return nil }
            return renamedEverywhere(entry: index, at: place)
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

    /// A key renamed together with every value that names it (`User` in `response: User`, `[User]?` and
    /// `oneOf: [{type: User}]`; an error in `errors: [NotFound]`, a server in `server: media`, an auth scheme in
    /// `auth: [bearer]`, a field in a paging or streaming key): the rename a team makes on purpose, which a key
    /// renamed alone never is, since it leaves what named the key pointing at nothing. Nil when no value names it.
    private func renamedEverywhere(entry index: Int, at place: Place) -> Edit? {
        guard case .mapping(let pairs)? = node(at: place.path)?.content, pairs.indices.contains(index) else {
            return nil
        }
        let key = pairs[index].key
        guard let name = key.scalar, name.first?.isLetter == true, name.allSatisfy(Self.isNamePart) else { return nil }
        let renamed = name + "2"
        var named = 0
        let referring = Self.renamingValues(root, name, to: renamed, count: &named)
        guard named > 0 else { return nil }
        // The values below the key may have been renamed too: the key is renamed in the tree that holds them.
        let edited = Self.update(referring, place.path[...]) { node in
            guard case .mapping(var pairs) = node.content else { return node }
            pairs[index].key = YAMLNode(.scalar(renamed, .plain), mark: key.mark)
            return YAMLNode(.mapping(pairs), mark: node.mark)
        }
        return Edit(root: edited, kind: "rename-all \(place.keys.last ?? "root")")
    }

    /// The tree with `name` replaced by `renamed` in every scalar value that is the name or a type expression
    /// holding it as a whole word (`[User]?`, `{string: User}`; not `UserID`); `count` counts the values changed.
    private static func renamingValues(
        _ node: YAMLNode, _ name: String, to renamed: String, count: inout Int
    )
        -> YAMLNode
    {
        var node = node
        switch node.content {
        case .scalar(let text, let style):
            guard text == name || (isType(text) && text.contains(name)) else { break }
            let replaced = replacingWord(name, with: renamed, in: text)
            if replaced != text {
                count += 1
                node.content = .scalar(replaced, style)
            }
        case .sequence(let items):
            node.content = .sequence(items.map { renamingValues($0, name, to: renamed, count: &count) })
        case .mapping(var pairs):
            for index in pairs.indices {
                pairs[index].value = renamingValues(pairs[index].value, name, to: renamed, count: &count)
            }
            node.content = .mapping(pairs)
        }
        return node
    }

    /// `text` with each occurrence of `word` that no letter, digit or underscore touches replaced.
    static func replacingWord(_ word: String, with replacement: String, in text: String) -> String {
        func isNamePart(_ character: Character?) -> Bool { character.map(Self.isNamePart) ?? false }
        var result = ""
        var rest = Substring(text)
        while let range = rest.firstRange(of: word) {
            let before = range.lowerBound == rest.startIndex ? result.last : rest[rest.index(before: range.lowerBound)]
            let after = range.upperBound == rest.endIndex ? nil : rest[range.upperBound]
            result += rest[..<range.lowerBound]
            result += isNamePart(before) || isNamePart(after) ? word : replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
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

    /// Whether a character can be part of a name: a letter, a digit or an underscore.
    static func isNamePart(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
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
