import Foundation

/// How the completeness pass reads the old client's declarations as the new one would write them when a rule has
/// explained the difference: renamed types and enum cases, and coding the compiler would otherwise synthesize.
extension SpecDiff {
    /// A symbol's declarations without a spelled-out `init(from:)` or `encode(to:)`: a Codable type has both
    /// whether the compiler synthesizes them or the client writes them (as it does for a type that stores a
    /// member indirectly, or keeps unknown keys), so writing them changes no API. Losing `Codable` changes the
    /// type's own declaration.
    static func apartFromCoding(_ texts: Set<String>?) -> Set<String>? {
        let rest = texts?.filter {
            !$0.hasSuffix(".init(from decoder: any Decoder) throws")
                && !$0.hasSuffix(".encode(to encoder: any Encoder) throws")
        }
        return rest?.isEmpty == true ? nil : rest
    }

    /// The Swift type names the findings say were renamed, old to new: models, and the API's own types.
    func typeRenames() -> [String: String] {
        var renames: [String: String] = [:]
        for finding in findings {
            switch finding.rule {
            case .modelRenamed, .modelRenamedInSwift:
                if finding.symbols.count == 2 { renames[finding.symbols[0]] = finding.symbols[1] }
            case .apiRenamed:
                let half = finding.symbols.count / 2
                for (was, now) in zip(finding.symbols.prefix(half), finding.symbols.dropFirst(half)) {
                    renames[was] = now
                }
            default:
                break
            }
        }
        return renames
    }

    /// The enum cases the findings say were renamed, each with its type's Swift name in the new client.
    func caseRenames() -> [(type: String, old: String, new: String)] {
        findings.filter { $0.rule == .enumCaseRenamed && $0.symbols.count == 2 }.compactMap { finding in
            let (was, now) = (finding.symbols[0], finding.symbols[1])
            let type = Self.owner(now)
            guard now.count > type.count + 1, was.count > Self.owner(was).count + 1 else { return nil }
            return (type, String(was.dropFirst(Self.owner(was).count + 1)), String(now.dropFirst(type.count + 1)))
        }
    }

    /// `text` with each default value that names a renamed case (`: RiskLevel = .normal`, `: RiskLevel? = .normal`)
    /// naming it by its new name.
    static func renamingCases(_ text: String, _ renames: [(type: String, old: String, new: String)]) -> String {
        var text = text
        for rename in renames {
            for optional in ["", "?"] {
                let written = ": \(rename.type)\(optional) = .\(rename.old)"
                var searchStart = text.startIndex
                while let range = text.range(of: written, range: searchStart..<text.endIndex) {
                    let next = text[range.upperBound...].first
                    guard next.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true else {
                        searchStart = range.upperBound
                        continue
                    }
                    let replacement = ": \(rename.type)\(optional) = .\(rename.new)"
                    text.replaceSubrange(range, with: replacement)
                    searchStart = text.index(range.lowerBound, offsetBy: replacement.count)
                }
            }
        }
        return text
    }

    /// `text` with every type name that `renames` names replaced; a member (after a `.`) and a parameter's label or
    /// name (before a `:`, as `upperID: String` or `request requestValue: String`) keep theirs, though a type of
    /// that name was renamed.
    static func renaming(_ text: String, _ renames: [String: String]) -> String {
        guard !renames.isEmpty else { return text }
        let characters = Array(text)
        func isNamePart(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
        /// Whether the word ending before `end` names a parameter: a `:` follows it, or another word and a `:`.
        func isLabel(_ end: Int) -> Bool {
            if end < characters.count, characters[end] == ":" { return true }
            guard end < characters.count, characters[end] == " " else { return false }
            var index = end + 1
            guard index < characters.count, isNamePart(characters[index]) else { return false }
            while index < characters.count, isNamePart(characters[index]) { index += 1 }
            return index < characters.count && characters[index] == ":"
        }
        var out = ""
        var index = 0
        var afterDot = false
        while index < characters.count {
            guard isNamePart(characters[index]) else {
                afterDot = characters[index] == "."
                out.append(characters[index])
                index += 1
                continue
            }
            let start = index
            while index < characters.count, isNamePart(characters[index]) { index += 1 }
            let word = String(characters[start..<index])
            out += afterDot || isLabel(index) ? word : renames[word] ?? word
            afterDot = false
        }
        return out
    }

    /// A symbol with its owner renamed: `Kind.id` as `Renamed.id`.
    static func renamingOwner(_ symbol: String, _ renames: [String: String]) -> String {
        let owner = owner(symbol)
        guard let renamed = renames[owner] else { return symbol }
        return renamed + symbol.dropFirst(owner.count)
    }
}
