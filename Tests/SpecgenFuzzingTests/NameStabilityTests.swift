import Foundation
import SpecgenFuzzing
import SpecgenTestSupport
import Testing

/// The importer's names stay where they are: random additions and removals of schemas and operations in each
/// single-file fixture document, each imported before and after, keep every other model and operation's name and
/// definition. A failure names the document, the edit and what moved. `SPECGEN_STABILITY_EDITS` asks for more.
struct NameStabilityTests {
    static let editsPerDocument =
        ProcessInfo.processInfo.environment["SPECGEN_STABILITY_EDITS"].flatMap(Int.init) ?? 40

    /// Every fixture document that stands alone (multi-file documents refer to files an edit does not move).
    static let documents: [String] =
        Fixtures.cases(holding: "openapi.yaml").filter { $0 != "import-multi-file" }
        .map { "Tests/Fixtures/\($0)/openapi.yaml" }
        + Fixtures.cases(holding: "openapi.json").map { "Tests/Fixtures/\($0)/openapi.json" }

    @Test func additionsOnlyAddAndRemovalsOnlyRemove() async throws {
        let inputs = try Self.documents.map { path in (path, Array(try Data(contentsOf: PackagePaths.url(path)))) }
        let edits = Self.editsPerDocument
        let results = try await offThePool {
            inputs.map { path, bytes -> (String, [NameStabilityCheck.Outcome]) in
                guard let check = NameStabilityCheck(bytes: bytes, path: (path as NSString).lastPathComponent) else {
                    return (path, [])
                }
                var random = SplitMix64(seed: 0x57AB1E)
                return (path, (0..<edits).compactMap { _ in check.check(using: &random) })
            }
        }
        #expect(results.filter { $0.1.isEmpty }.map(\.0) == [])
        let outcomes = results.flatMap(\.1)
        // Each kind of edit is tried on most documents.
        for kind in ["schema added", "schema removed", "operation added", "operation removed"] {
            #expect(outcomes.filter { $0.kind == kind }.count >= Self.documents.count, "\(kind)")
        }
        let problems = results.flatMap { path, outcomes in
            outcomes.filter { !$0.problems.isEmpty }.map {
                "\(path), \($0.kind): \($0.problems.joined(separator: "; "))"
            }
        }
        #expect(problems.isEmpty, "\(problems.count) edits moved names, the first: \(problems.prefix(5))")
    }
}
