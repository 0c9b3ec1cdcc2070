import Foundation
import SpecgenDiff
import SpecgenEmitter
package import SpecgenSpec
import SpecgenYAML

/// The diff's completeness, checked on random single edits of a spec, each compared both ways: every edit that
/// changes what travels or the generated Swift API gets findings that explain it (no catch-all finding), an edit
/// that changes neither gets no breaking verdict, one with no wire-breaking finding leaves every exchange of every
/// operation between the old app and the new server working, and one that changes neither and gets no finding
/// leaves the generated code as it was (comments aside), so the models the diff compares miss nothing the generator
/// writes.
package struct DiffMutationCheck {
    /// What one edit did to the diff.
    package struct Outcome: Sendable {
        /// The edit's kind, such as `replace format`.
        package var kind: String
        /// Whether the edited spec loads without errors; only those are compared.
        package var valid: Bool
        /// Whether the wire model or the Swift surface changed.
        package var wire = false
        package var swift = false
        /// Findings of the diff old → new.
        package var findings = 0
        /// Whether a finding of the diff old → new says the edit breaks Swift.
        package var swiftBreaking = false
        /// The edited spec, when it loads, to compile against (DiffMutationCompileTests).
        package var edited: String?
        /// What the diff got wrong, in either direction.
        package var problems: [String] = []
    }

    /// The spec edited, when it loads without errors.
    let spec: Spec?
    let root: YAMLNode?

    /// A check over `text`, a spec.
    package init(text: String, path: String) {
        let loaded = Spec.load(bytes: Array(text.utf8), path: path)
        spec = loaded.hasErrors ? nil : loaded.spec
        root = (try? YAMLDocument(parsing: Array(text.utf8), path: path))?.root
    }

    /// The keys an edit of this spec can touch: every mapping key the spec writes, and those the mutator adds to a
    /// field (`format`, `minLength`); none when the spec does not load.
    package var editableKeys: Set<String> {
        guard spec != nil, let root else { return [] }
        return SpecMutator(root).keys.union(SpecMutator.fieldKeys.map(\.0))
    }

    /// `count` edits drawn from `seed`, each made of `depth` single edits one after another (`replace type +
    /// remove default`), so changes that meet are tried too; none when the spec itself does not load.
    package func run(edits count: Int, seed: UInt64, depth: Int = 1) -> [Outcome] {
        guard let spec, let root else { return [] }
        var random = SplitMix64(seed: seed)
        let mutator = SpecMutator(root)
        let code = Self.code(spec)
        var outcomes: [Outcome] = []
        var attempts = 0
        while outcomes.count < count, attempts < count * 20 {
            attempts += 1
            guard var edit = mutator.edit(using: &random) else { continue }
            for _ in 1..<max(depth, 1) {
                guard let next = SpecMutator(edit.root).edit(using: &random) else { break }
                edit = SpecMutator.Edit(root: next.root, kind: edit.kind + " + " + next.kind)
            }
            outcomes.append(check(edit, against: spec, code: code))
        }
        return outcomes
    }

    /// Loads the edited spec and compares it with the original both ways; `code` is the original's generated code
    /// (``code(_:)``).
    package func check(_ edit: SpecMutator.Edit, against spec: Spec, code: [String]) -> Outcome {
        let edited = YAMLTreeText.text(of: edit.root)
        let loaded = Spec.load(bytes: Array(edited.utf8), path: "edited.yaml")
        guard let other = loaded.spec, !loaded.hasErrors else { return Outcome(kind: edit.kind, valid: false) }
        var outcome = Outcome(kind: edit.kind, valid: true, edited: edited)
        let changed = SpecDiff.differences(old: spec, new: other)
        outcome.wire = changed.wire
        outcome.swift = changed.swift
        for (direction, old, new) in [("old → edited", spec, other), ("edited → old", other, spec)] {
            let findings = SpecDiff.findings(old: old, new: new)
            if direction == "old → edited" {
                outcome.findings = findings.count
                outcome.swiftBreaking = findings.contains { $0.swift == .breaking }
            }
            let lines = findings.map { "\($0.rule.id): \($0.message)" }
            func problem(_ text: String) {
                outcome.problems.append("\(edit.kind), \(direction): \(text); findings: \(lines)")
            }
            for finding in findings where finding.rule.id.hasPrefix("unexplained-") {
                problem("unexplained: \(finding.message)")
            }
            if !changed.wire, let finding = findings.first(where: { $0.wire == .breaking }) {
                problem("wire-breaking '\(finding.rule.id)' though nothing travels differently")
            }
            if !changed.swift, let finding = findings.first(where: { $0.swift == .breaking }) {
                problem("Swift-breaking '\(finding.rule.id)' though the Swift API is the same")
            }
            // The wire verdict, checked whole: with no wire-breaking finding, every exchange of every operation
            // between the old app and the new server works.
            if changed.wire, !findings.contains(where: { $0.wire == .breaking }),
                let exchange = SpecDiff.failingExchange(old: old, new: new)
            {
                problem("no wire-breaking finding, yet \(exchange)")
            }
            if changed.wire || changed.swift, findings.isEmpty { problem("no finding for a change") }
            // The generated code is the last word: where neither model saw a change and no rule spoke, it is the
            // same but for its comments.
            if !changed.wire, !changed.swift, findings.isEmpty, direction == "old → edited" {
                let (before, after) = (code, Self.code(other))
                if before.count != after.count {
                    problem("the generated code changed unseen: lines added or removed")
                } else if let changed = zip(before, after).first(where: { !Self.sameCode($0, $1) }) {
                    problem("the generated code changed unseen: '\(changed.0)' became '\(changed.1)'")
                }
            }
        }
        // `SPECGEN_MUTATION_EDITED=<path>` keeps the edited spec of each failing edit, to diff it by hand, as
        // `<path>-<kind>-<size>.yaml` (`/tmp/edit-replace_type-4120.yaml`).
        if !outcome.problems.isEmpty, let path = ProcessInfo.processInfo.environment["SPECGEN_MUTATION_EDITED"] {
            let name = "\(path)-\(edit.kind.replacing(" ", with: "_"))-\(edited.utf8.count).yaml"
            _ = FileManager.default.createFile(atPath: name, contents: Data(edited.utf8))
        }
        return outcome
    }
}

extension DiffMutationCheck {
    /// The code generated from a spec, line by line, without comments and blank lines.
    static func code(_ spec: Spec) -> [String] {
        let plan = ClientPlanner(spec: spec, sourcePath: "spec.yaml").plan()
        return SwiftEmitter().render(plan).flatMap { $0.contents.split(separator: "\n") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.hasPrefix("//") && !$0.isEmpty }
    }

    /// Whether two lines of generated code do the same: the same text, or, in a line that sets or reads a header,
    /// the same but for case, since HTTP compares header names without it (`Relay-Signature`, `RELAY-SIGNATURE`).
    static func sameCode(_ line: String, _ other: String) -> Bool {
        line == other
            || (line.lowercased() == other.lowercased() && (line.contains("eader") || line.contains("reader.")))
    }
}

/// A small, seedable generator (SplitMix64), so a run is the same on every machine and a failing seed reproduces:
/// the fuzz targets and every randomized test draw from it.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
