/// A libyaml syntax error said in a spec author's words: one location, what was expected there, where the
/// construct it belongs to starts, and the usual fix.
///
/// libyaml reports a problem (`did not find expected ',' or ']'`) and, for most, a context with a second mark
/// (`while parsing a flow sequence` at the `[`). The diagnostic sits at the problem; the context becomes the words
/// "the `[` list that opens at line 6, column 11". A problem this table does not know keeps libyaml's words.
struct YAMLSyntaxMessage: Equatable {
    var message: String
    var fix: String?
    /// Whether the diagnostic belongs at the context's mark rather than the problem's: where a key with no ':'
    /// starts, not the line after it.
    var atContext = false

    /// The message for libyaml's `problem`, with its `context` and the context's mark when it gave them. `text` is
    /// the text from the problem on (its first two characters are read).
    init(problem: String, context: String?, contextMark: YAMLMark?, text: Substring) {
        let opened = contextMark.map { "line \($0.line), column \($0.column)" } ?? "above"
        let found = text.first
        let shown = found.map { Self.shown($0) }
        let escape = text.prefix(2)
        switch (context, problem) {
        case ("while parsing a flow sequence", _):
            message = "expected ',' or ']' here, inside the '[' list that opens at \(opened)"
            fix = "separate the items with ',' and close the list with ']', or quote an item that holds them"
        case ("while parsing a flow mapping", _):
            message = "expected ',' or '}' here, inside the '{' mapping that opens at \(opened)"
            fix = "separate the entries with ',' and close the mapping with '}', or quote a value that holds them"
        case ("while parsing a block mapping", _):
            message = "this line does not continue the mapping that starts at \(opened)"
            fix = "indent it like that mapping's other keys, or quote a value that holds ': ', '#', '[' or '{'"
        case ("while parsing a block collection", _):
            message = "expected a '- ' item here, in the list that starts at \(opened)"
            fix = "indent it like the list's other items"
        case ("while parsing a node", _), ("while parsing a block node", _), ("while parsing a flow node", _):
            message = "expected a value here" + (shown.map { ", found \($0)" } ?? "")
            fix = "write the value, or quote it if it starts with a character YAML reserves"
        case ("while scanning a simple key", _):
            message = "this text stands where a key is expected, but no ':' follows it"
            atContext = true
            fix = "end the key with ': ', make the line a '- ' item, or indent it as part of the value above"
        case ("while scanning a quoted scalar", "found unexpected end of stream"),
            ("while scanning a quoted scalar", "found unexpected document indicator"):
            message = "the quoted string that opens at \(opened) is never closed"
            fix = "close it with the quote it opens with"
        case ("while parsing a quoted scalar", "found unknown escape character"),
            ("while scanning a quoted scalar", "found unknown escape character"):
            message =
                "'\(escape)' is not an escape YAML knows, "
                + "in the double-quoted string that opens at \(opened)"
            fix = "write '\\\\' for a backslash, or use single quotes, which have no escapes"
        case (_, let text)
        where text.hasPrefix("found a tab character")
            || (text == "found character that cannot start any token" && found == "\t"):
            message = "a tab indents this line"
            fix = "indent with spaces; YAML does not allow tabs there"
        case ("while parsing a quoted scalar", "did not find expected hexdecimal number"):
            message = "an escape needs hexadecimal digits here, in the double-quoted string that opens at \(opened)"
            fix = "write '\\x' with 2 digits, '\\u' with 4 or '\\U' with 8"
        case ("while scanning for the next token", "found character that cannot start any token"):
            message = "\(shown ?? "this character") cannot start a value"
            fix = "quote the value"
        case ("while scanning an alias", _), ("while scanning an anchor", _):
            let (mark, what) = context == "while scanning an alias" ? ("*", "an alias") : ("&", "an anchor")
            message = "'\(mark)' starts \(what) at \(opened), but no name follows it"
            fix = "quote the value if the character is part of the text"
        case (nil, "mapping values are not allowed in this context"):
            message = "a ': ' here would start a mapping inside a value"
            fix = "quote the value that holds ': ', or indent this line like the keys beside it"
        case (nil, "mapping keys are not allowed in this context"):
            // `b: [M]?`: the `?` after a flow list reads as the start of a complex key.
            message = "a '?' here would start a mapping key inside a value"
            fix = "quote the value that holds it: an optional list type is written \"[M]?\""
        case (nil, "block sequence entries are not allowed in this context"):
            message = "a '- ' list item cannot start here"
            fix = "start the list on the line after its key, each item on its own line"
        case (nil, "did not find expected <document start>"):
            message = "expected the end of the spec here; the text before this line is one whole document"
            fix = "indent this line under the key it belongs to"
        default:
            // libyaml's own words, its context ("while scanning a tag") said as where the construct starts.
            let construct = context.map { $0.hasPrefix("while ") ? String($0.dropFirst(6)) : $0 }
            message = problem + (construct.map { ", \($0) that starts at \(opened)" } ?? "")
            fix = nil
        }
    }

    /// A character as a message shows it: quoted, or by its code point when it does not print.
    private static func shown(_ character: Character) -> String {
        if character == "\t" { return "a tab" }
        guard let scalar = character.unicodeScalars.first, scalar.value >= 0x20, scalar.value != 0x7F else {
            let code = String(character.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - code.count)) + code
        }
        return "'\(character)'"
    }
}
