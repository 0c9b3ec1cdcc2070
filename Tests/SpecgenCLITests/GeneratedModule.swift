import Foundation
import SpecgenEmitter
import SpecgenTestSupport

/// Type-checks generated files, with any sources written against them, as one module against the built
/// SpecgenRuntime: the diff's Swift verdicts and the random-spec property both ask the compiler this way.
enum GeneratedModule {
    struct Compilation {
        var succeeded: Bool
        var diagnostics: String
    }

    /// The generated targets' settings: warnings are errors, with the package's upcoming features.
    static let targetFlags = [
        "-warnings-as-errors", "-enable-upcoming-feature", "ExistentialAny",
        "-enable-upcoming-feature", "InternalImportsByDefault", "-enable-upcoming-feature", "MemberImportVisibility",
    ]

    static func typecheck(
        _ files: [GeneratedFile], sources: [(name: String, contents: String)] = [], module: String,
        flags: [String] = []
    ) async throws -> Compilation {
        let folder = try makeTemporaryFolder("generated-module")
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (name, contents) in files.map({ ($0.name, $0.contents) }) + sources {
            let url = folder.appendingPathComponent(name)
            try contents.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let run = try await ProcessRun.run(
            "swiftc",
            ["-typecheck", "-swift-version", "6", "-parse-as-library", "-module-name", module] + flags
                + ["-I", PackagePaths.productsDirectory.appendingPathComponent("Modules").path] + paths)
        return Compilation(succeeded: run.status == 0, diagnostics: run.stderr)
    }
}
