import ArgumentParser
import Foundation
import SpecgenDiff
import SpecgenSpec

/// `specgen diff`: every change between two versions of a spec, each with a wire and a Swift verdict.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Classify the changes between two versions of a spec as breaking on the wire and/or in Swift.",
        discussion: """
            specgen diff old.yaml new.yaml compares two files; specgen diff --base origin/main Specs/Keyz.yaml \
            compares each spec with its version at a git revision. Each finding has a stable rule ID (see \
            --list-rules and Docs/BreakingChanges.md), a location, the Swift symbols and operations affected, and \
            two verdicts: wire (does an app built from the old spec still work against the new server?) and swift \
            (does code written against the old client still compile?).
            Exit codes: 0 no gate tripped, 1 --fail-on tripped or spec errors, 64 usage errors.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, markdown, json, github }
    enum Gate: String, ExpressibleByArgument, CaseIterable { case none, wire, swift, any }

    @Argument(help: "Two specs (old, new), or with --base the specs to compare with that revision.")
    var specs: [String] = []

    @Option(help: "A git revision to read the old version of each spec from, such as origin/main.")
    var base: String?

    @Option(help: "Output format: text, markdown (a pull-request comment), json, or github (workflow annotations).")
    var format: Format = .text

    @Option(help: "Exit 1 when a change breaks: wire, swift, any, or none (report only).")
    var failOn: Gate = .none

    @Option(help: "A YAML file of accepted changes (fingerprint and reason each); they trip no --fail-on gate.")
    var accepted: String?

    @Flag(help: "List the rule catalogue instead of diffing (with --format json for tools).")
    var listRules = false

    func validate() throws {
        if listRules { return }
        if base == nil && specs.count != 2 {
            throw ValidationError("Give two specs (old and new), or --base <revision> and the specs to compare.")
        }
        if base != nil && specs.isEmpty { throw ValidationError("Name the specs to compare with --base.") }
    }

    func run() throws {
        if listRules {
            print(format == .json ? DiffReport.rulesJSON() : DiffReport.rulesText(), terminator: "")
            return
        }
        var pairs: [(old: Spec, new: Spec)] = []
        if let base {
            for path in specs {
                let oldBytes = try Self.gitShow(revision: base, path: path)
                pairs.append((try Self.load(bytes: oldBytes, path: "\(base):\(path)"), try Self.load(path: path)))
            }
        } else {
            pairs.append((try Self.load(path: specs[0]), try Self.load(path: specs[1])))
        }
        let acceptedBreaks = try accepted.map(Self.loadAccepted)
        var allFindings: [Finding] = []
        var tripped = false
        for pair in pairs {
            let findings = SpecDiff.findings(old: pair.old, new: pair.new)
            allFindings += findings
            let report = DiffReport(api: pair.new.name, findings: findings, accepted: acceptedBreaks)
            switch format {
            case .text: print(report.text, terminator: "")
            case .markdown: print(report.markdown, terminator: "")
            case .json: print(report.json, terminator: "")
            case .github: print(report.githubAnnotations, terminator: "")
            }
            switch failOn {
            case .none: break
            case .wire: tripped = tripped || report.unaccepted.contains { $0.wire == .breaking }
            case .swift: tripped = tripped || report.unaccepted.contains { $0.swift == .breaking }
            case .any:
                tripped =
                    tripped || report.unaccepted.contains { $0.wire == .breaking || $0.swift == .breaking }
            }
        }
        if let acceptedBreaks { DiagnosticPrinter.print(acceptedBreaks.unmatched(by: allFindings)) }
        if tripped { throw ExitCode.failure }
    }

    private static func loadAccepted(path: String) throws -> AcceptedBreaks {
        switch SpecInput.read(path: path) {
        case .success(let bytes):
            let (accepted, diagnostics) = AcceptedBreaks.load(bytes: bytes, path: path)
            DiagnosticPrinter.print(diagnostics)
            if diagnostics.contains(where: \.isError) { throw ExitCode.failure }
            return accepted
        case .failure(let problem):
            DiagnosticPrinter.print([problem.diagnostic])
            throw ExitCode.failure
        }
    }

    private static func load(path: String) throws -> Spec {
        switch SpecInput.read(path: path) {
        case .success(let bytes): return try load(bytes: bytes, path: path)
        case .failure(let problem):
            DiagnosticPrinter.print([problem.diagnostic])
            throw ExitCode.failure
        }
    }

    private static func load(bytes: [UInt8], path: String) throws -> Spec {
        let loaded = Spec.load(bytes: bytes, path: path)
        guard let spec = loaded.spec, !loaded.hasErrors else {
            DiagnosticPrinter.print(loaded.diagnostics.filter(\.isError))
            throw ExitCode.failure
        }
        return spec
    }

    /// The file's bytes at a revision, read with `git show <revision>:./<path>` from the current folder.
    private static func gitShow(revision: String, path: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "show", "\(revision):./\(path)"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            DiagnosticPrinter.note("error: cannot run git: \(error.localizedDescription)")
            throw ExitCode.failure
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            DiagnosticPrinter.note(
                "error: cannot read \(path) at \(revision): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
            throw ExitCode.failure
        }
        return Array(data)
    }
}
