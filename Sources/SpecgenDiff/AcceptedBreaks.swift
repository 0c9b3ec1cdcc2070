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
        let context = LoadContext(path: path)
        guard let document = context.parse(bytes), let root = document.root, !root.isNull else {
            return (AcceptedBreaks(entries: []), context.diagnostics)
        }
        guard let top = MappingReader(root, keyPath: "file", allowed: ["accepted"], context: context) else {
            return (AcceptedBreaks(entries: []), context.diagnostics)
        }
        guard let list = top.value("accepted") else {
            context.error(
                .companionFile,
                root, "expected 'accepted:' with a list of changes",
                fix: "write 'accepted: [{fingerprint: ..., reason: ...}]'")
            return (AcceptedBreaks(entries: []), context.diagnostics)
        }
        var entries: [Entry] = []
        for (index, item) in (list.items ?? []).enumerated() {
            guard
                let change = MappingReader(
                    item, keyPath: "accepted[\(index)]", allowed: ["fingerprint", "reason"],
                    context: context)
            else { continue }
            let fingerprint = change.string("fingerprint") ?? ""
            let reason = change.string("reason") ?? ""
            if fingerprint.isEmpty {
                context.error(
                    .companionFile,
                    item, "an accepted change needs a 'fingerprint'", fix: "copy it from `specgen diff --format json`")
                continue
            }
            if reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                context.error(
                    .companionFile,
                    item, "accepted change '\(fingerprint)' needs a 'reason'",
                    fix: "say why old apps or old code are not affected")
                continue
            }
            entries.append(Entry(fingerprint: fingerprint, reason: reason, location: context.location(item)))
        }
        return (AcceptedBreaks(entries: entries), context.diagnostics)
    }

    /// The reason a finding was accepted, if it was.
    package func reason(for finding: Finding) -> String? {
        entries.first { $0.fingerprint == finding.fingerprint }?.reason
    }

    /// Entries that match none of `findings`: warnings, so the file does not keep stale acceptances.
    package func unmatched(by findings: [Finding]) -> [Diagnostic] {
        let fingerprints = Set(findings.map(\.fingerprint))
        return entries.filter { !fingerprints.contains($0.fingerprint) }.map { entry in
            Diagnostic(
                .warning, at: entry.location, "accepted change '\(entry.fingerprint)' matches nothing in this diff",
                fix: "remove it once the change has shipped")
        }
    }
}
