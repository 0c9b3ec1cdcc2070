import SpecgenSpec

/// Plain or quoted YAML scalars and keys, written so that any YAML 1.1 or 1.2 reader reads back the same string.
package enum YAMLScalar {
    /// `key:` at `indent`; a key past YAML's 1,024-character limit for keys on their value's line (JSON allows any)
    /// is an explicit key, `? key` with `:` on the next line.
    package static func key(_ key: String, indent: String, inFlow: Bool = true) -> String {
        needsExplicitKey(key)
            ? indent + "? " + text(key, inFlow: inFlow) + "\n" + indent + ":"
            : indent + text(key, inFlow: inFlow) + ":"
    }

    /// Whether a key is too long to stand on its value's line: YAML counts the characters of the key as written,
    /// escapes included (a DEL is the six characters `\u007f`), so the quoted form is what is measured.
    package static func needsExplicitKey(_ key: String) -> Bool {
        key.utf8.count > 1_000 || JSONLiteral.string(key).unicodeScalars.count > 1_000
    }

    /// Words YAML 1.1 readers turn into booleans or null.
    private static let reservedWords: Set<String> = [
        "true", "false", "yes", "no", "on", "off", "y", "n", "null", "~",
    ]

    /// Whether a YAML 1.1 reader takes the text for a boolean or null.
    private static func isReservedWord(_ text: String) -> Bool { reservedWords.contains(text.lowercased()) }

    /// A string as a plain YAML scalar when that reads back as the same string, else double-quoted. Inside a flow
    /// collection (the default) `{`, `}`, `[`, `]` and `,` need quotes; outside one they may sit in a plain scalar
    /// (`GET /pets/{petId}`).
    package static func text(_ text: String, inFlow: Bool = true) -> String {
        isPlainScalar(text, inFlow: inFlow) ? text : JSONLiteral.string(text)
    }

    /// Whether a string reads back as itself as a plain scalar: printable ASCII that starts with a letter, `_` or
    /// `/`, holds no indicator and no `: `, does not end in a space or `:`, and is no YAML 1.1 boolean or null.
    private static func isPlainScalar(_ text: String, inFlow: Bool) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, let last = bytes.last,
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) || first == UInt8(ascii: "_")
                || first == UInt8(ascii: "/"),
            last != UInt8(ascii: " "), last != UInt8(ascii: ":")
        else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            guard byte >= 0x20, byte < 0x7F else { return false }
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"),
                UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"),
                UInt8(ascii: "#"):
                return false
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","):
                if inFlow { return false }
            case UInt8(ascii: " ") where previous == UInt8(ascii: ":"):
                return false
            default:
                break
            }
            previous = byte
        }
        return bytes.count > 5 || !isReservedWord(text)
    }
}
