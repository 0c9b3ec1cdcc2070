import Foundation
import SpecgenTestSupport
import Testing

/// `specgen surface`, and the committed surface files of the five APIs.
struct SurfaceCommandTests {
    static let apis = SeedAPIs.names

    @Test(arguments: apis)
    func theCommittedSurfaceIsUpToDate(_ api: String) async throws {
        let run = try await LintCommandTests.specgen([
            "surface", "Specs/\(api).yaml", "-o", "Specs/\(api).surface", "--check",
        ])
        #expect(
            run.status == 0,
            "Specs/\(api).surface is stale; run `swift run specgen surface Specs/\(api).yaml -o Specs/\(api).surface`\n\(run.stdout)"
        )
    }

    @Test func eachLineIsOneSymbolWithItsWireMapping() async throws {
        let run = try await LintCommandTests.specgen(["surface", "Specs/Keyz.yaml"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("var TokenResponse.accessToken: String  <- \"access_token\""))
        #expect(lines.contains("case GrantType.refreshToken  <- \"refresh_token\""))
        #expect(lines.contains("case RegisterUserError.emailAlreadyExists(ErrorPayload<ErrorResponse>)  <- 409"))
        #expect(
            lines.contains(
                "func KeyzAPI.registerUser(_ body: RegisterModel) async throws(RegisterUserError) -> IdResponse"
                    + "  <- POST /auth/register/ json(RegisterModel) auth:none -> 201 IdResponse"))
        #expect(lines.contains("case KeyzServer.development  <- https://dev.space.keyz-app.fr"))
        // Sorted by symbol after the header, so the file is byte-stable.
        let symbols = lines.dropFirst().map(Self.symbol)
        #expect(symbols == symbols.sorted())
    }

    @Test func aStaleSurfaceFailsTheCheckWithADiff() async throws {
        let folder = try makeTemporaryFolder("surface")
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try String(contentsOf: PackagePaths.url("Specs/Keyz.yaml"), encoding: .utf8)
        let edited = original.replacingOccurrences(of: "expires_in: {type: int,", with: "expires_in: {type: int?,")
        #expect(edited != original)
        let spec = folder.appendingPathComponent("Keyz.yaml")
        try edited.write(to: spec, atomically: true, encoding: .utf8)
        let committed = try String(contentsOf: PackagePaths.url("Specs/Keyz.surface"), encoding: .utf8)
        let surface = folder.appendingPathComponent("Keyz.surface")
        try committed.write(to: surface, atomically: true, encoding: .utf8)

        let run = try await LintCommandTests.specgen(["surface", spec.path, "-o", surface.path, "--check"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("\n-var TokenResponse.expiresIn: Int  <- \"expires_in\"\n"))
        #expect(run.stdout.contains("\n+var TokenResponse.expiresIn: Int?  <- \"expires_in\"\n"))
        #expect(run.stderr.contains("is stale"))
    }

    /// The sort key of a line: its qualified symbol.
    private static func symbol(_ line: String) -> String {
        let declaration = line.components(separatedBy: "  <- ")[0]
        let words = declaration.split(separator: " ")
        let keywords: Set<Substring> = [
            "struct", "enum", "protocol", "extension", "func", "var", "let", "case", "static",
            "private(set)", "typealias",
        ]
        let name = words.first { !keywords.contains($0) } ?? ""
        return String(name.prefix { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" })
    }
}
