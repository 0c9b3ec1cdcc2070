import SpecgenSpec

/// The pull-request comment: one summary line across specs, then per changed spec its findings grouped by
/// operation (`METHOD /path`), breaking first, each with old → new in its message and its evidence folded in
/// `<details>`. It always fits one GitHub comment: past `limit` characters it folds evidence, then safe changes,
/// then whole operations, and says what it folded and where the full report is.
extension DiffReport {
    /// GitHub refuses comments over 65,536 characters; the default leaves room for a sticky-comment action's header.
    package static let commentLimit = 60_000

    /// How much a rendering keeps.
    enum Detail: Int, Comparable {
        case everything, noEvidence, breaksOnly

        static func < (lhs: Detail, rhs: Detail) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The comment for one spec (``markdown(reports:limit:fullReport:)`` with one report).
    package var markdown: String { Self.markdown(reports: [self]) }

    /// One comment for the reports of several specs, at most `limit` characters; `fullReport` says where the
    /// whole report is when something is folded (a command, a CI artifact).
    package static func markdown(
        reports: [DiffReport], limit: Int = commentLimit,
        fullReport: String = "`specgen diff --format text` prints every finding"
    ) -> String {
        let changed = reports.filter { !$0.findings.isEmpty }
        var header = "### API changes\n\n"
        header +=
            reports.map { report in
                report.findings.isEmpty
                    ? "**\(report.api)**: no change"
                    : "**\(report.api)**: \(report.findings.count) change(s), \(report.wireBreakingCount) breaking "
                        + "on the wire, \(report.swiftBreakingCount) in Swift; bump **\(report.suggestedBump)**"
            }.joined(separator: " · ") + "\n"
        guard !changed.isEmpty else { return header }
        for detail in [Detail.everything, .noEvidence, .breaksOnly] {
            let body = changed.map { $0.section(detail: detail) }.joined()
            let note = detail == .everything ? "" : folded(detail, fullReport: fullReport)
            if header.count + body.count + note.count <= limit { return header + note + body }
        }
        // Even the breaks alone are too many: as many operations as fit, then what was left out.
        var out = header + folded(.breaksOnly, fullReport: fullReport)
        var left = 0
        var leftGroups = 0
        for report in changed {
            for (index, group) in report.groups(detail: .breaksOnly).enumerated() {
                let text = (index == 0 ? report.sectionHeading : "") + group.text
                if left == 0, out.count + text.count + 200 <= limit {
                    out += text
                } else {
                    left += group.count
                    leftGroups += 1
                }
            }
        }
        if left > 0 {
            out += "\n… \(left) more breaking change(s) in \(leftGroups) more group(s) are not shown: \(fullReport).\n"
        }
        return out
    }

    static func folded(_ detail: Detail, fullReport: String) -> String {
        let what = detail == .noEvidence ? "the evidence of each finding" : "the evidence and every safe change"
        return "\n> This comment leaves out \(what) to fit in one comment; \(fullReport).\n"
    }

    var sectionHeading: String {
        "\n#### \(api)\n\n| | breaks old apps on the wire | wire-safe |\n|---|---|---|\n"
            + "| **breaks Swift code** | \(count(.breaking, .breaking)) | \(count(.safe, .breaking)) |\n"
            + "| **Swift-safe** | \(count(.breaking, .safe)) | \(count(.safe, .safe)) |\n"
    }

    func count(_ wire: Verdict, _ swift: Verdict) -> Int {
        findings.filter { $0.wire == wire && $0.swift == swift }.count
    }

    func section(detail: Detail) -> String {
        sectionHeading + groups(detail: detail).map(\.text).joined()
    }

    /// The findings under their operation, or (a change that reaches several, or none) under the API, most
    /// breaking group first.
    func groups(detail: Detail) -> [(text: String, count: Int)] {
        var order: [String] = []
        var members: [String: [Finding]] = [:]
        for finding in findings {
            let key = finding.operations.count == 1 ? "operation \(finding.operations[0])" : "the API"
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(finding)
        }
        func rank(_ finding: Finding) -> Int {
            (finding.wire == .breaking ? 2 : 0) + (finding.swift == .breaking ? 1 : 0)
        }
        let ranked = order.enumerated().sorted { a, b in
            let x = members[a.element]?.map(rank).max() ?? 0
            let y = members[b.element]?.map(rank).max() ?? 0
            return x != y ? x > y : a.offset < b.offset
        }.map(\.element)
        return ranked.compactMap { key in
            let all = (members[key] ?? []).sorted { rank($0) > rank($1) }
            let shown = detail == .breaksOnly ? all.filter { rank($0) > 0 } : all
            guard !shown.isEmpty else { return nil }
            var text = "\n##### " + heading(key) + "\n\n"
            for finding in shown { text += line(finding, detail: detail) }
            if shown.count < all.count { text += "- and \(all.count - shown.count) safe change(s)\n" }
            return (text, shown.count)
        }
    }

    /// `` `POST /auth/register/` (registerUser) ``, or the API's own changes.
    func heading(_ key: String) -> String {
        guard key.hasPrefix("operation ") else { return "Across operations: the API, its servers, auth and models" }
        let name = String(key.dropFirst("operation ".count))
        return routes[name].map { "`\($0)` (\(name))" } ?? "`\(name)`"
    }

    func line(_ finding: Finding, detail: Detail) -> String {
        let verdicts =
            "wire: \(finding.wire == .breaking ? "**breaking**" : "safe") · "
            + "Swift: \(finding.swift == .breaking ? "**breaking**" : "safe")"
        var line = "- \(verdicts) · `\(finding.rule.id)` \(finding.message) "
        line += "(`\(finding.location.path):\(finding.location.line)`)"
        if !finding.symbols.isEmpty { line += "; Swift: " + finding.symbols.map { "`\($0)`" }.joined(separator: ", ") }
        if finding.operations.count > 1 { line += "; operations: " + finding.operations.joined(separator: ", ") }
        if let rename = finding.likelyRename { line += "; **\(rename)**" }
        if let reason = accepted[finding.fingerprint] { line += "; **accepted**: \(reason)" }
        line += "\n"
        if detail == .everything, let proof = finding.proof {
            line +=
                "  <details><summary>\(Self.proofLabel(finding))</summary>\n\n  \(Self.markdown(proof))\n\n"
                + "  </details>\n"
        }
        return line
    }
}
