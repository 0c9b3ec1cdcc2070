import ArgumentParser
import SpecgenCommands

/// `specgen generate`: the arguments of ``Generation``, which the build plugins' tool runs too.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate", abstract: Generation.abstract, discussion: Generation.discussion)

    @Argument(help: ArgumentHelp(Generation.Help.specs))
    var specs: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp(Generation.Help.output))
    var output: String

    @OptionGroup var checking: CheckOptions

    @Option(help: ArgumentHelp(Generation.Help.options))
    var options: String?

    @Option(help: ArgumentHelp(Generation.Help.sourceName))
    var sourceName: String?

    @Option(parsing: .upToNextOption, help: ArgumentHelp(Generation.Help.expectedFiles))
    var expectedFiles: [String] = []

    var generation: Generation {
        var generation = Generation()
        generation.specs = specs
        generation.output = output
        generation.check = checking.check
        generation.options = options
        generation.sourceName = sourceName
        generation.expectedFiles = expectedFiles
        return generation
    }

    func validate() throws {
        if let problem = generation.usageProblem() { throw ValidationError(problem) }
    }

    func run() throws {
        try generation.run()
    }
}
