import SpecgenFuzzing
import SpecgenOpenAPI
import SpecgenSpec
import Testing

/// Where the spec keeps a schema's type alone (a request's body, an answer, an error's body, a stream's items, a
/// union's variant, a webhook's payload, the values beside a model's properties), what else the schema says is
/// reported where the document writes it, on generated documents: each place gets a schema of a random kind with
/// random constraints, null allowed or not, a default, a constant or neither, deprecated or not, written inline or
/// through a component (an alias, which keeps its constraints and deprecation).
struct ImportTypeOnlyTests {
    /// A kind of schema: its `type`, what follows it, the constraints it can take and a value of it.
    struct Kind {
        var type: String
        var rest = ""
        var constraints: [(key: String, value: String)]
        var value: String
    }

    static let kinds = [
        Kind(
            type: "string", constraints: [("minLength", "1"), ("maxLength", "10"), ("pattern", "'^[a-z]+$'")],
            value: "abc"),
        Kind(type: "integer", constraints: [("minimum", "0"), ("maximum", "9"), ("multipleOf", "3")], value: "3"),
        Kind(type: "number", constraints: [("minimum", "0.5"), ("exclusiveMaximum", "9.5")], value: "1.5"),
        Kind(
            type: "array", rest: ", items: {type: integer}", constraints: [("minItems", "1"), ("maxItems", "3")],
            value: "[1]"),
    ]
    /// The keys the spec keeps nowhere: reported unread wherever they stand.
    static let unread: Set<String> = ["multipleOf", "exclusiveMinimum", "exclusiveMaximum"]

    /// One drawn schema and what it must give where it is used (`line:column kind`), inline or as a component.
    struct Drawn {
        var schema: String
        var nullable: Bool
        var constraints: [(key: String, value: String)]
        var given: String
        var deprecated: Bool
        var isArray: Bool

        init(kind: Kind, noNull: Bool, using random: inout SplitMix64) {
            nullable = !noNull && Bool.random(using: &random)
            constraints = kind.constraints.filter { _ in Bool.random(using: &random) }
            given = ["", "default", "const"].randomElement(using: &random) ?? ""
            deprecated = Bool.random(using: &random)
            isArray = kind.type == "array"
            schema = "{type: " + (nullable ? "[\(kind.type), 'null']" : kind.type) + kind.rest
            schema += constraints.map { ", \($0.key): \($0.value)" }.joined()
            if !given.isEmpty { schema += ", \(given): \(kind.value)" }
            if deprecated { schema += ", deprecated: true" }
            schema += "}"
        }

        /// The reports of the schema written at `column` of line `number` where it is used in place.
        func inPlace(line number: Int, column: Int) -> [String] {
            var reports = commonReports(line: number, column: column)
            let kept = constraints.filter { !ImportTypeOnlyTests.unread.contains($0.key) }
            if let first = kept.first { reports.append("\(number):\(at(first.key, column)) type-only") }
            if deprecated { reports.append("\(number):\(at("deprecated", column)) type-only") }
            if nullable { reports.append("\(number):\(at("type", column, value: true)) type-only") }
            return reports
        }

        /// The reports of the schema as a component written at `column` of line `number`: an alias keeps its
        /// constraints and deprecation, not a default or a constant.
        func asComponent(line number: Int, column: Int) -> [String] {
            commonReports(line: number, column: column)
        }

        private func commonReports(line number: Int, column: Int) -> [String] {
            var reports = constraints.filter { ImportTypeOnlyTests.unread.contains($0.key) }
                .map { "\(number):\(at($0.key, column)) unread-key" }
            // An array's constant is no single value: `enum-values` where the array is typed.
            if !given.isEmpty {
                let kind = isArray && given == "const" ? "enum-values" : "default-value"
                reports.append("\(number):\(at(given, column, value: true)) \(kind)")
            }
            return reports
        }

        /// The column of `key` (or of its value) in the schema, when the schema starts at `column`.
        private func at(_ key: String, _ column: Int, value: Bool = false) -> Int {
            guard let range = schema.ranges(of: "\(key): ").first else { return 0 }
            return column + schema.distance(from: schema.startIndex, to: value ? range.upperBound : range.lowerBound)
        }
    }

    /// The places, each a line whose `S` is replaced by the schema used there.
    static let places: [(name: String, line: String)] = [
        ("body", "            schema: S"),
        ("answer", "              schema: S"),
        ("error", "              schema: S"),
        ("stream", "              schema: S"),
        ("payload", "            schema: S"),
        ("variant", "    Union: {oneOf: [S, {$ref: '#/components/schemas/Obj'}]}"),
        ("extra", "    Open: {type: object, properties: {a: {type: string}}, additionalProperties: S}"),
    ]

    /// The line of place `index` with its schema.
    static func fill(_ index: Int, _ schemas: [String]) -> String {
        places[index].line.split(separator: "S", omittingEmptySubsequences: false).joined(separator: schemas[index])
    }

    static func document(_ schemas: [String]) -> [String] {
        [
            "openapi: 3.1.0", "info: {title: TypeOnly, version: \"1\"}", "paths:", "  /things:", "    post:",
            "      operationId: makeThing", "      requestBody:", "        content:", "          application/json:",
            fill(0, schemas),
            "      responses:", "        \"200\":", "          description: Done.", "          content:",
            "            application/json:", fill(1, schemas),
            "        \"400\":", "          description: Refused.", "          content:",
            "            application/json:", fill(2, schemas),
            "  /events:", "    get:", "      operationId: watchThings", "      responses:", "        \"200\":",
            "          description: Events.", "          content:", "            text/event-stream:",
            fill(3, schemas),
            "webhooks:", "  thingMade:", "    post:", "      requestBody:", "        content:",
            "          application/json:", fill(4, schemas),
            "      responses:", "        \"200\": {description: Taken.}",
            "components:", "  schemas:", "    Obj: {type: object, properties: {a: {type: string}}}",
            fill(5, schemas),
            fill(6, schemas),
            "    Holder: {type: object, properties: {u: {$ref: '#/components/schemas/Union'}, "
                + "o: {$ref: '#/components/schemas/Open'}}}",
        ]
    }

    @Test func whatAPlaceOfTypeAloneCannotKeepIsReportedWhereItIsWritten() throws {
        var random = SplitMix64(seed: 0x7E_0417)
        var reportsSeen = 0
        for round in 0..<80 {
            // The lines of each place in the document, found by writing it once with placeholders.
            let skeleton = Self.document(Self.places.indices.map { "<\($0)>" })
            var used: [String] = []
            var components: [String] = []
            var expected: [String] = []
            let componentStart = skeleton.count + 1
            for (index, place) in Self.places.enumerated() {
                // A stream of text is read as text, whatever its schema says; its items are typed otherwise.
                let candidates = place.name == "stream" ? Array(Self.kinds.dropFirst()) : Self.kinds
                let kind = candidates.randomElement(using: &random) ?? Self.kinds[0]
                let drawn = Drawn(kind: kind, noNull: false, using: &random)
                let line = skeleton.firstIndex(where: { $0.contains("<\(index)>") }).map { $0 + 1 } ?? 0
                let written = skeleton[line - 1]
                let start = written.ranges(of: "<").first?.lowerBound ?? written.startIndex
                let column = written.distance(from: written.startIndex, to: start) + 1
                if Bool.random(using: &random) {
                    let reference = "{$ref: '#/components/schemas/C\(index)'}"
                    used.append(reference)
                    let componentLine = "    C\(index): \(drawn.schema)"
                    let number = componentStart + components.count
                    components.append(componentLine)
                    expected += drawn.asComponent(line: number, column: "    C\(index): ".count + 1)
                    // A null the alias allows is lost where the alias is used alone.
                    if drawn.nullable { expected.append("\(line):\(column) type-only") }
                } else {
                    used.append(drawn.schema)
                    expected += drawn.inPlace(line: line, column: column)
                }
            }
            let lines = Self.document(used) + components
            let text = lines.joined(separator: "\n") + "\n"
            let result = OpenAPIImporter().importDocument(at: "openapi.yaml") { _ in Array(text.utf8) }
            let kinds = ["type-only", "default-value", "enum-values", "unread-key"]
            let reported = result.diagnostics.filter { kinds.contains($0.kind ?? "") }
                .map { "\($0.location.line):\($0.location.column) \($0.kind ?? "")" }
            #expect(reported.sorted() == expected.sorted(), "round \(round):\n\(text)\n\(result.diagnostics)")
            reportsSeen += reported.count
            #expect(result.diagnostics.filter(\.isError).isEmpty, "round \(round): \(result.diagnostics)")
            let spec = try #require(result.spec)
            let loaded = Spec.load(bytes: Array(spec.utf8), path: "imported.yaml")
            #expect(loaded.diagnostics.filter(\.isError).isEmpty, "round \(round): \(loaded.diagnostics)\n\(spec)")
        }
        #expect(reportsSeen > 400)
    }

    /// Each place names itself in its report, so the message says which use lost what.
    @Test func eachPlaceIsNamedInItsReport() throws {
        let deprecated = "{type: integer, deprecated: true}"
        let text = Self.document(Array(repeating: deprecated, count: Self.places.count)).joined(separator: "\n")
        let result = OpenAPIImporter().importDocument(at: "openapi.yaml") { _ in Array(text.utf8) }
        let messages = result.diagnostics.filter { $0.kind == "type-only" }.map(\.message)
        #expect(
            messages.sorted()
                == [
                    "'deprecated' of a JSON answer is not kept: the spec keeps only its type there",
                    "'deprecated' of a JSON body is not kept: the spec keeps only its type there",
                    "'deprecated' of a JSON error body is not kept: the spec keeps only its type there",
                    "'deprecated' of a stream's items is not kept: the spec keeps only its type there",
                    "'deprecated' of the values beside the properties of 'Open' is not kept: the spec keeps only its "
                        + "type there",
                    "'deprecated' of variant 1 of 'Union' is not kept: the spec keeps only its type there",
                    "'deprecated' of the payload of webhook 'thingMade' is not kept: the spec keeps only its type there",
                ].sorted())
    }

    /// `json` holds null itself: a variant that only allows null (3.0's `{nullable: true}`, a way to write "or
    /// null") or a `json` body that may be null loses nothing, and is not reported.
    @Test func nullIsNotReportedWhereTheTypeHoldsIt() throws {
        // The union's variants are written in place of its line below.
        var lines = Self.document(Array(repeating: "{nullable: true}", count: Self.places.count))
        lines[0] = "openapi: 3.0.3"
        lines = lines.map {
            $0.hasPrefix("    Union: ")
                ? "    Union: {anyOf: [{$ref: '#/components/schemas/Obj'}, {nullable: true}]}" : $0
        }
        let text = lines.joined(separator: "\n") + "\n"
        let result = OpenAPIImporter().importDocument(at: "openapi.yaml") { _ in Array(text.utf8) }
        #expect(result.diagnostics.filter { $0.kind == "type-only" }.isEmpty, "\(result.diagnostics)\n\(text)")
        #expect(result.diagnostics.filter(\.isError).isEmpty, "\(result.diagnostics)")
    }
}
