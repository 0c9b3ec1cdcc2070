import Foundation
import SpecgenDiff
import SpecgenMock
import SpecgenOpenAPI
import SpecgenSpec
import SpecgenSurface
import SpecgenTestSupport
import SpecgenWire
import Testing

/// README.md and Docs/*.md say only what the code bears out. Counts and output excerpts sit in regions the code
/// writes (`<!-- generated: name -->` … `<!-- end: name -->`, rewritten with `SPECGEN_RECORD=1`); paths, commands,
/// flags, versions, generated symbols and the CI steps are checked against the repository, the CLI's help, the
/// surfaces and `.ci/run`.
struct DocumentationDriftTests {
    /// The documents held to the code: the README, Docs/ and the READMEs of the folders a reader opens.
    static let documents: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: PackagePaths.url("Docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/\($0)" } + [
            "Specs/README.md", "Examples/README.md", "Benchmarks/README.md", "Tests/Fixtures/README.md",
        ]
    }()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: PackagePaths.url(path), encoding: .utf8)
    }

    // MARK: Regions the code writes

    @Test func everyGeneratedRegionSaysWhatTheCodeProduces() async throws {
        let produced = try await DocRegions.produced()
        var used: Set<String> = []
        for path in Self.documents {
            let check = try DocRegions.check(path, with: produced)
            used.formUnion(check.names)
            #expect(check.unknown.isEmpty, "\(path): no producer for \(check.unknown)")
            #expect(check.unclosed.isEmpty, "\(path): no end marker for \(check.unclosed)")
        }
        #expect(used == Set(produced.keys), "producers no document uses: \(Set(produced.keys).subtracting(used))")
    }

    /// The check is shown to fail: a count edited in a scratch copy of the README is stale, and so is an excerpt.
    @Test func anEditedStatementFailsTheCheck() async throws {
        let produced = try await DocRegions.produced()
        let readme = try Self.text("README.md")
        let count = try #require(produced["diff-rule-count"])
        let marker = "<!-- generated: diff-rule-count -->\(count)<!-- end: diff-rule-count -->"
        #expect(readme.contains(marker))
        let edited = readme.replacingOccurrences(of: marker, with: marker.replacingOccurrences(of: count, with: "64"))
        #expect(DocRegions.refresh(edited, with: produced).stale == ["diff-rule-count"])
        #expect(DocRegions.refresh(readme, with: produced).stale.isEmpty)

        let breaking = try Self.text("Docs/BreakingChanges.md")
        let surfaceLine = "case RegisterUserError.emailAlreadyExists(ErrorPayload<ErrorResponse>)  <- 409"
        #expect(breaking.contains(surfaceLine))
        let old = breaking.replacingOccurrences(
            of: surfaceLine, with: "case RegisterUserError.emailAlreadyExists(ErrorResponse)  <- 409")
        #expect(DocRegions.refresh(old, with: produced).stale == ["keyz-surface-excerpt"])

        // A path that moved is caught by the path check, on the same text.
        let runtime = try Self.text("Docs/Runtime.md")
        #expect(Self.missingPaths(in: runtime).isEmpty)
        let moved = runtime.replacingOccurrences(
            of: "`Benchmarks/Sources/download-bench`", with: "`Benchmarks/download-bench`")
        #expect(Self.missingPaths(in: moved) == ["Benchmarks/download-bench"])
    }

    // MARK: Excerpts

    /// The lines of the code blocks marked `<!-- excerpt: PATH -->` (a file or a folder, such as a golden client)
    /// that appear in no file of the path; a line with `...` or `…` stands for what it leaves out.
    static func strayExcerptLines(in text: String) throws -> [String] {
        var stray: [String] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard let match = lines[index].wholeMatch(of: #/<!-- excerpt: (.+) -->/#),
                index + 1 < lines.count, lines[index + 1].hasPrefix("```")
            else { continue }
            let source = try sourceLines(String(match.1))
            var line = index + 2
            while line < lines.count, !lines[line].hasPrefix("```") {
                let trimmed = lines[line].trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty, !trimmed.contains("..."), !trimmed.contains("…"), !source.contains(trimmed) {
                    stray.append(trimmed)
                }
                line += 1
            }
            index = line
        }
        return stray
    }

    /// The trimmed lines of a file, or of every file in a folder.
    static func sourceLines(_ path: String) throws -> Set<String> {
        let url = PackagePaths.url(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            Issue.record("an excerpt names \(path), which does not exist")
            return []
        }
        let files =
            isFolder.boolValue
            ? try FileManager.default.contentsOfDirectory(atPath: url.path).map { url.appendingPathComponent($0) }
            : [url]
        var lines: Set<String> = []
        for file in files {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") { lines.insert(line.trimmingCharacters(in: .whitespaces)) }
        }
        return lines
    }

    @Test func everyExcerptIsWhatItsSourceSays() throws {
        for path in Self.documents {
            let stray = try Self.strayExcerptLines(in: try Self.text(path))
            #expect(stray.isEmpty, "\(path) quotes lines its sources no longer have: \(stray)")
        }
        // An excerpt edited in a scratch copy is caught.
        let guide = try Self.text("Docs/GeneratedCode.md")
        let line = "try Validation.length(email, min: 1, field: \"RegisterModel.email\")"
        #expect(guide.contains(line))
        let edited = guide.replacingOccurrences(of: line, with: line.replacingOccurrences(of: "min: 1", with: "min: 3"))
        #expect(try Self.strayExcerptLines(in: edited) == [line.replacingOccurrences(of: "min: 1", with: "min: 3")])
    }

    // MARK: Paths

    /// Code spans naming a file or folder of the repository.
    static func paths(in text: String) -> [String] {
        let roots = [
            "Sources/", "Tests/", "Docs/", "Benchmarks/", "Specs/", "Plugins/", "Examples/", ".ci/", "Packages/",
        ]
        return codeSpans(in: text).compactMap { span in
            let path = span.split(separator: " ").first.map(String.init) ?? span
            guard roots.contains(where: path.hasPrefix) || ["README.md", "Package.swift"].contains(path),
                !path.contains("<"), !path.contains("*"), !path.contains("…"), !path.contains("{")
            else { return nil }
            return path.split(separator: ":").first.map(String.init)
        }
    }

    /// Paths that exist only once someone makes them: the files the README tells a user to create for an API of
    /// their own (`Shop`, as in its steps), and the benchmarks' work folder, which a run creates.
    static let madeLater: Set<String> = [
        "Specs/Shop.yaml", "Sources/Shop/", "Sources/Shop/specgen-options.yaml", "Benchmarks/.work/",
    ]

    /// The paths of `text` that exist neither from the package root nor from `folder`, the document's own.
    static func missingPaths(in text: String, folder: String = "") -> [String] {
        paths(in: text).filter { path in
            !madeLater.contains(path)
                && ![path, folder + path].contains { FileManager.default.fileExists(atPath: PackagePaths.url($0).path) }
        }
    }

    @Test func everyPathTheDocsNameExists() throws {
        for path in Self.documents {
            let folder = path.contains("/") ? String(path[...(path.lastIndex(of: "/") ?? path.startIndex)]) : ""
            let missing = Self.missingPaths(in: try Self.text(path), folder: folder)
            #expect(missing.isEmpty, "\(path) names paths that do not exist: \(missing)")
        }
    }

    // MARK: Commands and flags

    @Test func everyCommandAndFlagTheDocsUseExists() async throws {
        let top = try await ProcessRun.specgen(["--help"]).stdout
        let commands = Self.subcommands(inHelp: top)
        #expect(commands.contains("diff") && commands.contains("import-openapi"), "\(commands)")
        var flags: [String: Set<String>] = ["specgen": Self.flags(inHelp: top)]
        for command in commands {
            flags["specgen \(command)"] = Self.flags(inHelp: try await ProcessRun.specgen([command, "--help"]).stdout)
        }
        flags["specgen-mock"] = Self.flags(inHelp: try await ProcessRun.product("specgen-mock", ["--help"]).stdout)

        for path in Self.documents {
            for invocation in Self.invocations(in: try Self.text(path)) {
                let command = invocation.tool == "specgen" ? "specgen \(invocation.words.first ?? "")" : invocation.tool
                guard let known = flags[command] ?? (invocation.words.first == nil ? flags["specgen"] : nil) else {
                    Issue.record("\(path): '\(invocation.line)' runs '\(command)', which the CLI does not have")
                    continue
                }
                let unknown = invocation.flags.filter { !known.contains($0) }
                #expect(unknown.isEmpty, "\(path): '\(invocation.line)' passes \(unknown), which \(command) lacks")
            }
        }
    }

    /// A command line in a code block or span: `specgen diff a b --format json`, `swift run specgen-mock ...`.
    struct Invocation {
        var line: String
        var tool: String
        var words: [String]
        var flags: [String]
    }

    /// The names and the walk Docs/Importing.md gives as examples are what the import writes for a document that
    /// has those constructs.
    @Test func theImportGuidesNamesAndPagingAreWhatTheImportWrites() throws {
        let document = """
            openapi: 3.1.0
            info: {title: Guide, version: "1"}
            paths:
              /customers:
                get:
                  operationId: list_customers
                  responses: {"200": {description: OK, content: {application/json: {schema: {$ref: '#/components/schemas/Customer'}}}}}
                post:
                  responses: {"204": {description: Made.}}
              /payments:
                post:
                  operationId: createPayment
                  # More than six properties: a model, not inline fields.
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          properties: {a: {type: integer}, b: {type: integer}, c: {type: integer}, d: {type: integer},
                            e: {type: integer}, f: {type: integer}, g: {type: integer}}
                  responses: {"204": {description: Paid.}}
              /documents:
                post:
                  operationId: uploadDocument
                  responses:
                    "200": {description: OK, content: {application/json: {schema: {type: object, properties: {id: {type: string}}}}}}
              /items:
                get:
                  operationId: listItems
                  parameters:
                    - {name: page, in: query, schema: {type: integer, default: 1}}
                    - {name: limit, in: query, schema: {type: integer}}
                  responses:
                    "200":
                      description: A page.
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              data: {type: array, items: {type: object, properties: {sku: {type: string}}}}
              /links:
                get:
                  operationId: getLink
                  responses: {"200": {description: OK, content: {application/json: {schema: {$ref: '#/components/schemas/url'}}}}}
              /accounts:
                get:
                  operationId: getAccount
                  responses: {"200": {description: OK, content: {application/json: {schema: {$ref: '#/components/schemas/bank_account'}}}}}
            components:
              schemas:
                Customer:
                  type: object
                  properties:
                    address: {type: object, properties: {city: {type: string}}}
                    status: {type: string, enum: [active, closed]}
                url: {type: object, properties: {href: {type: string}}}
                bank_account: {type: object, properties: {iban: {type: string}}}
            """
        let result = OpenAPIImporter().importDocument(at: "openapi.yaml") { _ in Array(document.utf8) }
        let text = try #require(result.spec)
        let spec = try #require(Spec.load(bytes: Array(text.utf8), path: "imported.yaml").spec)
        let guide = try Self.text("Docs/Importing.md")
        let models = Set(spec.models.map { $0.swiftName ?? $0.name })
        for name in [
            "BankAccount", "CustomerAddress", "CustomerStatus", "CreatePaymentRequest", "UploadDocumentResponse",
            "ListItemsResponseDataItem", "URLModel",
        ] {
            #expect(guide.contains("`\(name)`"), "Docs/Importing.md no longer gives \(name)")
            #expect(models.contains(name), "the import writes \(models.sorted()), not \(name)")
        }
        for name in ["listCustomers", "postCustomers"] {
            #expect(guide.contains("`\(name)`"))
            #expect(spec.endpoints.contains { $0.name == name }, "\(spec.endpoints.map(\.name))")
        }
        // "`page` ... with a default (`page: 1`), with a size parameter (`limit`, ...)" is a walk.
        #expect(guide.contains("with a default (`page: 1`), with a size parameter (`limit`"))
        let items = try #require(spec.endpoints.first { $0.name == "listItems" })
        #expect(items.pagination?.limitParameter == "limit")
        #expect(items.pagination?.itemsField == "data")
    }

    // MARK: Versions, symbols, CI steps

    @Test func everyVersionTheDocsGiveIsTheToolsOwn() async throws {
        let version = try await ProcessRun.specgen(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        for path in Self.documents {
            let text = try Self.text(path)
            for range in text.ranges(of: #/from: "([0-9][0-9.]*)"/#) {
                let given = text[range].dropFirst(7).dropLast()
                #expect(String(given) == version, "\(path) depends on \(given); the tool is \(version)")
            }
        }
    }

    /// A code span `Type.member` whose type a seed API generates names a symbol of that API's surface, and
    /// `API.operation` (an operation's qualified name, as errors, logs and spans give it) one of its operations.
    @Test func everyGeneratedSymbolTheDocsNameExists() throws {
        let surfaces = try SeedAPIs.names.map { try Self.text("Specs/\($0).surface") }.joined(separator: "\n")
        let types = Set(
            surfaces.split(separator: "\n").compactMap { line -> Substring? in
                let symbol = line.split(separator: " ").dropFirst().first ?? ""
                return symbol.split(separator: ".").first
            })
        for path in Self.documents {
            for span in Self.codeSpans(in: try Self.text(path)) {
                guard let match = span.wholeMatch(of: #/([A-Z][A-Za-z0-9]*)\.([A-Za-z_][A-Za-z0-9]*)/#) else {
                    continue
                }
                if SeedAPIs.names.contains(String(match.1)) {
                    // `Keyz.yaml` is a file, not an operation.
                    guard !["yaml", "surface", "swift", "md", "json"].contains(match.2) else { continue }
                    let exists = surfaces.contains("func \(match.1)API.\(match.2)(")
                    #expect(exists, "\(path) names the operation \(span), which \(match.1) does not have")
                    continue
                }
                guard types.contains(match.1) else { continue }
                let named =
                    surfaces.contains("\(span):") || surfaces.contains("\(span)(")
                    || surfaces.contains("\(span) ") || surfaces.contains("\(span)\n")
                #expect(named, "\(path) names \(span), which no seed API generates")
            }
        }
    }

    /// The README tells the CI steps in the order `.ci/run` runs them; the test command, which `.ci/swiftpm` runs, is
    /// the README's.
    @Test func theReadmeTellsTheCIStepsInOrder() throws {
        let run = try Self.text(".ci/run")
        let lines = run.split(separator: "\n").map(String.init)
        #expect(lines.contains(".ci/swiftpm swift test"), "the README's test command is `swift test`")
        let steps = lines.filter { $0.hasPrefix(".ci/") && !$0.hasPrefix(".ci/swiftpm ") }
        let readme = try Self.text("README.md")
        let paragraph = try #require(
            readme.components(separatedBy: "CI runs `.ci/run`").dropFirst().first?.components(separatedBy: "\n\n")
                .first)
        let told = Self.codeSpans(in: paragraph).filter {
            $0.hasPrefix(".ci/") && $0 != ".ci/run" && $0 != ".ci/swiftpm"
        }
        var unique: [String] = []
        for step in told where !unique.contains(step) { unique.append(step) }
        #expect(
            unique == steps.filter { $0 != ".ci/install-deps" }, "the README tells \(unique); .ci/run runs \(steps)")
    }
}
