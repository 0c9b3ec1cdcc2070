import SpecgenSpec
import SpecgenSpecWriter

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
        if case .string(let value) = self { return YAMLScalar.text(value) }
        return scalarJSON
    }

    private var isBlockContainer: Bool {
        switch self {
        case .array(let items): !items.isEmpty
        case .object(let object): !object.members.isEmpty
        default: false
        }
    }

    private func writeYAMLMembers(_ members: [OpenAPIObject.Member], into out: inout String, indent: String) {
        for member in members {
            out += YAMLScalar.key(member.key, indent: indent)
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
        case .object(let object) where afterDash && !YAMLScalar.needsExplicitKey(object.members[0].key):
            // `- key: value` with the rest of the mapping aligned under the first key, and the first key's own
            // block below it, one level deeper.
            let first = object.members[0]
            out += " " + YAMLScalar.text(first.key) + ":"
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
