import Foundation
import SpecgenTestSupport
import Testing

/// `specgen diff` as CI runs it: reports, exit codes, and old specs read from git.
struct DiffCommandTests {
    static let old = Fixtures.path("keyz-diff", "old.yaml")
    static let new = Fixtures.path("keyz-diff", "new.yaml")

    @Test(arguments: [("text", "txt"), ("markdown", "md"), ("json", "json"), ("github", "github")])
    func aRealisticEditOfKeyzMatchesItsGolden(_ format: String, _ suffix: String) async throws {
        let run = try await LintCommandTests.specgen(["diff", Self.old, Self.new, "--format", format])
        #expect(run.status == 0)
        expectGolden(run.stdout, matches: Fixtures.url("keyz-diff", "report.\(suffix)"))
    }

    /// A spec and a copy of it at another path are the same API: no change, whatever the locations say (a
    /// top-level `retry:` once counted as one).
    @Test(arguments: SeedAPIs.names)
    func aCopyOfASpecHasNoChanges(_ api: String) async throws {
        let folder = try makeTemporaryFolder("diff-copy")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("\(api).yaml")
        try FileManager.default.copyItem(at: PackagePaths.url("Specs/\(api).yaml"), to: copy)
        let run = try await LintCommandTests.specgen(["diff", "Specs/\(api).yaml", copy.path])
        #expect(run.status == 0)
        #expect(
            run.stdout
                == "\(api): 0 change(s), 0 breaking on the wire, 0 breaking in Swift; suggested version bump: none\n")
    }

    @Test func failOnSetsTheExitCode() async throws {
        #expect(try await LintCommandTests.specgen(["diff", Self.old, Self.new, "--fail-on", "wire"]).status == 1)
        #expect(try await LintCommandTests.specgen(["diff", Self.old, Self.new, "--fail-on", "swift"]).status == 1)
        #expect(try await LintCommandTests.specgen(["diff", Self.old, Self.old, "--fail-on", "any"]).status == 0)
        #expect(try await LintCommandTests.specgen(["diff", Self.old]).status == 64)
        #expect(
            try await LintCommandTests.specgen(["diff", Self.old, Self.new, "--fail-on", "sometimes"]).status == 64)
    }

    @Test func listRulesPrintsTheCatalogue() async throws {
        let run = try await LintCommandTests.specgen(["diff", "--list-rules", "--format", "json"])
        #expect(run.status == 0)
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(rules.count == 131)
        #expect(
            rules.contains {
                $0["id"] as? String == "response-property-made-optional" && $0["wire"] as? String == "breaking"
            })
    }

    @Test func baseReadsTheOldSpecFromGit() async throws {
        let repo = try makeTemporaryFolder("specgen-diff")
        try FileManager.default.createDirectory(
            at: repo.appendingPathComponent("Specs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: repo) }
        func git(_ arguments: String...) async throws {
            let run = try await ProcessRun.run(
                "git", ["-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments,
                in: repo)
            #expect(run.status == 0, "git \(arguments): \(run.stderr)")
        }
        let spec = repo.appendingPathComponent("Specs/Keyz.yaml")
        try FileManager.default.copyItem(at: PackagePaths.url(Self.old), to: spec)
        try await git("init", "-q")
        try await git("add", ".")
        try await git("commit", "-q", "-m", "Keyz 1.0")
        try FileManager.default.removeItem(at: spec)
        try FileManager.default.copyItem(at: PackagePaths.url(Self.new), to: spec)
        try await git("commit", "-q", "-am", "Keyz 2.0")

        let run = try await ProcessRun.product(
            "specgen", ["diff", "--base", "HEAD~1", "Specs/Keyz.yaml", "--fail-on", "wire"],
            in: repo)
        let text = run.stdout
        #expect(run.status == 1)
        #expect(
            text.hasPrefix(
                "Keyz: 10 change(s), 4 breaking on the wire, 7 breaking in Swift; suggested version bump: major\n"))
        #expect(
            text.contains(
                "Specs/Keyz.yaml:86:3: operation-renamed [wire: safe, swift: breaking] operation 'loginUser' is now 'signIn'"
            ))
    }
}

extension DiffCommandTests {
    @Test func acceptedBreaksTripNoGateAndStaleEntriesWarn() async throws {
        let accepted = Fixtures.path("keyz-diff", "accepted.yaml")
        let run = try await LintCommandTests.specgen([
            "diff", Self.old, Self.new, "--accepted", accepted, "--fail-on", "wire",
        ])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(
            run.stdout.contains(
                "    accepted: The server omits it for long-lived tokens; apps since 2.3 treat nil as no expiry.\n"))
        #expect(
            run.stderr
                == "\(accepted):11:5: warning: accepted change 'operation-removed:KeyzAPI.deleteAccount' matches nothing in this diff; remove it once the change has shipped\n"
        )
        // Swift breaks were not all accepted, so that gate still trips.
        #expect(
            try await LintCommandTests.specgen([
                "diff", Self.old, Self.new, "--accepted", accepted, "--fail-on", "swift",
            ])
            .status == 1)
    }

    @Test func anAcceptedChangeNeedsAReason() async throws {
        let folder = try makeTemporaryFolder("accepted")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("accepted.yaml")
        try "accepted:\n  - fingerprint: \"server-url-changed:KeyzServer.development\"\n".write(
            to: file, atomically: true, encoding: .utf8)
        let run = try await LintCommandTests.specgen(["diff", Self.old, Self.new, "--accepted", file.path])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                ":2:5: error: accepted change 'server-url-changed:KeyzServer.development' needs a 'reason'"))
    }
}
