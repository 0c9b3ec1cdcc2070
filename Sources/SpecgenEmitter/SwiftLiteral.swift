import SpecgenSpec

/// Turns spec text into Swift literals and comment lines that no spec content can break out of.
package enum SwiftLiteral {
    /// A `{placeholder}` template as a string literal: each literal part (after `literal`) escaped, each placeholder
    /// interpolated as the expression `expression` gives for it, or left out when it gives none.
    package static func interpolated(
        _ template: String, literal: (String) -> String = { $0 }, expression: (String) -> String?
    ) -> String {
        let body = TemplatePart.parts(of: template).map { part in
            switch part {
            case .literal(let text): String(string(literal(text)).dropFirst().dropLast())
            case .placeholder(let name): expression(name).map { "\\(\($0))" } ?? ""
            }
        }
        return "\"" + body.joined() + "\""
    }

    /// A double-quoted string literal: backslashes, quotes and every control or separator character are escaped,
    /// so neither `\(`, `"""` nor a line break can end the literal or start code.
    package static func string(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || isLineBreaking(scalar) {
                    output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }

    /// The lines of a comment: split at every line break, with other control characters dropped and trailing
    /// spaces trimmed, so a `//` or `///` prefix covers all of the text.
    private static func trimmingTrailingSpaces(_ line: String) -> String {
        let utf8 = line.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: " ") {
            end = utf8.index(before: end)
        }
        return String(line[..<end])
    }

    package static func commentLines(_ text: String) -> [String] {
        // Most comments are one line of printable ASCII without trailing spaces: nothing to split or drop.
        if !text.isEmpty, text.utf8.last != UInt8(ascii: " "), text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return [text]
        }
        var lines: [String] = [""]
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == UInt8(ascii: "\n") }) {
            // Printable ASCII lines: split as they are.
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        } else {
            var previous: Unicode.Scalar?
            for scalar in text.unicodeScalars {
                defer { previous = scalar }
                if scalar == "\n" && previous == "\r" { continue }
                if scalar == "\n" || scalar == "\r" || isLineBreaking(scalar) || scalar == "\u{0B}"
                    || scalar == "\u{0C}"
                {
                    lines.append("")
                } else if scalar.value >= 0x20 && scalar.value != 0x7F {
                    lines[lines.count - 1].unicodeScalars.append(scalar)
                } else if scalar == "\t" {
                    lines[lines.count - 1] += " "
                }
            }
        }
        // Runs of blank lines become one paragraph break; leading and trailing ones go.
        var result: [String] = []
        var previousBlank = true
        for line in lines.map(trimmingTrailingSpaces) {
            if line.isEmpty {
                if !previousBlank { result.append("") }
                previousBlank = true
            } else {
                result.append(line)
                previousBlank = false
            }
        }
        while result.last == "" { result.removeLast() }
        return result
    }

    /// Characters some tools treat as line ends even though Swift does not.
    private static func isLineBreaking(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// A Swift number literal for a spec number.
    package static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
