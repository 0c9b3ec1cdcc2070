/// JSON text for scalars, shared by the package's JSON writers (the mock server's answers, the OpenAPI export).
package enum JSONLiteral {
    /// A JSON string literal that is also a YAML double-quoted scalar reading back the same text: C0 and C1
    /// controls, DEL, the byte-order mark and U+FFFE/U+FFFF (which YAML may not hold raw) and the line breaks YAML
    /// 1.1 folds (U+0085, U+2028, U+2029) are escaped as `\uXXXX`.
    package static func string(_ text: String) -> String {
        let plain = text.utf8.allSatisfy {
            $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
        }
        if plain { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsEscape(scalar):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Whether a scalar must be written as an escape to read back as itself in both JSON and YAML; text holding one
    /// cannot stand raw in a YAML block either.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// A JSON number: integral values without a fraction, and `null` for values JSON cannot hold.
    package static func number(_ value: Double) -> String {
        if !value.isFinite { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
