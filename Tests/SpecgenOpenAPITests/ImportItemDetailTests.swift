import SpecgenFuzzing
import SpecgenOpenAPI
import SpecgenSpec
import Testing

/// The spec's arrays and maps hold only their items' type, so what an inline item or map-value schema says beyond
/// it (constraints, a default, a constant) is reported where the document writes it, on generated documents: array
/// and map properties of a body's model, of strings, integers, numbers or arrays, with a random choice of
/// constraints and a default, a constant or neither, inline or through a component (an alias, which keeps its
/// constraints).
struct ImportItemDetailTests {
    /// One generated container: its line of YAML, and the reports it must give as `line:column kind detail`.
    struct Case {
        var line: String
        var component: String?
        var reports: [String]
    }

    static let constraints: [String: [(key: String, value: String)]] = [
        "string": [("minLength", "1"), ("maxLength", "10"), ("pattern", "'^[a-z]+$'")],
        "integer": [("minimum", "0"), ("maximum", "9"), ("multipleOf", "3")],
        "number": [("minimum", "0.5"), ("exclusiveMaximum", "9.5")],
        "array, items: {type: integer}": [("minItems", "1"), ("maxItems", "3")],
    ]
    static let constraintKinds = ["string", "integer", "number", "array, items: {type: integer}"]
    static let values = ["string": "abc", "integer": "3", "number": "1.5", "array, items: {type: integer}": "[1]"]

    /// A container of `kind` items, with the constraints drawn and a default or constant or neither, written on
    /// `number` (the component's line where it refers to one).
    static func makeCase(
        name: String, kind: String, isMap: Bool, referred: Bool, number: Int, componentNumber: Int,
        using random: inout SplitMix64
    ) -> Case {
        let drawn = (constraints[kind] ?? []).filter { _ in Bool.random(using: &random) }
        let value = values[kind] ?? "1"
        // An array's constant is no single value: said not kept where the array is typed.
        let isArray = kind.hasPrefix("array")
        let given = ["", "default", "const"].randomElement(using: &random) ?? ""
        var item = "{type: \(kind)" + drawn.map { ", \($0.key): \($0.value)" }.joined()
        if !given.isEmpty { item += ", \(given): \(value)" }
        item += "}"
        let schema = { (items: String) in
            isMap ? "{type: object, additionalProperties: \(items)}" : "{type: array, items: \(items)}"
        }
        let what = isMap ? "a map's values" : "an array's items"
        if referred {
            let component = "    \(name.uppercased())Item: \(item)"
            var reports = drawn.map(\.key).filter {
                ["multipleOf", "exclusiveMinimum", "exclusiveMaximum"].contains($0)
            }
            .map { "\(componentNumber):\(column(of: "\($0): ", in: component, value: false)) unread-key \($0)" }
            if !given.isEmpty {
                let place = "\(componentNumber):\(column(of: "\(given): ", in: component, value: true))"
                reports.append("\(place) \(given)" + (isArray && given == "const" ? " of an array" : ""))
            }
            return Case(
                line: "        \(name): \(schema("{$ref: '#/components/schemas/\(name.uppercased())Item'}"))",
                component: component, reports: reports)
        }
        let line = "        \(name): \(schema(item))"
        var reports: [String] = []
        // The spec keeps no multiple or exclusive bound anywhere: those keys are unread, as on a property.
        let unread: Set<String> = ["multipleOf", "exclusiveMinimum", "exclusiveMaximum"]
        let kept = drawn.filter { !unread.contains($0.key) }
        if let first = kept.first {
            reports.append(
                "\(number):\(column(of: "\(first.key): ", in: line, value: false)) item-constraints "
                    + kept.map { "'\($0.key)'" }.joined(separator: ", ") + " of \(what)")
        }
        for key in drawn.map(\.key) where unread.contains(key) {
            reports.append("\(number):\(column(of: "\(key): ", in: line, value: false)) unread-key \(key)")
        }
        if !given.isEmpty {
            let place = "\(number):\(column(of: "\(given): ", in: line, value: true))"
            reports.append("\(place) \(given) of " + (isArray && given == "const" ? "an array" : what))
        }
        return Case(line: line, component: nil, reports: reports)
    }

    /// The 1-based column of `text` in `line`: of its start, or of the value after it.
    static func column(of text: String, in line: String, value: Bool) -> Int {
        guard let range = line.ranges(of: text).first else { return 0 }
        return line.distance(from: line.startIndex, to: value ? range.upperBound : range.lowerBound) + 1
    }

    @Test func everyDetailOfAnItemIsReportedWhereItIsWritten() throws {
        var random = SplitMix64(seed: 0x17E5)
        for round in 0..<60 {
            let header = [
                "openapi: 3.1.0", "info: {title: Items, version: \"1\"}", "paths:", "  /things:", "    post:",
                "      operationId: makeThing", "      requestBody:",
                "        content: {application/json: {schema: {$ref: '#/components/schemas/Thing'}}}",
                "      responses:", "        \"204\": {description: Done.}", "components:", "  schemas:", "    Thing:",
                "      type: object", "      properties:",
            ]
            let count = Int.random(in: 1...6, using: &random)
            let referred = (0..<count).map { _ in Bool.random(using: &random) }
            let componentStart = header.count + count
            var componentNumber = componentStart
            var cases: [Case] = []
            for index in 0..<count {
                if referred[index] { componentNumber += 1 }
                cases.append(
                    Self.makeCase(
                        name: "p\(index)", kind: Self.constraintKinds.randomElement(using: &random) ?? "",
                        isMap: Bool.random(using: &random), referred: referred[index], number: header.count + index + 1,
                        componentNumber: componentNumber, using: &random))
            }
            let lines = header + cases.map(\.line) + cases.compactMap(\.component)
            let document = lines.joined(separator: "\n") + "\n"
            let result = OpenAPIImporter().importDocument(at: "openapi.yaml") { _ in Array(document.utf8) }
            let kinds = ["item-constraints", "default-value", "enum-values", "unread-key"]
            let reported = result.diagnostics.filter { kinds.contains($0.kind ?? "") }
                .map { diagnostic -> String in
                    let place = "\(diagnostic.location.line):\(diagnostic.location.column)"
                    if diagnostic.kind == "unread-key" {
                        return "\(place) unread-key \(diagnostic.message.split(separator: " ").first ?? "")"
                    }
                    if diagnostic.kind == "item-constraints" {
                        let detail =
                            diagnostic.message.split(separator: " are not kept").first?
                            .split(separator: " is not kept").first ?? ""
                        return "\(place) item-constraints \(detail)"
                    }
                    let words = diagnostic.message.split(separator: " ")
                    let key = words.count > 1 ? words[1] : ""
                    let what =
                        diagnostic.message.split(separator: " of ", maxSplits: 1).last?
                        .split(separator: " is not kept").first ?? ""
                    return "\(place) \(key)" + (what.hasPrefix("'") ? "" : " of \(what)")
                }
            #expect(
                reported.sorted() == cases.flatMap(\.reports).sorted(), "round \(round):\n\(document)")
            #expect(result.diagnostics.filter(\.isError).isEmpty, "round \(round): \(result.diagnostics)")
            let spec = try #require(result.spec)
            let loaded = Spec.load(bytes: Array(spec.utf8), path: "imported.yaml")
            #expect(loaded.diagnostics.filter(\.isError).isEmpty, "round \(round): \(loaded.diagnostics)")
            // A component keeps its constraints, as an alias.
            for (index, isReferred) in referred.enumerated() where isReferred {
                #expect(loaded.spec?.model(named: "P\(index)Item") != nil, "round \(round):\n\(spec)")
            }
        }
    }
}
