import SpecgenFuzzing
import SpecgenOpenAPI
import SpecgenSpec
import Testing

/// The ledger proven on generated documents: a key the import has no translation for is reported where it stands,
/// wherever it stands and whatever its neighbours are warned about, and no other key is. Each document puts one such
/// key (`probeKeyword`) in a random mapping (a path item, an operation, a parameter, a parameter's or a body's media
/// type, an answer, a schema, a property), first or among the others, beside properties the import warns about
/// without leaving them out (a required field that may be null in a request, an enum of mixed kinds, an example or
/// a default not of the type, a struct that holds itself), in block or flow style.
struct ImportLedgerProbeTests {
    @Test func anUntranslatedKeyIsReportedWhereverItStands() throws {
        var random = SplitMix64(seed: 0x5EED_1ED6)
        var firstKeyProbes = 0
        var warnedNeighbours = 0
        for round in 0..<300 {
            var document = ProbeDocument()
            document.build(using: &random)
            let text = document.lines.joined(separator: "\n") + "\n"
            let result = OpenAPIImporter().importDocument(at: "probe.yaml") { _ in Array(text.utf8) }
            let unread = result.diagnostics.filter { $0.kind == ImportWarning.unreadKey.rawValue }
            let expected =
                "probe.yaml:\(document.probe.line):\(document.probe.column): warning: probeKeyword is not "
                + "imported: the import has no translation for it here; say it in the spec by hand if the client "
                + "needs it"
            #expect(
                unread.map(\.description) == [expected],
                "round \(round), the probe in \(document.probeHost):\n\(text)")
            #expect(result.spec != nil, "round \(round):\n\(text)")
            if document.probe.isFirstKey { firstKeyProbes += 1 }
            if result.diagnostics.contains(where: { $0.kind != ImportWarning.unreadKey.rawValue }) {
                warnedNeighbours += 1
            }
        }
        // Both places a block mapping's key can stand in, and neighbours with warnings, occur often.
        #expect(firstKeyProbes > 50)
        #expect(warnedNeighbours > 150)
    }
}

/// A small OpenAPI document written line by line, so the place of each key is known.
private struct ProbeDocument {
    struct Place {
        var line = 0
        var column = 0
        var isFirstKey = false
    }

    var lines: [String] = []
    var probe = Place()
    var probeHost = ""
    /// The mapping that gets the probe, by name.
    private var host = ""

    /// A property's schema: its keys and values, and whether it is required.
    private struct Property {
        var name: String
        var keys: [(String, String)]
        var required = false
    }

    mutating func build(using random: inout SplitMix64) {
        let inRequest = Bool.random(using: &random)
        // The parameter is an integer, or JSON text of the document's model (`content: application/json`).
        let jsonParameter = Bool.random(using: &random)
        let hosts =
            ["schema", "property", "operation", "response", "parameter", "pathItem"] + (inRequest ? ["media"] : [])
            + (jsonParameter ? ["parameterMedia"] : [])
        host = hosts.randomElement(using: &random) ?? "schema"
        var properties: [Property] = []
        for index in 0..<Int.random(in: 1...4, using: &random) {
            properties.append(Self.property(index, using: &random))
        }
        // A key beside a `$ref` has a warning of its own (ref-siblings): the probe goes in a property that has none.
        let plain = properties.indices.filter { !properties[$0].keys.contains { $0.0 == "$ref" } }
        let probeProperty = plain.randomElement(using: &random) ?? -1
        if host == "property", probeProperty < 0 { host = "schema" }

        lines = ["openapi: 3.1.0", "info:", "  title: Probe", "  version: \"1\"", "paths:", "  /things:"]
        // A path item's keys are its methods, and its probe stands before or after the one here.
        let probeFirstInPathItem = host == "pathItem" && Bool.random(using: &random)
        if probeFirstInPathItem { probeHere(indent: 4, isFirstKey: true) }
        lines.append("    \(inRequest ? "post" : "get"):")
        mapping(
            indent: 6, name: "operation", random: &random,
            [
                ("operationId", "makeThing"),
                ("parameters", ""),
            ]
        ) { document, key, random in
            guard key == "parameters" else { return false }
            document.lines.append(String(repeating: " ", count: 8) + "-")
            // A parameter's first key stands where its `-` does not: it is written on the next line.
            document.lines[document.lines.count - 1] += " name: limit"
            document.lines.append(String(repeating: " ", count: 10) + "in: query")
            if document.host == "parameter" {
                document.probeHere(indent: 10, isFirstKey: false)
            }
            if jsonParameter {
                document.lines.append(String(repeating: " ", count: 10) + "content:")
                document.lines.append(String(repeating: " ", count: 12) + "application/json:")
                document.mapping(
                    indent: 14, name: "parameterMedia", random: &random,
                    [("schema", "{$ref: '#/components/schemas/Thing'}")])
            } else {
                document.lines.append(String(repeating: " ", count: 10) + "schema: {type: integer}")
            }
            return true
        } tail: { document, random in
            if inRequest {
                document.lines.append(String(repeating: " ", count: 6) + "requestBody:")
                document.lines.append(String(repeating: " ", count: 8) + "content:")
                document.lines.append(String(repeating: " ", count: 10) + "application/json:")
                document.mapping(
                    indent: 12, name: "media", random: &random,
                    [("schema", "{$ref: '#/components/schemas/Thing'}")])
            }
            document.lines.append(String(repeating: " ", count: 6) + "responses:")
            document.lines.append(String(repeating: " ", count: 8) + "'200':")
            document.mapping(
                indent: 10, name: "response", random: &random,
                [
                    ("description", "OK"),
                    ("content", "{application/json: {schema: {$ref: '#/components/schemas/Thing'}}}"),
                ])
        }
        if host == "pathItem", !probeFirstInPathItem { probeHere(indent: 4, isFirstKey: false) }
        lines += ["components:", "  schemas:", "    Thing:"]
        let required = properties.filter(\.required).map(\.name)
        var thing: [(String, String)] = [("type", "object")]
        if !required.isEmpty { thing.append(("required", "[\(required.joined(separator: ", "))]")) }
        thing.append(("properties", ""))
        mapping(indent: 6, name: "schema", random: &random, thing) { document, key, random in
            guard key == "properties" else { return false }
            for (index, property) in properties.enumerated() {
                document.lines.append(String(repeating: " ", count: 8) + property.name + ":")
                let hostsProbe = index == probeProperty && document.host == "property"
                document.mapping(
                    indent: 10, name: hostsProbe ? "property" : "-", random: &random, property.keys)
            }
            return true
        }
        probeHost = host
    }

    /// Writes a mapping at `indent`, its keys in order, with the probe among them (first, or after a random key)
    /// when it is the host; `nested` writes a key's own block value and says whether it did.
    private mutating func mapping(
        indent: Int, name: String, random: inout SplitMix64, _ pairs: [(String, String)],
        nested: (inout ProbeDocument, String, inout SplitMix64) -> Bool = { _, _, _ in false },
        tail: (inout ProbeDocument, inout SplitMix64) -> Void = { _, _ in }
    ) {
        let probeAt = name == host ? Int.random(in: 0...pairs.count, using: &random) : -1
        let pad = String(repeating: " ", count: indent)
        for (index, pair) in pairs.enumerated() {
            if index == probeAt { probeHere(indent: indent, isFirstKey: index == 0) }
            lines.append(pad + pair.0 + ":" + (pair.1.isEmpty ? "" : " " + pair.1))
            if pair.1.isEmpty, !nested(&self, pair.0, &random) { lines[lines.count - 1] += " {}" }
        }
        if probeAt == pairs.count { probeHere(indent: indent, isFirstKey: pairs.isEmpty) }
        tail(&self, &random)
    }

    private mutating func probeHere(indent: Int, isFirstKey: Bool) {
        lines.append(String(repeating: " ", count: indent) + "probeKeyword: true")
        probe = Place(line: lines.count, column: indent + 1, isFirstKey: isFirstKey)
    }

    /// A property the import translates whole; some kinds draw a warning that leaves the property in.
    private static func property(_ index: Int, using random: inout SplitMix64) -> Property {
        let name = "field\(index)"
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return Property(name: name, keys: [("type", "string")])
        case 1:
            // Required and nullable: warned in a request's model.
            return Property(name: name, keys: [("type", "[string, \"null\"]")], required: true)
        case 2: return Property(name: name, keys: [("enum", "[a, 1]")])
        case 3: return Property(name: name, keys: [("type", "integer"), ("example", "abc")])
        case 4: return Property(name: name, keys: [("type", "integer"), ("default", "\"x\"")])
        case 5: return Property(name: name, keys: [("$ref", "'#/components/schemas/Thing'")])
        default:
            return Property(
                name: name, keys: [("type", "string"), ("format", "date-time"), ("description", "When.")],
                required: Bool.random(using: &random))
        }
    }
}
