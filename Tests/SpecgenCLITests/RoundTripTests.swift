import Foundation
import RegexBuilder
import SpecgenDiff
import SpecgenOpenAPI
import SpecgenSpec
import SpecgenSurface
import SpecgenTestSupport
import Testing

/// Export, then import: every committed spec that loads without errors (the seeds in `Specs/`, the plugin-built
/// fixture APIs, the imported fixtures and the small valid cases) comes back from its own OpenAPI document as an
/// equivalent spec: its generated client has the same API surface, symbol for symbol and wire for wire, and it
/// exports the same document again. The exception is a model named like a type generated code uses (`Data` in
/// `warnings`, which is left out, and `Validation` in `HostileNames`): the import writes it as the client names it
/// (`ValidationModel`), so its spec name, in the surface's wire descriptions and the document, changes. The
/// `named-examples` case is left out too: its examples that do not fit their types, which lint says are never used,
/// the import leaves out with a warning.
struct RoundTripTests {
    /// Every spec file under `Specs/` and `Tests/Fixtures/` that loads without errors.
    static let specs: [String] = {
        var paths = SeedAPIs.specPaths
        let fixtures = PackagePaths.url(Fixtures.root)
        let cases = ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []).sorted()
        for name in cases {
            let folder = fixtures.appendingPathComponent(name)
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            for file in files
            where file.hasSuffix(".yaml") && file != "openapi.yaml" && name != "warnings"
                && name != "named-examples"
            {
                let path = Fixtures.path(name, file)
                guard let bytes = FileManager.default.contents(atPath: PackagePaths.url(path).path),
                    String(decoding: bytes, as: UTF8.self).contains("specgen: 1"),
                    Spec.load(bytes: Array(bytes), path: path).spec != nil
                else { continue }
                paths.append(path)
            }
        }
        return paths
    }()

    @Test func theRoundTripCoversEveryCommittedSpec() {
        // The five seeds, the three plugin-built fixtures, the imported fixtures and the valid small cases.
        for expected in SeedAPIs.specPaths + FixtureAPIs.specPaths + [
            "Tests/Fixtures/HostileNames/HostileNames.yaml", "Tests/Fixtures/import-json/imported.yaml",
            "Tests/Fixtures/keyz-diff/old.yaml", "Tests/Fixtures/valid-minimal/spec.yaml",
        ] {
            #expect(Self.specs.contains(expected), "\(expected)")
        }
        #expect(!Self.specs.contains("Tests/Fixtures/unknown-type/spec.yaml"))
    }

    @Test(arguments: specs)
    func exportThenImportGivesAnEquivalentSpec(_ path: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: PackagePaths.url(path).path))
        let original = try #require(Spec.load(bytes: Array(bytes), path: path).spec)
        let document = OpenAPIExporter(spec: original).document().yaml

        let imported = OpenAPIImporter(name: original.name).importDocument(at: "openapi.yaml") { file in
            file == "openapi.yaml" ? Array(document.utf8) : nil
        }
        let text = try #require(imported.spec, "\(imported.diagnostics)")
        #expect(imported.diagnostics.isEmpty, "\(imported.diagnostics.map(\.description))")
        let loaded = Spec.load(bytes: Array(text.utf8), path: "imported.yaml")
        let spec = try #require(loaded.spec, "\(loaded.diagnostics)\n\(text)")
        #expect(!loaded.hasErrors, "\(loaded.diagnostics.filter(\.isError))")

        // A model named like a type generated code uses (`Validation`) is generated as `ValidationModel`, the name the
        // import gives the schema back; the surface's wire descriptions, which name spec types, follow it.
        let reserved = original.models.filter { $0.swiftName == nil && Namer.reservedTypeNames.contains($0.name) }
            .map(\.name)
        let before = Set(
            Self.surface(original).map { line in
                // A quoted wire name (a property's, an enum value) is the wire's, not a spec type's.
                guard let arrow = line.range(of: "  <- "), !line[arrow.upperBound...].hasPrefix("\"") else {
                    return line
                }
                let wire = reserved.reduce(String(line[arrow.upperBound...])) { text, name in
                    let word = Regex {
                        Anchor.wordBoundary
                        name
                        Anchor.wordBoundary
                    }
                    return text.replacing(word, with: name + "Model")
                }
                return line[..<arrow.upperBound] + wire
            })
        let after = Self.surface(spec)
        let lost = before.subtracting(after).sorted().joined(separator: "\n")
        let gained = after.subtracting(before).sorted().joined(separator: "\n")
        #expect(before == after, "only before:\n\(lost)\nonly after:\n\(gained)")
        // `specgen diff` finds nothing to report: documentation, behaviour (retry, timeout, cache policy) and wire.
        // OpenAPI groups operations by path, so the mock's initializer may take its handlers in another order
        // (`operations-reordered`, as the surface comparison above allows).
        if renamedOperations(original).isEmpty {
            let findings = SpecDiff.findings(old: original, new: spec).filter { $0.rule.id != "operations-reordered" }
                .map { "\($0.rule.id): \($0.message)" }
            #expect(findings.isEmpty, "\(findings)")
        }
        // Auth comes back as written: a token path below the server is a path again, not the exported full URL.
        #expect(spec.authSchemes.map(\.kind) == original.authSchemes.map(\.kind))
        // The import names each operation as its client method is named (`get-things` is `getThings`).
        var renamed = original
        for index in renamed.endpoints.indices {
            renamed.endpoints[index].name = Namer().methodName(renamed.endpoints[index].name).filter { $0 != "`" }
        }
        if reserved.isEmpty {
            #expect(OpenAPIExporter(spec: spec).document().yaml == OpenAPIExporter(spec: renamed).document().yaml)
        }
    }

    /// The operations whose names the import changes (`get-things` is `getThings`), which a diff reports.
    func renamedOperations(_ spec: Spec) -> [String] {
        spec.endpoints.map(\.name).filter { Namer().methodName($0).filter { $0 != "`" } != $0 }
    }

    /// The surface's lines. OpenAPI groups operations by path, so an imported spec lists them in path order: the
    /// mock's initializer, the one symbol whose text follows the spec's order of operations, is compared with its
    /// parameters sorted.
    static func surface(_ spec: Spec) -> Set<String> {
        Set(
            APISurface(spec: spec, sourcePath: "spec.yaml").entries.map { entry in
                guard entry.symbol.hasSuffix("Mock.init"), let open = entry.line.firstIndex(of: "("),
                    let close = entry.line.lastIndex(of: ")")
                else { return entry.line }
                let parameters = entry.line[entry.line.index(after: open)..<close].components(separatedBy: ", ")
                return entry.line[...open] + parameters.sorted().joined(separator: ", ") + entry.line[close...]
            })
    }
}
