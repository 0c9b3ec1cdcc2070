public import Foundation

/// The five documented APIs whose specs live in `Specs/`, in one list for every suite that walks them.
public enum SeedAPIs {
    /// Their names, which are also their module and spec file names.
    public static let names = ["Chatist", "DocumentAI", "Gista", "Joyfill", "Keyz"]

    /// Their spec paths, relative to the package root.
    public static var specPaths: [String] { names.map { "Specs/\($0).yaml" } }
}

/// A fresh folder under the system's temporary directory; the caller removes it.
public func makeTemporaryFolder(_ prefix: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

extension ProcessRun {
    /// Runs the built `specgen` from the package root.
    public static func specgen(_ arguments: [String]) throws -> ProcessRun {
        try product("specgen", arguments)
    }
}
