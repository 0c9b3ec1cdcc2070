import SpecgenYAML

/// A type as written, before its names are checked: the type, whether the field may be absent, and where each
/// named type is written (so "unknown type" points at the name, not the start of the line).
struct TypeExpression {
    var type: TypeRef
    var presence: Presence
    var names: [(name: String, location: SourceLocation)]
}

/// Reads the type shorthand: `string`, `Ticket?`, `string??`, `[Message]`, `{string: FieldRegion}`.
///
/// Unquoted `[Message]` and `{string: FieldRegion}` are YAML collections, so both the text and the collection
/// forms are accepted; a suffix such as `[Message]?` needs quotes, since YAML reads `]?` as a syntax error.
enum TypeExpressionParser {
    /// Whether a node is written as a type (rather than a long-form mapping with `type:`).
    static func isTypeNode(_ node: YAMLNode) -> Bool {
        switch node.content {
        case .scalar: return !node.isNull
        case .sequence(let items): return items.count == 1
        case .mapping(let pairs): return pairs.count == 1 && pairs[0].key.scalar == "string"
        }
    }

    static func parse(_ node: YAMLNode, keyPath: String, context: LoadContext) -> TypeExpression? {
        switch node.content {
        case .scalar(let text, _):
            guard !node.isNull else {
                context.error(
                    .typeSyntax, node, "missing type at '\(keyPath)'", fix: "write a type such as 'string' or 'Ticket'")
                return nil
            }
            return parse(text, at: context.textLocation(node), keyPath: keyPath, context: context)
        case .sequence(let items):
            guard items.count == 1, let inner = parse(items[0], keyPath: keyPath, context: context) else {
                context.error(
                    .typeSyntax,
                    node, "an array type lists exactly one element type at '\(keyPath)'",
                    fix: "write '[Element]'")
                return nil
            }
            guard inner.presence == .required else {
                context.error(
                    .typeSyntax,
                    items[0], "array elements cannot be optional at '\(keyPath)'",
                    fix: "make the array itself optional: '\"[\(inner.type)]?\"'")
                return nil
            }
            return TypeExpression(type: .array(inner.type), presence: .required, names: inner.names)
        case .mapping(let pairs):
            guard pairs.count == 1, pairs[0].key.scalar == "string",
                let inner = parse(pairs[0].value, keyPath: keyPath, context: context)
            else {
                context.error(.typeSyntax, node, "a map type is written '{string: Value}' at '\(keyPath)'")
                return nil
            }
            guard inner.presence == .required else {
                context.error(.typeSyntax, pairs[0].value, "map values cannot be optional at '\(keyPath)'")
                return nil
            }
            return TypeExpression(type: .map(inner.type), presence: .required, names: inner.names)
        }
    }

    static func parse(
        _ text: String, at location: SourceLocation, keyPath: String, context: LoadContext
    )
        -> TypeExpression?
    {
        if let simple = simple(text, at: location) { return simple }
        var scanner = Scanner(characters: Array(text), location: location)
        guard let type = scanner.type() else {
            context.error(
                .typeSyntax,
                at: location.advanced(by: scanner.position),
                "cannot read type '\(text)' at '\(keyPath)': \(scanner.failure ?? "unexpected text")",
                fix: "write a type such as 'string', 'Ticket?', '[Message]' or '{string: Region}'")
            return nil
        }
        var presence = Presence.required
        if scanner.take("?") { presence = .optional }
        if scanner.take("?") { presence = .nullable }
        scanner.skipSpaces()
        guard scanner.isAtEnd else {
            context.error(
                .typeSyntax,
                at: location.advanced(by: scanner.position),
                "unexpected '\(String(scanner.characters[scanner.position...]))' in type '\(text)'"
                    + " at '\(keyPath)'")
            return nil
        }
        return TypeExpression(type: type, presence: presence, names: scanner.names)
    }

    /// The common case, read without the scanner: one ASCII name (`Ticket`, `string`) and at most two `?`.
    private static func simple(_ text: String, at location: SourceLocation) -> TypeExpression? {
        let bytes = text.utf8
        let marks = bytes.reversed().prefix { $0 == UInt8(ascii: "?") }.count
        guard marks <= 2, marks < bytes.count,
            bytes.dropLast(marks).allSatisfy({
                ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
            })
        else { return nil }
        let name = String(decoding: bytes.dropLast(marks), as: UTF8.self)
        let presence: Presence = marks == 0 ? .required : marks == 1 ? .optional : .nullable
        if let primitive = Primitive(rawValue: name) {
            return TypeExpression(type: .primitive(primitive), presence: presence, names: [])
        }
        return TypeExpression(type: .named(name), presence: presence, names: [(name, location)])
    }

    private struct Scanner {
        let characters: [Character]
        let location: SourceLocation
        var position = 0
        var names: [(name: String, location: SourceLocation)] = []
        var failure: String?

        var isAtEnd: Bool { position >= characters.count }

        mutating func skipSpaces() {
            while position < characters.count, characters[position] == " " { position += 1 }
        }

        mutating func take(_ character: Character) -> Bool {
            skipSpaces()
            guard position < characters.count, characters[position] == character else { return false }
            position += 1
            return true
        }

        mutating func type() -> TypeRef? {
            if take("[") {
                guard let element = type() else { return nil }
                if take("?") {
                    failure = "array elements cannot be optional"
                    return nil
                }
                guard take("]") else {
                    failure = "expected ']'"
                    return nil
                }
                return .array(element)
            }
            if take("{") {
                skipSpaces()
                let keyStart = position
                guard let key = identifier(), key == "string" else {
                    position = keyStart
                    failure = "map keys are always 'string', as in '{string: Value}'"
                    return nil
                }
                guard take(":") else {
                    failure = "expected ':' after 'string'"
                    return nil
                }
                guard let value = type() else { return nil }
                if take("?") {
                    failure = "map values cannot be optional"
                    return nil
                }
                guard take("}") else {
                    failure = "expected '}'"
                    return nil
                }
                return .map(value)
            }
            skipSpaces()
            let start = position
            guard let name = identifier() else {
                failure = isAtEnd ? "expected a type name" : "expected a type name, found '\(characters[position])'"
                return nil
            }
            if let primitive = Primitive(rawValue: name) { return .primitive(primitive) }
            names.append((name, location.advanced(by: start)))
            return .named(name)
        }

        mutating func identifier() -> String? {
            let start = position
            while position < characters.count,
                characters[position].isLetter || characters[position].isNumber || characters[position] == "_"
                    || characters[position] == "."
            {
                position += 1
            }
            return position > start ? String(characters[start..<position]) : nil
        }
    }
}
