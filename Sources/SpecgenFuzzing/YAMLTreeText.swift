import SpecgenSpec
package import SpecgenYAML

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
