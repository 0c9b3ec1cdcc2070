/// A path or server URL with `{name}` placeholders (`/tickets/{ticketID}`, `https://{region}.api.example`), split
/// into its parts: the one reading of templates that lint, the planner, the mock and the export share.
public enum TemplatePart: Hashable, Sendable {
    /// Text as written.
    case literal(String)
    /// A `{name}` placeholder.
    case placeholder(String)

    /// The parts of `template` in order. A `{` without a closing `}` is literal text.
    public static func parts(of template: String) -> [TemplatePart] {
        var parts: [TemplatePart] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
            parts.append(.placeholder(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        return parts
    }

    /// The placeholder names of `template` in order, repeats included.
    public static func placeholders(in template: String) -> [String] {
        parts(of: template).compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }
}
