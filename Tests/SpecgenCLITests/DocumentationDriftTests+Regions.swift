import Foundation
import SpecgenDiff
import SpecgenMock
import SpecgenOpenAPI
import SpecgenSpec
import SpecgenSurface
import SpecgenTestSupport
import SpecgenWire
import Testing

/// The regions the docs mark as generated: how they are found and refreshed, and what each says, computed from the
/// code.
extension DocumentationDriftTests {
    /// The text of every single-backtick code span outside code blocks.
    static func codeSpans(in text: String) -> [String] {
        var spans: [String] = []
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            guard !inBlock else { continue }
            let pieces = line.split(separator: "`", omittingEmptySubsequences: false)
            spans += pieces.enumerated().filter { $0.offset % 2 == 1 && !$0.element.isEmpty }.map {
                String($0.element)
            }
        }
        return spans
    }
}

extension DocRegions {
    /// What each region says, computed from the code.
    static func produced() async throws -> [String: String] {
        var values: [String: String] = [:]
        values["diff-rule-count"] = "\(DiffRule.catalogue.count)"
        values["diff-rule-table"] = ruleTable()

        let checked = DiffCompileTests.callSites.keys.compactMap { id in DiffRule.catalogue.first { $0.id == id } }
        let breaking = checked.filter { $0.swift == .breaking }.count
        values["compile-checked-rules"] =
            "\(checked.count) rules (\(breaking) Swift-breaking, \(checked.count - breaking) Swift-safe)"

        let keyz = try seed("Keyz")
        let surface = APISurface(spec: keyz, sourcePath: "Specs/Keyz.yaml").entries
        let excerpt = ["TokenResponse.accessToken", "RegisterUserError.emailAlreadyExists", "KeyzAPI.registerUser"]
            .compactMap { symbol in surface.first { $0.symbol == symbol }?.line }
        values["keyz-surface-excerpt"] = "```\n" + excerpt.joined(separator: "\n") + "\n```"

        values["keyz-diff-json"] = try await keyzDiffJSON()
        values["wire-proof-example"] = try wireProofExample()
        let proven = try await WireProofTests.provenRules().count
        let named = DiffRule.catalogue.filter {
            !$0.id.hasPrefix("unexplained-") && !["api-added", "api-removed"].contains($0.id)
        }.count
        values["proven-rules"] =
            proven == named
            ? "every rule but the two catch-alls and a whole API added or removed (\(named) rules)"
            : "\(proven) of the \(named) rules"
        values["import-note"] = try importNote()
        values["naming-diagnostics"] = try namingDiagnostics()
        let unknownType = try DocumentationDriftTests.text(Fixtures.path("unknown-type", "diagnostics.txt"))
        values["unknown-type-diagnostic"] =
            "```\n" + Fixtures.path("unknown-type", "")
            + (unknownType.split(separator: "\n").first.map(String.init) ?? "") + "\n```"
        values["mock-documented-rejection"] = try mockAnswer(
            "Keyz",
            MockRequest(
                method: "POST", path: "/auth/register/", headers: [("Content-Type", "application/json")],
                body: Data(#"{"password":"pw","firstName":"Ada","name":"Lovelace"}"#.utf8)))
        values["mock-problem-document"] = try mockAnswer(
            "Joyfill",
            MockRequest(
                method: "GET", path: "/templates", query: "page=first", headers: [("Authorization", "Bearer t")]))
        values["mock-log-lines"] = try mockLogLines()
        return values
    }

    /// The rule catalogue as a Markdown table, each rule with the edit of its `DiffRuleTests` case.
    static func ruleTable() -> String {
        func cell(_ text: String) -> String {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { return "`(nothing)`" }
            let lines = trimmed.split(separator: "\n", omittingEmptySubsequences: false)
            return "`" + lines.joined(separator: " ⏎ ").replacingOccurrences(of: "|", with: "\\|") + "`"
        }
        var rows = [
            "| rule | wire | swift | what | example edit (old → new) | why |", "|---|---|---|---|---|---|",
        ]
        for rule in DiffRule.catalogue {
            // A reversed case edits the new version into the old one: shown the other way round.
            let testCase = DiffRuleTests.cases.first { $0.rule == rule.id }
            let edit = testCase?.edits.first.map { testCase?.reversed == true ? ($0.1, $0.0) : $0 }
            let example = edit.map { cell($0.0) + " → " + cell($0.1) } ?? "(none: no edit may reach it)"
            rows.append(
                "| `\(rule.id)` | \(rule.wire.rawValue) | \(rule.swift.rawValue) | \(rule.title) | \(example) | "
                    + "\(rule.rationale) |")
        }
        return rows.joined(separator: "\n")
    }

    /// The text report of `[string]` becoming `[Tag]` on a returned model and on a sent one, without its summary.
    static func wireProofExample() throws -> String {
        let old = try DiffRuleTests.load(WireProofTests.tags, path: "old.yaml")
        let new = try DiffRuleTests.load(WireProofTests.enumTags, path: "new.yaml")
        let text = DiffReport(api: "Tags", findings: SpecDiff.findings(old: old, new: new)).text
        return "```\n" + text.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n```"
    }

    /// The log lines of three requests to specgen-mock: a sign-in, the scripted expired token, a bad query.
    static func mockLogLines() throws -> String {
        let keyz = try mockService("Keyz")
        let form = [("Content-Type", "application/x-www-form-urlencoded")]
        let login = keyz.respond(
            to: MockRequest(
                method: "POST", path: "/auth/token/", headers: form,
                body: Data("grant_type=password&username=ada%40example.com&password=pw".utf8)))
        let expired = keyz.respond(
            to: MockRequest(
                method: "GET", path: "/api/v1/properties", headers: [("Authorization", "Bearer mock-access-token")]))
        let query = try mockService("Joyfill").respond(
            to: MockRequest(
                method: "GET", path: "/templates", query: "page=first&limit=500",
                headers: [("Authorization", "Bearer t")]))
        return "```\n" + [login, expired, query].map(\.logLine).joined(separator: "\n") + "\n```"
    }

    /// A seed API's spec, as `Specs/<API>.yaml` loads.
    static func seed(_ api: String) throws -> Spec {
        let path = "Specs/\(api).yaml"
        return try #require(Spec.load(bytes: Array(try DocumentationDriftTests.text(path).utf8), path: path).spec)
    }

    static func mockService(_ api: String) throws -> MockService { MockService(spec: try seed(api)) }

    /// The body `specgen-mock` answers a request with, for a seed API.
    static func mockAnswer(_ api: String, _ request: MockRequest) throws -> String {
        let exchange = try mockService(api).respond(to: request)
        return "```json\n" + String(decoding: exchange.response.body, as: UTF8.self) + "\n```"
    }

    /// `specgen diff --format json` on the Keyz fixture, with one finding of its list shown.
    static func keyzDiffJSON() async throws -> String {
        let run = try await ProcessRun.specgen([
            "diff", Fixtures.path("keyz-diff", "old.yaml"), Fixtures.path("keyz-diff", "new.yaml"), "--format", "json",
        ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        var shown = object
        shown["findings"] = findings.filter { $0["rule"] as? String == "response-property-made-optional" }
        let data = try JSONSerialization.data(
            withJSONObject: shown, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return "```json\n" + String(decoding: data, as: UTF8.self) + "\n```"
    }

    /// The summary line of importing the `import-warnings` fixture, as `specgen import-openapi` prints it.
    static func importNote() throws -> String {
        let root = Fixtures.path("import-warnings", "openapi.yaml")
        let result = OpenAPIImporter().importDocument(at: root) { path in
            FileManager.default.contents(atPath: PackagePaths.url(path).path).map(Array.init)
        }
        return "```\nnote: " + result.summary.description + "\n```"
    }

    /// What lint says of a model named like a Swift type and of one named like the generated client.
    static func namingDiagnostics() throws -> String {
        let shadow = try DocumentationDriftTests.text(Fixtures.path("warnings", "diagnostics.txt"))
        let taken = try DocumentationDriftTests.text(Fixtures.path("generated-name-collisions", "diagnostics.txt"))
        let lines = [
            shadow.split(separator: "\n").first { $0.contains("would shadow") },
            taken.split(separator: "\n").first { $0.contains("the name of the client") },
        ]
        return "```\n" + lines.compactMap { $0 }.joined(separator: "\n") + "\n```"
    }
}
