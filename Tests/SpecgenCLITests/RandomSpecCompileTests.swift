import Foundation
import SpecgenEmitter
import SpecgenFuzzing
import SpecgenTestSupport
import Testing

/// A property: every valid spec generates a client that compiles, warning-free, under Swift 6 with the settings of
/// the generated targets. The specs come from a seeded generator of random models, fields, parameters, bodies,
/// responses, errors and auth; CI runs a fixed set of seeds, and `SPECGEN_RANDOM_SPECS=N` adds N fresh ones (a
/// failure prints its seed and spec).
struct RandomSpecCompileTests {
    static let fixedSeeds: [UInt64] = [1, 2, 3, 4, 5, 6]

    static var seeds: [UInt64] {
        let extra = Int(ProcessInfo.processInfo.environment["SPECGEN_RANDOM_SPECS"] ?? "") ?? 0
        return fixedSeeds + (0..<extra).map { _ in UInt64.random(in: 7...UInt64.max) }
    }

    @Test(arguments: seeds)
    func aRandomValidSpecCompiles(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let spec = RandomSpec.make(&random)
        let result = Generator.generate(bytes: Array(spec.utf8), path: "Specs/Prop.yaml")
        let files = try #require(result.files, "seed \(seed): \(result.diagnostics)\n\(spec)")
        let compilation = try await GeneratedModule.typecheck(
            files.map { ($0.name, $0.contents) }, module: "Prop", flags: GeneratedModule.targetFlags)
        #expect(compilation.succeeded, "seed \(seed):\n\(compilation.diagnostics)\n\(spec)")
    }
}

/// Writes random specs that lint without errors.
enum RandomSpec {
    static let words = [
        "order", "item", "user_name", "createdAt", "ID", "type", "default", "self", "value", "class", "url", "count",
        "is_active", "x-rate", "2fa", "emoji 🎉", "Data", "in", "data_url", "price", "kind", "next", "protocol",
    ]
    static let scalars = [
        "string", "int", "int32", "int64", "double", "float", "bool", "uuid", "url", "datetime", "date", "bytes",
        "json",
    ]

    static func make(_ random: inout SplitMix64) -> String {
        var lines = [
            "specgen: 1", "name: Prop", "version: 1.0.0", "servers:", "  production: https://prop.example.com",
        ]
        let auth = Int.random(in: 0...3, using: &random)
        switch auth {
        case 1: lines += ["auth:", "  bearer: {type: bearer}", "security: bearer"]
        case 2: lines += ["auth:", "  key: {type: apiKey, in: header, name: X-Key}", "security: key"]
        case 3: lines += ["auth:", "  key: {type: apiKey, in: query, name: api_key}", "security: key"]
        default: break
        }

        var objects: [String] = []
        var enums: [String] = []
        var modelLines: [String] = []
        for index in 0..<Int.random(in: 1...6, using: &random) {
            let name = "Model\(index)"
            switch Int.random(in: 0...5, using: &random) {
            case 0:
                enums.append(name)
                let values = Array(words.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random)))
                modelLines += ["  \(name):", "    enum: [\(values.map(quoted).joined(separator: ", "))]"]
            case 1:
                modelLines += ["  \(name): {type: string, minLength: 1, maxLength: 64}"]
                objects.append(name)
            default:
                modelLines += ["  \(name):", "    properties:"]
                for field in Array(words.shuffled(using: &random).prefix(Int.random(in: 1...6, using: &random))) {
                    let type = fieldType(&random, models: objects + enums)
                    modelLines.append("      \(quoted(field)): \(fieldOptions(type, &random))")
                }
                objects.append(name)
            }
        }
        lines += ["models:"] + modelLines

        var caseNames = Set<String>()
        lines.append("endpoints:")
        for index in 0..<Int.random(in: 1...5, using: &random) {
            let method = ["GET", "POST", "PUT", "PATCH", "DELETE"].randomElement(using: &random) ?? "GET"
            let hasID = Bool.random(using: &random)
            lines.append("  op\(index):")
            lines.append("    request: \"\(method) /res\(index)\(hasID ? "/{id}" : "")\"")
            if hasID {
                lines.append("    path: {id: \(["string", "int", "uuid"].randomElement(using: &random) ?? "string")}")
            }
            // `ID` would take the path parameter's Swift name, which lint rightly refuses.
            let query = Array(
                words.filter { $0 != "ID" }.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)))
            if !query.isEmpty {
                lines.append("    query:")
                for name in query {
                    let type =
                        (["string?", "int?", "bool?", "date?"] + enums.map { $0 + "?" }).randomElement(
                            using: &random) ?? "string?"
                    lines.append("      \(quoted(name)): {type: \(quoted(type))}")
                }
            }
            if Bool.random(using: &random) {
                lines.append("    headers: {X-Trace-Id: {type: string?, sensitive: true}}")
            }
            if ["POST", "PUT", "PATCH"].contains(method) {
                switch Int.random(in: 0...4, using: &random) {
                case 0 where !objects.isEmpty:
                    lines.append("    body: \(objects.randomElement(using: &random) ?? "")")
                case 1: lines.append("    body: {json: {note: string, total: int?, at: datetime?}}")
                case 2: lines.append("    body: {form: {user: string, code: int?, flag: bool}}")
                case 3: lines.append("    body: {multipart: {file: file, caption: string?, tags: \"[string]\"}}")
                default: lines.append("    body: binary")
                }
            }
            let models = objects + enums
            switch Int.random(in: 0...4, using: &random) {
            case 0: lines.append("    response: empty")
            case 1: lines.append("    response: binary")
            case 2 where !models.isEmpty:
                let model = models.randomElement(using: &random) ?? ""
                lines += ["    response:", "      200: \(model)", "      204: empty"]
            case 3 where !models.isEmpty:
                lines.append("    response: \"[\(models.randomElement(using: &random) ?? "")]\"")
            default:
                lines.append("    response: \(models.randomElement(using: &random) ?? "empty")")
            }
            let statuses = Array(
                [400, 404, 409, 422, 429].shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random)))
            if !statuses.isEmpty {
                lines.append("    errors:")
                for status in statuses {
                    var name = "failed\(status)op\(index)"
                    while caseNames.contains(name) { name += "x" }
                    caseNames.insert(name)
                    let body = objects.randomElement(using: &random).map { ", body: \($0)" } ?? ""
                    lines.append("      \(status): {case: \(name)\(body)}")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func fieldType(_ random: inout SplitMix64, models: [String]) -> String {
        let base = (scalars + models).randomElement(using: &random) ?? "string"
        let shaped =
            switch Int.random(in: 0...5, using: &random) {
            case 0: "[\(base)]"
            case 1: "{string: \(base)}"
            default: base
            }
        return shaped + (["", "?", "??"].randomElement(using: &random) ?? "")
    }

    static func fieldOptions(_ type: String, _ random: inout SplitMix64) -> String {
        var options = ["type: \(quoted(type))"]
        if Bool.random(using: &random) { options.append("description: \(quoted("A field. */ \"quoted\" \\(x)"))") }
        // A pattern and a length check the text of a `UUID` or a `URL` as well as a `String`, optional or not.
        let text: [String: String] = [
            "string": "minLength: 1, pattern: \"^[a-z]+$\"", "uuid": "minLength: 36, pattern: \"^[0-9A-Fa-f-]+$\"",
            "url": "maxLength: 2048, pattern: \"^https?://.+$\"",
        ]
        if let constraints = text[String(type.prefix { $0 != "?" })], Bool.random(using: &random) {
            options.append(constraints)
        }
        switch type {
        case "int": if Bool.random(using: &random) { options.append("minimum: 0, maximum: 100, default: 5") }
        case "bool": if Bool.random(using: &random) { options.append("default: true") }
        case "datetime", "datetime?": if Bool.random(using: &random) { options.append("format: \"yyyy-MM-dd HH:mm\"") }
        case let array where array.hasPrefix("[") && !array.hasSuffix("?"):
            if Bool.random(using: &random) { options.append("maxItems: 10") }
        default: break
        }
        return "{" + options.joined(separator: ", ") + "}"
    }

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
