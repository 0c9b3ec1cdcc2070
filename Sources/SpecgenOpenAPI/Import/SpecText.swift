import SpecgenSpec

/// A spec being written: a YAML tree whose mappings keep their order, with a comment on any entry, written the way a
/// person writes a spec (short mappings and lists on one line, descriptions as literal blocks).
indirect enum SpecText: Hashable, Sendable {
    /// A string, quoted when a plain scalar would read as something else.
    case string(String)
    /// Text written as it is: a number, a boolean, `null`.
    case plain(String)
    /// A mapping, in order.
    case map([Entry])
    /// A list.
    case list([SpecText])

    /// One key of a mapping, with the comment written after it.
    struct Entry: Hashable, Sendable {
        var key: String
        var value: SpecText
        var comment: String?
    }

    /// The widest line a flow mapping or list may make before it is written as a block.
    static let width = 118

    /// The tree as a YAML document, ending in a newline.
    func document(header: [String] = []) -> String {
        var out = header.map { "# \($0)\n" }.joined()
        switch self {
        case .map(let entries):
            // Top-level sections are always blocks, as every spec begins.
            for entry in entries {
                let key = Self.key(entry.key) + ":"
                entry.value.writeValue(after: key, comment: entry.comment, into: &out, indent: "  ", flow: false)
            }
        default: out += inline + "\n"
        }
        return out
    }

    var isEmpty: Bool {
        switch self {
        case .map(let entries): entries.isEmpty
        case .list(let items): items.isEmpty
        default: false
        }
    }

    /// Whether the value can be written in flow style: no literal blocks or comments inside.
    private var isFlowable: Bool {
        switch self {
        case .string(let text): !text.contains("\n")
        case .plain: true
        case .map(let entries):
            entries.allSatisfy { $0.comment == nil && $0.value.isFlowable && !OpenAPIValue.needsExplicitKey($0.key) }
        case .list(let items): items.allSatisfy(\.isFlowable)
        }
    }

    /// The value in flow style on one line.
    var inline: String {
        switch self {
        case .string(let text): OpenAPIValue.yamlScalar(text)
        case .plain(let text): text
        case .map(let entries):
            "{" + entries.map { Self.key($0.key) + ": " + $0.value.inline }.joined(separator: ", ") + "}"
        case .list(let items): "[" + items.map(\.inline).joined(separator: ", ") + "]"
        }
    }

    /// A key: status codes (`200`, `4XX`) plain, like a person writes them; anything else as a scalar.
    static func key(_ text: String) -> String {
        let isStatus =
            text.count == 3 && text.first.map { "12345".contains($0) } == true
            && (text.dropFirst().allSatisfy(\.isNumber) || text.dropFirst() == "XX")
        return isStatus ? text : OpenAPIValue.yamlScalar(text)
    }

    private func writeEntries(_ entries: [Entry], into out: inout String, indent: String) {
        for entry in entries {
            let key =
                OpenAPIValue.needsExplicitKey(entry.key)
                ? OpenAPIValue.yamlKey(entry.key, indent: indent) : indent + Self.key(entry.key) + ":"
            entry.value.writeValue(after: key, comment: entry.comment, into: &out, indent: indent + "  ")
        }
    }

    /// Writes a value after `key:` or `-`: on the same line when it fits, else on the lines below.
    private func writeValue(
        after prefix: String, comment: String?, into out: inout String, indent: String, flow: Bool = true
    ) {
        let suffix = comment.map { "  # " + $0 } ?? ""
        switch self {
        case .string(let text) where text.contains("\n"):
            out += prefix + " " + Self.literalHeader(text) + suffix + "\n"
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                out += line.isEmpty ? "\n" : indent + line + "\n"
            }
            return
        case .map(let entries) where !entries.isEmpty:
            if flow, isFlowable, entries.count <= 6, prefix.count + 1 + inline.count + suffix.count <= Self.width,
                entries.allSatisfy({ !$0.value.isContainer || $0.value.isEmpty || $0.value.isScalarList })
            {
                break
            }
            out += prefix + suffix + "\n"
            writeEntries(entries, into: &out, indent: indent)
            return
        case .list(let items) where !items.isEmpty:
            if flow, isFlowable, prefix.count + 1 + inline.count + suffix.count <= Self.width,
                items.allSatisfy({ !$0.isContainer })
            {
                break
            }
            out += prefix + suffix + "\n"
            for item in items {
                item.writeListItem(into: &out, indent: indent)
            }
            return
        case .string(let text):
            out += prefix + " " + OpenAPIValue.yamlScalar(text, inFlow: false) + suffix + "\n"
            return
        default:
            break
        }
        out += prefix + " " + inline + suffix + "\n"
    }

    private func writeListItem(into out: inout String, indent: String) {
        switch self {
        case .map(let entries)
        where !entries.isEmpty && !(isFlowable && (indent.count + 2 + inline.count) <= Self.width):
            // `- key: value` with the other keys aligned under the first.
            let first = entries[0]
            let key = indent + "- " + Self.key(first.key) + ":"
            first.value.writeValue(after: key, comment: first.comment, into: &out, indent: indent + "    ")
            writeEntries(Array(entries.dropFirst()), into: &out, indent: indent + "  ")
        default:
            writeValue(after: indent + "-", comment: nil, into: &out, indent: indent + "  ")
        }
    }

    private var isContainer: Bool {
        switch self {
        case .map, .list: true
        default: false
        }
    }

    /// A list of scalars, which may sit inside a flow mapping on one line (`{type: string, enum: [a, b]}`).
    private var isScalarList: Bool {
        if case .list(let items) = self { return items.allSatisfy { !$0.isContainer } }
        return false
    }

    /// `|` with the chomping and indentation indicators the text needs to read back exactly.
    private static func literalHeader(_ text: String) -> String {
        var header = "|"
        if text.hasSuffix("\n\n") || text == "\n" {
            header += "+"
        } else if !text.hasSuffix("\n") {
            header += "-"
        }
        return header
    }
}

extension SpecText: ExpressibleByStringLiteral {
    init(stringLiteral value: String) { self = .string(value) }
}

/// Builds a mapping in order, skipping absent values.
struct SpecMap: Hashable, Sendable {
    private(set) var entries: [SpecText.Entry] = []

    init() {}

    /// Sets a key; a nil value leaves the mapping as it is, a present key keeps its place.
    subscript(key: String) -> SpecText? {
        get { entries.first { $0.key == key }?.value }
        set {
            guard let newValue else { return }
            if let index = entries.firstIndex(where: { $0.key == key }) {
                entries[index].value = newValue
            } else {
                entries.append(SpecText.Entry(key: key, value: newValue))
            }
        }
    }

    /// Adds a key with a comment after it.
    mutating func set(_ key: String, _ value: SpecText?, comment: String?) {
        self[key] = value
        guard let comment, let index = entries.firstIndex(where: { $0.key == key }) else { return }
        entries[index].comment = entries[index].comment.map { $0 + "; " + comment } ?? comment
    }

    mutating func remove(_ key: String) { entries.removeAll { $0.key == key } }

    /// Moves a present key just before another present key.
    mutating func move(_ key: String, before other: String) {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return }
        let entry = entries.remove(at: index)
        let target = entries.firstIndex { $0.key == other } ?? entries.endIndex
        entries.insert(entry, at: target)
    }

    var isEmpty: Bool { entries.isEmpty }
    var keys: [String] { entries.map(\.key) }
    var text: SpecText { .map(entries) }
}

extension SpecText {
    /// A multi-line text is a literal block only when every line reads back the same: no tabs or carriage returns,
    /// no trailing spaces (editors strip them) and printable characters.
    static func description(_ text: String) -> SpecText {
        var trimmed = Substring(text)
        while trimmed.last?.isWhitespace == true { trimmed = trimmed.dropLast() }
        while trimmed.first?.isWhitespace == true { trimmed = trimmed.dropFirst() }
        let lines = trimmed.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = line
            while line.last == " " || line.last == "\t" || line.last == "\r" { line = line.dropLast() }
            return String(line)
        }
        let joined = lines.joined(separator: "\n")
        let printable = joined.unicodeScalars.allSatisfy {
            $0 == "\n"
                || ($0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value))
                    && $0 != "\u{FEFF}" && $0 != "\u{2028}" && $0 != "\u{2029}" && $0 != "\u{85}"
        }
        guard printable, !joined.contains("\t") else { return .plainQuoted(joined) }
        return .string(joined)
    }

    /// A string that must stay on one line: written double-quoted with escapes.
    static func plainQuoted(_ text: String) -> SpecText { .plain(JSONLiteral.string(text)) }
}
