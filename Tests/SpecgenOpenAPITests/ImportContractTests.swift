import Foundation
import SpecgenEmitter
import SpecgenOpenAPI
import SpecgenSpec
import SpecgenTestSupport
import Testing

/// The import's contract, over every import case: a spec comes out (exit 0) only when it loads and lints with no
/// error and no warning (`lint --strict`), and every operation of the document is an endpoint or is counted as
/// skipped with a warning that says so.
struct ImportContractTests {
    @Test(arguments: ImportOpenAPITests.cases)
    func theSpecIsStrictlyCleanAndNothingIsLostSilently(_ name: String) throws {
        let result = try ImportOpenAPITests.importCase(name)
        let spec = try #require(result.spec, "\(result.diagnostics)")
        let loaded = Spec.load(bytes: Array(spec.utf8), path: "imported.yaml")
        #expect(loaded.diagnostics.map(\.description) == [], "lint --strict")
        // The value the import settled and linted is the spec its text reads as.
        let checked = result.checked(as: "imported.yaml")
        #expect(checked.diagnostics.map(\.description) == loaded.diagnostics.map(\.description))
        // It generates the same client, file for file.
        func generated(_ spec: Spec?) -> [GeneratedFile]? {
            spec.map { SwiftEmitter().render(ClientPlanner(spec: $0, sourcePath: "imported.yaml").plan()) }
        }
        let fromValue = try #require(generated(checked.spec))
        let fromText = try #require(generated(loaded.spec))
        #expect(fromValue.map(\.name) == fromText.map(\.name))
        for (value, text) in zip(fromValue, fromText) {
            #expect(value.contents == text.contents, "\(value.name)")
        }
        let summary = result.summary
        #expect(summary.endpoints + summary.skippedOperations + summary.leftOut == summary.documentOperations)
        #expect(loaded.spec?.endpoints.count == summary.endpoints + summary.streamedForms)
        let skipWarnings = ["http-method", "dangling-ref", "ref-cycle"].reduce(0) {
            $0 + summary.warnings[$1, default: 0]
        }
        #expect(summary.skippedOperations <= skipWarnings, "every skipped operation has its warning")
        #expect(result.diagnostics.filter(\.isError).isEmpty)
        #expect(result.diagnostics.count == summary.warnings.values.reduce(0, +), "each warning is counted by kind")
    }
}

/// Docs/Importing.md lists every warning kind the import gives, and no other.
struct ImportWarningDocumentationTests {
    @Test func theWarningTableListsEveryKind() throws {
        let text = try String(contentsOf: PackagePaths.url("Docs/Importing.md"), encoding: .utf8)
        let section =
            try #require(text.components(separatedBy: "## What is imported with a warning").last)
            .components(separatedBy: "\n## ").first ?? ""
        var documented: [String] = []
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let firstCell = line.dropFirst(2).prefix { $0 != "|" }
            let pieces = firstCell.split(separator: "`", omittingEmptySubsequences: false)
            documented += pieces.enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        #expect(documented.sorted() == ImportWarning.allCases.map(\.rawValue).sorted())
        #expect(Set(documented).count == documented.count, "each kind once")
    }
}
