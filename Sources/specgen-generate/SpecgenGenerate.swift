import ArgumentParser
import SpecgenCommands

/// The build plugins' tool: `specgen generate` and nothing else, so a package that generates its clients while it
/// builds compiles the spec reader and the emitter, never the diff, the importer or the mock.
@main
struct SpecgenGenerate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "specgen-generate",
        abstract: "Generate the Swift client of each spec (the build plugins' tool; `specgen` does the rest).",
        subcommands: [GenerateCommand.self],
        defaultSubcommand: GenerateCommand.self
    )
}
