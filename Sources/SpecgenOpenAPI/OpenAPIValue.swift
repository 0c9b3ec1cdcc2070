import SpecgenSpec

/// A JSON value whose objects keep their keys in insertion order, so an exported document reads like the spec and
/// is byte-stable.
public indirect enum OpenAPIValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([OpenAPIValue])
    case object(OpenAPIObject)

    /// Whether the string appears anywhere in the value, as a string value.
    func mentions(_ text: String) -> Bool {
        switch self {
        case .string(let string): string == text
        case .array(let items): items.contains { $0.mentions(text) }
        case .object(let object): object.members.contains { $0.value.mentions(text) }
        default: false
        }
    }

    /// The value as pretty-printed JSON with two-space indents, ending in a newline.
    public var json: String {
        var out = ""
        writeJSON(into: &out, indent: "")
        return out + "\n"
    }

    /// The value as block-style YAML, ending in a newline. Strings are quoted whenever a plain scalar could read as
    /// something else, so every YAML 1.1 and 1.2 reader gets the same document.
    public var yaml: String {
        var out = ""
        switch self {
        case .object(let object) where !object.members.isEmpty:
            writeYAMLMembers(object.members, into: &out, indent: "")
        case .array(let items) where !items.isEmpty:
            writeYAMLItems(items, into: &out, indent: "")
        default:
            out = inlineYAML + "\n"
        }
        return out
    }

    private func writeJSON(into out: inout String, indent: String) {
        switch self {
        case .array(let items) where !items.isEmpty:
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += indent + "  "
                item.writeJSON(into: &out, indent: indent + "  ")
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let object) where !object.members.isEmpty:
            out += "{\n"
            for (index, member) in object.members.enumerated() {
                out += indent + "  " + JSONLiteral.string(member.key) + ": "
                member.value.writeJSON(into: &out, indent: indent + "  ")
                out += index == object.members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        default:
            out += scalarJSON
        }
    }

    /// Scalars and empty containers, identical in JSON and YAML flow style.
    private var scalarJSON: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): JSONLiteral.number(value)
        case .string(let value): JSONLiteral.string(value)
        case .array: "[]"
        case .object: "{}"
        }
    }

    private var inlineYAML: String {
        if case .string(let value) = self { return Self.yamlScalar(value) }
        return scalarJSON
    }

    private var isBlockContainer: Bool {
        switch self {
        case .array(let items): !items.isEmpty
        case .object(let object): !object.members.isEmpty
        default: false
        }
    }

    /// `key:` at `indent`; a key past YAML's 1,024-character limit for keys on their value's line (JSON allows any)
    /// is an explicit key, `? key` with `:` on the next line.
    static func yamlKey(_ key: String, indent: String, inFlow: Bool = true) -> String {
        needsExplicitKey(key)
            ? indent + "? " + yamlScalar(key, inFlow: inFlow) + "\n" + indent + ":"
            : indent + yamlScalar(key, inFlow: inFlow) + ":"
    }

    /// Whether a key is too long to stand on its value's line.
    static func needsExplicitKey(_ key: String) -> Bool { key.utf8.count > 1_000 }

    private func writeYAMLMembers(_ members: [OpenAPIObject.Member], into out: inout String, indent: String) {
        for member in members {
            out += Self.yamlKey(member.key, indent: indent)
            member.value.writeYAMLValue(into: &out, indent: indent + "  ", afterDash: false)
        }
    }

    private func writeYAMLItems(_ items: [OpenAPIValue], into out: inout String, indent: String) {
        for item in items {
            out += indent + "-"
            item.writeYAMLValue(into: &out, indent: indent + "  ", afterDash: true)
        }
    }

    /// Writes a value after `key:` or `-`: scalars on the same line, containers on the lines below.
    private func writeYAMLValue(into out: inout String, indent: String, afterDash: Bool) {
        guard isBlockContainer else {
            out += " " + inlineYAML + "\n"
            return
        }
        switch self {
        case .object(let object) where afterDash && !Self.needsExplicitKey(object.members[0].key):
            // `- key: value` with the rest of the mapping aligned under the first key, and the first key's own
            // block below it, one level deeper.
            let first = object.members[0]
            out += " " + Self.yamlScalar(first.key) + ":"
            first.value.writeYAMLValue(into: &out, indent: indent + "  ", afterDash: false)
            writeYAMLMembers(Array(object.members.dropFirst()), into: &out, indent: indent)
        case .object(let object):
            out += "\n"
            writeYAMLMembers(object.members, into: &out, indent: indent)
        case .array(let items):
            out += "\n"
            writeYAMLItems(items, into: &out, indent: indent)
        default:
            break
        }
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
    static func yamlScalar(_ text: String, inFlow: Bool = true) -> String {
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

/// A JSON object with its members in insertion order.
public struct OpenAPIObject: Hashable, Sendable {
    /// One key and its value.
    public struct Member: Hashable, Sendable {
        /// The key.
        public var key: String
        /// Its value.
        public var value: OpenAPIValue
    }

    /// The members, in order.
    public private(set) var members: [Member] = []

    /// Creates an empty object.
    public init() {}

    /// Sets a key, replacing its value in place when present; a nil value leaves the object as it is.
    public subscript(key: String) -> OpenAPIValue? {
        get { members.first { $0.key == key }?.value }
        set {
            guard let newValue else { return }
            if let index = members.firstIndex(where: { $0.key == key }) {
                members[index].value = newValue
            } else {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Removes a key and its value, if present.
    public mutating func removeValue(forKey key: String) {
        members.removeAll { $0.key == key }
    }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }
}

extension OpenAPIValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral {
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer.
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension OpenAPIObject: ExpressibleByDictionaryLiteral {
    /// An object with these members, in order.
    public init(dictionaryLiteral elements: (String, OpenAPIValue)...) {
        for (key, value) in elements { self[key] = value }
    }
}
