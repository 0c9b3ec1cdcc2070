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
        version: SpecgenVersion.current,
        subcommands: [
            DiffCommand.self, DocCCommand.self, ExportOpenAPICommand.self, GenerateCommand.self,
            ImportOpenAPICommand.self, LintCommand.self,
            SurfaceCommand.self,
        ]
    )
}

/// The version `specgen --version` prints. Generated files never carry it, so output stays the same across versions.
enum SpecgenVersion {
    /// Raised with each release of the spec format, the generator or the runtime.
    static let current = "0.8.0"
}
