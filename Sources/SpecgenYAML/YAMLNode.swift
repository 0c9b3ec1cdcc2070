/// A place in a YAML file, counted from 1 as editors show it.
public struct YAMLMark: Hashable, Sendable, Comparable {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int

    /// Creates a mark from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Orders marks by line, then column.
    public static func < (lhs: YAMLMark, rhs: YAMLMark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// How a scalar was written, which decides whether it may be read as a number, a boolean or null.
public enum YAMLScalarStyle: String, Hashable, Sendable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// One entry of a mapping, in document order.
public struct YAMLPair: Hashable, Sendable {
    /// The key node (always a scalar in a spec).
    public var key: YAMLNode
    /// The value node.
    public var value: YAMLNode

    /// Creates a pair.
    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// A node of a parsed YAML document, with aliases expanded and merge keys (`<<`) applied.
public struct YAMLNode: Hashable, Sendable {
    /// The content of a node.
    public enum Content: Hashable, Sendable {
        /// A scalar's text and how it was written.
        case scalar(String, YAMLScalarStyle)
        /// A sequence's items in document order.
        case sequence([YAMLNode])
        /// A mapping's entries in document order (merged entries follow the explicit ones).
        case mapping([YAMLPair])
    }

    /// What the node holds.
    public var content: Content
    /// Where the node starts.
    public var mark: YAMLMark
    /// An explicit tag such as `!!str`, expanded to its full form, when one was written.
    public var tag: String?

    /// Creates a node.
    public init(_ content: Content, mark: YAMLMark, tag: String? = nil) {
        self.content = content
        self.mark = mark
        self.tag = tag
    }
}

extension YAMLNode {
    /// The scalar's text, or nil for a sequence or mapping.
    public var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// The mapping's entries, or nil for a scalar or sequence.
    public var pairs: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The sequence's items, or nil for a scalar or mapping.
    public var items: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// Whether this is an untagged plain scalar, the only kind the YAML core schema reads as non-strings.
    public var isPlainScalar: Bool {
        if case .scalar(_, .plain) = content { return tag == nil }
        return false
    }

    /// Whether the node is null in the core schema (`null`, `~` or nothing).
    public var isNull: Bool {
        guard isPlainScalar, let text = scalar else { return tag == "tag:yaml.org,2002:null" }
        return ["", "~", "null", "Null", "NULL"].contains(text)
    }

    /// The node as a core-schema boolean, or nil when it is not one.
    public var bool: Bool? {
        guard isPlainScalar || tag == "tag:yaml.org,2002:bool", let text = scalar else { return nil }
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// The node as a core-schema integer (decimal, `0x` hex or `0o` octal), or nil when it is not one.
    public var int: Int? {
        guard isPlainScalar || tag == "tag:yaml.org,2002:int", let text = scalar else { return nil }
        var digits = Substring(text)
        var sign = 1
        if digits.first == "-" || digits.first == "+" {
            sign = digits.first == "-" ? -1 : 1
            digits = digits.dropFirst()
        }
        let value: Int?
        if digits.hasPrefix("0x") {
            value = Int(digits.dropFirst(2), radix: 16)
        } else if digits.hasPrefix("0o") {
            value = Int(digits.dropFirst(2), radix: 8)
        } else if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
            value = Int(digits)
        } else {
            value = nil
        }
        return value.map { $0 * sign }
    }

    /// The node as a core-schema number (integer or float), or nil when it is not one.
    public var double: Double? {
        if let int { return Double(int) }
        guard isPlainScalar || tag == "tag:yaml.org,2002:float", let text = scalar else { return nil }
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default:
            guard text.first.map({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." }) == true else { return nil }
            return Double(text)
        }
    }

    /// A short phrase naming what the node is, for diagnostics ("a list", "a mapping", "the number 3").
    public var kindDescription: String {
        switch content {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .scalar(let text, _):
            if isNull { return "null" }
            if let bool { return "the boolean \(bool)" }
            if double != nil { return "the number \(text)" }
            return "a string"
        }
    }

    /// The value for a scalar key in a mapping, or nil when the key is absent or the node is not a mapping.
    public subscript(key: String) -> YAMLNode? {
        pairs?.first(where: { $0.key.scalar == key })?.value
    }
}

extension YAMLNode {
    /// Whether two nodes say the same wherever they are written: the same scalars (read alike: plain, or quoted
    /// as text), the same items in order, the same keys with the same values in any order.
    public func saysTheSame(as other: YAMLNode) -> Bool {
        guard tag == other.tag else { return false }
        switch (content, other.content) {
        case (.scalar(let text, _), .scalar(let otherText, _)):
            return text == otherText && isPlainScalar == other.isPlainScalar
        case (.sequence(let items), .sequence(let otherItems)):
            return items.count == otherItems.count && zip(items, otherItems).allSatisfy { $0.saysTheSame(as: $1) }
        case (.mapping(let pairs), .mapping(let otherPairs)):
            guard pairs.count == otherPairs.count else { return false }
            return pairs.allSatisfy { pair in
                otherPairs.contains { $0.key.scalar == pair.key.scalar && $0.value.saysTheSame(as: pair.value) }
            }
        default:
            return false
        }
    }
}
