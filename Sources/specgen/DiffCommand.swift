import ArgumentParser
import Foundation
import SpecgenCommands
import SpecgenDiff
import SpecgenOpenAPI
import SpecgenSpec
import SpecgenYAML

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

    @Flag(help: "Exit 1 when a spec's version is not bumped as far as its changes need (semantic versioning).")
    var checkVersion = false

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
        var pairs: [(old: Spec?, new: Spec?)] = []
        if let base {
            pairs = try Self.pairs(at: base, paths: specs)
        } else {
            pairs.append((try Self.load(path: specs[0]), try Self.load(path: specs[1])))
        }
        let acceptedBreaks = try accepted.map(Self.loadAccepted)
        var allFindings: [Finding] = []
        var tripped = false
        var reports: [DiffReport] = []
        for pair in pairs {
            let findings: [Finding]
            if let old = pair.old, let new = pair.new {
                findings = SpecDiff.findings(old: old, new: new)
            } else {
                findings = SpecDiff.wholeSpec(old: pair.old, new: pair.new).map { [$0] } ?? []
            }
            allFindings += findings
            let specs = [pair.new, pair.old].compactMap { $0 }
            var report = DiffReport(
                api: specs.first?.name ?? "", findings: findings, accepted: acceptedBreaks,
                routes: DiffReport.routes(of: specs))
            // Annotations go on the file as the pull request has it; what was removed is only in the base.
            report.annotatedPath = pair.new?.location.path ?? pair.old.map { Self.currentPath($0.location.path) }
            reports.append(report)
            if checkVersion, let old = pair.old, let new = pair.new,
                let problem = VersionCheck.problem(old: old.version, new: new.version, needed: report.suggestedBump)
            {
                DiagnosticPrinter.note("\(new.location.path): error: \(problem)")
                tripped = true
            }
            switch format {
            case .text: print(report.text, terminator: "")
            case .markdown: break
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
        // One comment for every spec, within GitHub's size.
        if format == .markdown { print(DiffReport.markdown(reports: reports), terminator: "") }
        if let acceptedBreaks { DiagnosticPrinter.print(acceptedBreaks.unmatched(by: allFindings)) }
        if tripped { throw ExitCode.failure }
    }

    /// Each path's version at `base` and now, loaded: a spec only at the base was removed, one only now was added,
    /// and a removed and an added spec of the same API name were renamed. A YAML file that is no spec (an
    /// accepted-breaks file a glob picked up) is skipped with a note.
    private static func pairs(at base: String, paths: [String]) throws -> [(old: Spec?, new: Spec?)] {
        var pairs: [(old: Spec?, new: Spec?)] = []
        for path in paths {
            let now: [UInt8]? =
                switch SpecInput.read(path: path) {
                case .success(let bytes): bytes
                case .failure: nil
                }
            let then = try gitShow(revision: base, path: path)
            guard now != nil || then != nil else {
                DiagnosticPrinter.note("error: \(path) is neither in the working tree nor at \(base)")
                throw ExitCode.failure
            }
            if let bytes = now ?? then, let keys = OpenAPIDocumentInput.rootKeys(bytes), !keys.contains("specgen"),
                !OpenAPIDocumentInput.isDocument(keys: keys)
            {
                DiagnosticPrinter.note("note: skipped \(path): it is not a spec (no 'specgen:' key)")
                continue
            }
            // A document's other files at the base come from the base too.
            let readAtBase = { (file: String) in (try? gitShow(revision: base, path: currentPath(file))) ?? nil }
            pairs.append(
                (
                    try then.map { try load(bytes: $0, path: "\(base):\(path)", read: readAtBase) },
                    try now.map { try load(bytes: $0, path: path) }
                ))
        }
        // A spec moved to another file: the same API removed here and added there.
        var index = 0
        while index < pairs.count {
            if let removed = pairs[index].old, pairs[index].new == nil,
                let added = pairs.firstIndex(where: { $0.old == nil && $0.new?.name == removed.name })
            {
                pairs[added].old = removed
                pairs.remove(at: index)
                continue
            }
            index += 1
        }
        return pairs
    }

    /// An OpenAPI document imported in memory, as `specgen import-openapi` would write it, its operations, models
    /// and properties located in the document; its `$ref`s to other files are read through `read` (from the disk
    /// when nil). What the import could not say is counted in a note, as the import lists it.
    private static func importDocument(bytes: [UInt8], path: String, read: ((String) -> [UInt8]?)?) throws -> Spec {
        let imported = OpenAPIDocumentInput.importDocument(bytes: bytes, path: path) { file in
            if let read { return read(file) }
            return FileManager.default.contents(atPath: file).map(Array.init)
        }
        guard let spec = imported.spec else {
            DiagnosticPrinter.print(imported.errors)
            throw ExitCode.failure
        }
        if imported.warnings > 0 {
            DiagnosticPrinter.note(
                "note: \(path): imported with \(imported.warnings) warning(s) on what the spec format cannot say; "
                    + "`specgen import-openapi \(Self.currentPath(path))` lists them")
        }
        return spec
    }

    /// `Specs/Keyz.yaml` of `origin/main:Specs/Keyz.yaml`.
    private static func currentPath(_ path: String) -> String {
        path.firstIndex(of: ":").map { String(path[path.index(after: $0)...]) } ?? path
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

    private static func load(bytes: [UInt8], path: String, read: ((String) -> [UInt8]?)? = nil) throws -> Spec {
        if OpenAPIDocumentInput.isDocument(bytes) {
            return try importDocument(bytes: bytes, path: path, read: read)
        }
        let loaded = Spec.load(bytes: bytes, path: path)
        guard let spec = loaded.spec, !loaded.hasErrors else {
            DiagnosticPrinter.print(loaded.diagnostics.filter(\.isError))
            throw ExitCode.failure
        }
        return spec
    }

    /// The file's bytes at a revision, read with `git show <revision>:./<path>` from the current folder; nil when the
    /// file is not there at that revision (a spec the change adds).
    private static func gitShow(revision: String, path: String) throws -> [UInt8]? {
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
        let absent = ["does not exist in", "exists on disk, but not in"]
        if process.terminationStatus != 0, absent.contains(where: message.contains) { return nil }
        guard process.terminationStatus == 0 else {
            DiagnosticPrinter.note(
                "error: cannot read \(path) at \(revision): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
            throw ExitCode.failure
        }
        return Array(data)
    }
}

/// Whether a spec's `version` moved as far as its changes need: a break needs a major bump (a minor one below
/// 1.0.0, as semantic versioning allows), an addition a minor one, any other change a patch.
enum VersionCheck {
    /// What is wrong with the bump from `old` to `new` for changes that need `needed` (major, minor, patch or none).
    static func problem(old: String, new: String, needed: String) -> String? {
        guard let before = parse(old) else { return "version '\(old)' of the base is not MAJOR.MINOR.PATCH" }
        guard let after = parse(new) else { return "version '\(new)' is not MAJOR.MINOR.PATCH" }
        let rank = ["none": 0, "patch": 1, "minor": 2, "major": 3]
        var required = rank[needed] ?? 0
        if before.0 == 0, required == 3 { required = 2 }
        let done =
            if after.0 != before.0 { after.0 > before.0 ? 3 : -1 } else if after.1 != before.1 {
                after.1 > before.1 ? 2 : -1
            } else if after.2 != before.2 { after.2 > before.2 ? 1 : -1 } else { 0 }
        guard done < required else { return nil }
        let wanted = ["", "patch", "minor", "major"][required]
        let next =
            switch required {
            case 3: "\(before.0 + 1).0.0"
            case 2: "\(before.0).\(before.1 + 1).0"
            default: "\(before.0).\(before.1).\(before.2 + 1)"
            }
        let what =
            done < 0 ? "goes back" : done == 0 ? "is unchanged" : "is a \(["", "patch", "minor", "major"][done]) bump"
        return "version \(old) → \(new) \(what); these changes need a \(wanted) bump, to \(next) or later"
    }

    /// `1.2.3` (a pre-release or build suffix is ignored).
    static func parse(_ version: String) -> (Int, Int, Int)? {
        let core = version.split(whereSeparator: { $0 == "-" || $0 == "+" }).first.map(String.init) ?? version
        let parts = core.split(separator: ".").map { Int($0) }
        guard parts.count == 3, let major = parts[0], let minor = parts[1], let patch = parts[2] else { return nil }
        return (major, minor, patch)
    }
}
