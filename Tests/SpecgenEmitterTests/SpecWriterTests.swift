import Foundation
import SpecgenEmitter
import SpecgenSpec
import SpecgenSpecWriter
import SpecgenTestSupport
import Testing

/// The spec writer over every spec the repository holds that loads without errors: the seeds, the fixture APIs, the
/// lint cases and the imported specs. What it writes loads with the same diagnostics, generates the same Swift
/// byte for byte, and is written again the same.
struct SpecWriterTests {
    static let paths: [String] =
        SeedAPIs.specPaths + FixtureAPIs.specPaths
        + Fixtures.cases(holding: "spec.yaml").map { Fixtures.path($0, "spec.yaml") }
        + Fixtures.cases(holding: "imported.yaml").map { Fixtures.path($0, "imported.yaml") }

    @Test(arguments: paths)
    func writtenSpecReadsBackTheSame(path: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: PackagePaths.url(path).path))
        let loaded = Spec.load(bytes: Array(bytes), path: path)
        guard let spec = loaded.spec else { return }  // a lint case that has errors: nothing to write
        let text = SpecWriter().text(of: spec)
        let reloaded = Spec.load(bytes: Array(text.utf8), path: path)
        #expect(
            reloaded.diagnostics.map { "\($0.severity) \($0.message)" }
                == loaded.diagnostics.map { "\($0.severity) \($0.message)" }, "\(text)")
        let again = try #require(reloaded.spec, "\(reloaded.diagnostics)")
        #expect(SpecWriter().text(of: again) == text)
        let original = Generator.generate(bytes: Array(bytes), path: path)
        let written = Generator.generate(bytes: Array(text.utf8), path: path)
        let originalFiles = try #require(original.files)
        let writtenFiles = try #require(written.files)
        #expect(originalFiles.map(\.name) == writtenFiles.map(\.name))
        for (first, second) in zip(originalFiles, writtenFiles) {
            #expect(first.name == second.name)
            #expect(first.contents == second.contents, "\(first.name) differs for \(path)")
        }
    }

    @Test
    func shortFormsWhereNothingElseIsSaid() throws {
        let source = """
            specgen: 1
            name: Pets
            version: "1.0"
            servers:
              production: https://pets.example/v1
            models:
              Pet:
                properties:
                  id: string
                  tag: string?
                  age: {type: int, minimum: 0, default: 1}
              Kind: {enum: [cat, dog, "3"]}
            endpoints:
              getPet:
                request: GET /pets/{id}
                path: {id: string}
                response: Pet
              deletePet:
                request: DELETE /pets/{id}
                path: {id: string}
                response: empty

            """
        let spec = try #require(Spec.load(bytes: Array(source.utf8), path: "pets.yaml").spec)
        #expect(SpecWriter().text(of: spec) == source.replacingOccurrences(of: "\n\n", with: "\n"))
    }

    /// YAML limits a key on its value's line to 1,024 characters as written, escapes included: a key of 300 DEL
    /// characters is 300 bytes but 1,800 characters quoted, so it is written as an explicit key, in a model's
    /// properties and as the first key of a list item (an example), and the text loads back to the same spec.
    @Test
    func keysLongOnlyOnceEscapedAreExplicit() throws {
        let key = String(repeating: "\u{7f}", count: 300)
        var spec = try #require(Spec.load(bytes: Array(Self.longKeySource.utf8), path: "keys.yaml").spec)
        guard case .object(var fields) = spec.models[0].kind else {
            Issue.record("Note is \(spec.models[0].kind)")
            return
        }
        fields[0].wireName = key
        fields[1].example = .array([.object([SpecValueEntry(key: key, value: .int(1))])])
        spec.models[0].kind = .object(fields)
        let text = SpecWriter().text(of: spec)
        #expect(text.contains("? \"" + String(repeating: "\\u007f", count: 300) + "\"\n"))
        let loaded = Spec.load(bytes: Array(text.utf8), path: "written.yaml")
        #expect(loaded.diagnostics.filter(\.isError).isEmpty, "\(loaded.diagnostics)")
        guard case .object(let read)? = loaded.spec?.models.first?.kind else {
            Issue.record("Note did not load: \(loaded.diagnostics)")
            return
        }
        #expect(read.map(\.wireName) == [key, "second"])
        #expect(read[1].example == .array([.object([SpecValueEntry(key: key, value: .int(1))])]))
    }

    static let longKeySource = """
        specgen: 1
        name: Keys
        version: "1"
        models:
          Note:
            properties:
              first: string
              second: {type: json, example: [{a: 1}]}
        """
}
