import SpecgenFuzzing
import SpecgenOpenAPI
import SpecgenSpec
import Testing

/// Parts of a document whose key the import reads while the spec keeps less than the value says: an operation's
/// server that restates a variable of the API's, a second media type of a body, an answer or an error, a webhook
/// receiver's answer, properties beside a union's `oneOf`, a discriminator's mapping. Each generated document draws
/// every part from forms that lose nothing and forms that lose something; a part that loses something is reported
/// on its own lines, one that loses nothing is not, and no other line is.
struct ImportReadPastTests {
    /// One part of the document: the lines it is written as, and whether the spec keeps all of it.
    struct Form {
        var lines: [String]
        var loses: Bool
    }

    /// The forms of each part, by the placeholder it stands in for in the skeleton.
    static let parts: [String: [Form]] = [
        "server": [
            Form(lines: [], loses: false),
            Form(
                lines: [
                    "      servers: [{url: \"https://{region}.files.example.com\", "
                        + "variables: {region: {default: eu, enum: [eu, us]}}}]"
                ], loses: false),
            Form(
                lines: [
                    "      servers: [{url: \"https://{region}.files.example.com\", "
                        + "variables: {region: {default: us, enum: [eu, us]}}}]"
                ], loses: true),
            Form(
                lines: [
                    "      servers:", "        - url: \"https://{region}.files.example.com\"", "          variables:",
                    "            region:", "              default: eu", "              enum: [eu, us, ap]",
                ], loses: true),
        ],
        "body": alternatives(indent: 10, of: "Thing", other: "Note"),
        "answer": alternatives(indent: 12, of: "Thing", other: "Note"),
        "error": alternatives(indent: 12, of: "Note", other: "Thing"),
        "receiver": [
            Form(lines: ["        \"200\": {description: Taken.}"], loses: false),
            Form(lines: ["        \"200\": {$ref: '#/components/responses/Taken'}"], loses: false),
            Form(
                lines: [
                    "        \"200\":", "          description: Taken.",
                    "          content: {application/json: {schema: {type: object}}}",
                ], loses: true),
            Form(
                lines: ["        \"200\": {description: Taken., headers: {X-Ack: {schema: {type: string}}}}"],
                loses: true),
        ],
        "union": [
            Form(lines: [], loses: false),
            Form(lines: ["      properties:", "        side: {type: integer}"], loses: true),
            Form(lines: ["      properties: {side: {type: integer}, tint: {type: string}}"], loses: true),
        ],
        // A discriminator's mapping: an entry naming a variant loses nothing; one naming a schema that is no
        // variant, or whose value names no schema, does.
        "mapping": [
            Form(lines: [], loses: false),
            Form(lines: ["        mapping: {cat: '#/components/schemas/Cat', dog: Dog}"], loses: false),
            Form(lines: ["        mapping: {dog: [Dog]}"], loses: true),
            Form(
                lines: ["        mapping:", "          cat: Cat", "          bird: '#/components/schemas/Bird'"],
                loses: true),
        ],
        "inheritance": [
            Form(lines: [], loses: false),
            Form(lines: ["        mapping: {car: '#/components/schemas/Car'}"], loses: false),
            Form(lines: ["        mapping: {car: Car, boat: {$ref: '#/components/schemas/Car'}}"], loses: true),
        ],
    ]

    /// A second media type beside `application/json`: the same schema under another JSON name loses nothing;
    /// another schema, or another kind of body, does.
    static func alternatives(indent: Int, of schema: String, other: String) -> [Form] {
        let pad = String(repeating: " ", count: indent)
        let same = "{$ref: '#/components/schemas/\(schema)'}"
        return [
            Form(lines: [], loses: false),
            Form(lines: [pad + "application/merge-patch+json: {schema: \(same)}"], loses: false),
            Form(lines: [pad + "application/vnd.thing+json:", pad + "  schema: \(same)"], loses: false),
            Form(
                lines: [pad + "application/vnd.other+json: {schema: {$ref: '#/components/schemas/\(other)'}}"],
                loses: true),
            Form(lines: [pad + "application/xml: {schema: \(same)}"], loses: true),
        ]
    }

    static let skeleton = [
        "openapi: 3.1.0",
        "info: {title: Parts, version: \"1\"}",
        "servers:",
        "  - url: \"https://{region}.example.com\"",
        "    variables:",
        "      region: {default: eu, enum: [eu, us]}",
        "paths:",
        "  /things:",
        "    post:",
        "      operationId: createThing",
        "<server>",
        "      requestBody:",
        "        content:",
        "          application/json: {schema: {$ref: '#/components/schemas/Thing'}}",
        "<body>",
        "      responses:",
        "        \"200\":",
        "          description: The thing.",
        "          content:",
        "            application/json: {schema: {$ref: '#/components/schemas/Thing'}}",
        "<answer>",
        "        \"404\":",
        "          description: Not there.",
        "          content:",
        "            application/json: {schema: {$ref: '#/components/schemas/Note'}}",
        "<error>",
        "webhooks:",
        "  thingMade:",
        "    post:",
        "      requestBody:",
        "        content: {application/json: {schema: {$ref: '#/components/schemas/Thing'}}}",
        "      responses:",
        "<receiver>",
        "components:",
        "  responses:",
        "    Taken: {description: The delivery was taken.}",
        "  schemas:",
        "    Thing:",
        "      type: object",
        "      required: [id]",
        "      properties: {id: {type: string}, shape: {$ref: '#/components/schemas/Shape'}}",
        "    Note: {type: object, required: [detail], properties: {detail: {type: string}}}",
        "    Shape:",
        "      type: object",
        "<union>",
        "      oneOf:",
        "        - {type: object, required: [round], properties: {round: {type: boolean}}}",
        "        - {type: object, required: [corners], properties: {corners: {type: integer}}}",
        "    Pet:",
        "      oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]",
        "      discriminator:",
        "        propertyName: kind",
        "<mapping>",
        "    Cat: {type: object, required: [kind], properties: {kind: {type: string}, meows: {type: boolean}}}",
        "    Dog: {type: object, required: [kind], properties: {kind: {type: string}, barks: {type: boolean}}}",
        "    Bird: {type: object, required: [kind], properties: {kind: {type: string}, sings: {type: boolean}}}",
        "    Vehicle:",
        "      type: object",
        "      required: [type]",
        "      properties: {type: {type: string}}",
        "      discriminator:",
        "        propertyName: type",
        "<inheritance>",
        "    Car:",
        "      allOf: [{$ref: '#/components/schemas/Vehicle'}, {properties: {doors: {type: integer}}}]",
    ]

    @Test func aPartTheSpecKeepsLessOfIsReportedOnItsLines() throws {
        var random = SplitMix64(seed: 0x9EAD_BA57)
        var lossyParts = 0
        var losslessParts = 0
        for round in 0..<120 {
            var lines: [String] = []
            var placed: [(name: String, lines: ClosedRange<Int>, loses: Bool)] = []
            for line in Self.skeleton {
                guard line.hasPrefix("<"), let forms = Self.parts[String(line.dropFirst().dropLast())] else {
                    lines.append(line)
                    continue
                }
                let form = forms.randomElement(using: &random) ?? forms[0]
                if !form.lines.isEmpty {
                    placed.append((line, (lines.count + 1)...(lines.count + form.lines.count), form.loses))
                }
                lines += form.lines
            }
            let text = lines.joined(separator: "\n") + "\n"
            let result = OpenAPIImporter().importDocument(at: "parts.yaml") { _ in Array(text.utf8) }
            // The webhook's signing and event naming are the document's, warned at its request body.
            let webhookLine = (lines.firstIndex(of: "  thingMade:") ?? 0) + 3
            let warnings = result.diagnostics.filter { $0.location.line != webhookLine }
            for part in placed {
                let inside = warnings.filter { part.lines.contains($0.location.line) }
                if part.loses {
                    lossyParts += 1
                    #expect(!inside.isEmpty, "round \(round), \(part.name) loses unsaid:\n\(text)")
                } else {
                    losslessParts += 1
                    #expect(inside.isEmpty, "round \(round), \(part.name) loses nothing:\n\(text)\n\(inside)")
                }
            }
            let elsewhere = warnings.filter { warning in
                !placed.contains { $0.loses && $0.lines.contains(warning.location.line) }
            }
            #expect(elsewhere.isEmpty, "round \(round):\n\(text)\n\(elsewhere)")
            let spec = try #require(result.spec, "round \(round): \(result.diagnostics)")
            let loaded = Spec.load(bytes: Array(spec.utf8), path: "imported.yaml")
            #expect(loaded.diagnostics.filter(\.isError).isEmpty, "round \(round): \(loaded.diagnostics)\n\(spec)")
        }
        #expect(lossyParts > 200)
        #expect(losslessParts > 150)
    }

    /// Bytes are bytes: another media type of bytes beside the one read, with or without a schema, loses nothing.
    @Test func anotherTypeOfBytesLosesNothing() throws {
        let text = """
            openapi: 3.1.0
            info: {title: Bytes, version: "1"}
            paths:
              /photo:
                put:
                  operationId: putPhoto
                  requestBody:
                    content:
                      image/png: {schema: {type: string, format: binary}}
                      image/jpeg: {}
                  responses:
                    "200":
                      description: The photo as stored.
                      content:
                        image/png: {schema: {type: string, contentMediaType: image/png}}
                        image/webp: {schema: {type: string, format: binary}}

            """
        let result = OpenAPIImporter().importDocument(at: "bytes.yaml") { _ in Array(text.utf8) }
        #expect(result.diagnostics.map(\.description) == [])
        let spec = try #require(result.spec)
        #expect(spec.contains("body: {binary: image/png}"), "\(spec)")
    }

    /// The messages say what was left and what the client does instead.
    @Test func eachPartSaysWhatItLeft() throws {
        var lines: [String] = []
        for line in Self.skeleton {
            guard line.hasPrefix("<"), let forms = Self.parts[String(line.dropFirst().dropLast())] else {
                lines.append(line)
                continue
            }
            lines += forms.last(where: \.loses)?.lines ?? []
        }
        let text = lines.joined(separator: "\n") + "\n"
        let result = OpenAPIImporter().importDocument(at: "parts.yaml") { _ in Array(text.utf8) }
        let webhookLine = (lines.firstIndex(of: "  thingMade:") ?? 0) + 3
        #expect(
            result.diagnostics.filter { $0.location.line != webhookLine }.map(\.description) == [
                "parts.yaml:14:13: warning: the operation's server variable 'region' differs from the API server's; "
                    + "the API server's default 'eu' and values are used; declare the variable alike in both places",
                "parts.yaml:20:11: warning: the body is sent as application/json; application/xml not imported",
                "parts.yaml:26:13: warning: the response is read as application/json; application/xml not imported",
                "parts.yaml:31:13: warning: an error body is read as application/json; application/xml not imported",
                "parts.yaml:38:9: warning: the receiver's 200 answer to webhook 'thingMade' has a body or headers the "
                    + "spec does not declare; not imported; send them from the handler as the document describes",
                "parts.yaml:50:20: warning: side is not imported: the import has no translation for it here; say it "
                    + "in the spec by hand if the client needs it",
                "parts.yaml:50:43: warning: tint is not imported: the import has no translation for it here; say it "
                    + "in the spec by hand if the client needs it",
                "parts.yaml:60:11: warning: the discriminator mapping of 'Pet' names 'Bird' for 'bird', which is not "
                    + "one of its variants; a value tagged 'bird' decodes as an undocumented variant; list the schema "
                    + "in the union's oneOf or anyOf, or remove the mapping entry",
                "parts.yaml:70:35: warning: the discriminator mapping of 'Vehicle' gives 'boat' a mapping, not a "
                    + "schema's name or $ref; the entry is left out; write the $ref of the schema values tagged 'boat' "
                    + "have",
            ])
    }

    /// A path item's parameter an operation replaces (same name and place) is not that operation's, as OpenAPI says:
    /// replaced everywhere it is used, it loses nothing; one another operation still uses is read there, and what
    /// the spec keeps less of is reported as before, a shared component's included.
    @Test func aReplacedPathParameterIsUsedByNoneAndLosesNothing() throws {
        let text = """
            openapi: 3.1.0
            info: {title: Replaced, version: "1"}
            paths:
              /things:
                parameters:
                  - {name: verbose, in: query, schema: {type: boolean}, allowEmptyValue: true}
                  - {name: depth, in: query, schema: {type: integer, multipleOf: 2}}
                  - $ref: '#/components/parameters/Page'
                get:
                  operationId: listThings
                  parameters:
                    - {name: verbose, in: query, schema: {type: integer}}
                    - {name: depth, in: query, schema: {type: integer}}
                    - {name: page, in: query, schema: {type: string}}
                  responses:
                    "204": {description: Listed.}
                post:
                  operationId: makeThing
                  parameters:
                    - {name: verbose, in: query, schema: {type: string}}
                  responses:
                    "204": {description: Made.}
              /others:
                get:
                  operationId: listOthers
                  parameters:
                    - $ref: '#/components/parameters/Page'
                  responses:
                    "204": {description: Listed.}
            components:
              parameters:
                Page: {name: page, in: query, schema: {type: integer, multipleOf: 10}}

            """
        let result = OpenAPIImporter().importDocument(at: "replaced.yaml") { _ in Array(text.utf8) }
        // `verbose` of the path item is replaced by both operations: nothing of it is lost, its `allowEmptyValue` included.
        // `depth` is `makeThing`'s, and `Page` is `listOthers`'s: their `multipleOf` is reported once each.
        #expect(
            result.diagnostics.map(\.description) == [
                "replaced.yaml:7:58: warning: multipleOf is not imported: the import has no translation for it here; "
                    + "say it in the spec by hand if the client needs it",
                "replaced.yaml:32:59: warning: multipleOf is not imported: the import has no translation for it "
                    + "here; say it in the spec by hand if the client needs it",
            ])
        let spec = try #require(result.spec)
        #expect(spec.contains("verbose: int?"), "\(spec)")
        #expect(spec.contains("verbose: string?"), "\(spec)")
        #expect(!spec.contains("verbose: bool"), "\(spec)")
        #expect(spec.contains("page: string?"), "\(spec)")
        #expect(spec.contains("page: int?"), "\(spec)")
    }
}
