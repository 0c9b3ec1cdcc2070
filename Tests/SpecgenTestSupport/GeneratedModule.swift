import Foundation

/// Type-checks generated files, with any sources written against them, as one module against the built
/// SpecgenRuntime: the diff's Swift verdicts and the random-spec property both ask the compiler this way.
public enum GeneratedModule {
    /// What the compiler said.
    public struct Compilation: Sendable {
        /// Whether it type-checked.
        public var succeeded: Bool
        /// Its diagnostics.
        public var diagnostics: String
    }

    /// The generated targets' settings: warnings are errors, with the package's upcoming features.
    public static let targetFlags = [
        "-warnings-as-errors", "-enable-upcoming-feature", "ExistentialAny",
        "-enable-upcoming-feature", "InternalImportsByDefault", "-enable-upcoming-feature", "MemberImportVisibility",
    ]

    /// Type-checks the generated files (by name and contents) and the sources written against them, as a debug build
    /// does (`DEBUG` defined, as SwiftPM defines it) unless `release`; with `throughSIL`, compiles them on to SIL as
    /// a build does, where crashes of the compiler's later stages show.
    public static func typecheck(
        _ files: [(name: String, contents: String)], sources: [(name: String, contents: String)] = [],
        module: String, flags: [String] = [], throughSIL: Bool = false, release: Bool = false
    ) async throws -> Compilation {
        // One compiler at a time, whatever the test runner runs in parallel: a compiler takes a core, and the tests
        // beside it that measure time over sockets need the other.
        await compilerSlots.acquire()
        defer { Task { await compilerSlots.release() } }
        let folder = try makeTemporaryFolder("generated-module")
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (name, contents) in files + sources {
            let url = folder.appendingPathComponent(name)
            try contents.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let run = try await ProcessRun.run(
            "swiftc",
            (throughSIL ? ["-emit-sil", "-wmo", "-o", "/dev/null"] : ["-typecheck"])
                + ["-swift-version", "6", "-parse-as-library", "-module-name", module]
                + (release ? [] : ["-D", "DEBUG"])
                + flags
                + ["-I", PackagePaths.productsDirectory.appendingPathComponent("Modules").path] + paths)
        return Compilation(succeeded: run.status == 0, diagnostics: run.stderr)
    }
}

/// The compilers the tests may run at once.
private let compilerSlots = AsyncSemaphore(count: 1)

/// A counting semaphore for async code: `acquire()` suspends, without holding a thread, until a slot is free.
actor AsyncSemaphore {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        free = count
    }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
