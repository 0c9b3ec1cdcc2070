import ArgumentParser
import SpecgenCommands
import SpecgenSpec

/// `specgen lint`: checks specs and prints every problem with its place and, where clear, its fix.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check specs and report every problem as path:line:column: severity: message.",
        discussion:
            "Exits 0 when no spec has errors, 1 when one has (or has warnings, with --strict), 64 on usage errors."
    )

    @Argument(help: "The spec files to check.")
    var specs: [String]

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    func validate() throws {
        if specs.isEmpty { throw ValidationError("Name at least one spec file.") }
    }

    func run() throws {
        var failed = false
        for path in specs {
            let loaded = SpecInput.load(path: path)
            DiagnosticPrinter.print(loaded.diagnostics)
            if loaded.hasErrors || (strict && loaded.diagnostics.contains { $0.severity == .warning }) {
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }
}
