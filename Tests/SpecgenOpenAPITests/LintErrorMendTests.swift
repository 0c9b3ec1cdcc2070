import Foundation
import SpecgenOpenAPI
import SpecgenSpec
import SpecgenTestSupport
import Testing

/// Every kind of lint error, and how the import keeps each out of the specs it writes.
struct LintErrorMendTests {
    /// Every error lint reports carries one of the closed list of kinds, and the lint cases under `Tests/Fixtures/`
    /// (with one options file) show every kind: none is a name without an error behind it.
    @Test func everyLintErrorHasAKindAndEveryKindIsReported() throws {
        var seen: [LintErrorKind: String] = [:]
        for name in Fixtures.cases(holding: "diagnostics.txt") {
            let bytes = try #require(FileManager.default.contents(atPath: Fixtures.url(name, "spec.yaml").path))
            for diagnostic in Spec.load(bytes: Array(bytes), path: "\(name)/spec.yaml").diagnostics
            where diagnostic.isError {
                let kind = try #require(
                    diagnostic.kind.flatMap(LintErrorKind.init(rawValue:)), "no kind: \(diagnostic)")
                seen[kind] = seen[kind] ?? diagnostic.description
            }
        }
        for (name, spec) in Self.specs {
            for diagnostic in Spec.load(bytes: Array(spec.utf8), path: "\(name).yaml").diagnostics
            where diagnostic.isError {
                let kind = try #require(
                    diagnostic.kind.flatMap(LintErrorKind.init(rawValue:)), "no kind: \(diagnostic)")
                seen[kind] = seen[kind] ?? diagnostic.description
            }
        }
        var diagnostics: [Diagnostic] = []
        _ = GenerationOptions.load(bytes: Array("access: open\n".utf8), path: "options.yaml", diagnostics: &diagnostics)
        for diagnostic in diagnostics where diagnostic.isError {
            let kind = try #require(diagnostic.kind.flatMap(LintErrorKind.init(rawValue:)), "no kind: \(diagnostic)")
            seen[kind] = seen[kind] ?? diagnostic.description
        }
        let unseen = LintErrorKind.allCases.filter { seen[$0] == nil }
        #expect(unseen.isEmpty, "no lint case reports \(unseen.map(\.rawValue))")
    }

    /// Each kind's mend: every warning it names is given by importing a document that would otherwise write that
    /// error, and the spec written lints without an error.
    @Test func everyMendIsShownByADocumentWhoseSpecLintsClean() throws {
        var warned: [ImportWarning: String] = [:]
        for (name, result) in try Self.imports() {
            guard let text = result.spec else {
                Issue.record("\(name) was not imported: \(result.diagnostics)")
                continue
            }
            let errors = Spec.load(bytes: Array(text.utf8), path: "\(name).yaml").diagnostics.filter(\.isError)
            #expect(errors.isEmpty, "\(name): \(errors)")
            for diagnostic in result.diagnostics where !diagnostic.isError {
                if let kind = diagnostic.kind.flatMap(ImportWarning.init(rawValue:)), warned[kind] == nil {
                    warned[kind] = name
                }
            }
        }
        for kind in LintErrorKind.allCases {
            let mend = OpenAPIImporter.mend(of: kind)
            #expect(!mend.reason.isEmpty, "\(kind.rawValue) gives no reason")
            let missing = mend.warnings.filter { warned[$0] == nil }
            #expect(missing.isEmpty, "\(kind.rawValue): no document gives \(missing.map(\.rawValue))")
        }
    }

    /// Docs/Importing.md lists every kind with its mend, as `mend(of:)` gives them.
    @Test func theGuideListsEveryMend() throws {
        let guide = try String(contentsOf: PackagePaths.url("Docs/Importing.md"), encoding: .utf8)
        let rows = LintErrorKind.allCases.map { kind in
            let mend = OpenAPIImporter.mend(of: kind)
            let warnings = mend.warnings.map { "`\($0.rawValue)`" }.joined(separator: ", ")
            return "| `\(kind.rawValue)` | \(warnings.isEmpty ? "none" : warnings) | \(mend.reason) |"
        }
        let table = (["| lint error | mended with | and otherwise |", "|---|---|---|"] + rows).joined(separator: "\n")
        #expect(guide.contains(table + "\n"), "Docs/Importing.md should hold:\n\(table)")
    }

    /// The import cases under `Tests/Fixtures/` and the documents below, each imported.
    static func imports() throws -> [(String, OpenAPIImport)] {
        let folders = Fixtures.cases(holding: "openapi.yaml") + Fixtures.cases(holding: "openapi.json")
        var results = try folders.filter { $0.hasPrefix("import-") }.map { ($0, try ImportOpenAPITests.importCase($0)) }
        for (name, document) in documents {
            results.append(
                (name, OpenAPIImporter().importDocument(at: "\(name).yaml") { _ in Array(document.utf8) }))
        }
        return results
    }

    /// Specs for the kinds no lint case shows.
    static let specs = [
        ("api-name", "specgen: 1\nname: \"5\"\nversion: \"1\"\n"),
        ("retry", "specgen: 1\nname: Retry\nversion: \"1\"\nretry: {maxAttempts: 0}\n"),
    ]

    /// A date pattern the client could not read back (letters that are no date fields) is imported as the string
    /// it is, with a warning at the pattern; a pattern that reads back stays a date.
    @Test func aDatePatternThatCannotReadBackIsImportedAsAString() throws {
        let document = try #require(Self.documents.first { $0.0 == "unreadable-date-pattern" }?.1)
        let result = OpenAPIImporter().importDocument(at: "dates.yaml") { _ in Array(document.utf8) }
        let spec = try #require(result.spec, "\(result.diagnostics)")
        #expect(spec.contains("stamp: string\n"), "\(spec)")
        #expect(spec.contains("day: {type: datetime, format: dd.MM.yyyy}"), "\(spec)")
        let warnings = result.diagnostics.filter { $0.kind == ImportWarning.dateFormat.rawValue }
        #expect(
            warnings.map(\.description) == [
                "dates.yaml:16:64: warning: the date pattern 'yyyyStreams' writes 2025-01-01T12:00:00Z as '20250', "
                    + "which it cannot read back; imported as a string"
            ])
    }

    /// Documents for the mends no import case shows.
    static let documents: [(String, String)] = [
        (
            "unreadable-date-pattern",
            """
            openapi: 3.1.0
            info: {title: Dates, version: "1"}
            paths:
              /stamps:
                get:
                  operationId: getStamp
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [stamp, day]
                            properties:
                              stamp: {type: string, x-specgen-date-format: yyyyStreams}
                              day: {type: string, x-specgen-date-format: dd.MM.yyyy}
            """
        ),
        (
            "constant-of-another-type",
            """
            openapi: 3.0.3
            info: {title: Constants, version: "1"}
            paths:
              /items:
                post:
                  operationId: addItem
                  requestBody:
                    content:
                      application/json:
                        schema: {type: object, properties: {amount: {type: integer, enum: [card]}}}
                  responses: {"204": {description: Added}}
            """
        ),
        (
            "title-with-a-digit",
            """
            openapi: 3.0.3
            info: {title: 5 Stars, version: "1"}
            paths: {}
            """
        ),
        (
            "servers-and-security",
            """
            openapi: 3.0.3
            info: {title: Mends, version: "1"}
            paths:
              /items:
                get:
                  operationId: listItems
                  servers: [{url: 'https://eu.example.com'}]
                  security: [{missing: []}, {key: [], basic: []}]
                  responses:
                    "200": {description: ok, content: {application/json: {schema: {type: array, items: {type: string}}}}}
            components:
              securitySchemes:
                key: {type: apiKey, in: header, name: X-Key}
                basic: {type: http, scheme: basic}
                implicit: {type: oauth2, flows: {implicit: {authorizationUrl: 'https://a.example.com/auth', scopes: {}}}}
            """
        ),
        (
            "answers",
            """
            openapi: 3.0.3
            info: {title: Answers, version: "1"}
            servers: [{url: 'https://api.example.com'}, {url: 'https://test.exampl%.com'}]
            paths:
              /a:
                get:
                  operationId: getA
                  responses:
                    default:
                      description: ok
                      content: {application/json: {schema: {type: object, properties: {x: {type: string}}}}}
              /b:
                get:
                  operationId: getB
                  responses:
                    "200":
                      description: events
                      headers: {X-Rate: {schema: {type: integer}}}
                      content: {text/event-stream: {schema: {type: string}}}
                    "201":
                      description: created
                      content: {application/json: {schema: {type: object, properties: {y: {type: string}}}}}
                    "2xx0": {description: bogus}
              /c:
                get:
                  operationId: getC
                  responses:
                    "200":
                      description: ok
                      headers: {X-Page: {schema: {type: object, properties: {a: {type: string}}}}}
                      content:
                        application/json:
                          schema:
                            type: object
                            properties: {n: {type: object, additionalProperties: {type: string, nullable: true}}}
                        application/xml: {schema: {type: object}}
            """
        ),
        (
            "requests",
            """
            openapi: 3.0.3
            info: {title: Requests, version: "1"}
            paths:
              /f:
                post:
                  operationId: postF
                  parameters:
                    - {name: filter, in: query, schema: {type: object, properties: {a: {type: object, properties: {b: {type: string}}}}}}
                    - {name: tags, in: query, schema: {type: array, items: {type: array, items: {type: string}}}}
                    - {name: any, in: query, schema: {}}
                    - {name: pick, in: query, schema: {oneOf: [{type: string}, {type: object, properties: {q: {type: string}}}]}}
                    - {name: X-Obj, in: header, schema: {type: object, properties: {a: {type: string}}}}
                  requestBody:
                    content:
                      multipart/form-data: {schema: {type: string, format: binary}}
                  responses: {"204": {description: done}}
              /g:
                post:
                  operationId: postG
                  x-specgen-retry: {maxAttempts: 0}
                  requestBody: {description: nothing}
                  responses: {"204": {description: done}}
              /h:
                post:
                  operationId: postH
                  requestBody:
                    content:
                      application/json: {schema: {type: object, properties: {file: {type: string, format: binary}}}}
                  responses: {"204": {description: done}}
              /i:
                get:
                  operationId: getI
                  responses:
                    "200": {description: ok, content: {application/json: {schema: {type: object, properties: {z: {type: strin}}}}}}
            """
        ),
        (
            "fields",
            """
            openapi: 3.1.0
            info: {title: Fields, version: "1"}
            paths:
              /form:
                post:
                  operationId: send
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          properties:
                            where: {type: object, properties: {a: {type: object, properties: {b: {type: string}}}}}
                            pick: {oneOf: [{type: string}, {type: object, properties: {q: {type: string}}}]}
                  responses: {"204": {description: done}}
              /json:
                post:
                  operationId: send
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          properties:
                            photo: {type: string, contentMediaType: image/png}
                            code: {type: string, pattern: '[a-'}
                            size: {type: integer, minimum: 5, maximum: 1}
                            count: {type: integer, default: two}
                            shape: {oneOf: [{$ref: '#/components/schemas/Dot'}, {$ref: '#/components/schemas/Dot'}]}
                  responses: {"204": {description: done}}
            components:
              schemas:
                Dot: {type: object, properties: {x: {type: number}}}
            """
        ),
        (
            "composition",
            """
            openapi: 3.0.3
            info: {title: Composition, version: "1"}
            paths:
              /p:
                get:
                  operationId: getP
                  parameters:
                    - {name: q, in: query, schema: {allOf: [{type: string}, {type: string, format: uuid}]}}
                  responses:
                    "200": {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
            components:
              schemas:
                Color: {type: string, enum: [red, blue]}
                Cat: {type: object, properties: {meow: {type: boolean}}}
                Dog: {type: object, properties: {bark: {type: boolean}}}
                Animal: {oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]}
                Pet:
                  allOf:
                    - {$ref: '#/components/schemas/Animal'}
                    - {$ref: '#/components/schemas/Color'}
                    - {type: object, properties: {name: {type: string}}}
            """
        ),
    ]
}
