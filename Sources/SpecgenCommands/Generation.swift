import Foundation
package import SpecgenEmitter
import SpecgenSpec

/// `generate`, as `specgen generate` and the build plugins' tool `specgen-generate` both run it: writes the Swift
/// client of each spec, or with `check` reports the files that are stale.
package struct Generation {
    /// What `--help` says of the command.
    package static let abstract = """
        Generate the Swift client of each spec: Client.swift, Errors.swift, Mock.swift, Models1.swift to \
        Models8.swift, Operations1.swift to Operations8.swift, Webhooks.swift.
        """
    package static let discussion = """
        With one spec, the files go straight into --output; with several, into --output/<SpecName>/.
        Files are written only when their bytes change, so an unchanged spec recompiles nothing; a file an \
        earlier version of specgen generated there (its first line says so) and this one does not is removed.
        With --check nothing is written: stale or missing files are printed as a unified diff and the exit code \
        is 1. Exit codes: 0 done (or up to date), 1 spec errors or stale files, 64 usage errors.
        """
    /// What each option does, for both tools' help.
    package enum Help {
        package static let specs = "The spec files."
        package static let output = "The folder to write into."
        package static let check =
            "Compare with --output instead of writing; exit 1 and print a unified diff when it is stale."
        package static let options = """
            An options file: the declarations' access level and the operations to generate (see \
            Docs/GeneratedCode.md, "Options"). The build plugin passes the target's specgen-options.yaml.
            """
        package static let sourceName =
            "The spec's path as generated headers show it (for build plugins that pass absolute paths)."
        package static let expectedFiles = """
            The file names a build plugin declared as this command's outputs; generation fails, naming the \
            difference, when the files generated are not those.
            """
    }

    /// The spec files.
    package var specs: [String] = []
    /// The folder to write into.
    package var output: String = ""
    /// Compare with `output` instead of writing.
    package var check = false
    /// The options file.
    package var options: String?
    /// The spec's path as generated headers show it.
    package var sourceName: String?
    /// The files a build plugin declared as the outputs.
    package var expectedFiles: [String] = []

    package init() {}

    /// Why these arguments do not make a command, or nil when they do.
    package func usageProblem() -> String? {
        if specs.isEmpty { return "Name at least one spec file." }
        if sourceName != nil && specs.count > 1 { return "--source-name applies to a single spec." }
        if !expectedFiles.isEmpty && specs.count > 1 { return "--expected-files applies to a single spec." }
        return nil
    }

    /// Generates each spec, printing diagnostics to standard error; throws ``CommandFailure`` when a spec has
    /// errors, a file cannot be written or, with `check`, a file is stale.
    package func run() throws(CommandFailure) {
        var failed = false
        let generation = try options.map(SpecInput.options) ?? GenerationOptions()
        for path in specs {
            let bytes: [UInt8]
            switch SpecInput.read(path: path) {
            case .success(let read):
                bytes = read
            case .failure(let problem):
                DiagnosticPrinter.print([problem.diagnostic])
                failed = true
                continue
            }
            let result = Generator.generate(bytes: bytes, path: path, sourceName: sourceName, options: generation)
            DiagnosticPrinter.print(result.diagnostics)
            guard let files = result.files else {
                failed = true
                continue
            }
            if let mismatch = Self.mismatch(expected: expectedFiles, generated: files.map(\.name)) {
                DiagnosticPrinter.note("error: \(mismatch)")
                failed = true
                continue
            }
            let folder =
                specs.count == 1
                ? output
                : (output as NSString).appendingPathComponent(
                    ((path as NSString).lastPathComponent as NSString).deletingPathExtension)
            let writer = OutputWriter(folder: folder)
            if check {
                let stale = writer.staleFiles(files)
                for file in stale { print(file.diff, terminator: "") }
                if !stale.isEmpty {
                    DiagnosticPrinter.note(
                        "\(stale.count) generated file(s) in \(folder) are stale; run `specgen generate` without --check"
                    )
                    failed = true
                }
            } else {
                do {
                    try writer.write(files)
                } catch {
                    DiagnosticPrinter.note("error: cannot write into \(folder): \(error.localizedDescription)")
                    failed = true
                }
            }
        }
        if failed { throw CommandFailure() }
    }

    /// Why the files generated are not the ones a build plugin declared (SwiftPM would compile the declared ones
    /// only, and report the types of a missing file as unknown), or nil when they are the same or none were declared.
    package static func mismatch(expected: [String], generated: [String]) -> String? {
        guard !expected.isEmpty else { return nil }
        let undeclared = generated.filter { !expected.contains($0) }
        let absent = expected.filter { !generated.contains($0) }
        guard !undeclared.isEmpty || !absent.isEmpty else { return nil }
        var parts: [String] = []
        if !undeclared.isEmpty {
            parts.append(
                "specgen generates \(undeclared.joined(separator: ", ")), which the build plugin does not declare")
        }
        if !absent.isEmpty {
            parts.append("the build plugin declares \(absent.joined(separator: ", ")), which specgen does not generate")
        }
        return parts.joined(separator: "; ")
            + "; the plugin and specgen come from different versions of Specgen. Update both to one version; after"
            + " changing only the plugin, run `touch Package.swift` so SwiftPM asks the plugin again"
    }
}

/// Writes generated files into a folder, touching only files whose bytes changed.
package struct OutputWriter {
    package let folder: String

    package init(folder: String) { self.folder = folder }

    /// A generated file that differs from the one on disk, with a unified diff from the old to the new.
    package struct StaleFile {
        package var path: String
        package var diff: String
    }

    /// Writes each file whose bytes differ from what is on disk, and removes the generated files left over from a
    /// version of specgen that split the client differently (`Models.swift`), which would declare everything twice.
    package func write(_ files: [GeneratedFile]) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for file in files {
            let path = (folder as NSString).appendingPathComponent(file.name)
            let bytes = Data(file.contents.utf8)
            if FileManager.default.contents(atPath: path) == bytes { continue }
            try bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
        }
        for path in leftovers(files) { try FileManager.default.removeItem(atPath: path) }
    }

    /// Swift files in the folder that specgen generated (the first line says so) and that are not among `files`.
    func leftovers(_ files: [GeneratedFile]) -> [String] {
        let current = Set(files.map(\.name))
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().filter { $0.hasSuffix(".swift") && !current.contains($0) }.map {
            (folder as NSString).appendingPathComponent($0)
        }.filter { path in
            guard let handle = FileHandle(forReadingAtPath: path) else { return false }
            defer { try? handle.close() }
            let start = (try? handle.read(upToCount: 64)) ?? Data()
            return start.starts(with: Data("// Generated by specgen from ".utf8))
        }
    }

    /// The files that are missing or differ, and the leftovers ``write(_:)`` would remove.
    package func staleFiles(_ files: [GeneratedFile]) -> [StaleFile] {
        leftovers(files).map { path in
            let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            return StaleFile(
                path: path, diff: UnifiedDiff.make(old: existing ?? "", new: "", oldName: path, newName: "/dev/null"))
        }
            + staleContents(files)
    }

    private func staleContents(_ files: [GeneratedFile]) -> [StaleFile] {
        files.compactMap { file in
            let path = (folder as NSString).appendingPathComponent(file.name)
            let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            guard existing != file.contents else { return nil }
            return StaleFile(
                path: path,
                diff: UnifiedDiff.make(
                    old: existing ?? "", new: file.contents,
                    oldName: existing == nil ? "/dev/null" : path, newName: path))
        }
    }
}
