public import Foundation
public import Testing

/// Paths inside this package, found from this file's own path so tests never depend on the working directory.
public enum PackagePaths {
    /// The package root (the folder holding `Package.swift`).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // SpecgenTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// A path under the package root.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// The folder that holds built products (`specgen`, test bundles).
    public static var productsDirectory: URL {
        let candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        for candidate in candidates
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("specgen").path) {
            return candidate
        }
        return Bundle.main.bundleURL.deletingLastPathComponent()
    }
}

/// Compares text with a golden file. With `SPECGEN_RECORD=1` it rewrites the file and still records an issue,
/// so a run that re-records can never pass by accident.
public func expectGolden(
    _ actual: String, matches golden: URL, sourceLocation: SourceLocation = #_sourceLocation
) {
    if ProcessInfo.processInfo.environment["SPECGEN_RECORD"] == "1" {
        try? FileManager.default.createDirectory(
            at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(actual.utf8).write(to: golden)
        Issue.record(
            "Recorded \(golden.lastPathComponent); unset SPECGEN_RECORD and run again.",
            sourceLocation: sourceLocation)
        return
    }
    guard let data = FileManager.default.contents(atPath: golden.path) else {
        Issue.record(
            "Missing golden file \(golden.path); run with SPECGEN_RECORD=1 to create it.",
            sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    if expected != actual {
        Issue.record(
            "\(golden.lastPathComponent) differs:\n\(lineDiff(expected: expected, actual: actual))",
            sourceLocation: sourceLocation)
    }
}

/// A short line diff: `-` lines only in the expected text, `+` lines only in the actual text.
public func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var output: [String] = []
    for line in old where !new.contains(line) { output.append("- \(line)") }
    for line in new where !old.contains(line) { output.append("+ \(line)") }
    return output.isEmpty ? "(same lines, different order or line endings)" : output.joined(separator: "\n")
}
