import Foundation
public import Testing

/// The regions of a document the code writes, and what each should hold.
public enum DocRegions {
    /// The opening marker, followed by the region's name and ``close``.
    public static let begin = "<!-- generated: "
    /// The end of an opening marker.
    public static let close = " -->"

    /// A document with its regions refreshed, and what the refresh found.
    public struct Check: Sendable {
        /// The document with every region's content as its producer says.
        public var text: String
        /// The regions, in document order.
        public var names: [String] = []
        /// The regions whose content differed.
        public var stale: [String] = []
        /// The regions no producer writes.
        public var unknown: [String] = []
        /// The regions without an end marker.
        public var unclosed: [String] = []
    }

    /// `text` with each region's content replaced by what its producer says, and the regions that differed.
    public static func refresh(_ text: String, with produced: [String: String]) -> Check {
        var check = Check(text: "")
        var rest = Substring(text)
        while let start = rest.range(of: begin) {
            check.text += rest[..<start.upperBound]
            rest = rest[start.upperBound...]
            guard let nameEnd = rest.range(of: close) else { break }
            let name = String(rest[..<nameEnd.lowerBound])
            check.text += rest[..<nameEnd.upperBound]
            rest = rest[nameEnd.upperBound...]
            check.names.append(name)
            let endMarker = "<!-- end: \(name) -->"
            guard let end = rest.range(of: endMarker) else {
                check.unclosed.append(name)
                continue
            }
            let current = String(rest[..<end.lowerBound])
            if let value = produced[name] {
                // A block region keeps its own line breaks around the produced text.
                let wanted = current.hasPrefix("\n") ? "\n" + value + "\n" : value
                if wanted != current { check.stale.append(name) }
                check.text += wanted
            } else {
                check.unknown.append(name)
                check.text += current
            }
            check.text += endMarker
            rest = rest[end.upperBound...]
        }
        check.text += rest
        return check
    }

    /// The document at `path` (under the package root) with its regions refreshed: a stale region records an
    /// issue, and with `SPECGEN_RECORD=1` the document is rewritten first, so a re-recording run never passes.
    public static func check(
        _ path: String, with produced: [String: String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Check {
        let url = PackagePaths.url(path)
        let check = refresh(String(decoding: try Data(contentsOf: url), as: UTF8.self), with: produced)
        guard !check.stale.isEmpty else { return check }
        if ProcessInfo.processInfo.environment["SPECGEN_RECORD"] == "1" {
            try Data(check.text.utf8).write(to: url)
            Issue.record(
                "Rewrote \(check.stale) in \(path); unset SPECGEN_RECORD and run again.", sourceLocation: sourceLocation
            )
        } else {
            Issue.record(
                "\(path): \(check.stale) no longer say what the code produces; run with SPECGEN_RECORD=1",
                sourceLocation: sourceLocation)
        }
        return check
    }
}
