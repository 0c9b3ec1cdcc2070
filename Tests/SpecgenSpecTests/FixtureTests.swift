import Foundation
import SpecgenSpec
import SpecgenTestSupport
import Testing

/// One folder per case under `Fixtures/`: `spec.yaml` and the exact diagnostics it must produce.
struct FixtureTests {
    static let fixtures = PackagePaths.url("Tests/SpecgenSpecTests/Fixtures")

    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func everyCaseFolderIsRead() {
        // A folder dropped by a bad checkout or a rename would silently shrink the suite.
        #expect(Self.cases.count == 34)
    }

    @Test(arguments: cases)
    func diagnostics(for name: String) throws {
        let folder = Self.fixtures.appendingPathComponent(name)
        let bytes = try #require(FileManager.default.contents(atPath: folder.appendingPathComponent("spec.yaml").path))
        let loaded = Spec.load(bytes: Array(bytes), path: "spec.yaml")
        let text =
            loaded.diagnostics.map(\.description).joined(separator: "\n") + (loaded.diagnostics.isEmpty ? "" : "\n")
        expectGolden(text, matches: folder.appendingPathComponent("diagnostics.txt"))
        // A spec with errors yields no model, so nothing downstream can run on half a spec.
        #expect((loaded.spec == nil) == loaded.hasErrors)
    }
}
