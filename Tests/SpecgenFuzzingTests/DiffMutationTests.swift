import Foundation
import SpecgenFuzzing
import SpecgenTestSupport
import Testing

/// The diff explains every change: random single edits of the seed specs and the fixture specs, over every key they
/// write, each compared both ways. A failure names the edit, the difference no rule explained, and the findings.
/// The counts, by kind of edit, are the region `diff-mutations` of Benchmarks/DIFF.md (`SPECGEN_RECORD=1` rewrites
/// it).
struct DiffMutationTests {
    /// The specs edited: the seed APIs, the fixture clients, the Keyz diff pair, `diff-mutations/shop.yaml` and every
    /// lint fixture (those that load).
    static let seeds: [String] =
        SeedAPIs.specPaths
        + ["HostileNames", "Ledger", "PayDesk", "Relay", "Shelf"].map { "Tests/Fixtures/\($0)/\($0).yaml" }
        + ["keyz-diff/old.yaml", "keyz-diff/new.yaml", "diff-mutations/shop.yaml", "diff-mutations/kiosk.yaml"].map {
            "Tests/Fixtures/\($0)"
        }
        + Fixtures.cases(holding: "spec.yaml").map { "Tests/Fixtures/\($0)/spec.yaml" }

    /// Edits per spec and the seed; `SPECGEN_MUTATIONS`, `SPECGEN_MUTATION_SEED` and `SPECGEN_MUTATION_DEPTH` ask
    /// for another run, which then leaves Benchmarks/DIFF.md alone.
    static let editsPerSpec = ProcessInfo.processInfo.environment["SPECGEN_MUTATIONS"].flatMap(Int.init) ?? 100
    static let (seed, depth) = (MutationRun.seed, MutationRun.depth)
    static var isDefaultRun: Bool { editsPerSpec == 100 && MutationRun.isDefault }

    /// The outcomes of every spec that loads, by its path.
    static func outcomes() async throws -> [(path: String, outcomes: [DiffMutationCheck.Outcome])] {
        let texts = try seeds.map { path in
            (path, String(decoding: try Data(contentsOf: PackagePaths.url(path)), as: UTF8.self))
        }
        // A minute of work for one core, off the threads the tests that time real sockets need.
        let (edits, seed, depth) = (editsPerSpec, seed, depth)
        return try await offThePool {
            texts.map { path, text in
                (
                    path: path,
                    outcomes: DiffMutationCheck(text: text, path: path).run(edits: edits, seed: seed, depth: depth)
                )
            }.filter { !$0.outcomes.isEmpty }
        }
    }

    @Test func everyEditIsExplainedAndTheCountsAreCurrent() async throws {
        let results = try await Self.outcomes()
        // The seed specs and the fixtures that load without errors; a lost one would weaken the test unseen.
        #expect(results.count == 20, "\(results.map(\.path))")
        let problems = results.flatMap { result in result.outcomes.flatMap(\.problems).map { "\(result.path): \($0)" } }
        if let log = ProcessInfo.processInfo.environment["SPECGEN_MUTATION_LOG"] {
            try Data(problems.map { String($0.prefix(2000)) + "\n" }.joined().utf8).write(to: URL(filePath: log))
        }
        #expect(problems.isEmpty, "\(problems.count) problems, the first: \(problems.prefix(3))")
        let all = results.flatMap(\.outcomes)
        let valid = all.filter(\.valid)
        // Most edits must make a spec that loads, or the test compares little.
        #expect(valid.count * 3 > all.count, "\(valid.count) of \(all.count) edits load")
        #expect(valid.contains { $0.wire } && valid.contains { $0.swift } && valid.contains { !$0.wire && !$0.swift })
        guard Self.isDefaultRun else { return }
        let check = try DocRegions.check(
            "Benchmarks/DIFF.md",
            with: ["diff-mutations": Self.table(all, specs: results.count, formatKeys: try Self.formatKeys().count)])
        #expect(check.names.contains("diff-mutations"), "Benchmarks/DIFF.md has no region diff-mutations")
    }

    /// Every key of the spec format (each property the JSON Schema, Docs/specgen.schema.json, declares) stands in a
    /// spec the test edits, or is one the mutator adds to fields: a key no spec writes would never be edited, and a
    /// change to it never checked. A new key of the format fails here until a spec above writes it.
    @Test func theSpecsEditedWriteEveryKeyOfTheSpecFormat() throws {
        let formatKeys = try Self.formatKeys()
        #expect(formatKeys.count > 100, "\(formatKeys.count) keys found in the schema")
        let edited = try Self.seeds.reduce(into: Set<String>()) { keys, path in
            let text = String(decoding: try Data(contentsOf: PackagePaths.url(path)), as: UTF8.self)
            keys.formUnion(DiffMutationCheck(text: text, path: path).editableKeys)
        }
        #expect(formatKeys.subtracting(edited).sorted() == [], "keys of the spec format no edited spec writes")
    }

    /// The keys of the spec format: the properties its JSON Schema declares.
    static func formatKeys() throws -> Set<String> {
        propertyNames(
            in: try JSONSerialization.jsonObject(with: Data(contentsOf: PackagePaths.url("Docs/specgen.schema.json"))))
    }

    /// The names a JSON Schema gives properties: the keys of each `properties` object whose values are schemas.
    static func propertyNames(in node: Any) -> Set<String> {
        if let items = node as? [Any] {
            return items.reduce(into: Set<String>()) { $0.formUnion(propertyNames(in: $1)) }
        }
        guard let object = node as? [String: Any] else { return [] }
        var names = Set<String>()
        for (key, value) in object {
            if key == "properties", let properties = value as? [String: Any],
                properties.values.allSatisfy({ $0 is [String: Any] })
            {
                names.formUnion(properties.keys)
            }
            names.formUnion(propertyNames(in: value))
        }
        return names
    }

    /// The counts by kind of edit, as a Markdown table.
    static func table(_ outcomes: [DiffMutationCheck.Outcome], specs: Int, formatKeys: Int) -> String {
        let kinds = ["replace", "set", "add", "remove", "move", "rename", "rename-all"]
        var rows = [
            "| edit | tried | valid | wire changed | Swift changed | neither | findings | problems |",
            "|---|---:|---:|---:|---:|---:|---:|---:|",
        ]
        func row(_ name: String, _ group: [DiffMutationCheck.Outcome]) -> String {
            let valid = group.filter(\.valid)
            let neither = valid.filter { !$0.wire && !$0.swift }.count
            let findings = valid.map(\.findings).reduce(0, +)
            let unexplained = valid.map(\.problems.count).reduce(0, +)
            let columns: [Int] = [
                group.count, valid.count, valid.filter(\.wire).count, valid.filter(\.swift).count, neither, findings,
                unexplained,
            ]
            return "| \(name) | " + columns.map(String.init).joined(separator: " | ") + " |"
        }
        for kind in kinds {
            rows.append(row(kind, outcomes.filter { $0.kind.hasPrefix(kind + " ") }))
        }
        rows.append(row("all", outcomes))
        let keys = Set(outcomes.map { $0.kind.split(separator: " ").dropFirst().joined(separator: " ") }).count
        return "\(editsPerSpec) edits of each of \(specs) specs, seed \(seed), each compared both ways; \(keys) "
            + "different keys edited. The specs write every one of the \(formatKeys) keys of the spec format "
            + "(`theSpecsEditedWriteEveryKeyOfTheSpecFormat`).\n\n" + rows.joined(separator: "\n")
    }
}
