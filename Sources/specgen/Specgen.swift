import ArgumentParser
import Foundation
import SpecgenCommands
import SpecgenSpec

/// The `specgen` command: lint specs and, as the project grows, generate, diff and export them.
@main
struct Specgen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "specgen",
        abstract: "Generate Swift clients from declarative API specs.",
        discussion: """
            Exit codes: 0 success, 1 findings (spec errors, stale files, breaking changes), 64 usage errors.
            """,
        version: SpecgenVersion.current,
        subcommands: [
            DiffCommand.self, DocCCommand.self, ExportOpenAPICommand.self, GenerateCommand.self,
            ImportOpenAPICommand.self, LintCommand.self,
            SurfaceCommand.self,
        ]
    )

    /// Parses and runs as ArgumentParser does, but a misspelt command (`specgen lnt`) is named with the command it
    /// is likely to mean, where ArgumentParser would count its words as unexpected arguments.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, !first.hasPrefix("-") {
            let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
            if !names.contains(first) {
                let guess = Suggestions.closest(to: first, in: names)
                FileHandle.standardError.write(
                    Data(
                        ("Error: unknown command '\(first)'"
                            + (guess.map { "; did you mean '\($0)'?" } ?? "; the commands are "
                                + names.filter { $0 != "help" }.joined(separator: ", "))
                            + "\n" + helpMessage() + "\n").utf8))
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch is CommandFailure {
            // The command has printed why.
            exit(withError: ExitCode.failure)
        } catch {
            exit(withError: error)
        }
    }
}

/// The version `specgen --version` prints. Generated files never carry it, so output stays the same across versions.
enum SpecgenVersion {
    /// Raised with each release of the spec format, the generator or the runtime.
    static let current = "0.8.0"
}
