import Foundation
import SpecgenEmitter
import SpecgenFuzzing
import SpecgenTestSupport
import Testing

/// The diff's Swift verdicts, checked by the compiler on random edits: app code that uses every declaration of the
/// old client (`SurfaceUsage`) is type-checked against the client of the edited spec. It fails to compile exactly
/// when the diff calls the edit Swift-breaking. The counts are the region `diff-mutations-compiled` of
/// Benchmarks/DIFF.md.
struct DiffMutationCompileTests {
    /// Specs small enough to compile many times, with every kind of declaration: a client, models, unions, enums,
    /// errors of its own, headers, paging and a stream (`shop.yaml`), and a seed API with OAuth 2.
    static let specs = ["Tests/Fixtures/diff-mutations/shop.yaml", "Specs/Keyz.yaml"]
    /// Edits compiled per spec: those that change the Swift API, then half as many that change only the wire.
    /// `SPECGEN_COMPILED_MUTATIONS` asks for more, and then leaves Benchmarks/DIFF.md alone.
    static let compiledPerSpec =
        ProcessInfo.processInfo.environment["SPECGEN_COMPILED_MUTATIONS"].flatMap(Int.init) ?? 12
    /// The edits' seed and depth (`MutationRun`); others leave Benchmarks/DIFF.md alone.
    static let (seed, depth) = (MutationRun.seed, MutationRun.depth)
    static var isDefaultRun: Bool { compiledPerSpec == 12 && MutationRun.isDefault }

    struct Subject: Sendable {
        var path: String
        var text: String
        var module: String
        var usage: SurfaceUsage
    }

    static func subject(_ path: String) throws -> Subject {
        let text = String(decoding: try Data(contentsOf: PackagePaths.url(path)), as: UTF8.self)
        let files = try #require(Generator.generate(bytes: Array(text.utf8), path: path).files)
        let module = try #require(files.first { $0.name.hasSuffix("Client.swift") }).name
        return Subject(
            path: path, text: text, module: String(module.dropLast("Client.swift".count)),
            usage: SurfaceUsage(files.flatMap(\.declarations)))
    }

    /// Type-checks the client of `spec` with `usage` beside it.
    static func typecheck(
        _ spec: String, usage: SurfaceUsage, module: String
    ) async throws
        -> GeneratedModule.Compilation
    {
        // Generating is work for a core: off the threads the tests that time sockets need.
        let generated = try await offThePool { Generator.generate(bytes: Array(spec.utf8), path: "\(module).yaml") }
        let files = try #require(generated.files)
        let source = "import Foundation\nimport Logging\nimport SpecgenRuntime\n\n" + usage.source
        return try await GeneratedModule.typecheck(
            files.map { ($0.name, $0.contents) }, sources: [("Usage.swift", source)], module: module)
    }

    @Test(arguments: specs)
    func theUsageOfEveryDeclarationCompilesAgainstItsOwnClient(_ path: String) async throws {
        let subject = try Self.subject(path)
        #expect(subject.usage.skipped.isEmpty, "no use written for \(subject.usage.skipped)")
        let compilation = try await Self.typecheck(subject.text, usage: subject.usage, module: subject.module)
        #expect(compilation.succeeded, "\(compilation.diagnostics.prefix(4000))")
    }

    /// What the compiler said of one edit, beside the diff's verdict.
    struct Verdict: Sendable {
        var spec: String
        var kind: String
        var diffSaysBreaking: Bool
        var compiles: Bool
        var errors: [String]
        var edited: String
    }

    /// The edits compiled for one spec: those that change the Swift API, then half as many that change only the wire.
    static func chosenEdits(_ subject: Subject) -> [DiffMutationCheck.Outcome] {
        let outcomes = DiffMutationCheck(text: subject.text, path: subject.path).run(
            edits: max(100, compiledPerSpec * 8), seed: seed, depth: depth)
        var seen: Set<String> = []
        let valid = outcomes.filter { $0.valid && $0.edited.map { seen.insert($0).inserted } == true }
        return Array(valid.filter { $0.swift }.prefix(compiledPerSpec))
            + Array(valid.filter { !$0.swift && $0.wire }.prefix(compiledPerSpec / 2))
    }

    @Test func theCompilerAgreesWithTheSwiftVerdicts() async throws {
        let subjects = try Self.specs.map(Self.subject)
        // Diffing the edits is a minute of work for one core: off the threads the tests that time sockets need.
        let chosen = try await offThePool { subjects.map { ($0, Self.chosenEdits($0)) } }
        let verdicts = try await withThrowingTaskGroup(of: Verdict.self) { group in
            for (subject, outcomes) in chosen {
                for outcome in outcomes {
                    guard let edited = outcome.edited else { continue }
                    group.addTask {
                        let compilation = try await Self.typecheck(
                            edited, usage: subject.usage, module: subject.module)
                        return Verdict(
                            spec: subject.path, kind: outcome.kind, diffSaysBreaking: outcome.swiftBreaking,
                            compiles: compilation.succeeded,
                            errors: compilation.diagnostics.split(separator: "\n").map(String.init).filter {
                                $0.contains(": error:")
                            }, edited: edited)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }.sorted {
                ($0.spec, $0.edited) < ($1.spec, $1.edited)
            }
        }
        // `SPECGEN_MUTATION_EDITED=<path>` keeps the edited spec of each failure, as `<path>-<n>.yaml`.
        let keep = ProcessInfo.processInfo.environment["SPECGEN_MUTATION_EDITED"]
        for (index, verdict) in verdicts.enumerated() {
            var problems: [String] = []
            // A failure is in the app's code, never in the generated client.
            let inClient = verdict.errors.filter { !$0.contains("Usage.swift") }
            if !inClient.isEmpty { problems.append("the edited spec's client does not compile: \(inClient.prefix(3))") }
            if verdict.diffSaysBreaking == verdict.compiles {
                problems.append(
                    "the diff says Swift "
                        + (verdict.diffSaysBreaking
                            ? "breaks, but the old app's code compiles" : "is safe, but: \(verdict.errors.prefix(3))"))
            }
            for problem in problems { Issue.record("\(verdict.spec), \(verdict.kind) (\(index)): \(problem)") }
            if !problems.isEmpty, let keep {
                try Data(verdict.edited.utf8).write(to: URL(filePath: keep + "-\(index).yaml"))
            }
        }
        // Both sides of the verdict are exercised.
        #expect(verdicts.contains { !$0.compiles } && verdicts.contains { $0.compiles })
        guard Self.isDefaultRun else { return }
        let check = try DocRegions.check(
            "Benchmarks/DIFF.md", with: ["diff-mutations-compiled": Self.table(verdicts)])
        #expect(
            check.names.contains("diff-mutations-compiled"), "Benchmarks/DIFF.md has no region diff-mutations-compiled")
    }

    /// The counts by spec, as a Markdown table.
    static func table(_ verdicts: [Verdict]) -> String {
        var rows = [
            "| spec | edits compiled | old app's code breaks | diff says Swift breaks | compiler and diff agree |",
            "|---|---:|---:|---:|---:|",
        ]
        for spec in specs {
            let group = verdicts.filter { $0.spec == spec }
            let columns = [
                group.count, group.filter { !$0.compiles }.count, group.filter(\.diffSaysBreaking).count,
                group.filter { $0.compiles != $0.diffSaysBreaking }.count,
            ]
            rows.append("| `\(spec)` | " + columns.map(String.init).joined(separator: " | ") + " |")
        }
        return "Edits drawn as `DiffMutationTests` draws them (100 per spec, seed 0x5EED): the first "
            + "\(compiledPerSpec) that change the Swift API and \(compiledPerSpec / 2) that change only the wire, each "
            + "type-checked with code that uses every declaration of the old client.\n\n" + rows.joined(separator: "\n")
    }
}
