import ArgumentParser
import SpecgenSpec

/// The one spec a subcommand reads (`surface`, `export-openapi`).
struct SpecFileOptions: ParsableArguments {
    @Argument(help: "The spec file.")
    var spec: String

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
    @Flag(help: "Compare with --output instead of writing; exit 1 and print a unified diff when it is stale.")
    var check = false
}
