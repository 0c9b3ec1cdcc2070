import Foundation

/// Strings that match a `pattern`: the mock answers with them and the diff sends them, so a value made for a field
/// meets the field's own regular expression. It reads the expressions real specs write (literals, classes, `\d`,
/// `\w`, `\s` and their complements, `.`, groups, alternation, every quantifier, anchors and boundaries, the `i`, `m`
/// and `s` flags) and refuses what it cannot generate from (lookaround, back references, Unicode properties, other
/// flags), which lint then names.
public enum PatternSampler {
    /// Why a pattern is beyond the sampler, such as `lookahead '(?='`.
    public struct Unsupported: Error, Hashable, Sendable {
        /// What the pattern holds that the sampler cannot generate from, such as `lookahead '(?=)'`.
        public var reason: String
    }

    /// A string that matches the whole of `pattern` and has between `minLength` and `maxLength` characters; nil
    /// when the pattern is beyond the sampler or no string it tried fits. Each `variant` picks other members of the
    /// pattern's classes (variant 0 the most readable), so a collection's items get distinct identifiers.
    public static func sample(
        _ pattern: String, minLength: Int? = nil, maxLength: Int? = nil, variant: Int = 0
    ) -> String? {
        guard case .success(let node) = parse(pattern),
            let regex = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        else { return nil }
        // Repetitions stop growing past this many characters, so nested ones stay small.
        let budget = maxLength ?? ((minLength ?? 0) + 64)
        // Fewest repetitions first, then more, each with every alternative's first, second ... choice.
        var tried: Set<String> = []
        for stretch in [0, 1, 2, 3, 5, 8, 13, 21, 34, 64, 128, 256] {
            for choice in 0..<4 {
                let text = node.text(stretch: stretch, choice: choice, budget: budget, variant: variant)
                guard tried.insert(text).inserted else { continue }
                if minLength.map({ text.count >= $0 }) ?? true, maxLength.map({ text.count <= $0 }) ?? true,
                    wholeMatch(text, regex: regex)
                {
                    return text
                }
            }
        }
        return nil
    }

    /// Whether `pattern` is one the sampler reads, and if not, why.
    public static func check(_ pattern: String) -> Unsupported? {
        if case .failure(let reason) = parse(pattern) { return reason }
        return nil
    }

    /// Whether the whole of `text` matches `pattern`, as the generated client and the mock check it (`.` also
    /// matches line separators). An expression this platform cannot read matches everything: lint reports it.
    public static func wholeMatch(_ text: String, pattern: String) -> Bool {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]) else {
            return true
        }
        return wholeMatch(text, regex: regex)
    }

    static func wholeMatch(_ text: String, regex: NSRegularExpression) -> Bool {
        let range = NSRange(text.startIndex..., in: text)
        return regex.firstMatch(in: text, options: [.anchored], range: range).map { $0.range == range } ?? false
    }

    static func parse(_ pattern: String) -> Result<Node, Unsupported> {
        var parser = Parser(scalars: Array(pattern.unicodeScalars))
        do {
            let node = try parser.alternation()
            guard parser.index == parser.scalars.count else { throw Unsupported(reason: "an unmatched ')'") }
            return .success(node)
        } catch let error as Unsupported {
            return .failure(error)
        } catch {
            return .failure(Unsupported(reason: "\(error)"))
        }
    }

    /// A parsed expression.
    indirect enum Node {
        case literal(Unicode.Scalar)
        case set(CharacterSet)
        case sequence([Node])
        case alternation([Node])
        case repetition(Node, min: Int, max: Int?)

        /// The text with unbounded and ranged repetitions `stretch` above their minimum (while the text is shorter
        /// than `budget`), each alternation taking its `choice`th alternative (wrapping), and the classes taking
        /// members by `variant`, read as a number whose digits are the successive classes' choices.
        func text(stretch: Int, choice: Int, budget: Int, variant: Int = 0) -> String {
            var writer = Writer(stretch: stretch, choice: choice, budget: budget, variant: variant)
            writer.write(self)
            return String(writer.result)
        }
    }

    /// Writes a node's text.
    struct Writer {
        let stretch: Int
        let choice: Int
        let budget: Int
        /// What is left of the variant for the classes still to write.
        var variant: Int
        var result = String.UnicodeScalarView()

        init(stretch: Int, choice: Int, budget: Int, variant: Int) {
            (self.stretch, self.choice, self.budget, self.variant) = (stretch, choice, budget, variant)
        }

        mutating func write(_ node: Node) {
            switch node {
            case .literal(let scalar): result.append(scalar)
            case .set(let set):
                let members = set.members
                result.append(members[variant % members.count])
                variant /= members.count
            case .sequence(let nodes): for node in nodes { write(node) }
            case .alternation(let nodes): write(nodes[choice % nodes.count])
            case .repetition(let node, let min, let max):
                let count = Swift.min(max ?? Int.max, min + stretch)
                for index in 0..<count where index < min || result.count < budget { write(node) }
            }
        }
    }

    /// A character class: ranges of scalars, or everything but them.
    struct CharacterSet {
        var ranges: [ClosedRange<UInt32>]
        var negated = false

        func contains(_ value: UInt32) -> Bool { ranges.contains { $0.contains(value) } != negated }

        /// Up to 36 members, the most readable first: lowercase letters, digits, uppercase letters, then any
        /// printable ASCII character, then the first of its ranges.
        var members: [Unicode.Scalar] {
            var found = Self.preferred.filter { contains($0.value) }
            for value in UInt32(0x21)...0x7E where found.count < 36 && contains(value) {
                let scalar = Unicode.Scalar(UInt8(value))
                if !found.contains(scalar) { found.append(scalar) }
            }
            if found.isEmpty, contains(0x20) { found.append(" ") }
            if found.isEmpty, !negated, let first = ranges.first, let scalar = Unicode.Scalar(first.lowerBound) {
                found.append(scalar)
            }
            return found.isEmpty ? [Unicode.Scalar(0xA1 as UInt8)] : Array(found.prefix(36))
        }

        static let preferred = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_-.".unicodeScalars)
        static let digits = CharacterSet(ranges: [0x30...0x39])
        static let word = CharacterSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
        static let space = CharacterSet(ranges: [0x09...0x0D, 0x20...0x20])
        static let anything = CharacterSet(ranges: [], negated: true)

        /// Every scalar these ranges leave out, as ranges (for a negated class inside another class).
        var complement: CharacterSet {
            var ranges: [ClosedRange<UInt32>] = []
            var start: UInt32 = 0
            for range in self.ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if range.lowerBound > start { ranges.append(start...(range.lowerBound - 1)) }
                start = Swift.max(start, range.upperBound + 1)
            }
            if start <= 0x10FFFF { ranges.append(start...0x10FFFF) }
            return CharacterSet(ranges: ranges)
        }
    }

    /// A recursive-descent reader of the expression.
    struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        var next: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        func peek(_ offset: Int) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        mutating func alternation() throws -> Node {
            var branches = [try sequence()]
            while next == "|" {
                index += 1
                branches.append(try sequence())
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        mutating func sequence() throws -> Node {
            var nodes: [Node] = []
            while let scalar = next, scalar != "|", scalar != ")" {
                guard let atom = try atom() else { continue }
                nodes.append(try quantified(atom))
            }
            return nodes.count == 1 ? nodes[0] : .sequence(nodes)
        }

        /// One atom; nil for an anchor, which adds no text.
        mutating func atom() throws -> Node? {
            guard let scalar = next else { return nil }
            index += 1
            switch scalar {
            case "^", "$": return nil
            case ".": return .set(.anything)
            case "[": return .set(try characterClass())
            case "(":
                if next == "?" {
                    switch (peek(1), peek(2)) {
                    case (":", _): index += 2
                    case ("<", let after) where after != "=" && after != "!":
                        try skipGroupName(from: 2)
                    case ("P", "<"): try skipGroupName(from: 3)
                    case (let flag?, _) where Self.flags.contains(flag):
                        // `(?i)` sets flags for the rest, `(?i:...)` for a group: both only widen what matches,
                        // and every string made is checked against the expression itself.
                        index += 1
                        while let scalar = next, Self.flags.contains(scalar) { index += 1 }
                        if next == ")" {
                            index += 1
                            return nil
                        }
                        guard next == ":" else { throw Unsupported(reason: "the group '(?\(flag)'") }
                        index += 1
                    case ("=", _), ("!", _): throw Unsupported(reason: "lookahead '(?\(peek(1) ?? " "))'")
                    case ("<", _): throw Unsupported(reason: "lookbehind '(?<\(peek(2) ?? " "))'")
                    default: throw Unsupported(reason: "the group '(?\(peek(1).map(String.init) ?? "")'")
                    }
                }
                let inner = try alternation()
                guard next == ")" else { throw Unsupported(reason: "an unclosed '('") }
                index += 1
                return inner
            case "\\": return try escape(inClass: false)
            case "*", "+", "?": throw Unsupported(reason: "a quantifier '\(scalar)' with nothing to repeat")
            default: return .literal(scalar)
            }
        }

        /// The inline flags the sampler reads: case-insensitive, multiline and dot-all only widen what matches.
        static let flags: Set<Unicode.Scalar> = ["i", "m", "s", "-"]

        mutating func skipGroupName(from offset: Int) throws {
            index += offset
            while let scalar = next, scalar != ">" { index += 1 }
            guard next == ">" else { throw Unsupported(reason: "an unclosed group name") }
            index += 1
        }

        mutating func quantified(_ atom: Node) throws -> Node {
            var node = atom
            while let scalar = next {
                let bounds: (Int, Int?)
                switch scalar {
                case "*": bounds = (0, nil)
                case "+": bounds = (1, nil)
                case "?": bounds = (0, 1)
                case "{":
                    guard let braces = counted() else { return node }
                    bounds = braces
                default: return node
                }
                if scalar != "{" { index += 1 }
                if next == "?" || next == "+" { index += 1 }  // lazy and possessive match the same strings
                node = .repetition(node, min: bounds.0, max: bounds.1)
            }
            return node
        }

        /// `{n}`, `{n,}` or `{n,m}` at the index, consumed; nil (and nothing consumed) for a literal `{`.
        mutating func counted() -> (Int, Int?)? {
            var cursor = index + 1
            func number() -> Int? {
                var digits = ""
                while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) {
                    digits.unicodeScalars.append(scalars[cursor])
                    cursor += 1
                }
                return Int(digits)
            }
            guard let low = number() else { return nil }
            var high: Int? = low
            if cursor < scalars.count, scalars[cursor] == "," {
                cursor += 1
                high = number()
            }
            guard cursor < scalars.count, scalars[cursor] == "}", high.map({ $0 >= low }) ?? true else { return nil }
            index = cursor + 1
            return (low, high)
        }

        mutating func escape(inClass: Bool) throws -> Node {
            guard let scalar = next else { throw Unsupported(reason: "a trailing '\\'") }
            index += 1
            switch scalar {
            case "d": return .set(.digits)
            case "w": return .set(.word)
            case "s": return .set(.space)
            case "D", "W", "S":
                let base: CharacterSet = scalar == "D" ? .digits : scalar == "W" ? .word : .space
                // Inside a class (`[\s\S]`) the complement joins the class's other members as ranges.
                return .set(inClass ? base.complement : CharacterSet(ranges: base.ranges, negated: true))
            case "b", "B", "A", "z", "Z", "G":
                guard !inClass else { return .literal(scalar == "b" ? "\u{8}" : scalar) }
                // An assertion adds no text; a string made across a boundary it refuses fails the final check.
                return .sequence([])
            case "1"..."9", "k": throw Unsupported(reason: "a back reference '\\\(scalar)'")
            case "p", "P": throw Unsupported(reason: "a Unicode property '\\\(scalar)'")
            case "n": return .literal("\n")
            case "t": return .literal("\t")
            case "r": return .literal("\r")
            case "f": return .literal("\u{C}")
            case "v": return .literal("\u{B}")
            case "0": return .literal("\0")
            case "x", "u":
                let width = scalar == "x" ? 2 : 4
                let digits = String(String.UnicodeScalarView(scalars[index..<min(index + width, scalars.count)]))
                guard digits.count == width, let value = UInt32(digits, radix: 16), let code = Unicode.Scalar(value)
                else { throw Unsupported(reason: "the escape '\\\(scalar)\(digits)'") }
                index += width
                return .literal(code)
            default:
                guard !scalar.properties.isAlphabetic else { throw Unsupported(reason: "the escape '\\\(scalar)'") }
                return .literal(scalar)
            }
        }

        mutating func characterClass() throws -> CharacterSet {
            var set = CharacterSet(ranges: [])
            if next == "^" {
                set.negated = true
                index += 1
            }
            var first = true
            while let scalar = next, scalar != "]" || first {
                first = false
                index += 1
                let low: UInt32
                if scalar == "[" {
                    throw Unsupported(reason: "a nested class or POSIX class inside '[...]'")
                } else if scalar == "\\" {
                    switch try escape(inClass: true) {
                    case .literal(let literal): low = literal.value
                    case .set(let inner):
                        set.ranges += inner.ranges
                        continue
                    default: continue
                    }
                } else {
                    low = scalar.value
                }
                if next == "-", let after = peek(1), after != "]" {
                    index += 1
                    var high = after.value
                    index += 1
                    if after == "\\" {
                        guard case .literal(let literal) = try escape(inClass: true) else {
                            throw Unsupported(reason: "a range ending in a class")
                        }
                        high = literal.value
                    }
                    guard low <= high else { throw Unsupported(reason: "a reversed range") }
                    set.ranges.append(low...high)
                } else {
                    set.ranges.append(low...low)
                }
            }
            guard next == "]" else { throw Unsupported(reason: "an unclosed '['") }
            index += 1
            return set
        }
    }
}
