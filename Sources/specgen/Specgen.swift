import ArgumentParser

/// The `specgen` command: lint specs and, as the project grows, generate, diff and export them.
@main
struct Specgen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "specgen",
        abstract: "Generate Swift clients from declarative API specs.",
        discussion: """
            Exit codes: 0 success, 1 findings (spec errors, stale files, breaking changes), 64 usage errors.
            """,
        subcommands: [DiffCommand.self, ExportOpenAPICommand.self, GenerateCommand.self, LintCommand.self, SurfaceCommand.self]
    )
}
