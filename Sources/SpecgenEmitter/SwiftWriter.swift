package import SpecgenSpec

/// An indenting printer for Swift source, so emitters read like the code they write.
///
/// Beside the text it keeps what the emitters tell it as they print: the public declarations (the API surface is built
/// from them) and the modules the code uses (the imports are chosen from them). Nothing reads the text back.
package struct SwiftWriter {
    /// The text written so far.
    package private(set) var text = ""
    /// The current indentation level.
    package private(set) var depth = 0
    private var lastLineWasBlank = true
    /// The public declarations printed so far, in order.
    package private(set) var declarations: [Declaration] = []
    /// The modules the printed code uses, and whether its public declarations expose them.
    package private(set) var imports = ImportUsage()
    /// The access level every declaration is written with.
    package let access: GenerationOptions.Access
    /// The types whose bodies are being written, innermost last, and whether each is a protocol.
    private var owners: [(name: String, isProtocol: Bool)] = []

    /// Records a public declaration of the type being written (or a top-level one): `keyword` is `var`, `func`,
    /// `case`, `static let`, `struct` and so on (empty for an initializer), `signature` what follows the name.
    package mutating func declare(_ keyword: String, _ name: String, _ signature: String = "") {
        declarations.append(
            Declaration(
                owner: owners.last?.name, keyword: keyword, name: name.withoutBackticks,
                signature: signature))
    }

    /// Prints a public declaration on one line and records it, from the same parts: `public var email: String`,
    /// then `rest` (a value such as ` = []`, or a one-line body) that the surface leaves out. A `modifier` (`indirect `
    /// for a case stored out of line) is printed before the keyword and, like `type`'s, not recorded:
    /// it changes nothing a caller writes.
    package mutating func declaration(
        _ keyword: String, _ name: String, _ signature: String = "", _ rest: String = "", modifier: String = ""
    ) {
        declare(keyword, name, signature)
        line(declarationHeader(keyword, name, modifier: modifier) + signature + rest)
    }

    /// Prints a public declaration whose `value` follows `separator` (` = ` for a typealias) and records it; when the
    /// line is too long, the value continues on the next line, one level deeper.
    /// A value given as `prefix(items)suffix` wraps its items on the lines below when even the next line is too short.
    package mutating func continuedDeclaration(
        _ keyword: String, _ name: String, _ separator: String, _ prefix: String, _ items: [String], _ suffix: String
    ) {
        let value = prefix + "(" + items.joined(separator: ", ") + ")" + suffix
        declare(keyword, name, separator + value)
        let header = declarationHeader(keyword, name) + separator
        if fits(header + value) {
            line(header + value)
        } else {
            line(LineBreaker.trimmed(header, leading: false))
            indented { $0.wrappedLine(prefix, items, suffix, closeAttached: false) }
        }
    }

    /// Prints a public declaration with a body and records it.
    package mutating func declaration(
        _ keyword: String, _ name: String, _ signature: String, body: (inout SwiftWriter) -> Void
    ) {
        declare(keyword, name, signature)
        block(declarationHeader(keyword, name) + signature, body)
    }

    /// Prints a public declaration whose list (`items`) wraps onto the lines below when long, and records it on one
    /// line; with a `body` it opens a block.
    package mutating func wrappedDeclaration(
        _ keyword: String, _ name: String, _ items: [String], _ suffix: String,
        body: ((inout SwiftWriter) -> Void)? = nil
    ) {
        declare(keyword, name, "(" + items.joined(separator: ", ") + ")" + suffix)
        if let body {
            wrappedBlock(declarationHeader(keyword, name), items, suffix, body)
        } else {
            wrappedLine(declarationHeader(keyword, name), items, suffix, closeAttached: false)
        }
    }

    /// `public static let name`: enum cases and protocol members take their type's access and no keyword.
    private func declarationHeader(_ keyword: String, _ name: String, modifier: String = "") -> String {
        let access = keyword == "case" || owners.last?.isProtocol == true ? "" : self.access.modifier
        return access + modifier + (keyword.isEmpty ? "" : keyword + " ") + name
    }

    /// Records that the code uses `modules`; `publicly` when a public declaration names one of their types.
    package mutating func uses(_ modules: ModuleUsage, publicly: Bool) {
        imports.note(modules, publicly: publicly)
    }

    /// Writes a type or extension and its body, recording it (an extension only when it adds conformances) and
    /// owning the declarations recorded inside it.
    ///
    /// A top-level type is `nonisolated`, so the code means the same in a module whose default isolation is the main
    /// actor (an Xcode 26 app target): its conformances stay usable from any isolation, as `Sendable` needs.
    package mutating func type(
        _ keyword: String, _ name: String, _ inheritance: String = "", modifier: String = "",
        _ body: (inout SwiftWriter) -> Void
    ) {
        let isExtension = keyword == "extension"
        if !isExtension || !inheritance.isEmpty { declare(keyword, name, inheritance) }
        // A nested type owns its declarations under its qualified name, such as `Branding.UpdatedAtFormat`.
        let owner = isExtension ? name : (owners.last.map { "\($0.name).\(name)" } ?? name)
        let isolation = owners.isEmpty ? "nonisolated " : ""
        owners.append((owner, keyword == "protocol"))
        block((isExtension ? "" : access.modifier) + isolation + modifier + "\(keyword) \(name)\(inheritance)", body)
        owners.removeLast()
    }

    /// Creates an empty writer for declarations of an access level.
    package init(access: GenerationOptions.Access = .public) { self.access = access }

    /// Writes one line at the current indentation; a line too long for it is broken where Swift allows (see
    /// ``LineBreaker``), and one that cannot be broken (a long string literal or name) is written whole.
    package mutating func line(_ content: String) {
        if content.isEmpty {
            blank()
            return
        }
        if !fits(content), let broken = LineBreaker.split(content) {
            line(broken.head)
            indented { w in for item in broken.items { w.line(item) } }
            if let tail = broken.tail { line(tail) }
            return
        }
        for _ in 0..<depth { text.append("    ") }
        text.append(content)
        text.append("\n")
        lastLineWasBlank = false
    }

    /// Writes one blank line, never two in a row and never right after an opening brace.
    package mutating func blank() {
        guard !lastLineWasBlank, !textEnds(with: "{\n") else { return }
        text += "\n"
        lastLineWasBlank = true
    }

    /// Writes `header {`, the body one level deeper, and `}`.
    package mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        dropTrailingBlank()
        line("}")
    }

    /// Writes a header that opens its own brace (a trailing closure such as `{ page, limit in`), the body one
    /// level deeper, and `}`.
    package mutating func scope(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header)
        depth += 1
        body(&self)
        depth -= 1
        dropTrailingBlank()
        line("}")
    }

    /// Writes `switch subject {`, the cases at the same indentation (Swift's style), and `}`.
    package mutating func switchBlock(_ subject: String, _ body: (inout SwiftWriter) -> Void) {
        line("switch \(subject) {")
        body(&self)
        line("}")
    }

    /// Writes a declaration or call whose list is too long for one line with its items packed on the lines below:
    /// `prefix(` … `)suffix`, where `suffix` may open a block (`) {`) that ``block(_:_:)`` then fills.
    package mutating func wrappedBlock(
        _ prefix: String, _ items: [String], _ suffix: String, _ body: (inout SwiftWriter) -> Void
    ) {
        let single = prefix + "(" + items.joined(separator: ", ") + ")" + suffix
        if fits(single + " {") {
            block(single, body)
            return
        }
        if items.isEmpty, let (head, arguments, tail) = Self.splitGenericResult(single) {
            // Nothing to wrap in the parentheses: break inside the result's generic arguments, as swift-format does.
            line(head)
            indented { $0.line(arguments) }
            block(tail, body)
            return
        }
        writeWrappedItems(prefix, items)
        block(")" + suffix, body)
    }

    /// `f() async -> Pair<A, B>` as `f() async -> Pair<`, `A, B` and `>`; nil when the result is not generic.
    static func splitGenericResult(_ declaration: String) -> (String, String, String)? {
        guard let arrow = declaration.firstRange(of: " -> "),
            let open = declaration[arrow.upperBound...].firstIndex(of: "<"),
            let close = declaration.lastIndex(of: ">"), open < close
        else { return nil }
        return (
            String(declaration[...open]), String(declaration[declaration.index(after: open)..<close]),
            String(declaration[close...])
        )
    }

    /// Writes a call with a trailing closure whose `suffix` opens it (`) { page async throws(E) in`), with one item
    /// per line when too long, the closure's body one level deeper, and `}`.
    package mutating func wrappedScope(
        _ prefix: String, _ items: [String], _ suffix: String, _ body: (inout SwiftWriter) -> Void
    ) {
        let single = prefix + "(" + items.joined(separator: ", ") + ")" + suffix
        if fits(single) {
            scope(single, body)
            return
        }
        writeWrappedItems(prefix, items)
        scope(")" + suffix, body)
    }

    /// Writes `prefix(items)suffix` on one line or, when that is too long, the items on the lines below, one level
    /// deeper and as many to a line as fit, as swift-format prints them. A call (`closeAttached`) ends on its last
    /// argument (`b, c)`); a declaration's `)suffix` gets a line of its own.
    package mutating func wrappedLine(
        _ prefix: String, _ items: [String], _ suffix: String, closeAttached: Bool = true
    ) {
        let single = prefix + "(" + items.joined(separator: ", ") + ")" + suffix
        if fits(single) {
            line(single)
            return
        }
        if closeAttached, !items.isEmpty {
            writeWrappedItems(prefix, items, closing: ")" + suffix)
        } else {
            writeWrappedItems(prefix, items)
            line(")" + suffix)
        }
    }

    /// `prefix(`, then the items one level deeper, packed as many to a line as fit; with `closing`, it ends the last
    /// line when it fits there, and a line of its own otherwise.
    private mutating func writeWrappedItems(_ prefix: String, _ items: [String], closing: String? = nil) {
        line(prefix + "(")
        depth += 1
        let pieces = items.enumerated().map { index, item in
            item + (index == items.count - 1 ? closing ?? "" : ",")
        }
        var lines = packed(pieces, separator: " ")
        let last = lines.removeLast()
        for full in lines { line(full) }
        if let closing, !fits(last), last.count > closing.count {
            line(String(last.dropLast(closing.count)))
            depth -= 1
            line(closing)
        } else {
            line(last)
            depth -= 1
        }
    }

    /// `pieces` joined by `separator` into as few lines as fit at the current depth, each starting with `leader`
    /// (`case ` for coding keys); a piece too long for a line of its own is a line of its own.
    package func packed(_ pieces: [String], separator: String, leader: String = "") -> [String] {
        var lines: [String] = []
        var current = ""
        for piece in pieces {
            if current.isEmpty {
                current = leader + piece
            } else if fits(current + separator + piece) {
                current += separator + piece
            } else {
                lines.append(current)
                current = leader + piece
            }
        }
        return lines + [current]
    }

    /// Writes `guard condition else { statement }`, on three lines when one is too long.
    package mutating func guardLine(_ condition: String, else statement: String) {
        let single = "guard \(condition) else { \(statement) }"
        if fits(single) {
            line(single)
        } else {
            block("guard \(condition) else") { $0.line(statement) }
        }
    }

    /// Whether `content` fits on one line at the current indentation.
    package func fits(_ content: String) -> Bool {
        // A character is at least one byte, so a line whose bytes fit needs no counting.
        depth * 4 + content.utf8.count <= Self.width || depth * 4 + content.count <= Self.width
    }

    /// Writes `case pattern: statement`, with the statement on its own line when the whole is too long.
    package mutating func caseLine(_ pattern: String, _ statement: String) { labeledLine("case \(pattern)", statement) }

    /// Writes `label: statement` (a `case` or `default` of a switch), with the statement on its own line when the
    /// whole is too long.
    package mutating func labeledLine(_ label: String, _ statement: String) {
        let single = "\(label): \(statement)"
        if fits(single) {
            line(single)
        } else {
            line("\(label):")
            indented { $0.line(statement) }
        }
    }

    /// The longest line generated code aims for.
    package static let width = 120

    /// Writes the body one level deeper without braces (for `case` bodies).
    package mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// Writes a `///` comment: each line of `documentation` on its own comment line, so no text can end it early.
    package mutating func docComment(_ documentation: String?) {
        guard let documentation else { return }
        let available = max(40, Self.width - depth * 4 - 4)
        var inCodeBlock = false
        for line in SwiftLiteral.commentLines(documentation) {
            if line.hasPrefix("```") { inCodeBlock.toggle() }
            let pieces = inCodeBlock || line.hasPrefix("```") ? [line] : Self.wrap(line, width: available)
            for piece in pieces { self.line(piece.isEmpty ? "///" : "/// " + piece) }
        }
    }

    /// Breaks a line at spaces so each piece fits `width`; list items continue under their text.
    static func wrap(_ line: String, width: Int) -> [String] {
        guard line.count > width else { return [line] }
        let leading = line.prefix { $0 == " " }.count
        let isListItem = line.dropFirst(leading).hasPrefix("- ")
        let continuation = String(repeating: " ", count: leading + (isListItem ? 2 : 0))
        var pieces: [String] = []
        var current = String(line.prefix(leading))
        // The piece's length and whether it holds only spaces, kept as it grows rather than counted again.
        var length = leading
        var isLineStart = true
        for word in line.dropFirst(leading).split(separator: " ", omittingEmptySubsequences: false) {
            let wordLength = word.count
            if !isLineStart, length + 1 + wordLength > width {
                pieces.append(current)
                current = continuation + word
                length = continuation.count + wordLength
                isLineStart = word.isEmpty
            } else {
                if !isLineStart {
                    current += " "
                    length += 1
                }
                current += word
                length += wordLength
                isLineStart = isLineStart && word.isEmpty
            }
        }
        pieces.append(current)
        return pieces
    }

    /// Whether the text ends with `suffix`, byte by byte: the writer's suffixes are ASCII, and reading the text from
    /// its end costs the length of the suffix, not of the text.
    private func textEnds(with suffix: String) -> Bool {
        text.utf8.reversed().starts(with: suffix.utf8.reversed())
    }

    private mutating func dropTrailingBlank() {
        if textEnds(with: "\n\n") {
            text.removeLast()
            lastLineWasBlank = false
        }
    }
}
