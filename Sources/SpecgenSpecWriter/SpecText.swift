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

        init(key: String, value: SpecText, comment: String? = nil) {
            self.key = key
            self.value = value
            self.comment = comment
        }
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
        case .string(let text): !Self.isBlock(text)
        case .plain: true
        case .map(let entries):
            entries.allSatisfy { $0.comment == nil && $0.value.isFlowable && !YAMLScalar.needsExplicitKey($0.key) }
        case .list(let items): items.allSatisfy(\.isFlowable)
        }
    }

    /// The value in flow style on one line.
    var inline: String {
        var out = ""
        _ = appendInline(to: &out, byteLimit: .max)
        return out
    }

    /// The value in flow style on one line, or nil when that is wider than `budget` characters. Writing stops as
    /// soon as the line cannot fit, so a large value costs no more than a short one.
    func inline(within budget: Int) -> String? {
        guard budget > 0 else { return nil }
        var out = ""
        // No character is written in more than four UTF-8 bytes outside rare combined clusters, which only make
        // this bound generous.
        guard appendInline(to: &out, byteLimit: budget * 4) else { return nil }
        return out.count <= budget ? out : nil
    }

    /// Appends the flow-style text; false once it passes `byteLimit` UTF-8 bytes.
    private func appendInline(to out: inout String, byteLimit: Int) -> Bool {
        switch self {
        case .string(let text): out += YAMLScalar.text(text)
        case .plain(let text): out += text
        case .map(let entries):
            out += "{"
            for (index, entry) in entries.enumerated() {
                if index > 0 { out += ", " }
                out += Self.key(entry.key)
                out += ": "
                guard out.utf8.count <= byteLimit, entry.value.appendInline(to: &out, byteLimit: byteLimit) else {
                    return false
                }
            }
            out += "}"
        case .list(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += ", " }
                guard item.appendInline(to: &out, byteLimit: byteLimit) else { return false }
            }
            out += "]"
        }
        return out.utf8.count <= byteLimit
    }

    /// A key: status codes (`200`, `4XX`) plain, like a person writes them; anything else as a scalar.
    static func key(_ text: String) -> String {
        let isStatus =
            text.count == 3 && text.first.map { "12345".contains($0) } == true
            && (text.dropFirst().allSatisfy(\.isNumber) || text.dropFirst() == "XX")
        return isStatus ? text : YAMLScalar.text(text)
    }

    private func writeEntries(_ entries: [Entry], into out: inout String, indent: String) {
        for entry in entries {
            let key =
                YAMLScalar.needsExplicitKey(entry.key)
                ? YAMLScalar.key(entry.key, indent: indent) : indent + Self.key(entry.key) + ":"
            entry.value.writeValue(after: key, comment: entry.comment, into: &out, indent: indent + "  ")
        }
    }

    /// Writes a value after `key:` or `-`: on the same line when it fits, else on the lines below.
    private func writeValue(
        after prefix: String, comment: String?, into out: inout String, indent: String, flow: Bool = true
    ) {
        let suffix = comment.map { "  # " + $0 } ?? ""
        var line: String?
        switch self {
        case .string(let text) where Self.isBlock(text):
            Self.append(to: &out, prefix, " ", Self.literalHeader(text), suffix, "\n")
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if !line.isEmpty {
                    out += indent
                    out += line
                }
                out += "\n"
            }
            return
        case .map(let entries) where !entries.isEmpty:
            if flow, entries.count <= 6, isFlowable,
                entries.allSatisfy({ !$0.value.isContainer || $0.value.isEmpty || $0.value.isScalarList }),
                let fitting = inline(within: Self.width - prefix.count - 1 - suffix.count)
            {
                line = fitting
                break
            }
            Self.append(to: &out, prefix, suffix, "\n")
            writeEntries(entries, into: &out, indent: indent)
            return
        case .list(let items) where !items.isEmpty:
            if flow, items.allSatisfy({ !$0.isContainer }), isFlowable,
                let fitting = inline(within: Self.width - prefix.count - 1 - suffix.count)
            {
                line = fitting
                break
            }
            Self.append(to: &out, prefix, suffix, "\n")
            for item in items {
                item.writeListItem(into: &out, indent: indent)
            }
            return
        case .string(let text):
            Self.append(to: &out, prefix, " ", YAMLScalar.text(text, inFlow: false), suffix, "\n")
            return
        default:
            break
        }
        Self.append(to: &out, prefix, " ", line ?? inline, suffix, "\n")
    }

    private func writeListItem(into out: inout String, indent: String) {
        switch self {
        case .map(let entries)
        where !entries.isEmpty && YAMLScalar.needsExplicitKey(entries[0].key):
            // A first key too long for its value's line is an explicit key, which cannot follow `- ` on its line.
            out += indent + "-\n"
            writeEntries(entries, into: &out, indent: indent + "  ")
        case .map(let entries)
        where !entries.isEmpty && !(isFlowable && inline(within: Self.width - indent.count - 2) != nil):
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

    /// Whether a string is written as a literal block: it has several lines, and each reads back from a block as
    /// it is. Any other string is quoted on one line, where escapes keep it exact.
    private static func isBlock(_ text: String) -> Bool {
        text.utf8.contains(UInt8(ascii: "\n")) && readsBackInBlock(text)
    }

    /// Whether text reads back from a literal block as it is: apart from its line breaks, nothing a JSON literal
    /// would escape (a carriage return, a tab, a control character, a line break YAML 1.1 folds, a byte-order mark,
    /// U+FFFE or U+FFFF).
    static func readsBackInBlock(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0 == "\n" || !JSONLiteral.needsEscape($0) }
    }

    /// Appends the pieces of a line one by one, making no string of them first.
    private static func append(to out: inout String, _ pieces: String...) {
        for piece in pieces { out += piece }
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
        if isCleanASCII(text) { return .string(text) }
        var trimmed = Substring(text)
        while trimmed.last?.isWhitespace == true { trimmed = trimmed.dropLast() }
        while trimmed.first?.isWhitespace == true { trimmed = trimmed.dropFirst() }
        let lines = trimmed.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = line
            while line.last == " " || line.last == "\t" || line.last == "\r" { line = line.dropLast() }
            return String(line)
        }
        let joined = lines.joined(separator: "\n")
        guard readsBackInBlock(joined) else { return .plainQuoted(joined) }
        return .string(joined)
    }

    /// Whether a description is already what ``description(_:)`` makes of it: printable ASCII lines with no space
    /// at either end of the text or before a line break, and no tab.
    private static func isCleanASCII(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, let last = bytes.last, first > 0x20, last > 0x20 else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if previous == UInt8(ascii: " ") { return false }
            } else if byte < 0x20 || byte >= 0x7F {
                return false
            }
            previous = byte
        }
        return true
    }

    /// A string that must stay on one line: written double-quoted with escapes.
    static func plainQuoted(_ text: String) -> SpecText { .plain(JSONLiteral.string(text)) }
}
