import Foundation
import SpecgenSpec
import SpecgenTestSupport
import Testing

/// The names no spec name may take, derived from what generated code uses rather than listed by hand: the runtime's
/// public types, every type the golden clients name without declaring it (Swift's, Foundation's, swift-log's), and
/// the locals generated methods declare. Each must be in SpecgenSpec's lists, which lint and the namer ask, so a
/// spec's model, parameter or field can never shadow one of them.
struct NameHygieneTests {
    /// The generated Swift files of the golden clients.
    static let generatedFiles: [(name: String, text: String)] = {
        var texts: [(name: String, text: String)] = []
        for api in SeedAPIs.names {
            let folder = PackagePaths.url(Fixtures.path(api, ""))
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for file in files.sorted() where file.hasSuffix(".swift") {
                let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
                texts.append((file, outdentingDebugBlocks(text)))
            }
        }
        return texts
    }()

    static var generated: [String] { generatedFiles.map(\.text) }

    /// The text with the lines between `#if DEBUG` and `#endif` (the mock's) one level less indented and the two
    /// lines themselves left out, so a member reads as a member whether or not it stands in a debug-only block.
    static func outdentingDebugBlocks(_ text: String) -> String {
        var inBlock = false
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "#if DEBUG" || line == "#endif" {
                inBlock = line == "#if DEBUG"
                continue
            }
            lines.append(inBlock && line.hasPrefix("    ") ? line.dropFirst(4) : line)
        }
        return lines.joined(separator: "\n")
    }

    /// Code without comments and string literals, whose words are not names.
    static func code(_ text: String) -> String {
        text.split(separator: "\n").map { line in
            var kept = line.components(separatedBy: "//").first ?? ""
            kept = kept.replacing(#/"(?:[^"\\]|\\.)*"/#, with: "\"\"")
            return kept
        }.joined(separator: "\n")
    }

    /// The public types the runtime declares.
    static func runtimeTypes() throws -> Set<String> {
        let folder = PackagePaths.url("Sources/SpecgenRuntime")
        var names: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            // Top-level declarations: a nested type (`ClientCredentials.Authentication`) is reached through its own.
            for match in text.matches(
                of: #/\npublic (?:final )?(?:struct|enum|class|actor|protocol|typealias) ([A-Z][A-Za-z0-9]*)/#)
            {
                names.insert(String(match.1))
            }
        }
        return names
    }

    @Test func everyTypeGeneratedCodeUsesIsReserved() throws {
        var declared: Set<String> = []
        var used: Set<String> = []
        for text in Self.generated.map(Self.code) {
            for match in text.matches(of: #/(?:struct|enum|class|actor|protocol|typealias|case) ([A-Z][A-Za-z0-9]*)/#) {
                declared.insert(String(match.1))
            }
            for match in text.matches(of: #/\b([A-Z][A-Za-z0-9]*)\b/#) { used.insert(String(match.1)) }
        }
        // The seed APIs' own names (models, errors, servers) are declared; what is left comes from outside the module.
        let external = used.subtracting(declared).subtracting(SeedAPIs.names)
        let runtime = try Self.runtimeTypes()
        let reserved = Namer.reservedTypeNames.union(Namer.keywords)
        let missing = external.union(runtime).subtracting(reserved).sorted()
        #expect(missing.isEmpty, "names generated code uses that a model could shadow: \(missing)")
        #expect(runtime.contains("CallLimit") && external.contains("Mirror"), "the derivation found \(external)")
    }

    @Test func everyLocalGeneratedMethodsDeclareIsReserved() {
        var locals: Set<String> = []
        // The files whose methods take parameters named from the spec: the client, its mock, the operations.
        let withParameters = Self.generatedFiles.filter { !$0.name.hasPrefix("Models") && $0.name != "Errors.swift" }
        for text in withParameters.map({ Self.code($0.text) }) {
            for match in text.matches(of: #/\b(?:let|var) ([a-z][A-Za-z0-9]*)\s*[=:]/#) {
                // Indented deeper than a member: a local of a method body, not a stored property.
                locals.insert(String(match.1))
            }
            for match in text.matches(of: #/\{ ([a-z][A-Za-z0-9]*)(?:, [a-z][A-Za-z0-9]*)* in/#) {
                locals.insert(String(match.1))
            }
        }
        // Each mock method's `<operation>Handler`, which the planner keeps apart per operation.
        locals = locals.filter { !$0.hasSuffix("Handler") }
        // Stored properties: a type's own, and a nested type's public ones (the mock's `GetTicketArguments.ticketID`).
        let properties = Set(
            Self.generated.flatMap { text in
                text.matches(of: #/\n    (?:[a-z]+ |private\(set\) )*(?:let|var) ([a-z][A-Za-z0-9]*)/#).map {
                    String($0.1)
                } + text.matches(of: #/\n +public (?:let|var) ([a-z][A-Za-z0-9]*)/#).map { String($0.1) }
            })
        let missing = locals.subtracting(properties).subtracting(Namer.reservedLocals).sorted()
        #expect(missing.isEmpty, "locals a parameter could shadow: \(missing)")
    }
}
