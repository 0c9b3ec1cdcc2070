import Foundation
import SpecgenEmitter
import SpecgenSpec

/// App code that uses every public declaration of a generated client the way an app can: it calls each function and
/// initializer with every argument and with only the required ones, reads each property at its declared type,
/// switches exhaustively over each enum, builds each case, and uses each conformance. Arguments come from the
/// usage functions' own parameters, typed as the old client declares them, so no value needs inventing.
///
/// It also writes, for each closure type the mock takes, a closure with the old parameter and result types, as app
/// tests hand the mock. It does not conform types of its own to the API protocol: apps call the API and stand in for
/// it with the generated mock, so a requirement added to the protocol is no break (Docs/BreakingChanges.md).
///
/// Written against the old client and type-checked against the new one, it compiles exactly when the change keeps
/// every such use; a declaration it cannot use (a generic function) is counted in `skipped`.
struct SurfaceUsage: Sendable {
    /// The Swift source, one function per use.
    private(set) var source = ""
    /// Declarations no use was written for, by text.
    private(set) var skipped: [String] = []
    private var count = 0

    init(_ declarations: [Declaration]) {
        let kinds = Dictionary(
            declarations.filter { $0.owner == nil }.map { ($0.name, $0.keyword) }, uniquingKeysWith: { a, _ in a })
        var cases: [String: [Declaration]] = [:]
        for declaration in declarations.sorted(by: { $0.text < $1.text }) {
            let keyword = declaration.keyword.replacingOccurrences(of: "private(set) ", with: "")
            // Members need their type; only types and aliases stand at the top level.
            let owner = declaration.owner ?? ""
            if owner.isEmpty, !Self.typeKeywords.contains(keyword) {
                skip(declaration)
                continue
            }
            let subject = kinds[owner] == "protocol" ? "any \(owner)" : owner
            let qualified = owner.isEmpty ? declaration.name : "\(owner).\(declaration.name)"
            switch keyword {
            case "var", "let":
                let type = Self.typeAfterColon(declaration.signature)
                add("(_ v: \(subject)) -> \(type) { v.\(Self.member(declaration.name)) }", for: declaration)
            case "static let", "static var":
                let type = Self.typeAfterColon(declaration.signature)
                add("() -> \(type) { \(owner).\(Self.member(declaration.name)) }", for: declaration)
            case "func", "static func", "mutating func":
                let receiver =
                    keyword == "static func"
                    ? (base: owner, parameter: nil)
                    : (base: "v", parameter: keyword == "mutating func" ? "_ v: inout \(owner)" : "_ v: \(subject)")
                useCall(declaration, receiver: receiver, callee: "\(receiver.base).\(Self.member(declaration.name))")
            case "" where declaration.name == "init":
                useCall(declaration, receiver: (base: owner, parameter: nil), callee: owner, initializer: true)
            case "case":
                cases[owner, default: []].append(declaration)
                useCase(declaration, of: owner)
            case "struct", "enum", "protocol", "extension", "class", "actor":
                let type = qualified
                let conformances = Self.split(
                    declaration.signature.drop { $0 == ":" || $0 == " " }.description, separator: ",")
                let parameter = keyword == "protocol" ? "any \(type)" : type
                let body = conformances.filter { !$0.isEmpty }.map { "let _: any \($0) = v" }.joined(separator: "; ")
                add("(_ v: \(parameter)) { \(body) }", for: declaration)
            case "typealias":
                let type = qualified
                let target = declaration.signature.drop { $0 == " " || $0 == "=" }.description
                let escaping = Self.isFunctionType(target) ? "@escaping " : ""
                add("(_ v: \(escaping)\(type)) -> \(target) { v }", for: declaration)
                // A closure the app writes for it, with the parameter and result types the old client gave.
                if escaping != "", let closure = Self.closure(of: target) {
                    add("() { let _: \(type) = \(closure) }", for: declaration)
                }
            default:
                skip(declaration)
            }
        }
        for (owner, items) in cases.sorted(by: { $0.key < $1.key }) {
            let arms = items.enumerated().map { "case .\(Self.member($1.name)): \($0)" }.joined(separator: "; ")
            add("(_ v: \(owner)) -> Int { switch v { \(arms) } }", for: nil)
        }
    }

    /// A use of a member goes in an extension of its owner, where the names its signature uses unqualified (a
    /// nested handler type) resolve as they do in the declaration.
    private mutating func add(_ function: String, for declaration: Declaration?) {
        count += 1
        if let declaration { source += "// \(declaration.text)\n" }
        if let owner = declaration?.owner {
            source += "extension \(owner) { static func use\(count)\(function) }\n"
        } else {
            source += "func use\(count)\(function)\n"
        }
    }

    private mutating func skip(_ declaration: Declaration) { skipped.append(declaration.text) }

    /// Calls with every argument, and again with only those without a default when some have one.
    private mutating func useCall(
        _ declaration: Declaration, receiver: (base: String, parameter: String?), callee: String,
        initializer: Bool = false
    ) {
        guard let signature = Self.FunctionSignature(declaration.signature, initializer: initializer),
            let owner = declaration.owner
        else { return skip(declaration) }
        let result = initializer ? owner + signature.optionality : signature.result
        let effects = signature.effects
        let marks = (signature.throwing ? "try " : "") + (signature.async ? "await " : "")
        let forms = signature.parameters.contains(where: \.defaulted) ? [true, false] : [true]
        for everyArgument in forms {
            let passed = signature.parameters.enumerated().filter { everyArgument || !$1.defaulted }
            let parameters =
                (receiver.parameter.map { [$0] } ?? [])
                + passed.map { index, parameter in "_ a\(index): \(parameter.type)" }
            let arguments = passed.map { index, parameter in
                (parameter.label == "_" ? "" : Self.label(parameter.label) + ": ")
                    + (parameter.type.hasPrefix("inout ") ? "&" : "") + "a\(index)"
            }
            let head = "(\(parameters.joined(separator: ", ")))\(effects)" + (result.isEmpty ? "" : " -> \(result)")
            add("\(head) { \(marks)\(callee)(\(arguments.joined(separator: ", "))) }", for: declaration)
        }
    }

    /// Builds the case, from its payload when it has one.
    private mutating func useCase(_ declaration: Declaration, of owner: String) {
        let name = Self.member(declaration.name)
        guard declaration.signature.hasPrefix("(") else {
            return add("() -> \(owner) { .\(name) }", for: declaration)
        }
        let elements = Self.split(String(declaration.signature.dropFirst().dropLast()), separator: ",")
        let payload = elements.map(Self.Parameter.init(element:))
        let parameters = payload.enumerated().map { "_ a\($0): \($1.type)" }.joined(separator: ", ")
        let arguments = payload.enumerated().map { ($1.label == "_" ? "" : Self.label($1.label) + ": ") + "a\($0)" }
        add("(\(parameters)) -> \(owner) { .\(name)(\(arguments.joined(separator: ", "))) }", for: declaration)
    }

    /// A closure literal of a function type, `{ (a0: Int) async throws(E) -> R in fatalError() }`.
    static func closure(of type: String) -> String? {
        let unattributed = type.split(separator: " ").drop { $0.hasPrefix("@") }.joined(separator: " ")
        guard let signature = FunctionSignature(unattributed, initializer: false) else { return nil }
        let parameters = signature.parameters.enumerated().map { "a\($0): \($1.type)" }.joined(separator: ", ")
        let result = signature.result.isEmpty ? "" : " -> \(signature.result)"
        return "{ (\(parameters))\(signature.effects)\(result) in fatalError() }"
    }

    /// The keywords of declarations that may stand at the top level.
    static let typeKeywords: Set<String> = ["struct", "enum", "protocol", "extension", "class", "actor", "typealias"]

    /// `v.name`, with the name in backticks when it is a keyword.
    static func member(_ name: String) -> String { Namer.keywords.contains(name) ? "`\(name)`" : name }

    /// An argument label, in backticks only where a label cannot be the bare word.
    static func label(_ name: String) -> String { ["inout", "var", "let"].contains(name) ? "`\(name)`" : name }

    static func typeAfterColon(_ signature: String) -> String {
        signature.drop { $0 == ":" || $0 == " " }.description
    }

    static func isFunctionType(_ type: String) -> Bool { topLevelRange(of: "->", in: type) != nil }

    /// One parameter of a function or a case's payload.
    struct Parameter {
        var label: String
        var type: String
        var defaulted: Bool

        /// `label name: Type = default`, `name: Type`, or a bare type in a payload.
        init(element: String) {
            var text = element
            defaulted = false
            if let equals = SurfaceUsage.topLevelRange(of: " = ", in: text) {
                defaulted = true
                text = String(text[..<equals.lowerBound])
            }
            guard let colon = SurfaceUsage.topLevelRange(of: ":", in: text),
                text[..<colon.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == " " })
            else {
                label = "_"
                type = text.trimmingWhitespace
                return
            }
            let names = text[..<colon.lowerBound].split(separator: " ")
            label = names.first.map(String.init) ?? "_"
            type = String(text[colon.upperBound...]).trimmingWhitespace
        }
    }

    /// `(parameters) async throws(E) -> Result`, as the emitter prints it.
    struct FunctionSignature {
        var parameters: [Parameter]
        var async: Bool
        var throwing: Bool
        /// The effects as written after the parameters: ` async throws(E)`.
        var effects: String
        var result: String
        /// `?` for a failable initializer.
        var optionality: String

        init?(_ signature: String, initializer: Bool) {
            var text = Substring(signature)
            optionality = ""
            if initializer, let mark = text.first, mark == "?" || mark == "!" {
                optionality = mark == "?" ? "?" : ""
                text = text.dropFirst()
            }
            guard text.hasPrefix("("), let close = SurfaceUsage.matchingParenthesis(in: text) else { return nil }
            let inner = String(text[text.index(after: text.startIndex)..<close])
            parameters = SurfaceUsage.split(inner, separator: ",").filter { !$0.isEmpty }.map(Parameter.init)
            var rest = String(text[text.index(after: close)...]).trimmingWhitespace
            if parameters.contains(where: { $0.type.hasSuffix("...") }) || rest.contains("rethrows")
                || rest.contains(" where ") || rest.contains("Self")
            {
                return nil
            }
            result = ""
            if let arrow = SurfaceUsage.topLevelRange(of: "->", in: rest) {
                result = String(rest[arrow.upperBound...]).trimmingWhitespace
                rest = String(rest[..<arrow.lowerBound]).trimmingWhitespace
            }
            async = rest.hasPrefix("async")
            throwing = rest.contains("throws")
            effects = rest.isEmpty ? "" : " " + rest
        }
    }

    /// Splits at `separator` outside brackets, parentheses, angle brackets and string literals.
    static func split(_ text: String, separator: Character) -> [String] {
        var parts: [String] = []
        var start = text.startIndex
        for index in topLevelIndices(in: text) where text[index] == separator {
            parts.append(String(text[start..<index]).trimmingWhitespace)
            start = text.index(after: index)
        }
        parts.append(String(text[start...]).trimmingWhitespace)
        return parts
    }

    /// The first `needle` outside brackets and string literals.
    static func topLevelRange(of needle: String, in text: String) -> Range<String.Index>? {
        topLevelIndices(in: text).first { text[$0...].hasPrefix(needle) }.map {
            $0..<text.index($0, offsetBy: needle.count)
        }
    }

    /// The positions of `text` outside brackets, parentheses, angle brackets (a `->` closes none) and string
    /// literals, where a list's separators and a signature's parts stand.
    static func topLevelIndices(in text: String) -> [String.Index] {
        var indices: [String.Index] = []
        var depth = 0
        var inString = false
        var previous: Character = " "
        for index in text.indices {
            let character = text[index]
            if character == "\"" { inString.toggle() }
            if depth == 0, !inString { indices.append(index) }
            if !inString {
                switch character {
                case "(", "[", "<": depth += 1
                case ")", "]": depth -= 1
                case ">" where previous != "-": depth -= 1
                default: break
                }
            }
            previous = character
        }
        return indices
    }

    /// The `)` that closes the `(` `text` starts with.
    static func matchingParenthesis(in text: Substring) -> String.Index? {
        var depth = 0
        var inString = false
        for index in text.indices {
            let character = text[index]
            if character == "\"" { inString.toggle() }
            guard !inString else { continue }
            if character == "(" { depth += 1 }
            if character == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
