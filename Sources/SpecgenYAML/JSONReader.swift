/// Reads JSON (RFC 8259) into the same node tree YAML gives, with JSON's own rules: any character but a quote, a
/// backslash and C0 controls may stand in a string (C1 controls and U+2028 included, which YAML 1.1 refuses),
/// `\u` escapes may pair surrogates, and keys have no length limit. Strings become double-quoted scalars and
/// numbers, `true`, `false` and `null` plain ones, so every reader of the tree treats them as it treats YAML's.
///
/// The reader walks the bytes once with an explicit stack, so deep input cannot overflow ours.
struct JSONReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let path: String
    private let limits: YAMLLimits
    private var index = 0
    private var line = 1
    /// The byte offset where the current line starts, for columns.
    private var lineStart = 0
    private var nodes = 0
    /// Where the last mark's column was counted to, so each mark counts on from there: a document minified to one
    /// line (as APIs serve `openapi.json`) is read in linear time, not in time that grows with the line squared.
    private let columns = ColumnCursor()
    /// The arrays and objects open around the current value, innermost last.
    private var stack: [Frame] = []

    init(bytes: UnsafeBufferPointer<UInt8>, path: String, limits: YAMLLimits) {
        self.bytes = bytes
        self.path = path
        self.limits = limits
    }

    /// An open array or object on the way down.
    private struct Frame {
        var mark: YAMLMark
        var items: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        var keys: [String: YAMLMark] = [:]
        var pendingKey: YAMLNode?
        var isObject: Bool
    }

    mutating func read() throws(YAMLError) -> YAMLNode? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
        try validateUTF8()
        skipSpace()
        guard index < bytes.count else { return nil }
        var result: YAMLNode?
        while result == nil {
            skipSpace()
            let mark = self.mark
            guard index < bytes.count else { throw error(at: mark, "the JSON text ends before its value closes") }
            var finished: YAMLNode?
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                index += 1
                if stack.count >= limits.maxDepth {
                    throw error(at: mark, "nesting is deeper than \(limits.maxDepth) levels")
                }
                try count(at: mark)
                stack.append(Frame(mark: mark, isObject: isObject))
                skipSpace()
                let close = UInt8(ascii: isObject ? "}" : "]")
                if index < bytes.count, bytes[index] == close {
                    index += 1
                    let frame = stack.removeLast()
                    finished = YAMLNode(isObject ? .mapping([]) : .sequence([]), mark: frame.mark)
                } else if isObject {
                    try expectKey()
                    continue
                } else {
                    continue
                }
            case UInt8(ascii: "\""):
                finished = YAMLNode(.scalar(try string(), .doubleQuoted), mark: mark)
                try count(at: mark)
            default:
                finished = YAMLNode(.scalar(try literal(), .plain), mark: mark)
                try count(at: mark)
            }
            // Hand the finished value to its parents, closing every container that ends right after it.
            while let node = finished {
                finished = nil
                guard var frame = stack.popLast() else {
                    result = node
                    break
                }
                if frame.isObject {
                    if let key = frame.pendingKey {
                        frame.pairs.append(YAMLPair(key: key, value: node))
                        frame.pendingKey = nil
                    }
                } else {
                    frame.items.append(node)
                }
                skipSpace()
                guard index < bytes.count else {
                    throw error(
                        at: self.mark,
                        "the JSON text ends before the \(frame.isObject ? "object" : "array") "
                            + "that starts at line \(frame.mark.line), column \(frame.mark.column) closes")
                }
                let next = bytes[index]
                if next == UInt8(ascii: ",") {
                    index += 1
                    stack.append(frame)
                    if frame.isObject { try expectKey() }
                } else if next == UInt8(ascii: frame.isObject ? "}" : "]") {
                    index += 1
                    finished = YAMLNode(
                        frame.isObject ? .mapping(frame.pairs) : .sequence(frame.items), mark: frame.mark)
                } else {
                    throw error(at: self.mark, "expected ',' or '\(frame.isObject ? "}" : "]")', found \(found)")
                }
            }
        }
        skipSpace()
        if index < bytes.count {
            throw error(at: mark, "unexpected \(found) after the JSON value", fix: "a document holds one JSON value")
        }
        return result
    }

    /// Reads `"key" :` into the innermost object, refusing a key it already holds.
    private mutating func expectKey() throws(YAMLError) {
        skipSpace()
        let mark = self.mark
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw error(at: mark, "expected a quoted key, found \(found)")
        }
        let key = try string()
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error(at: self.mark, "expected ':' after the key '\(key)', found \(found)")
        }
        index += 1
        try count(at: mark)
        // The caller pushed the object last: the key belongs to the innermost frame.
        guard var frame = stack.popLast() else { return }
        if let first = frame.keys[key] {
            throw error(
                at: mark, "duplicate key '\(key)' (first defined at line \(first.line), column \(first.column))",
                fix: "remove one of them or rename it")
        }
        frame.keys[key] = mark
        frame.pendingKey = YAMLNode(.scalar(key, .doubleQuoted), mark: mark)
        stack.append(frame)
    }

    /// Refuses bytes that are not UTF-8, naming the first bad one; JSON exchanged between systems is UTF-8.
    private func validateUTF8() throws(YAMLError) {
        var offset = index
        while offset < bytes.count {
            let byte = bytes[offset]
            let length: Int
            switch byte {
            case 0x00..<0x80:
                offset += 1
                continue
            case 0xC2..<0xE0: length = 2
            case 0xE0..<0xF0: length = 3
            case 0xF0..<0xF5: length = 4
            default: length = 0
            }
            var valid = length > 0 && offset + length <= bytes.count
            if valid {
                for next in 1..<length where bytes[offset + next] & 0xC0 != 0x80 { valid = false }
            }
            // Overlong forms (E0 80..9F, F0 80..8F), UTF-16 surrogates (ED A0..BF) and scalars past U+10FFFF
            // (F4 90..) are not UTF-8.
            if valid {
                let second = bytes[offset + 1]
                switch byte {
                case 0xE0 where second < 0xA0, 0xED where second >= 0xA0, 0xF0 where second < 0x90,
                    0xF4 where second >= 0x90:
                    valid = false
                default: break
                }
            }
            guard valid else {
                var reader = self
                reader.index = 0
                reader.line = 1
                reader.lineStart = 0
                while reader.index < offset {
                    if bytes[reader.index] == 0x0A {
                        reader.line += 1
                        reader.lineStart = reader.index + 1
                    }
                    reader.index += 1
                }
                throw error(
                    at: reader.mark, "byte 0x\(String(byte, radix: 16, uppercase: true)) is not valid UTF-8",
                    fix: "save the document as UTF-8")
            }
            offset += length
        }
    }

    private var found: String {
        guard index < bytes.count else { return "the end of the text" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private var mark: YAMLMark {
        if columns.lineStart != lineStart || columns.offset > index {
            columns.lineStart = lineStart
            columns.offset = lineStart
            columns.column = 1
        }
        while columns.offset < index {
            if bytes[columns.offset] & 0xC0 != 0x80 { columns.column += 1 }
            columns.offset += 1
            columns.scanned += 1
        }
        return YAMLMark(line: line, column: columns.column)
    }

    /// The bytes counted for columns so far: at most about the text's length however long its lines are.
    var columnWork: Int { columns.scanned }

    private mutating func count(at mark: YAMLMark) throws(YAMLError) {
        nodes += 1
        if nodes > limits.maxExpandedNodes {
            throw error(at: mark, "the document holds more than \(limits.maxExpandedNodes) nodes")
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    /// `true`, `false`, `null` or a number, kept as written.
    private mutating func literal() throws(YAMLError) -> String {
        let start = index
        let mark = self.mark
        for word in ["true", "false", "null"] where matches(word) {
            index += word.utf8.count
            return word
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        skipDigits()
        let integerDigits = index - integerStart
        guard integerDigits > 0, !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) else {
            index = start
            throw error(at: mark, "expected a JSON value, found \(found)")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else { throw error(at: self.mark, "a number needs digits after its '.'") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard skipDigits() > 0 else { throw error(at: self.mark, "a number needs digits in its exponent") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private func matches(_ word: String) -> Bool {
        var offset = index
        for byte in word.utf8 {
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
        }
        return true
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    /// A quoted string with its escapes decoded; the index stands on the opening quote.
    private mutating func string() throws(YAMLError) -> String {
        let open = mark
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ end: Int) {
            guard end > runStart else { return }
            scalars.append(
                contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<end]), as: UTF8.self)
                    .unicodeScalars)
        }
        while true {
            guard index < bytes.count else {
                throw error(at: open, "the string that starts here never closes", fix: "add the closing '\"'")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 {
                throw error(
                    at: mark,
                    "a control character (byte 0x\(String(byte, radix: 16, uppercase: true))) stands in a "
                        + "string",
                    fix: "write it as an escape such as \\n or \\u00\(byte < 16 ? "0" : "")"
                        + String(byte, radix: 16, uppercase: true))
            }
            if byte == UInt8(ascii: "\\") {
                flush(index)
                let escape = mark
                index += 1
                guard index < bytes.count else { continue }
                let letter = bytes[index]
                index += 1
                switch letter {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    scalars.append(try unicodeEscape(at: escape))
                default:
                    throw error(at: escape, "'\\\(Character(Unicode.Scalar(letter)))' is not a JSON escape")
                }
                runStart = index
                continue
            }
            index += 1
        }
    }

    /// The scalar of a `\uXXXX` escape (the `\u` read), pairing a high surrogate with the low one after it; a lone
    /// surrogate, which no scalar stands for, becomes U+FFFD as JSON parsers commonly read it.
    private mutating func unicodeEscape(at escape: YAMLMark) throws(YAMLError) -> Unicode.Scalar {
        let high = try hex4(at: escape)
        if (0xD800..<0xDC00).contains(high), matches("\\u") {
            let save = index
            index += 2
            let low = try hex4(at: escape)
            if (0xDC00..<0xE000).contains(low) {
                let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            }
            index = save
        }
        return Unicode.Scalar(high) ?? "\u{FFFD}"
    }

    private mutating func hex4(at escape: YAMLMark) throws(YAMLError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
                throw error(at: escape, "'\\u' takes four hexadecimal digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private func error(at mark: YAMLMark, _ message: String, fix: String? = nil) -> YAMLError {
        YAMLError(path: path, mark: mark, message: message, fix: fix)
    }
}

/// The column of the last mark and the byte it was counted to, on the line starting at `lineStart`.
private final class ColumnCursor {
    var lineStart = -1
    var offset = 0
    var column = 1
    var scanned = 0
}
