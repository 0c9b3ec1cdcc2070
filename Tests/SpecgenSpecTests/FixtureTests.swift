import Foundation
import SpecgenSpec
import SpecgenTestSupport
import Testing

/// Each lint case under `Tests/Fixtures/`: `spec.yaml` and the exact diagnostics it must produce.
struct FixtureTests {
    static var cases: [String] { Fixtures.cases(holding: "diagnostics.txt") }

    @Test func everyCaseFolderIsRead() {
        // A folder dropped by a bad checkout or a rename would silently shrink the suite.
        #expect(Self.cases.count == 57)
    }

    @Test(arguments: cases)
    func diagnostics(for name: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: Fixtures.url(name, "spec.yaml").path))
        let loaded = Spec.load(bytes: Array(bytes), path: "spec.yaml")
        let text =
            loaded.diagnostics.map(\.description).joined(separator: "\n") + (loaded.diagnostics.isEmpty ? "" : "\n")
        expectGolden(text, matches: Fixtures.url(name, "diagnostics.txt"))
        // A spec with errors yields no model, so nothing downstream can run on half a spec.
        #expect((loaded.spec == nil) == loaded.hasErrors)
    }
}
