import Foundation
import SpecgenTestSupport
import Testing

/// The README says which target names the package takes from a build (SwiftPM needs them unique across it): every
/// target of Package.swift is either named `Specgen…`/`specgen…` or listed there, and every name listed is a target.
struct ReservedNamesTests {
    @Test func theReadmeListsEveryTargetNameAnAppCannotUse() throws {
        let manifest = try String(contentsOf: PackagePaths.url("Package.swift"), encoding: .utf8)
        let declaration = try Regex(
            #"\.(?:target|executableTarget|testTarget|plugin|systemLibrary)\(\s*name:\s*"([^"]+)""#)
        let names = Set(manifest.matches(of: declaration).compactMap { $0.output[1].substring.map(String.init) })
        #expect(names.count > 40)
        let reserved = names.filter { !$0.lowercased().hasPrefix("specgen") }

        let readme = try String(contentsOf: PackagePaths.url("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "this package reserves its own"))
        let end = try #require(readme[start.upperBound...].range(of: "An app's target"))
        let paragraph = readme[start.upperBound..<end.lowerBound]
        let listed = Set(
            paragraph.matches(of: try Regex("`([^`]+)`")).compactMap { $0.output[1].substring.map(String.init) }
        )
        .subtracting(["Specgen", "specgen"])
        let mismatch =
            "listed but no target: \(listed.subtracting(reserved)); a target the README does not name: "
            + "\(reserved.subtracting(listed))"
        #expect(listed == reserved, "\(mismatch)")
        // No test fixture takes a name an app would choose.
        #expect(!names.contains { ["Shelf", "Relay", "Ledger", "PayDesk", "HostileNames"].contains($0) })
    }
}
