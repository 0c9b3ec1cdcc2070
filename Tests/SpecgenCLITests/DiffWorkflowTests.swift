import Foundation
import SpecgenTestSupport
import Testing

/// The pull-request workflow of Docs/BreakingChanges.md, end to end in a scratch git repository: a PR that edits
/// one spec, adds one, moves one to another file and removes one, with an accepted-breaks file among the specs.
struct DiffWorkflowTests {
    /// The repository at the base (`main`) and the pull request checked out on top of it.
    static func repository() async throws -> URL {
        let repo = try makeTemporaryFolder("specgen-pr")
        let specs = repo.appendingPathComponent("Specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        func git(_ arguments: String...) async throws {
            let run = try await ProcessRun.run(
                "git", ["-c", "user.name=Test", "-c", "user.email=test@example.com"] + arguments, in: repo)
            #expect(run.status == 0, "git \(arguments): \(run.stderr)")
        }
        func write(_ path: String, _ text: String) throws {
            try Data(text.utf8).write(to: repo.appendingPathComponent(path))
        }
        func spec(_ name: String, version: String = "1.0.0", extra: String = "") -> String {
            """
            specgen: 1
            name: \(name)
            version: \(version)
            servers:
              production: https://\(name.lowercased()).example
            endpoints:
              ping:
                request: GET /ping
                response: empty
            \(extra)
            """
        }
        try write("Specs/Keyz.yaml", spec("Keyz"))
        try write("Specs/Old.yaml", spec("Old"))
        try write("Specs/Moved.yaml", spec("Moved"))
        try write("Specs/accepted-breaks.yaml", "accepted: []\n")
        try await git("init", "-q", "-b", "main")
        try await git("add", ".")
        try await git("commit", "-q", "-m", "base")
        // The pull request.
        try write(
            "Specs/Keyz.yaml", spec("Keyz", version: "1.0.1").replacingOccurrences(of: "GET /ping", with: "GET /pong"))
        try write("Specs/New.yaml", spec("New"))
        try await git("mv", "Specs/Moved.yaml", "Specs/Renamed.yaml")
        try await git("rm", "-q", "Specs/Old.yaml")
        try await git("add", ".")
        try await git("commit", "-q", "-m", "pr")
        return repo
    }

    /// What the documented step lists: the specs now, and those the pull request deleted or moved away.
    static let specs = [
        "Specs/Keyz.yaml", "Specs/Moved.yaml", "Specs/New.yaml", "Specs/Old.yaml", "Specs/Renamed.yaml",
        "Specs/accepted-breaks.yaml",
    ]

    @Test func theDocumentedStepListsTheSpecsThePullRequestTouches() async throws {
        let repo = try await Self.repository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let guide = try String(contentsOf: PackagePaths.url("Docs/BreakingChanges.md"), encoding: .utf8)
        let step =
            "(ls Specs/*.yaml; git diff --name-only --no-renames --diff-filter=D origin/${{ github.base_ref }} -- "
            + "'Specs/*.yaml')"
        #expect(guide.contains(step))
        let command = step.replacingOccurrences(of: "origin/${{ github.base_ref }}", with: "main~1") + " | sort -u"
        let listed = try await ProcessRun.run("bash", ["-c", command], in: repo)
        #expect(listed.stdout.split(separator: "\n").map(String.init) == Self.specs)
    }

    @Test func thePullRequestIsReportedWhole() async throws {
        let repo = try await Self.repository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let markdown = try await ProcessRun.product(
            "specgen", ["diff", "--base", "main~1", "--format", "markdown"] + Self.specs, in: repo)
        #expect(markdown.status == 0, "\(markdown.stderr)")
        #expect(markdown.stderr == "note: skipped Specs/accepted-breaks.yaml: it is not a spec (no 'specgen:' key)\n")
        let summary = markdown.stdout.split(separator: "\n").dropFirst().first.map(String.init)
        #expect(
            summary
                == "**Keyz**: 1 change(s), 1 breaking on the wire, 0 in Swift; bump **major** · **New**: 1 change(s), 0 "
                + "breaking on the wire, 0 in Swift; bump **minor** · **Old**: 1 change(s), 1 breaking on the wire, 1 in "
                + "Swift; bump **major** · **Moved**: no change")
        #expect(markdown.stdout.contains("##### `GET /pong` (ping)"))
        #expect(markdown.stdout.contains("`api-added` the API 'New' was added, with 1 operation(s)"))
        #expect(markdown.stdout.contains("`api-removed` the API 'Old' was removed, with 1 operation(s)"))

        let github = try await ProcessRun.product(
            "specgen", ["diff", "--base", "main~1", "--format", "github"] + Self.specs, in: repo)
        let annotations = github.stdout.split(separator: "\n").map(String.init)
        #expect(annotations.count == 3)
        #expect(annotations.allSatisfy { !$0.contains("file=main~1:") }, "\(annotations)")
        #expect(
            annotations.first { $0.contains("api-removed") }?.hasPrefix("::error file=Specs/Old.yaml,title=") == true)
    }

    @Test func theGatesReadTheAcceptedBreaksAndTheVersion() async throws {
        let repo = try await Self.repository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let gate = try await ProcessRun.product(
            "specgen",
            ["diff", "--base", "main~1", "--accepted", "Specs/accepted-breaks.yaml", "--fail-on", "wire"] + Self.specs,
            in: repo)
        #expect(gate.status == 1)
        let version = try await ProcessRun.product(
            "specgen", ["diff", "--base", "main~1", "--check-version", "Specs/Keyz.yaml"], in: repo)
        #expect(version.status == 1)
        #expect(
            version.stderr
                == "Specs/Keyz.yaml: error: version 1.0.0 → 1.0.1 is a patch bump; these changes need a major bump, "
                + "to 2.0.0 or later\n")
    }
}
