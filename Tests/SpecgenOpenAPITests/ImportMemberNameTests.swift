import SpecgenFuzzing
import SpecgenOpenAPI
import SpecgenSpec
import Testing

/// An operation's parameters and its inline body's fields are all parameters of one Swift method. Proven on
/// generated documents whose path, query and header parameters and JSON, form and multipart body properties draw
/// from names that meet once Swift-cased (`id` and `ID`, `user_id` and `userId`, `a-b` and `a_b`, `body`): the spec
/// the import writes lints without an error, every parameter is kept, and a body whose properties would meet a
/// parameter is a model of its own.
struct ImportMemberNameTests {
    static let names = ["id", "ID", "i-d", "name", "Name", "user_id", "userId", "body", "a-b", "a_b", "limit", "self"]

    @Test func parametersAndInlineFieldsNeverMeet() throws {
        var random = SplitMix64(seed: 0xC1A5_4E5)
        var bodiesAsModels = 0
        var inlineBodies = 0
        for round in 0..<250 {
            let document = Self.document(using: &random)
            let result = OpenAPIImporter(name: "Clash").importDocument(at: "clash.yaml") { _ in
                Array(document.text.utf8)
            }
            let written = try #require(result.spec, "round \(round):\n\(document.text)")
            let loaded = Spec.load(bytes: Array(written.utf8), path: "Clash.yaml")
            #expect(
                loaded.diagnostics.filter(\.isError).map(\.description) == [],
                "round \(round):\n\(document.text)\n---\n\(written)")
            let spec = try #require(loaded.spec)
            for (name, parameters) in document.parameters {
                let endpoint = try #require(spec.endpoints.first { $0.name == name }, "round \(round): \(name)")
                let kept = (endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters).map(
                    \.wireName)
                #expect(kept.sorted() == parameters.sorted(), "round \(round): \(name)")
                switch endpoint.body?.content {
                case .fields?: inlineBodies += 1
                case .type?: bodiesAsModels += 1
                case nil: break
                }
            }
        }
        // Both outcomes occur: bodies kept inline, and bodies made models to make room.
        #expect(inlineBodies > 50)
        #expect(bodiesAsModels > 50)
    }

    /// Operations named like another's headers method (`getUserWithHeaders` beside a `getUser` whose answer
    /// declares headers): the later of the two in the document is renamed, with a warning, and only then; the
    /// spec lints and keeps every operation.
    @Test func operationsNeverTakeAHeadersMethodsName() throws {
        let pool = [
            "getUser", "getUserWithHeaders", "getUserWithHeadersWithHeaders", "listItems", "listItemsWithHeaders",
        ]
        var random = SplitMix64(seed: 0x4EAD_E25)
        var renamed = 0
        var kept = 0
        for round in 0..<200 {
            let names = Array(pool.shuffled(using: &random).prefix(Int.random(in: 2...4, using: &random)))
            var withHeaders: Set<String> = []
            var lines = ["openapi: 3.0.3", "info: {title: Clash, version: \"1\"}", "paths:"]
            for (index, name) in names.enumerated() {
                let headers = Bool.random(using: &random)
                if headers { withHeaders.insert(name) }
                let declared = headers ? ", headers: {X-Rate: {schema: {type: integer}}}" : ""
                lines += [
                    "  /things\(index):", "    get:", "      operationId: \(name)",
                    "      responses: {'200': {description: OK\(declared), "
                        + "content: {application/json: {schema: {type: string}}}}}",
                ]
            }
            let text = lines.joined(separator: "\n") + "\n"
            let result = OpenAPIImporter(name: "Clash").importDocument(at: "clash.yaml") { _ in Array(text.utf8) }
            let written = try #require(result.spec, "round \(round):\n\(text)")
            let loaded = Spec.load(bytes: Array(written.utf8), path: "Clash.yaml")
            #expect(loaded.diagnostics.filter(\.isError).map(\.description) == [], "round \(round):\n\(text)")
            let spec = try #require(loaded.spec)
            #expect(spec.endpoints.count == names.count, "round \(round)")
            // The names as the document orders them: one is renamed when it, or the method that returns its
            // headers, meets an earlier operation's name or headers method.
            var seen: Set<String> = []
            for (index, name) in names.enumerated() {
                let companion = withHeaders.contains(name) ? name + "WithHeaders" : nil
                let clashes = seen.contains(name) || companion.map { seen.contains($0) } == true
                #expect(
                    spec.endpoints[index].name == (clashes ? name + "2" : name), "round \(round):\n\(text)")
                let final = spec.endpoints[index].name
                seen.insert(final)
                if withHeaders.contains(name) { seen.insert(final + "WithHeaders") }
                if clashes { renamed += 1 } else { kept += 1 }
            }
            #expect(
                result.diagnostics.filter { $0.kind == ImportWarning.operationName.rawValue }.count
                    == names.indices.filter { spec.endpoints[$0].name != names[$0] }.count, "round \(round)")
        }
        #expect(renamed > 40)
        #expect(kept > 200)
    }

    /// A document of one to three operations, and the wire names of each one's parameters.
    static func document(using random: inout SplitMix64) -> (text: String, parameters: [String: [String]]) {
        var lines = ["openapi: 3.0.3", "info: {title: Clash, version: \"1\"}", "paths:"]
        var parameters: [String: [String]] = [:]
        for index in 0..<Int.random(in: 1...3, using: &random) {
            let pathNames = Self.draw(0...2, using: &random)
            let path = "/things\(index)" + pathNames.map { "/{\($0)}" }.joined()
            let method = ["post", "put", "patch"].randomElement(using: &random) ?? "post"
            let name = "operation\(index)"
            lines += ["  \(path):", "    \(method):", "      operationId: \(name)", "      parameters:"]
            var all: [String] = []
            for (location, names) in [
                ("path", pathNames), ("query", Self.draw(0...3, using: &random)),
                ("header", Self.draw(0...2, using: &random)),
            ] {
                for wire in names {
                    let required = location == "path" ? ", required: true" : ""
                    lines.append("        - {name: '\(wire)', in: \(location)\(required), schema: {type: string}}")
                    all.append(wire)
                }
            }
            if all.isEmpty { lines[lines.count - 1] += " []" }
            parameters[name] = all
            let properties = Self.draw(1...4, using: &random).map { "'\($0)': {type: string}" }
            let schema = "{type: object, properties: {\(properties.joined(separator: ", "))}}"
            let media =
                ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"]
                .randomElement(using: &random) ?? "application/json"
            lines += [
                "      requestBody: {required: true, content: {'\(media)': {schema: \(schema)}}}",
                "      responses: {'204': {description: Done.}}",
            ]
        }
        return (lines.joined(separator: "\n") + "\n", parameters)
    }

    /// Distinct names of the pool, as many as the range draws.
    static func draw(_ count: ClosedRange<Int>, using random: inout SplitMix64) -> [String] {
        Array(names.shuffled(using: &random).prefix(Int.random(in: count, using: &random)))
    }
}
