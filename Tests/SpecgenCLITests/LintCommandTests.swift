import Foundation
import SpecgenTestSupport
import Testing

/// Runs the built `specgen` binary, as users and CI do.
struct LintCommandTests {
    static func specgen(_ arguments: [String]) async throws -> ProcessRun {
        try await ProcessRun.specgen(arguments)
    }

    /// Help text breaks a sentence only where it wraps: a line that ends mid-sentence although the next line's first
    /// word would have fitted on it is a line break left in the source (`the exit code` / `is 1.`).
    @Test func everyCommandsHelpBreaksLinesOnlyWhereItWraps() async throws {
        let top = try await Self.specgen(["--help"])
        let listing = top.stdout.components(separatedBy: "SUBCOMMANDS:").last ?? ""
        let commands = listing.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first,
                name.allSatisfy({ $0.isLowercase || $0 == "-" })
            else { return nil }
            return String(name)
        }
        #expect(commands.count == 7, "\(top.stdout)")
        for command in commands {
            let help = try await Self.specgen([command, "--help"])
            let text = help.stdout.components(separatedBy: "USAGE:").first ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (line, next) in zip(lines, lines.dropFirst()) {
                let word = next.split(separator: " ").first.map(String.init) ?? ""
                guard let last = line.last, !".:!?)".contains(last), let first = word.first, first.isLowercase else {
                    continue
                }
                #expect(line.count + 1 + word.count >= 80, "specgen \(command) --help breaks '\(line)' / '\(next)'")
            }
        }
    }

    /// A misspelt command is named with the one it likely means; a word near none lists the commands.
    @Test func aMisspeltCommandGetsASuggestion() async throws {
        let misspelt = try await Self.specgen(["lnt", "Specs/Keyz.yaml"])
        #expect(misspelt.status == 64)
        #expect(misspelt.stderr.hasPrefix("Error: unknown command 'lnt'; did you mean 'lint'?\nOVERVIEW: "))
        let unknown = try await Self.specgen(["frobnicate"])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.hasPrefix(
                "Error: unknown command 'frobnicate'; the commands are diff, docc, export-openapi, generate, "
                    + "import-openapi, lint, surface\n"))
    }

    @Test func aFolderIsNamedAsOne() async throws {
        let run = try await Self.specgen(["lint", "Specs"])
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "Specs:1:1: error: this is a folder, not a spec file; name the specs in it, such as 'Specs/*.yaml'\n"
        )
    }

    @Test func versionAndSharedOptions() async throws {
        let version = try await Self.specgen(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "0.8.0\n")
        // surface and export-openapi share the spec argument and -o; surface and generate share --check.
        let usage = try await Self.specgen(["surface", "Specs/Keyz.yaml", "--check"])
        #expect(usage.status == 64)
        #expect(usage.stderr.hasPrefix("Error: --check needs --output, the committed surface file.\n"))
        let missing = try await Self.specgen(["export-openapi", "Specs/Nope.yaml"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "Specs/Nope.yaml:1:1: error: no such file\n")
    }

    @Test func lintOfTheSeedAndFixtureAPIsIsClean() async throws {
        let specs = SeedAPIs.specPaths + FixtureAPIs.specPaths
        let run = try await Self.specgen(["lint"] + specs)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    @Test func lintReportsEveryErrorWithItsLocationAndExitsOne() async throws {
        let run = try await Self.specgen(["lint", "Tests/Fixtures/unknown-type/spec.yaml"])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(
            lines.first
                == "Tests/Fixtures/unknown-type/spec.yaml:7:19: error: unknown type 'Mesage' in 'models.Ticket.properties.messages'; did you mean 'Message'?"
        )
    }

    @Test func warningsFailOnlyWhenStrict() async throws {
        let spec = "Tests/Fixtures/warnings/spec.yaml"
        #expect(try await Self.specgen(["lint", spec]).status == 0)
        #expect(try await Self.specgen(["lint", "--strict", spec]).status == 1)
    }

    @Test func usageErrorsExitSixtyFour() async throws {
        #expect(try await Self.specgen(["lint"]).status == 64)
        #expect(try await Self.specgen(["lint", "--no-such-flag", "Specs/Keyz.yaml"]).status == 64)
    }

    @Test func missingFileIsAnError() async throws {
        let run = try await Self.specgen(["lint", "Specs/Nope.yaml"])
        #expect(run.status == 1)
        #expect(run.stderr == "Specs/Nope.yaml:1:1: error: no such file\n")
    }
}
