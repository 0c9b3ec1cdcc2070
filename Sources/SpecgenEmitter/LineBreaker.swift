import SpecgenSpec

/// Breaks a line of generated Swift that is too long, the way a person would, trying in turn:
/// - a signature's closing `) async throws(E) -> T {`: the result type on a line of its own, the brace below;
/// - the first argument list `f(a, b)` or array `[a, b]` with commas, one item per line, or else the first with one
///   item, on a line of its own;
/// - a type's conformances (`public enum Name: A, B {`) on a line of their own, the brace below;
/// - an assignment's value (`self.handler = handler`) on the next line.
///
/// Each part is shorter than the line, and ``SwiftWriter/line(_:)`` breaks a part that is still too long again.
/// It reads the line as bytes and keeps track of string literals (with their interpolations), brackets, braces and
/// generic arguments, so it never breaks inside a literal, a closure or `Result<A, B>`. Comments are left alone.
enum LineBreaker {
    /// A broken line: a head that opens the list, the items (with their commas), and a tail that closes it, if any.
    typealias Parts = (head: String, items: [String], tail: String?)

    /// The line broken into parts, or nil when it has nothing to break.
    static func split(_ line: String) -> Parts? {
        let bytes = Array(line.utf8)
        guard !line.hasPrefix("//") else { return nil }
        if bytes.first == closeParen, let arrow = topLevel(" -> ", in: bytes).first {
            // `) async throws(E) -> T {`: the result type on a line of its own, and the brace below it.
            let head = String(decoding: bytes[..<arrow], as: UTF8.self)
            let result = String(decoding: bytes[(arrow + 1)...], as: UTF8.self)
            guard result.hasSuffix(" {") else { return (head, [result], nil) }
            return (head, [String(result.dropLast(2))], "{")
        }
        if let list = firstList(bytes, needsCommas: true) ?? firstList(bytes, needsCommas: false) { return list }
        if let declaration = inheritance(line) { return declaration }
        // Not a typed declaration or a parameter's default (`name: Type = value`), which read worse broken.
        if let equals = topLevel(" = ", in: bytes).first, equals > 0, topLevel(": ", in: bytes).isEmpty {
            // `self.handler = handler`: the value continues on the next line.
            return (
                String(decoding: bytes[..<equals], as: UTF8.self) + " =",
                [String(decoding: bytes[(equals + 3)...], as: UTF8.self)], nil
            )
        }
        return nil
    }

    /// `public enum Name: A, B, C {`, at any access and isolation, with the conformances on a line of their own and
    /// the brace below them.
    private static func inheritance(_ line: String) -> Parts? {
        var declaration = line[...]
        for modifier in ["public ", "package ", "nonisolated "] where declaration.hasPrefix(modifier) {
            declaration = declaration.dropFirst(modifier.count)
        }
        let kinds = ["enum ", "struct ", "indirect enum ", "protocol "]
        guard kinds.contains(where: declaration.hasPrefix), line.hasSuffix(" {"), let colon = line.firstIndex(of: ":")
        else {
            return nil
        }
        let conformances = line[line.index(after: colon)...].dropLast(2).drop { $0 == " " }
        return (String(line[...colon]), [String(conformances)], "{")
    }

    /// The first argument list or array literal with items to put on lines of their own: with commas, or (when no
    /// list has them) with any item at all.
    private static func firstList(_ bytes: [UInt8], needsCommas: Bool) -> Parts? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == openParen || byte == openBracket {
                guard let close = matching(bytes, from: index) else {
                    // An opener the line leaves open: a list may still follow inside it.
                    index += 1
                    continue
                }
                let commas = topLevel(",", in: bytes, from: index + 1, to: close)
                if !commas.isEmpty || (!needsCommas && close > index + 1) {
                    var items: [String] = []
                    var start = index + 1
                    // A collection literal on several lines ends its last element with a comma too, as swift-format
                    // prints it; an argument list does not.
                    let lastComma = byte == openBracket && !commas.isEmpty ? "," : ""
                    for comma in commas + [close] {
                        let item = String(decoding: bytes[start..<comma], as: UTF8.self)
                        items.append(trimmed(item) + (comma == close ? lastComma : ","))
                        start = comma + 1
                    }
                    return (
                        String(decoding: bytes[...index], as: UTF8.self), items,
                        String(decoding: bytes[close...], as: UTF8.self)
                    )
                }
                index = close + 1
                continue
            }
            // A literal, a closure or generic arguments: nothing inside is broken.
            index = endOfGroup(bytes, at: index) ?? index + 1
        }
        return nil
    }

    /// Where `token` occurs between `start` and `end`, outside any literal, bracket, brace or generic arguments.
    private static func topLevel(_ token: String, in bytes: [UInt8], from start: Int = 0, to end: Int? = nil) -> [Int] {
        let token = Array(token.utf8)
        let end = end ?? bytes.count
        var found: [Int] = []
        var index = start
        while index + token.count <= end {
            if let next = endOfGroup(bytes, at: index) {
                index = next
                continue
            }
            if bytes[index..<(index + token.count)].elementsEqual(token) { found.append(index) }
            index += 1
        }
        return found
    }

    /// The index just past the literal, bracket, brace or generic arguments opening at `index` (the end of the line
    /// when it does not close there); nil when none opens there.
    private static func endOfGroup(_ bytes: [UInt8], at index: Int) -> Int? {
        let byte = bytes[index]
        if byte == quote { return endOfString(bytes, from: index) }
        let close: UInt8?
        if byte == openParen || byte == openBracket {
            close = nil
        } else if let other = closer(of: byte, in: bytes, at: index) {
            close = other
        } else {
            return nil
        }
        return (matching(bytes, from: index, close: close) ?? bytes.count - 1) + 1
    }

    /// `text` without the spaces it starts and ends with.
    static func trimmed(_ text: String, leading: Bool = true) -> String {
        let bytes = text.utf8
        guard text.isASCII else {
            let start = leading ? text.drop { $0 == " " } : Substring(text)
            return String(start.reversed().drop { $0 == " " }.reversed())
        }
        // In ASCII text a character is a byte.
        let space = UInt8(ascii: " ")
        let start = leading ? bytes.firstIndex { $0 != space } ?? bytes.endIndex : bytes.startIndex
        let end = bytes.lastIndex { $0 != space }.map { bytes.index(after: $0) } ?? start
        return start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : ""
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let openParen = UInt8(ascii: "(")
    private static let closeParen = UInt8(ascii: ")")
    private static let openBracket = UInt8(ascii: "[")
    private static let closeBracket = UInt8(ascii: "]")
    private static let openBrace = UInt8(ascii: "{")
    private static let closeBrace = UInt8(ascii: "}")
    private static let less = UInt8(ascii: "<")
    private static let greater = UInt8(ascii: ">")
    private static let comma = UInt8(ascii: ",")
    private static let minus = UInt8(ascii: "-")

    /// The closing byte of a brace or of generic arguments opening at `index` (`Array<` but not `a < b` or `..<`).
    private static func closer(of byte: UInt8, in bytes: [UInt8], at index: Int) -> UInt8? {
        if byte == openBrace { return closeBrace }
        if byte == less, index > 0, isIdentifier(bytes[index - 1]), index + 1 < bytes.count,
            isIdentifier(bytes[index + 1]) || bytes[index + 1] == openBracket || bytes[index + 1] == openParen
        {
            return greater
        }
        return nil
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        ASCII.isAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "?")
    }

    /// The index just past the string literal opening at `start`, interpolations included.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case backslash:
                if index + 1 < bytes.count, bytes[index + 1] == openParen,
                    let close = matching(bytes, from: index + 1)
                {
                    index = close + 1
                } else {
                    index += 2
                }
            case quote:
                return index + 1
            default:
                index += 1
            }
        }
        return bytes.count
    }

    /// The index of the bracket that closes the one at `start`, or nil when the line does not close it.
    private static func matching(_ bytes: [UInt8], from start: Int, close: UInt8? = nil) -> Int? {
        let open = bytes[start]
        let close = close ?? (open == openParen ? closeParen : open == openBracket ? closeBracket : closeBrace)
        var depth = 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                index = endOfString(bytes, from: index)
                continue
            }
            if byte == open {
                depth += 1
            } else if byte == close, !(close == greater && index > 0 && bytes[index - 1] == minus) {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }
}
