import Foundation
package import SpecgenSpec

/// The findings of one spec's diff, rendered as text, Markdown, JSON or GitHub annotations.
package struct DiffReport {
    /// The API's name.
    package var api: String
    /// The findings, ordered by location.
    package var findings: [Finding]
    /// Reasons for the findings a team accepted, by fingerprint; accepted findings trip no gate.
    package var accepted: [String: String]
    /// Each operation's `METHOD /path`, by its name in either version, for the Markdown report's headings.
    package var routes: [String: String]
    /// The file GitHub annotations name: the spec as the pull request has it. A finding located in another file
    /// (the base version, for something removed) is annotated on this one, with its base line in the message.
    package var annotatedPath: String?

    /// Creates a report; `routes` name the operations of both versions (``routes(of:)``).
    package init(api: String, findings: [Finding], accepted: AcceptedBreaks? = nil, routes: [String: String] = [:]) {
        self.api = api
        self.findings = findings
        self.routes = routes
        var reasons: [String: String] = [:]
        for finding in findings {
            if let reason = accepted?.reason(for: finding) { reasons[finding.fingerprint] = reason }
        }
        self.accepted = reasons
    }

    /// The findings no accepted-breaks entry covers.
    package var unaccepted: [Finding] { findings.filter { accepted[$0.fingerprint] == nil } }

    private var wireBreaking: [Finding] { findings.filter { $0.wire == .breaking } }
    private var swiftBreaking: [Finding] { findings.filter { $0.swift == .breaking } }

    /// The semantic-version bump both verdicts call for: major, minor, patch or none.
    package var suggestedBump: String {
        if findings.isEmpty { return "none" }
        if findings.contains(where: { $0.wire == .breaking || $0.swift == .breaking }) { return "major" }
        if findings.contains(where: \.rule.additive) { return "minor" }
        return "patch"
    }

    /// `METHOD /path` of every operation of the specs, by name; the first spec's wins for a name in both.
    package static func routes(of specs: [Spec]) -> [String: String] {
        var routes: [String: String] = [:]
        for spec in specs {
            for endpoint in spec.endpoints where routes[endpoint.name] == nil {
                routes[endpoint.name] = "\(endpoint.method.rawValue) \(endpoint.path)"
            }
        }
        return routes
    }

    var wireBreakingCount: Int { wireBreaking.count }
    var swiftBreakingCount: Int { swiftBreaking.count }

    private var summary: String {
        "\(api): \(findings.count) change(s), \(wireBreaking.count) breaking on the wire, \(swiftBreaking.count) breaking in Swift;"
            + " suggested version bump: \(suggestedBump)"
    }

    // MARK: Text

    /// One block per finding: `path:line:column: rule [wire: …, swift: …] message`, then symbols and operations.
    package var text: String {
        var lines = [summary]
        for finding in findings {
            lines.append(
                "\(finding.location): \(finding.rule.id) [wire: \(finding.wire.rawValue), swift: \(finding.swift.rawValue)] \(finding.message)"
            )
            if !finding.symbols.isEmpty { lines.append("    swift: " + finding.symbols.joined(separator: ", ")) }
            if let rename = finding.likelyRename { lines.append("    " + rename) }
            if !finding.operations.isEmpty {
                lines.append("    operations: " + finding.operations.joined(separator: ", "))
            }
            if let proof = finding.proof { lines.append("    \(Self.proofLabel(finding)): " + proof.summary) }
            if let reason = accepted[finding.fingerprint] { lines.append("    accepted: " + reason) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: JSON

    /// A stable JSON document: keys sorted, findings in location order (documented in Docs/BreakingChanges.md).
    package var json: String {
        let document: [String: Any] = [
            "api": api,
            "suggestedBump": suggestedBump,
            "summary": [
                "changes": findings.count, "wireBreaking": wireBreaking.count, "swiftBreaking": swiftBreaking.count,
            ],
            "findings": findings.map { finding -> [String: Any] in
                var entry: [String: Any] = [
                    "rule": finding.rule.id, "message": finding.message,
                    "wire": finding.wire.rawValue, "swift": finding.swift.rawValue,
                    "location": [
                        "path": finding.location.path, "line": finding.location.line,
                        "column": finding.location.column,
                    ],
                    "symbols": finding.symbols, "operations": finding.operations, "fingerprint": finding.fingerprint,
                ]
                if let reason = accepted[finding.fingerprint] { entry["accepted"] = reason }
                if let rename = finding.likelyRename { entry["likelyRename"] = rename }
                if let proof = finding.proof { entry["proof"] = Self.json(proof, rule: finding.rule) }
                return entry
            },
        ]
        return Self.serialize(document)
    }

    // MARK: Proofs

    /// `wire proof`, or, when the exchanges overturn the rule, `wire proof (the rule says breaking)`.
    static func proofLabel(_ finding: Finding) -> String {
        finding.wire == finding.rule.wire ? "wire proof" : "wire proof (the rule says \(finding.rule.wire.rawValue))"
    }

    /// The proof with its JSON and its failure in code spans.
    static func markdown(_ proof: WireProof) -> String {
        guard let exchange = proof.evidence else { return proof.summary }
        let json = "`` \(exchange.json) ``"
        let failure = "`` \(exchange.failure) ``"
        switch exchange.direction {
        case .request:
            return "the old app sends \(json) \(exchange.carrier); the new server rejects it: \(failure)"
        case .answer:
            return "the new server answers \(json) \(exchange.carrier); the old app cannot read it: \(failure)"
        }
    }

    static func json(_ proof: WireProof, rule: DiffRule) -> [String: Any] {
        var entry: [String: Any] = [
            "verdict": proof.verdict.rawValue, "requests": proof.requests, "answers": proof.answers,
            "agreesWithRule": proof.verdict == rule.wire, "summary": proof.summary,
        ]
        if let exchange = proof.evidence {
            var evidence: [String: Any] = [
                "direction": exchange.direction.rawValue, "type": exchange.type, "json": exchange.json,
                "failure": exchange.failure,
            ]
            if let operation = exchange.operation { evidence["operation"] = operation }
            entry["evidence"] = evidence
        }
        return entry
    }

    // MARK: GitHub

    /// Workflow commands that annotate the spec line in a pull request: errors for breaks, notices otherwise.
    package var githubAnnotations: String {
        findings.map { finding in
            let breaks = finding.wire == .breaking || finding.swift == .breaking
            let level = breaks && accepted[finding.fingerprint] == nil ? "error" : "notice"
            var message = "\(finding.message) (wire: \(finding.wire.rawValue), swift: \(finding.swift.rawValue))"
            var place = "file=\(finding.location.path),line=\(finding.location.line),col=\(finding.location.column)"
            if let annotatedPath, annotatedPath != finding.location.path {
                message += "; at \(finding.location.path):\(finding.location.line)"
                place = "file=\(annotatedPath)"
            }
            return "::\(level) \(place),title=\(finding.rule.id)::\(Self.escapeAnnotation(message))\n"
        }.joined()
    }

    private static func escapeAnnotation(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    // MARK: Rules

    /// The catalogue as a table: ID, wire verdict, Swift verdict, title.
    package static func rulesText() -> String {
        DiffRule.catalogue.map { rule in
            rule.id.padding(toLength: 36, withPad: " ", startingAt: 0) + " wire: "
                + rule.wire.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + " swift: "
                + rule.swift.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + " " + rule.title
        }.joined(separator: "\n") + "\n"
    }

    /// The catalogue as JSON.
    package static func rulesJSON() -> String {
        serialize(
            DiffRule.catalogue.map { rule -> [String: Any] in
                [
                    "id": rule.id, "title": rule.title, "wire": rule.wire.rawValue, "swift": rule.swift.rawValue,
                    "additive": rule.additive, "rationale": rule.rationale,
                ]
            })
    }

    private static func serialize(_ value: Any) -> String {
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
