import Foundation
import SpecgenCommands

/// The build plugins' tool: `specgen generate` and nothing else, so a package that generates its clients while it
/// builds compiles the spec reader and the emitter, never the diff, the importer, the mock or an argument parser.
/// It takes the arguments `specgen generate` takes, `generate` first or not.
@main
enum SpecgenGenerate {
    static let usage = """
        USAGE: specgen-generate [generate] <specs> ... --output <output> [--check] [--options <options>] \
        [--source-name <source-name>] [--expected-files <expected-files> ...]
        """

    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "generate" { arguments.removeFirst() }
        if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
            print(help)
            return
        }
        let generation: Generation
        switch parse(arguments) {
        case .success(let parsed): generation = parsed
        case .failure(let problem): fail(usage: problem.message)
        }
        if let problem = generation.usageProblem() { fail(usage: problem) }
        do {
            try generation.run()
        } catch {
            exit(1)
        }
    }

    /// A usage error, as `specgen` reports one: the problem and the usage on standard error, exit code 64.
    static func fail(usage problem: String) -> Never {
        DiagnosticPrinter.note("Error: \(problem)\n\(usage)\n  See 'specgen-generate --help' for more information.")
        exit(64)
    }

    static var help: String {
        let options: [(String, String)] = [
            ("<specs>", Generation.Help.specs), ("-o, --output <output>", Generation.Help.output),
            ("--check", Generation.Help.check), ("--options <options>", Generation.Help.options),
            ("--source-name <source-name>", Generation.Help.sourceName),
            ("--expected-files <expected-files>", Generation.Help.expectedFiles), ("-h, --help", "Show help."),
        ]
        return "OVERVIEW: \(Generation.abstract)\n\n\(Generation.discussion)\n\n\(usage)\n\nOPTIONS:\n"
            + options.map { "  \($0.0)\n        \($0.1)" }.joined(separator: "\n")
    }

    struct UsageProblem: Error {
        var message: String
    }

    /// The arguments as ``Generation``'s: specs, `-o`/`--output`, `--check`, `--options`, `--source-name` and
    /// `--expected-files` (the names up to the next option); an option's value may follow `=`.
    static func parse(_ arguments: [String]) -> Result<Generation, UsageProblem> {
        var generation = Generation()
        var output: String?
        var index = 0
        func value(of option: String, inline: String?) -> Result<String, UsageProblem> {
            if let inline { return .success(inline) }
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("-") else {
                return .failure(UsageProblem(message: "Missing value for '\(option)'"))
            }
            return .success(arguments[index])
        }
        while index < arguments.count {
            let argument = arguments[index]
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let (name, inline) = argument.hasPrefix("--") && parts.count == 2 ? (parts[0], parts[1]) : (argument, nil)
            switch name {
            case "-o", "--output":
                switch value(of: name, inline: inline) {
                case .success(let folder): output = folder
                case .failure(let problem): return .failure(problem)
                }
            case "--options", "--source-name":
                switch value(of: name, inline: inline) {
                case .success(let text) where name == "--options": generation.options = text
                case .success(let text): generation.sourceName = text
                case .failure(let problem): return .failure(problem)
                }
            case "--check" where inline == nil:
                generation.check = true
            case "--expected-files":
                if let inline { generation.expectedFiles.append(inline) }
                while index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") {
                    index += 1
                    generation.expectedFiles.append(arguments[index])
                }
            default:
                guard !argument.hasPrefix("-") || argument == "-" else {
                    return .failure(UsageProblem(message: "Unknown option '\(argument)'"))
                }
                generation.specs.append(argument)
            }
            index += 1
        }
        guard let output else {
            return .failure(UsageProblem(message: "Missing expected argument '--output <output>'"))
        }
        generation.output = output
        return .success(generation)
    }
}
