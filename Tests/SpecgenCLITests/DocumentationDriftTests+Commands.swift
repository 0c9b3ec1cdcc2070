import Foundation
import SpecgenDiff
import SpecgenMock
import SpecgenOpenAPI
import SpecgenSpec
import SpecgenSurface
import SpecgenTestSupport
import SpecgenWire
import Testing

/// The commands and flags the docs use, as read from their code blocks and from the CLI's help.
extension DocumentationDriftTests {
    static func invocations(in text: String) -> [Invocation] {
        var lines = codeSpans(in: text)
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
            } else if inBlock {
                lines.append(String(line))
            }
        }
        var found: [Invocation] = []
        for line in lines {
            // Each command of a line joined by && or |, up to a comment.
            let code = line.components(separatedBy: "  #").first ?? line
            for part in code.components(separatedBy: "&&").flatMap({ $0.components(separatedBy: "|") }) {
                let words = part.split(separator: " ").map(String.init)
                guard
                    let index = words.firstIndex(where: {
                        $0 == "specgen" || $0 == "specgen-mock" || $0.hasSuffix("/specgen")
                            || $0.hasSuffix("/specgen-mock")
                    })
                else {
                    continue
                }
                // Only command lines: the tool first, or after `swift run` or a path to the binary.
                guard index == 0 || words[..<index] == ["swift", "run"] || words[index].contains("/") else { continue }
                let tool = words[index].hasSuffix("specgen-mock") ? "specgen-mock" : "specgen"
                let rest = Array(words[(index + 1)...])
                let subcommand = tool == "specgen" ? rest.first.flatMap { $0.hasPrefix("-") ? nil : $0 } : nil
                let flagWords = rest.filter { $0.hasPrefix("--") }.map {
                    String($0.prefix { $0 != "=" && $0 != "]" && $0 != ")" && $0 != "`" })
                }
                if tool == "specgen", subcommand == nil, rest.contains(where: { !$0.hasPrefix("-") }) { continue }
                found.append(
                    Invocation(
                        line: line.trimmingCharacters(in: .whitespaces), tool: tool,
                        words: subcommand.map { [$0] } ?? [], flags: flagWords))
            }
        }
        return found
    }

    static func subcommands(inHelp help: String) -> [String] {
        let section = help.components(separatedBy: "SUBCOMMANDS:").last ?? ""
        return section.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
    }

    static func flags(inHelp help: String) -> Set<String> {
        var flags: Set<String> = []
        for line in help.split(separator: "\n") {
            for word in line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "[" || $0 == "]" })
            where word.hasPrefix("--") {
                flags.insert(String(word.prefix { $0 != "=" }))
            }
        }
        return flags
    }

    // MARK: The import guide's examples
}
