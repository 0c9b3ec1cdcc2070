import Foundation
import SpecgenTestSupport
import Testing

/// Runs the built `specgen` binary, as users and CI do.
struct LintCommandTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func specgen(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = PackagePaths.productsDirectory.appendingPathComponent("specgen")
        process.arguments = arguments
        process.currentDirectoryURL = PackagePaths.root
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func lintOfTheFiveSpecsIsClean() throws {
        let specs = ["Chatist", "DocumentAI", "Gista", "Joyfill", "Keyz"].map { "Specs/\($0).yaml" }
        let run = try Self.specgen(["lint"] + specs)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    @Test func lintReportsEveryErrorWithItsLocationAndExitsOne() throws {
        let run = try Self.specgen(["lint", "Tests/SpecgenSpecTests/Fixtures/unknown-type/spec.yaml"])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first == "Tests/SpecgenSpecTests/Fixtures/unknown-type/spec.yaml:7:19: error: unknown type 'Mesage' in 'models.Ticket.properties.messages'; did you mean 'Message'?")
    }

    @Test func warningsFailOnlyWhenStrict() throws {
        let spec = "Tests/SpecgenSpecTests/Fixtures/warnings/spec.yaml"
        #expect(try Self.specgen(["lint", spec]).status == 0)
        #expect(try Self.specgen(["lint", "--strict", spec]).status == 1)
    }

    @Test func usageErrorsExitSixtyFour() throws {
        #expect(try Self.specgen(["lint"]).status == 64)
        #expect(try Self.specgen(["lint", "--no-such-flag", "Specs/Keyz.yaml"]).status == 64)
    }

    @Test func missingFileIsAnError() throws {
        let run = try Self.specgen(["lint", "Specs/Nope.yaml"])
        #expect(run.status == 1)
        #expect(run.stderr == "Specs/Nope.yaml:1:1: error: no such file\n")
    }
}
