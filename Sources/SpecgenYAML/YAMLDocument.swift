internal import CYAML

/// A YAML problem that stops parsing: a syntax error, a duplicate key, or a document too large to expand.
public struct YAMLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file the problem is in, as the caller named it.
    public var path: String
    /// Where the problem is.
    public var mark: YAMLMark
    /// What is wrong.
    public var message: String
    /// What to write instead, when there is one clear fix.
    public var fix: String?

    /// Creates an error.
    public init(path: String, mark: YAMLMark, message: String, fix: String? = nil) {
        self.path = path
        self.mark = mark
        self.message = message
        self.fix = fix
    }

    /// `path:line:column: error: message`, as compilers print it.
    public var description: String {
        "\(path):\(mark.line):\(mark.column): error: \(message)" + (fix.map { "; \($0)" } ?? "")
    }
}

/// Bounds that keep a hostile document from exhausting memory or the stack.
public struct YAMLLimits: Hashable, Sendable {
    /// The most nodes the document may hold once every alias is expanded.
    public var maxExpandedNodes: Int
    /// The deepest nesting of sequences and mappings.
    public var maxDepth: Int

    /// Creates limits.
    public init(maxExpandedNodes: Int = 1_000_000, maxDepth: Int = 200) {
        self.maxExpandedNodes = maxExpandedNodes
        self.maxDepth = maxDepth
    }
}

/// One parsed YAML document: the only place in Specgen that talks to libyaml.
public struct YAMLDocument: Hashable, Sendable {
    /// The file the document came from, as the caller named it.
    public var path: String
    /// The root node, or nil for an empty document.
    public var root: YAMLNode?

    /// Parses UTF-8 (or UTF-16 with a byte-order mark) bytes into a node tree.
    ///
    /// Aliases are expanded and merge keys applied. Duplicate keys, syntax errors, more than one document,
    /// and alias expansion past `limits` are errors located at the offending node.
    public init(parsing bytes: [UInt8], path: String, limits: YAMLLimits = YAMLLimits()) throws(YAMLError) {
        self.path = path
        var builder = TreeBuilder(path: path, limits: limits)
        let result: Result<YAMLNode?, YAMLError> = bytes.withUnsafeBufferPointer { buffer in
            builder.parse(buffer)
        }
        self.root = try result.get()
    }

    /// Parses JSON text (RFC 8259) into the same node tree, by JSON's rules rather than YAML's: C1 controls and
    /// U+2028 in strings, `\u` surrogate pairs and keys of any length are read as JSON defines them. Strings are
    /// double-quoted scalars; numbers, `true`, `false` and `null` are plain ones. Duplicate keys, syntax errors and
    /// nesting past `limits` are errors located where they stand.
    public init(parsingJSON bytes: [UInt8], path: String, limits: YAMLLimits = YAMLLimits()) throws(YAMLError) {
        self.path = path
        let result: Result<YAMLNode?, YAMLError> = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer, path: path, limits: limits)
            do throws(YAMLError) { return .success(try reader.read()) } catch { return .failure(error) }
        }
        self.root = try result.get()
    }

    /// Whether bytes look like JSON rather than YAML: their first character past white space and a byte-order mark
    /// opens an object or an array. (YAML's flow style can start so too; a reader tries JSON first, then YAML.)
    public static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && (bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "["))
    }

    /// Parses a string into a node tree; see ``init(parsing:path:limits:)-([UInt8],_,_)``.
    public init(parsing text: String, path: String, limits: YAMLLimits = YAMLLimits()) throws(YAMLError) {
        try self.init(parsing: Array(text.utf8), path: path, limits: limits)
    }
}

extension YAMLMark {
    /// Converts libyaml's zero-based mark into the 1-based line and column that editors show.
    init(_ mark: yaml_mark_t) {
        self.init(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }
}

/// Builds the node tree from libyaml's event stream with an explicit stack, so deep input cannot overflow ours.
private struct TreeBuilder {
    private struct Frame {
        enum Body {
            case sequence([YAMLNode])
            case mapping(pairs: [YAMLPair], pendingKey: YAMLNode?, keys: [String: YAMLMark], merges: [YAMLNode])
        }
        var body: Body
        var mark: YAMLMark
        var tag: String?
        var anchor: String?
        var size: Int
    }

    let path: String
    let limits: YAMLLimits
    private var stack: [Frame] = []
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    private var expandedNodes = 0
    /// Whether an alias has been expanded, so the node limit may be the aliases' doing.
    private var expandedAliases = false
    private var root: YAMLNode?
    private var documents = 0

    init(path: String, limits: YAMLLimits) {
        self.path = path
        self.limits = limits
    }

    mutating func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<YAMLNode?, YAMLError> {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            return .failure(error(at: YAMLMark(line: 1, column: 1), "the YAML parser could not start (out of memory)"))
        }
        defer { yaml_parser_delete(&parser) }
        // libyaml reads from the pointer lazily; `buffer` outlives the parser because both live in this call.
        if let base = buffer.baseAddress {
            yaml_parser_set_input_string(&parser, base, buffer.count)
        } else {
            return .success(nil)
        }
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) != 0 else {
                return .failure(syntaxError(parser, buffer: buffer))
            }
            defer { yaml_event_delete(&event) }
            if event.type == YAML_STREAM_END_EVENT { return .success(root) }
            if let failure = handle(event) { return .failure(failure) }
        }
    }

    private mutating func handle(_ event: yaml_event_t) -> YAMLError? {
        let mark = YAMLMark(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                return error(
                    at: mark, "a spec holds one YAML document, but a second one starts here",
                    fix: "remove the '---' line or move the second document to its own file")
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = string(scalar.value, length: scalar.length)
            let node = YAMLNode(.scalar(text, style(scalar.style)), mark: mark, tag: string(scalar.tag))
            return complete(node, size: 1, anchor: string(scalar.anchor))
        case YAML_SEQUENCE_START_EVENT:
            let start = event.data.sequence_start
            return open(
                Frame(
                    body: .sequence([]), mark: mark, tag: string(start.tag), anchor: string(start.anchor),
                    size: 1))
        case YAML_MAPPING_START_EVENT:
            let start = event.data.mapping_start
            let body = Frame.Body.mapping(pairs: [], pendingKey: nil, keys: [:], merges: [])
            return open(Frame(body: body, mark: mark, tag: string(start.tag), anchor: string(start.anchor), size: 1))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { return nil }
            let content: YAMLNode.Content
            switch frame.body {
            case .sequence(let items):
                content = .sequence(items)
            case .mapping(var pairs, _, var keys, let merges):
                applyMerges(merges, to: &pairs, keys: &keys)
                content = .mapping(pairs)
            }
            return complete(
                YAMLNode(content, mark: frame.mark, tag: frame.tag), size: frame.size, anchor: frame.anchor,
                counted: true)
        case YAML_ALIAS_EVENT:
            let name = string(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else {
                return error(
                    at: mark, "alias '*\(name)' has no anchor '&\(name)' before it",
                    fix: "define '&\(name)' on a node that ends before this alias")
            }
            var node = target.node
            node.mark = mark
            expandedAliases = true
            return complete(node, size: target.size, anchor: nil, counted: false, aliasMark: mark)
        default:
            break
        }
        return nil
    }

    private mutating func open(_ frame: Frame) -> YAMLError? {
        if stack.count >= limits.maxDepth {
            return error(at: frame.mark, "nesting is deeper than \(limits.maxDepth) levels")
        }
        expandedNodes += 1
        stack.append(frame)
        return nil
    }

    /// Hands a finished node to its parent, counting it towards the expansion limit.
    private mutating func complete(
        _ node: YAMLNode, size: Int, anchor: String?, counted: Bool = false, aliasMark: YAMLMark? = nil
    ) -> YAMLError? {
        if !counted {
            expandedNodes += size
            if expandedNodes > limits.maxExpandedNodes {
                // Blamed on aliases only when one is expanding here or has been: a document can be that large alone.
                guard aliasMark != nil || expandedAliases else {
                    return error(
                        at: node.mark, "the document holds more than \(limits.maxExpandedNodes) nodes",
                        fix: "split it into files that '$ref' each other, or remove what the API does not need")
                }
                return error(
                    at: aliasMark ?? node.mark,
                    "the document expands to more than \(limits.maxExpandedNodes) nodes through aliases",
                    fix: "write the repeated part once, or reference it from fewer places")
            }
        }
        if let anchor { anchors[anchor] = (node, size) }
        guard var parent = stack.popLast() else {
            root = node
            return nil
        }
        defer { stack.append(parent) }
        parent.size += size
        switch parent.body {
        case .sequence(var items):
            parent.body = .sequence([])  // Release the old array so the append does not copy it.
            items.append(node)
            parent.body = .sequence(items)
        case .mapping(var pairs, let pendingKey, var keys, var merges):
            parent.body = .mapping(pairs: [], pendingKey: nil, keys: [:], merges: [])
            defer {
                parent.body = .mapping(
                    pairs: pairs, pendingKey: pendingKey == nil ? node : nil, keys: keys,
                    merges: merges)
            }
            guard let key = pendingKey else {
                if node.scalar == nil {
                    return error(at: node.mark, "a mapping key must be a plain string, not \(node.kindDescription)")
                }
                return nil
            }
            let keyText = key.scalar ?? ""
            if key.isPlainScalar && keyText == "<<" || key.tag == "tag:yaml.org,2002:merge" {
                guard isMergeable(node) else {
                    return error(
                        at: node.mark,
                        "a merge key '<<' takes a mapping or a list of mappings, not "
                            + node.kindDescription)
                }
                merges.append(node)
                return nil
            }
            if let first = Self.earlierKey(keyText, in: pairs, index: &keys) {
                return error(
                    at: key.mark,
                    "duplicate key '\(keyText)' (first defined at line \(first.line), column \(first.column))",
                    fix: "remove one of them or rename it")
            }
            if !keys.isEmpty { keys[keyText] = key.mark }
            pairs.append(YAMLPair(key: key, value: node))
        }
        return nil
    }

    private func isMergeable(_ node: YAMLNode) -> Bool {
        switch node.content {
        case .mapping: return true
        case .sequence(let items): return items.allSatisfy { $0.pairs != nil }
        case .scalar: return false
        }
    }

    /// Adds merged entries that the mapping does not set itself; earlier merge sources win over later ones.
    /// Where a mapping already has a key. A small mapping is scanned; past 16 keys the mapping's keys are indexed,
    /// and the index then grows with it.
    private static func earlierKey(
        _ key: String, in pairs: [YAMLPair], index keys: inout [String: YAMLMark]
    )
        -> YAMLMark?
    {
        if keys.isEmpty && pairs.count < 16 { return pairs.first { $0.key.scalar == key }?.key.mark }
        indexKeys(of: pairs, into: &keys)
        return keys[key]
    }

    /// Adds the keys the index lacks: those of the pairs after the indexed prefix.
    private static func indexKeys(of pairs: [YAMLPair], into keys: inout [String: YAMLMark]) {
        guard keys.count < pairs.count else { return }
        for pair in pairs[keys.count...] { keys[pair.key.scalar ?? ""] = pair.key.mark }
    }

    private func applyMerges(_ merges: [YAMLNode], to pairs: inout [YAMLPair], keys: inout [String: YAMLMark]) {
        if !merges.isEmpty { Self.indexKeys(of: pairs, into: &keys) }
        for merge in merges {
            let sources = merge.items ?? [merge]
            for source in sources {
                for pair in source.pairs ?? [] {
                    let key = pair.key.scalar ?? ""
                    guard keys[key] == nil else { continue }
                    keys[key] = pair.key.mark
                    pairs.append(pair)
                }
            }
        }
    }

    private func style(_ style: yaml_scalar_style_t) -> YAMLScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int? = nil) -> String? {
        guard let pointer else { return nil }
        var count = length ?? 0
        if length == nil {
            while pointer[count] != 0 { count += 1 }
        }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String {
        string(pointer, length: Optional(length)) ?? ""
    }

    private func syntaxError(_ parser: yaml_parser_t, buffer: UnsafeBufferPointer<UInt8>) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if parser.error == YAML_READER_ERROR {
            // Reader errors carry a byte offset, not a mark.
            let offset = min(Int(parser.problem_offset), buffer.count)
            var mark = YAMLMark(line: 1, column: 1)
            var index = 0
            while index < offset {
                if buffer[index] == 0x0A {
                    mark = YAMLMark(line: mark.line + 1, column: 1)
                } else if buffer[index] & 0xC0 != 0x80 {
                    mark.column += 1
                }
                index += 1
            }
            let value = Int(parser.problem_value)
            let byte = String(value, radix: 16, uppercase: true)
            if problem.hasPrefix("control characters") {
                // libyaml says this of valid UTF-8 that YAML does not print: C0 and C1 controls, DEL, U+FFFE.
                let binary = buffer.prefix(8_000).contains(0)
                return error(
                    at: mark,
                    binary
                        ? "this is a binary file, not YAML text (control character U+\(byte) here, and NUL bytes)"
                        : "the control character U+\(String(repeating: "0", count: max(0, 4 - byte.count)))\(byte) "
                            + "cannot stand in YAML text",
                    fix: binary ? nil : "remove it, or write it as an escape inside a double-quoted string")
            }
            return error(
                at: mark, "\(problem) (byte 0x\(byte)): the file is not valid UTF-8",
                fix: "save the spec as UTF-8")
        }
        let context = parser.context.map { String(cString: $0) }
        let offset = Int(parser.problem_mark.index)
        // The characters at the problem, decoded from the bytes that start there.
        let text = offset < buffer.count ? String(decoding: buffer[offset...].prefix(8), as: UTF8.self) : ""
        let said = YAMLSyntaxMessage(
            problem: problem, context: context, contextMark: context.map { _ in YAMLMark(parser.context_mark) },
            text: text.prefix(2))
        let mark = said.atContext ? YAMLMark(parser.context_mark) : YAMLMark(parser.problem_mark)
        return error(at: mark, said.message, fix: said.fix)
    }

    private func error(at mark: YAMLMark, _ message: String, fix: String? = nil) -> YAMLError {
        YAMLError(path: path, mark: mark, message: message, fix: fix)
    }
}
