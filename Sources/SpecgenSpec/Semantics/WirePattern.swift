/// Regular expressions for the text of values whose JSON Schema `format` readers do not agree on. The OpenAPI export
/// publishes them as `pattern`s, and the mock checks requests with them, so the two accept exactly the same strings.
public enum WirePattern {
    /// A `url`: an RFC 3986 URI reference, absolute (`https://host/path?query#fragment`) or relative (`/path`,
    /// `path`, `?query`), of its characters and `%XX` escapes. A little stricter than the RFC (no user info, IP
    /// literals or empty host), so every string it matches is a URI reference to any reader of `format`.
    public static let uriReference: String = {
        let escape = "%[0-9A-Fa-f]{2}"
        let character = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@]|\(escape))"
        let firstSegment = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=@]|\(escape))+"  // no `:`, which would read as a scheme
        let rest = "(?:/\(character)*)*"
        let authority = "//[A-Za-z0-9\\-._~]+(?::[0-9]*)?"
        let scheme = "[A-Za-z][A-Za-z0-9+.\\-]*:"
        let absolute = "\(scheme)(?:\(authority)\(rest)|/?(?:\(character)+\(rest))?)"
        let relative = "(?:\(authority)\(rest)|/(?:\(character)+\(rest))?|\(firstSegment)\(rest))?"
        let tail = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@/?]|\(escape))*"
        return "^(?:\(absolute)|\(relative))(?:\\?\(tail))?(?:#\(tail))?$"
    }()

    /// An RFC 3339 date-time, as the client writes and reads it (ISO 8601 with `T`, optional fractional seconds,
    /// and `Z` or an offset).
    public static let dateTime =
        "^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]"
        + "(?:\\.[0-9]+)?(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$"

    /// An RFC 3339 full date, `yyyy-MM-dd`.
    public static let date = "^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])$"

    /// A UUID in its 8-4-4-4-12 hexadecimal form, either case.
    public static let uuid = "^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"

    /// The pattern of a primitive's text, for those whose JSON Schema `format` readers need not assert.
    public static func of(_ primitive: Primitive) -> String? {
        switch primitive {
        case .datetime: dateTime
        case .date: date
        case .uuid: uuid
        case .url: uriReference
        default: nil
        }
    }

    /// The text a Unicode date format (`yyyy-MM-dd HH:mm`, as `DateFormatter` writes it) produces, such as
    /// `^\d{4}-(?:0[1-9]|1[0-2])$` for `yyyy-MM`; nil when the format uses a field this does not know (the value is
    /// then described as any string).
    public static func dateFormat(_ format: String) -> String? {
        var result = "^"
        var characters = Array(format)[...]
        while let first = characters.first {
            if first == "'" {
                characters = characters.dropFirst()
                if characters.first == "'" {  // `''` is one quote.
                    result += "'"
                    characters = characters.dropFirst()
                    continue
                }
                while let next = characters.first {
                    characters = characters.dropFirst()
                    if next == "'" {
                        if characters.first == "'" {
                            result += "'"
                            characters = characters.dropFirst()
                            continue
                        }
                        break
                    }
                    result += escaped(next)
                }
                continue
            }
            let run = characters.prefix { $0 == first }.count
            characters = characters.dropFirst(run)
            guard first.isASCII, first.isLetter else {
                result += String(repeating: escaped(first), count: run)
                continue
            }
            guard let field = field(first, count: run) else { return nil }
            result += field
        }
        return result + "$"
    }

    private static func field(_ letter: Character, count: Int) -> String? {
        switch letter {
        case "y", "u": count == 2 ? #"\d{2}"# : #"\d{4}"#
        case "M", "L":
            switch count {
            case 1: "(?:1[0-2]|0?[1-9])"
            case 2: "(?:0[1-9]|1[0-2])"
            case 3: "[A-Za-z]{3}"
            default: "[A-Za-z]+"
            }
        case "d": count == 1 ? #"(?:3[01]|[12]\d|0?[1-9])"# : #"(?:0[1-9]|[12]\d|3[01])"#
        case "H": count == 1 ? #"(?:2[0-3]|1\d|0?\d)"# : #"(?:[01]\d|2[0-3])"#
        case "h": count == 1 ? "(?:1[0-2]|0?[1-9])" : "(?:0[1-9]|1[0-2])"
        case "k", "K": count == 1 ? #"\d{1,2}"# : #"\d{2}"#
        case "m", "s": count == 1 ? #"[0-5]?\d"# : #"[0-5]\d"#
        case "S": #"\d{\#(count)}"#
        case "D": count == 1 ? #"\d{1,3}"# : #"\d{\#(max(count, 3))}"#
        case "E": count <= 3 ? "[A-Za-z]{3}" : "[A-Za-z]+"
        case "a": "(?:AM|PM|am|pm)"
        case "Z":
            switch count {
            case 1...3: #"[+-]\d{4}"#
            case 4: #"GMT[+-]\d{2}:\d{2}"#
            default: #"(?:Z|[+-]\d{2}:\d{2})"#
            }
        case "X": "(?:Z|\(offset(count)))"
        case "x": offset(count)
        case "z": count <= 3 ? "[A-Za-z]{3,5}" : "[A-Za-z ]+"
        default: nil
        }
    }

    private static func offset(_ count: Int) -> String {
        switch count {
        case 1: #"[+-]\d{2}(?:\d{2})?"#
        case 2, 4: #"[+-]\d{4}"#
        default: #"[+-]\d{2}:\d{2}"#
        }
    }

    private static func escaped(_ character: Character) -> String {
        #"\^$.|?*+()[]{}"#.contains(character) ? "\\\(character)" : String(character)
    }
}
