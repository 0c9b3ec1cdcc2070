import SpecgenFuzzing
import SpecgenOpenAPI
import SpecgenSpec
import Testing

/// An `allOf` whose parts but one only qualify the value (`{nullable: false}`, `{minimum: 1}`, a description) is the
/// one part with a shape: an array stays an array, a string a string, a reference its model. Proven by
/// metamorphosis: each generated document is imported with its `allOf` and with the shaped part alone, and the
/// property's type is the same in both; a qualifier the import cannot say is reported, never dropped silently.
struct ImportAllOfQualifierTests {
    static let shapes = [
        "{type: array, items: {type: string}}", "{type: string, maxLength: 8}", "{type: integer}", "{type: number}",
        "{type: boolean}", "{type: string, format: date-time}", "{$ref: '#/components/schemas/Other'}",
        "{type: string, enum: [a, b]}", "{type: object, additionalProperties: {type: integer}}",
    ]
    static let qualifiers = [
        "nullable: false", "description: Qualified.", "minimum: 1", "maxLength: 3", "minItems: 1", "title: T",
        "example: 1", "deprecated: true", "readOnly: true", "x-vendor: 1",
    ]

    @Test func aQualifyingPartNeverChangesTheType() throws {
        var random = SplitMix64(seed: 0xA110_F)
        var reported = 0
        for round in 0..<150 {
            let shape = Self.shapes.randomElement(using: &random) ?? Self.shapes[0]
            var parts = [shape]
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                let keys = Array(Self.qualifiers.shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random)))
                parts.insert("{\(keys.joined(separator: ", "))}", at: Int.random(in: 0...parts.count, using: &random))
            }
            let composed = try Self.importedType(of: "{allOf: [\(parts.joined(separator: ", "))]}", round: round)
            let alone = try Self.importedType(of: shape, round: round)
            #expect(composed.type == alone.type, "round \(round): allOf \(parts) against \(shape)")
            #expect(composed.newModels == alone.newModels, "round \(round): allOf \(parts)")
            reported += composed.unread
        }
        // Qualifiers the spec cannot say of every type (a `minimum` of a string) are reported.
        #expect(reported > 20)
    }

    /// The type the property `value` of `Thing` is imported as, the models made for it, and the unread keys.
    static func importedType(
        of schema: String, round: Int
    ) throws -> (type: String, newModels: [String], unread: Int) {
        let text = """
            openapi: 3.0.3
            info: {title: Qualified, version: "1"}
            paths:
              /things:
                get:
                  operationId: getThing
                  responses:
                    "200":
                      description: The thing.
                      content: {application/json: {schema: {$ref: '#/components/schemas/Thing'}}}
            components:
              schemas:
                Thing:
                  type: object
                  properties:
                    value: \(schema)
                Other:
                  type: object
                  properties: {name: {type: string}}
            """
        let result = OpenAPIImporter(name: "Qualified").importDocument(at: "q.yaml") { _ in Array(text.utf8) }
        let written = try #require(result.spec, "round \(round):\n\(text)")
        let spec = try #require(Spec.load(bytes: Array(written.utf8), path: "Qualified.yaml").spec, "\(written)")
        let field = try #require(spec.model(named: "Thing")?.fields.first { $0.wireName == "value" })
        let models = spec.models.map(\.name).filter { !["Thing", "Other"].contains($0) }
        return (field.type.description, models, result.summary.warnings["unread-key"] ?? 0)
    }
}
