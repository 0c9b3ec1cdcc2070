import ArgumentParser
import Foundation
import SpecgenCommands
import SpecgenSpec

/// The one spec a subcommand reads (`surface`, `export-openapi`).
struct SpecFileOptions: ParsableArguments {
    @Argument(help: "The spec file.")
    var spec: String

    init() {}

    /// The spec, or exit 1 after printing its errors as `path:line:column` diagnostics.
    func load() throws -> Spec {
        let loaded = SpecInput.load(path: spec)
        DiagnosticPrinter.print(loaded.diagnostics.filter(\.isError))
        guard let parsed = loaded.spec, !loaded.hasErrors else { throw ExitCode.failure }
        return parsed
    }
}

/// Where a subcommand's one text output goes: a file written only when its bytes change, or standard output.
struct OutputFileOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "The file to write; standard output by default.")
    var output: String?

    init() {}

    /// Writes `text` to `--output`, or prints it.
    func write(_ text: String) throws {
        guard let output else {
            print(text, terminator: "")
            return
        }
        try OutputFile.writeIfChanged(text, to: output)
    }
}

/// `--check`: compare with what `--output` holds instead of writing it.
struct CheckOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(Generation.Help.check))
    var check = false

    init() {}

    /// Rejects `--check` without `--output`, which names `file` (the committed file to compare with).
    func validate(_ destination: OutputFileOptions, file: String) throws {
        if check && destination.output == nil { throw ValidationError("--check needs --output, \(file).") }
    }

    /// Writes `text` to `destination`, or with `--check` compares it with `--output`; a stale file suggests
    /// `command -o <output>`.
    func deliver(_ text: String, to destination: OutputFileOptions, command: String) throws {
        guard check, let output = destination.output else { return try destination.write(text) }
        try compare(text, with: output, fix: "\(command) -o \(output)")
    }

    /// Whether `output` holds exactly `text`; when it does not, prints a unified diff and `fix`, and exits 1.
    private func compare(_ text: String, with output: String, fix: String) throws {
        let existing = FileManager.default.contents(atPath: output).map { String(decoding: $0, as: UTF8.self) }
        guard existing != text else { return }
        print(
            UnifiedDiff.make(
                old: existing ?? "", new: text, oldName: existing == nil ? "/dev/null" : output, newName: output),
            terminator: "")
        DiagnosticPrinter.note("\(output) is stale; run `\(fix)`")
        throw ExitCode.failure
    }
}
