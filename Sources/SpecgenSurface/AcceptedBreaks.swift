import Foundation
package import SpecgenSpec
import SpecgenYAML

/// Changes a team reviewed and accepted, each by fingerprint with a required reason; a committed YAML file:
///
/// ```yaml
/// accepted:
///   - fingerprint: "response-property-made-optional:TokenResponse.expiresIn"
///     reason: The server omits it for long-lived tokens; apps since 2.3 handle nil.
/// ```
package struct AcceptedBreaks: Sendable {
    /// One accepted change.
    package struct Entry: Hashable, Sendable {
        /// The finding's fingerprint, as `specgen diff --format json` prints it.
        package var fingerprint: String
        /// Why it is acceptable.
        package var reason: String
        /// Where it is written.
        package var location: SourceLocation
    }

    /// The entries, in file order.
    package var entries: [Entry]

    /// Reads the file; problems (a missing reason, an unknown key) come back as located diagnostics.
    package static func load(bytes: [UInt8], path: String) -> (AcceptedBreaks, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        func location(_ node: YAMLNode) -> SourceLocation {
            SourceLocation(path: path, line: node.mark.line, column: node.mark.column)
        }
        let document: YAMLDocument
        do {
            document = try YAMLDocument(parsing: bytes, path: path)
        } catch {
            let mark = SourceLocation(path: path, line: error.mark.line, column: error.mark.column)
            return (AcceptedBreaks(entries: []), [Diagnostic(.error, at: mark, error.message, fix: error.fix)])
        }
        let start = SourceLocation(path: path, line: 1, column: 1)
        guard let root = document.root, let pairs = root.pairs,
              let list = pairs.first(where: { $0.key.scalar == "accepted" })?.value else {
            if document.root?.isNull ?? true { return (AcceptedBreaks(entries: []), []) }
            return (AcceptedBreaks(entries: []), [Diagnostic(.error, at: start, "expected 'accepted:' with a list of changes",
                                                             fix: "write 'accepted: [{fingerprint: ..., reason: ...}]'")])
        }
        for pair in pairs where pair.key.scalar != "accepted" {
            diagnostics.append(Diagnostic(.error, at: location(pair.key), "unknown key '\(pair.key.scalar ?? "")'",
                                          fix: "the file holds only 'accepted:'"))
        }
        var entries: [Entry] = []
        for item in list.items ?? [] {
            let fields = item.pairs ?? []
            let fingerprint = fields.first { $0.key.scalar == "fingerprint" }?.value.scalar ?? ""
            let reason = (fields.first { $0.key.scalar == "reason" }?.value.scalar ?? "")
            for field in fields where !["fingerprint", "reason"].contains(field.key.scalar ?? "") {
                diagnostics.append(Diagnostic(.error, at: location(field.key), "unknown key '\(field.key.scalar ?? "")'",
                                              fix: "an accepted change has 'fingerprint' and 'reason'"))
            }
            if fingerprint.isEmpty {
                diagnostics.append(Diagnostic(.error, at: location(item), "an accepted change needs a 'fingerprint'",
                                              fix: "copy it from `specgen diff --format json`"))
                continue
            }
            if reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                diagnostics.append(Diagnostic(.error, at: location(item), "accepted change '\(fingerprint)' needs a 'reason'",
                                              fix: "say why old apps or old code are not affected"))
                continue
            }
            entries.append(Entry(fingerprint: fingerprint, reason: reason, location: location(item)))
        }
        return (AcceptedBreaks(entries: entries), diagnostics)
    }

    /// The reason a finding was accepted, if it was.
    package func reason(for finding: Finding) -> String? {
        entries.first { $0.fingerprint == finding.fingerprint }?.reason
    }

    /// Entries that match none of `findings`: warnings, so the file does not keep stale acceptances.
    package func unmatched(by findings: [Finding]) -> [Diagnostic] {
        let fingerprints = Set(findings.map(\.fingerprint))
        return entries.filter { !fingerprints.contains($0.fingerprint) }.map { entry in
            Diagnostic(.warning, at: entry.location, "accepted change '\(entry.fingerprint)' matches nothing in this diff",
                       fix: "remove it once the change has shipped")
        }
    }
}
