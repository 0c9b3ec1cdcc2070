import Foundation
import SpecgenEmitter
import SpecgenTestSupport
import Testing

/// Whole generated files for two specs, byte for byte. The same specs build the `Chatist` and `Keyz` modules
/// through the plugin with warnings as errors, and `GeneratedClientTests` imports them, so these goldens compile.
struct GoldenTests {
    @Test(arguments: ["Chatist", "Keyz"])
    func wholeFiles(api: String) throws {
        let files = try Self.generate("Specs/\(api).yaml")
        #expect(files.map(\.name) == SwiftEmitter.fileNames)
        for file in files {
            expectGolden(
                file.contents, matches: Fixtures.url(api, file.name))
        }
    }

    @Test(arguments: SeedAPIs.names)
    func sameSpecSameBytes(api: String) throws {
        let first = try Self.generate("Specs/\(api).yaml")
        let second = try Self.generate("Specs/\(api).yaml")
        #expect(first == second)
        for file in first {
            #expect(
                file.contents.hasSuffix("\n") && !file.contents.hasSuffix("\n\n"), "one final newline in \(file.name)")
            #expect(!file.contents.contains(PackagePaths.root.path), "no absolute paths")
            #expect(
                !file.contents.split(separator: "\n", omittingEmptySubsequences: false).contains { $0.hasSuffix(" ") },
                "no trailing spaces in \(file.name)")
        }
    }

    static func generate(_ relativePath: String) throws -> [GeneratedFile] {
        let bytes = try #require(FileManager.default.contents(atPath: PackagePaths.url(relativePath).path))
        let result = Generator.generate(bytes: Array(bytes), path: relativePath)
        return try #require(result.files, "\(result.diagnostics)")
    }
}
