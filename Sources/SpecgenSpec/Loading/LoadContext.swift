package import SpecgenYAML

/// Collects the diagnostics of one load and turns YAML marks into source locations.
///
/// Every YAML file Specgen reads (specs, accepted-change lists) goes through it, so each reports its problems alike.
package final class LoadContext {
    /// The file as the user named it.
    package let path: String
    /// Every problem found so far.
    package var diagnostics: [Diagnostic] = []

    /// A context for one file.
    package init(path: String) { self.path = path }

    /// Parses a file; a YAML syntax error becomes one located diagnostic and a nil document.
    package func parse(_ bytes: [UInt8]) -> YAMLDocument? {
        do {
            return try YAMLDocument(parsing: bytes, path: path)
        } catch {
            diagnostics.append(Diagnostic(error, path: path))
            return nil
        }
    }

    /// Where a node starts.
    package func location(_ node: YAMLNode) -> SourceLocation {
        SourceLocation(path: path, line: node.mark.line, column: node.mark.column)
    }

    /// Where the text of a scalar starts: one column past an opening quote.
    func textLocation(_ node: YAMLNode) -> SourceLocation {
        switch node.content {
        case .scalar(_, .singleQuoted), .scalar(_, .doubleQuoted): location(node).advanced(by: 1)
        default: location(node)
        }
    }

    /// Reports an error of a kind at a node.
    package func error(_ kind: LintErrorKind, _ node: YAMLNode, _ message: String, fix: String? = nil) {
        diagnostics.append(Diagnostic(.error, at: location(node), message, fix: fix, kind: kind.rawValue))
    }

    /// Reports an error of a kind at a location.
    package func error(_ kind: LintErrorKind, at location: SourceLocation, _ message: String, fix: String? = nil) {
        diagnostics.append(Diagnostic(.error, at: location, message, fix: fix, kind: kind.rawValue))
    }

    /// Reports a warning at a node.
    package func warning(_ node: YAMLNode, _ message: String, fix: String? = nil) {
        diagnostics.append(Diagnostic(.warning, at: location(node), message, fix: fix))
    }

    /// Reports a warning at a location.
    package func warning(at location: SourceLocation, _ message: String, fix: String? = nil) {
        diagnostics.append(Diagnostic(.warning, at: location, message, fix: fix))
    }
}

/// Reads one YAML mapping, reporting unknown keys (with a suggestion) and values of the wrong kind.
package struct MappingReader {
    /// The mapping.
    package let node: YAMLNode
    /// Its key path, for messages (`endpoints.getTicket`).
    package let keyPath: String
    /// Where problems go.
    package let context: LoadContext

    /// Returns nil, with a diagnostic, when `node` is not a mapping.
    package init?(_ node: YAMLNode, keyPath: String, allowed: [String], context: LoadContext) {
        guard let pairs = node.pairs else {
            context.error(.structure, node, "expected a mapping at '\(keyPath)', found \(node.kindDescription)")
            return nil
        }
        self.node = node
        self.keyPath = keyPath
        self.context = context
        for pair in pairs {
            let key = pair.key.scalar ?? ""
            guard !allowed.contains(key) else { continue }
            let suggestion = Suggestions.closest(to: key, in: allowed)
            context.error(
                .structure,
                pair.key, "unknown key '\(key)' in '\(keyPath)'",
                fix: suggestion.map { "did you mean '\($0)'?" } ?? "expected one of: \(allowed.joined(separator: ", "))"
            )
        }
    }

    var pairs: [YAMLPair] { node.pairs ?? [] }

    /// The value of a key, if present.
    package func value(_ key: String) -> YAMLNode? { node[key] }

    func has(_ key: String) -> Bool { node[key] != nil }

    func path(_ key: String) -> String { "\(keyPath).\(key)" }

    /// A scalar read as text; numbers and booleans keep their spelling (`version: 1.0` is "1.0").
    package func string(_ key: String) -> String? {
        guard let value = node[key] else { return nil }
        guard let text = value.scalar, !value.isNull else {
            context.error(.structure, value, "expected a string at '\(path(key))', found \(value.kindDescription)")
            return nil
        }
        return text
    }

    /// Documentation text (a `description` or `summary`): a string without the line breaks and spaces that end it,
    /// which a `|` block adds and no reader sees, so the same words read the same however they are written.
    package func documentation(_ key: String) -> String? {
        guard var text = string(key) else { return nil }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }

    /// A string that must be present; a missing key is an error.
    package func requiredString(_ key: String) -> String? {
        guard has(key) else {
            context.error(.structure, node, "missing required key '\(key)' in '\(keyPath)'")
            return nil
        }
        return string(key)
    }

    func int(_ key: String) -> Int? {
        guard let value = node[key] else { return nil }
        guard let int = value.int else {
            context.error(
                .structure, value, "expected a whole number at '\(path(key))', found \(value.kindDescription)")
            return nil
        }
        return int
    }

    func double(_ key: String) -> Double? {
        guard let value = node[key] else { return nil }
        guard let double = value.double, double.isFinite else {
            context.error(.structure, value, "expected a number at '\(path(key))', found \(value.kindDescription)")
            return nil
        }
        return double
    }

    func bool(_ key: String) -> Bool? {
        guard let value = node[key] else { return nil }
        guard let bool = value.bool else {
            context.error(.structure, value, "expected true or false at '\(path(key))', found \(value.kindDescription)")
            return nil
        }
        return bool
    }

    /// Seconds, written as a number or with a unit: `2s`, `500ms`, `1m`.
    func duration(_ key: String) -> Double? {
        guard let value = node[key] else { return nil }
        if let seconds = value.double, seconds.isFinite, seconds >= 0 { return seconds }
        if let text = value.scalar {
            for (suffix, scale) in [("ms", 0.001), ("s", 1.0), ("m", 60.0)] where text.hasSuffix(suffix) {
                if let number = Double(text.dropLast(suffix.count)), number >= 0, number.isFinite {
                    return number * scale
                }
            }
        }
        context.error(
            .structure,
            value, "expected a duration at '\(path(key))', found \(value.kindDescription)",
            fix: "write seconds as a number, or with a unit such as '2s' or '500ms'")
        return nil
    }

    func stringList(_ key: String) -> [String]? {
        guard let value = node[key] else { return nil }
        if let text = value.scalar, !value.isNull { return [text] }
        guard let items = value.items else {
            context.error(.structure, value, "expected a list at '\(path(key))', found \(value.kindDescription)")
            return nil
        }
        return items.compactMap { item in
            guard let text = item.scalar, !item.isNull else {
                context.error(.structure, item, "expected a string in '\(path(key))', found \(item.kindDescription)")
                return nil
            }
            return text
        }
    }

    /// `deprecated: true` or `deprecated: "Use X instead"`.
    func deprecation() -> Deprecation? {
        guard let value = node["deprecated"] else { return nil }
        if let bool = value.bool { return bool ? Deprecation() : nil }
        if let text = value.scalar, !value.isNull { return Deprecation(message: text) }
        context.error(.structure, value, "expected true, false or a message at '\(path("deprecated"))'")
        return nil
    }

    func specValue(_ key: String) -> SpecValue? { node[key].map(SpecValue.init) }

    /// `examples:`, a mapping of names to bodies; anything else is reported.
    func namedExamples() -> [NamedExample] {
        guard let value = node["examples"] else { return [] }
        guard let pairs = value.pairs else {
            context.error(
                .structure,
                value,
                "expected a mapping of names to examples at '\(path("examples"))', found \(value.kindDescription)",
                fix: "write 'examples: {name: value}', or one 'example'")
            return []
        }
        return pairs.compactMap { pair in
            guard let name = pair.key.scalar, !pair.key.isNull, !name.isEmpty else {
                context.error(
                    .structure,
                    pair.key, "an example in '\(path("examples"))' has no name", fix: "name it, such as 'overdue'")
                return nil
            }
            return NamedExample(name: name, value: SpecValue(pair.value), location: context.location(pair.key))
        }
    }
}

extension SpecValue {
    /// Converts YAML to a spec value with the core schema: plain scalars may be null, booleans or numbers.
    init(_ node: YAMLNode) {
        switch node.content {
        case .sequence(let items):
            self = .array(items.map(SpecValue.init))
        case .mapping(let pairs):
            self = .object(pairs.map { SpecValueEntry(key: $0.key.scalar ?? "", value: SpecValue($0.value)) })
        case .scalar(let text, _):
            if node.isNull {
                self = .null
            } else if let bool = node.bool {
                self = .bool(bool)
            } else if let int = node.int {
                self = .int(int)
            } else if let double = node.double {
                self = .double(double)
            } else {
                self = .string(text)
            }
        }
    }
}

/// "Did you mean" suggestions by edit distance, for spec keys and the CLI's commands alike.
package enum Suggestions {
    /// The candidate closest to `word`, when it is close enough to be a likely typo.
    package static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let threshold = max(1, min(3, word.count / 3))
        return best.distance <= threshold ? best.name : nil
    }

    /// The edit distance between two words, counting a swap of two neighbouring letters (`medai` for `media`) as
    /// one edit, as a typo makes it: Levenshtein's with transpositions (optimal string alignment).
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var rows = [Array(0...b.count)]
        for i in 1...a.count {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], rows[i - 2][j - 2] + 1)
                }
            }
            rows.append(row)
        }
        return rows[a.count][b.count]
    }
}
