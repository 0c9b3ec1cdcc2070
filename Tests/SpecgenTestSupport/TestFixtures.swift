public import Foundation

/// The five documented APIs whose specs live in `Specs/`, in one list for every suite that walks them.
public enum SeedAPIs {
    /// Their names, which are also their module and spec file names.
    public static let names = ["Chatist", "DocumentAI", "Gista", "Joyfill", "Keyz"]

    /// Their spec paths, relative to the package root.
    public static var specPaths: [String] { names.map { "Specs/\($0).yaml" } }
}

/// The fixture APIs built by the plugin as package targets: the call patterns the seeds do not use.
public enum FixtureAPIs {
    /// Their names, which are also their module names and folders under `Tests/Fixtures/`.
    public static let names = ["Shelf", "Relay", "Ledger", "PayDesk"]

    /// Their spec paths, relative to the package root.
    public static var specPaths: [String] { names.map { "Tests/Fixtures/\($0)/\($0).yaml" } }
}

/// The test fixtures: one folder per case under `Tests/Fixtures/`, holding the case's input (`spec.yaml`, or the
/// seed API's spec in `Specs/`) and the files it must produce (`diagnostics.txt`, generated Swift, `openapi.yaml`,
/// diff reports).
public enum Fixtures {
    /// The folder of all cases, relative to the package root.
    public static let root = "Tests/Fixtures"

    /// A file of a case, relative to the package root, as a command line names it: `Tests/Fixtures/warnings/spec.yaml`.
    public static func path(_ name: String, _ file: String) -> String { "\(root)/\(name)/\(file)" }

    /// A file of a case as a URL.
    public static func url(_ name: String, _ file: String) -> URL { PackagePaths.url(path(name, file)) }

    /// The cases that hold `file`, sorted: the lint cases are those with a `diagnostics.txt`.
    public static func cases(holding file: String) -> [String] {
        let folder = PackagePaths.url(root)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: url($0, file).path) }.sorted()
    }
}

/// A fresh folder under the system's temporary directory; the caller removes it.
public func makeTemporaryFolder(_ prefix: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

extension ProcessRun {
    /// Runs the built `specgen`, from the package root unless `directory` says otherwise.
    public static func specgen(_ arguments: [String], directory: URL = PackagePaths.root) async throws -> ProcessRun {
        try await product("specgen", arguments, in: directory)
    }
}
