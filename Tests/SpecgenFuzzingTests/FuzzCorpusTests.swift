import Foundation
import SpecgenFuzzing
import SpecgenTestSupport
import Testing

/// Replays the committed fuzz corpus (seeds and the inputs that once crashed a target) through the same functions
/// `Benchmarks/fuzz.sh` runs under libFuzzer: a regression in any of them crashes this suite.
struct FuzzCorpusTests {
    /// The files of `Tests/Fixtures/fuzz-<target>/`; for the generator every spec the other fixtures hold, and for
    /// the importer every OpenAPI document they hold, and for the diff every seed spec (against itself).
    static func corpus(_ target: FuzzTarget) -> [URL] {
        let folder = Fixtures.url("fuzz-\(target.rawValue)", "")
        var files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0 != "README.md" }
            .map { folder.appendingPathComponent($0) }
        if target == .generator {
            files += Fixtures.cases(holding: "spec.yaml").map { Fixtures.url($0, "spec.yaml") }
            files += SeedAPIs.specPaths.map { PackagePaths.url($0) }
        }
        if target == .diff || target == .mutation { files += SeedAPIs.specPaths.map { PackagePaths.url($0) } }
        if target == .importer {
            for document in ["openapi.yaml", "openapi.json"] {
                files += Fixtures.cases(holding: document).map { Fixtures.url($0, document) }
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test(arguments: FuzzTarget.allCases)
    func theCorpusRunsWithoutACrash(target: FuzzTarget) async throws {
        let files = Self.corpus(target)
        let expected = [
            FuzzTarget.generator: 62, .mock: 7, .decoding: 6, .importer: 57, .diff: 7, .mutation: 10, .stability: 1,
        ][target]
        // A lost seed would silently weaken both the fuzzing and this test; a new crash reproducer adds one here.
        #expect(files.count == expected)
        let inputs = try files.map { try #require(FileManager.default.contents(atPath: $0.path), "\($0.path)") }
        // Seconds of work, on a thread of its own rather than the concurrency pool the socket tests need.
        try await offThePool { for bytes in inputs { target.run(Array(bytes)) } }
    }
}
