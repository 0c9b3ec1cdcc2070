import Foundation

/// Reads the public declarations out of generated Swift, so the surface lists exactly what the compiler sees.
///
/// It relies on the generator's own formatting (four-space indentation, one declaration per line, long
/// signatures wrapped inside parentheses), not on Swift in general.
struct DeclarationScanner {
    /// One public declaration.
    struct Declaration: Hashable {
        /// The owning type's name, or nil at the top level.
        var owner: String?
        /// The declared name: a type, member or case name (`init` for initializers).
        var name: String
        /// The declaration on one line, qualified with its owner: `var RegisterModel.email: String`.
        var text: String
    }

    private struct Scope {
        var indent: Int
        var name: String
        /// Members of protocols and enum cases carry no `public`; they are public when the type is.
        var isProtocol: Bool
        var isPublic: Bool
    }

    private static let typeKeywords = ["struct", "enum", "protocol", "extension", "actor", "final class", "class"]

    static func scan(_ source: String) -> [Declaration] {
        var declarations: [Declaration] = []
        var scopes: [Scope] = []
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            let trimmed = line.trimmingLeadingSpaces()
            let indent = line.count - trimmed.count
            if trimmed.isEmpty || trimmed.hasPrefix("//") || trimmed.hasPrefix("@") { continue }
            while let last = scopes.last, indent <= last.indent, trimmed.hasPrefix("}") || indent < last.indent {
                scopes.removeLast()
                if indent == last.indent { break }
            }
            if trimmed == "}" { continue }
            // Gather a declaration wrapped over several lines until its parentheses close.
            var text = trimmed
            while text.parenthesisBalance > 0, index < lines.count {
                text += " " + lines[index].trimmingLeadingSpaces()
                index += 1
            }
            let isPublic = text.hasPrefix("public ")
            let body = isPublic ? String(text.dropFirst("public ".count)) : text
            if let keyword = typeKeywords.first(where: { body.hasPrefix($0 + " ") }) {
                let rest = body.dropFirst(keyword.count + 1)
                let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                let opensBody = text.hasSuffix("{")
                // Top-level extensions hold public members; they are listed themselves only for conformances.
                let visible = isPublic || (keyword == "extension" && scopes.isEmpty)
                if visible && (keyword != "extension" || body.contains(":")) {
                    let owner = scopes.last.map(\.name)
                    declarations.append(Declaration(owner: owner, name: name,
                                                    text: Self.normalized(Self.headOfBody(body))))
                }
                if opensBody {
                    scopes.append(Scope(indent: indent, name: name, isProtocol: keyword == "protocol",
                                        isPublic: visible))
                }
                continue
            }
            guard let scope = scopes.last, scope.isPublic, indent == scope.indent + 4 else { continue }
            let isMember = isPublic || (scope.isProtocol && (body.hasPrefix("func ") || body.hasPrefix("var ")))
                || body.hasPrefix("case ")
            guard isMember, !body.hasPrefix("case .") else { continue }
            var head = Self.headOfBody(body)
            if head.hasPrefix("var ") || head.hasPrefix("let ") || head.hasPrefix("static let ") || head.hasPrefix("static var ") {
                head = Self.withoutInitialValue(head)
            }
            let (name, qualified) = Self.qualify(Self.normalized(head), owner: scope.name)
            declarations.append(Declaration(owner: scope.name, name: name, text: qualified))
        }
        return declarations
    }

    /// The declaration without its body: everything before the first `{` outside parentheses.
    private static func headOfBody(_ text: String) -> String {
        var depth = 0
        var previous: Character = " "
        for (offset, character) in text.enumerated() {
            defer { previous = character }
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where previous != "-": depth -= 1
            case "{" where depth == 0: return String(text.prefix(offset)).trimmingTrailingSpaces()
            default: break
            }
        }
        return text
    }

    /// `var retryPolicy: RetryPolicy? = nil` → `var retryPolicy: RetryPolicy?`.
    private static func withoutInitialValue(_ text: String) -> String {
        var depth = 0
        let characters = Array(text)
        for (offset, character) in characters.enumerated() {
            switch character {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case "=" where depth == 0 && offset > 0 && characters[offset - 1] == " ":
                return String(characters[..<(offset - 1)])
            default: break
            }
        }
        return text
    }

    /// One space between tokens, none inside parentheses' edges, no trailing comma before `)`.
    private static func normalized(_ text: String) -> String {
        var result = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for (from, to) in [("( ", "("), (" )", ")"), (",)", ")"), ("[ ", "["), (" ]", "]")] {
            result = result.replacingOccurrences(of: from, with: to)
        }
        return result
    }

    /// Puts the owner before the member's name: `func registerUser(…)` in `KeyzAPI` → `func KeyzAPI.registerUser(…)`.
    private static func qualify(_ text: String, owner: String) -> (String, String) {
        let modifiers: Set<String> = ["static", "mutating", "nonisolated", "override", "final", "private(set)", "convenience"]
        let keywords: Set<String> = ["func", "var", "let", "case", "typealias", "subscript"]
        var words = text.split(separator: " ", maxSplits: 1).map(String.init)
        var prefix: [String] = []
        while let first = words.first, modifiers.contains(first), words.count == 2 {
            prefix.append(first)
            words = words[1].split(separator: " ", maxSplits: 1).map(String.init)
        }
        guard let first = words.first else { return (text, text) }
        if first.hasPrefix("init") {
            let rest = words.joined(separator: " ")
            return ("init", (prefix + ["\(owner).\(rest)"]).joined(separator: " "))
        }
        guard keywords.contains(first), words.count == 2 else { return (text, "\(owner).\(text)") }
        let rest = words[1]
        let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" })
        return (name.replacingOccurrences(of: "`", with: ""), (prefix + [first, "\(owner).\(rest)"]).joined(separator: " "))
    }
}

extension String {
    fileprivate func trimmingLeadingSpaces() -> String { String(drop { $0 == " " }) }
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Open minus closed parentheses.
    fileprivate var parenthesisBalance: Int {
        reduce(0) { count, character in
            character == "(" ? count + 1 : character == ")" ? count - 1 : count
        }
    }
}
