/// JSON text for scalars, shared by the package's JSON writers (the mock server's answers, the OpenAPI export).
package enum JSONLiteral {
    /// A JSON string literal. Control characters and DEL are escaped, so it is also a valid YAML double-quoted
    /// scalar.
    package static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A JSON number: integral values without a fraction, and `null` for values JSON cannot hold.
    package static func number(_ value: Double) -> String {
        if !value.isFinite { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
