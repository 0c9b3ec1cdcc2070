import Foundation
import SpecgenTestSupport
import Testing

/// `specgen docc`, and the committed DocC landing pages of the five clients.
struct DocCCommandTests {
    @Test(arguments: SeedAPIs.names)
    func theCommittedLandingPageIsUpToDate(_ api: String) async throws {
        let page = "Sources/\(api)/\(api).docc/\(api).md"
        let run = try await LintCommandTests.specgen(["docc", "Specs/\(api).yaml", "-o", page, "--check"])
        #expect(
            run.status == 0,
            "\(page) is stale; run `swift run specgen docc Specs/\(api).yaml -o \(page)`\n\(run.stdout)")
    }

    @Test func thePageNamesTheServersTheAuthAndGroupsOperationsByResource() async throws {
        let run = try await LintCommandTests.specgen(["docc", "Specs/Keyz.yaml"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "# ``Keyz``")
        #expect(lines.contains("| ``KeyzServer/development`` | `https://dev.space.keyz-app.fr` |"))
        #expect(
            lines.contains {
                $0.hasPrefix("- `keyz`: OAuth2 tokens from `/auth/token/`, kept in the `keyzTokenStore` store")
            })
        let topics = Array(lines.drop { $0 != "## Topics" })
        let auth = try #require(topics.firstIndex(of: "### Auth"))
        #expect(
            Array(topics[(auth + 2)...(auth + 4)]) == [
                "- ``KeyzClient/registerUser(_:)``",
                "- ``KeyzClient/loginUser(email:password:grantType:)``",
                "- ``KeyzClient/requestToken(_:)``",
            ])
        #expect(topics.contains("- ``KeyzClient/authorizedRequest(resource:)``"))
        #expect(topics.contains("- ``TokenResponse``"))
    }

    @Test func aStalePageIsADiffAndExitCodeOne() async throws {
        let folder = try makeTemporaryFolder("docc")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let page = folder.appendingPathComponent("Gista.docc/Gista.md").path
            #expect(try await LintCommandTests.specgen(["docc", "Specs/Gista.yaml", "-o", page]).status == 0)
            try Data("# ``Gista``\n".utf8).write(to: URL(fileURLWithPath: page))
            let run = try await LintCommandTests.specgen(["docc", "Specs/Gista.yaml", "-o", page, "--check"])
            #expect(run.status == 1)
            #expect(run.stdout.contains("+## Topics"))
            #expect(run.stderr.contains("is stale; run `specgen docc Specs/Gista.yaml -o \(page)`"))
        }
    }
}
