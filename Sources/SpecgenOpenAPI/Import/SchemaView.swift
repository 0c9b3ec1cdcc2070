import Foundation
import SpecgenSpec
import SpecgenYAML

/// A schema read for what decides its type, with `null` taken out wherever the document spells it: `nullable: true`
/// (3.0), `type: [T, "null"]` (3.1) or a `{type: "null"}` branch of `oneOf`/`anyOf`.
struct SchemaView {
    enum Additional {
        case closed, open
        case typed(DocNode)
    }

    let node: DocNode
    var nullable = false
    var types: [String] = []
    var variants: [DocNode]?
    var allOf: [DocNode]?
    var enumValues: [DocNode]?
    /// An enum of numbers or booleans (declared so, or every value one when no type is), which the spec's enums,
    /// of strings or integers, cannot hold: it is its type, its values unchecked.
    var enumIsTypeOnly = false
    var hasProperties = false
    var isObject = false
    var additional = Additional.closed
    var isClosed: Bool {
        if case .closed = additional { return true }
        return false
    }
    /// Every variant is a string (plain, an enum, a format): the union is a string.
    var isStringUnion = false
    /// Every variant is one constant, with at most a title and description: an enum (Discord's).
    var isConstantUnion = false

    init(_ node: DocNode, run: ImportRun) {
        self.node = node
        nullable = node["nullable"]?.bool == true
        if let type = node.string("type") {
            types = [type]
        } else if let list = node["type"]?.items {
            types = list.compactMap(\.string)
        }
        if types.contains("null") {
            nullable = true
            types.removeAll { $0 == "null" }
        }
        for key in ["oneOf", "anyOf"] {
            guard let items = node[key]?.items else { continue }
            let kept = items.filter { !Self.isNull($0) }
            if kept.count < items.count { nullable = true }
            variants = (variants ?? []) + kept
        }
        if let items = node["allOf"]?.items {
            var kept = items.filter { !Self.isNull($0) && !Self.isEmpty($0) }
            if kept.count < items.count, items.contains(where: Self.isNull) { nullable = true }
            // A part that only qualifies the others (`{nullable: false}`, `{minimum: 1}` beside an array or an
            // integer) makes no struct of them: the schema is the one part that has a shape. Its `nullable` is
            // read; any other key it has is left to the ledger, which reports it.
            let shaped = kept.filter { !Self.onlyQualifies($0) }
            if shaped.count == 1, shaped.count < kept.count {
                if kept.contains(where: { Self.onlyQualifies($0) && $0["nullable"]?.bool == true }) { nullable = true }
                kept = shaped
            }
            allOf = kept
        }
        if let values = node["enum"]?.items {
            let kept = values.filter { !$0.node.isNull }
            if kept.count < values.count { nullable = true }
            enumValues = kept
            if !kept.isEmpty, types.count <= 1 {
                let kind = types.first ?? Self.valueKind(of: kept)
                if kind == "number" || kind == "boolean" {
                    enumIsTypeOnly = true
                    if types.isEmpty { types = [kind] }
                }
            }
        }
        hasProperties = node["properties"]?.entries?.isEmpty == false
        isObject = types.contains("object")
        additional = Self.additional(of: node, run: run)
        if let variants, !variants.isEmpty {
            isConstantUnion = variants.allSatisfy { variant in
                guard let constant = variant["const"], !constant.node.isNull, constant.node.scalar != nil else {
                    return false
                }
                // Looked at without reading: a variant with other keys is read as a schema, and they are reported.
                let constantOnly = (variant.peekedEntries ?? []).allSatisfy {
                    ["const", "title", "description", "type"].contains($0.key)
                }
                if constantOnly { _ = variant.entries }
                return constantOnly
            }
            isStringUnion = variants.allSatisfy { variant in
                variant.string("type") == "string" && variant["properties"] == nil && variant.string("$ref") == nil
                    || Self.isStringEnumReference(variant, run: run)
            }
        }
    }

    /// The JSON type every value of an untyped enum has: `integer`, `number` or `boolean`, else `string` (values of
    /// mixed kinds, which an enum of text holds).
    static func valueKind(of values: [DocNode]) -> String {
        let plain = values.allSatisfy(\.node.isPlainScalar)
        if plain, values.allSatisfy({ $0.bool != nil }) { return "boolean" }
        if plain, values.allSatisfy({ $0.int != nil }) { return "integer" }
        if plain, values.allSatisfy({ $0.double != nil }) { return "number" }
        return "string"
    }

    /// The JSON type a schema declares, `null` aside, when it declares one.
    static func declaredType(of node: DocNode) -> String? {
        let types = (node.string("type").map { [$0] } ?? node["type"]?.items?.compactMap(\.string) ?? [])
            .filter { $0 != "null" }
        return types.count == 1 ? types[0] : nil
    }

    /// `additionalProperties`: absent or `false` is closed, `true` or `{}` open, a schema typed.
    static func additional(of node: DocNode, run: ImportRun) -> Additional {
        guard let value = node["additionalProperties"] else { return .closed }
        if let bool = value.bool { return bool ? .open : .closed }
        if isEmpty(value) { return .open }
        return .typed(value)
    }

    static func isNull(_ node: DocNode) -> Bool {
        if node.string("type") == "null" { return true }
        if let types = node["type"]?.items, types.count == 1, types[0].string == "null" { return true }
        if let values = node["enum"]?.items, values.count == 1, values[0].node.isNull { return true }
        if let constant = node["const"], constant.node.isNull { return true }
        return false
    }

    /// The keys a schema part may have and still only qualify the value another part shapes.
    static let qualifyingKeys: Set<String> = [
        "nullable", "description", "title", "example", "examples", "default", "deprecated", "readOnly", "writeOnly",
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
        "pattern", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "format", "externalDocs",
    ]

    /// Whether a schema part has no shape of its own: only the keys that qualify a value (and extensions).
    static func onlyQualifies(_ node: DocNode) -> Bool {
        guard let entries = node.peekedEntries, !entries.isEmpty else { return false }
        return entries.allSatisfy { qualifyingKeys.contains($0.key) || $0.key.hasPrefix("x-") }
    }

    /// `{}` or a schema with only a description or title: any value.
    static func isEmpty(_ node: DocNode) -> Bool {
        guard let entries = node.peekedEntries else { return false }
        let empty = entries.allSatisfy { ["description", "title", "x-stripeBypassValidation"].contains($0.key) }
        // Read whole only when it is: another schema's keys are read, or reported, as a schema's.
        if empty { _ = node.entries }
        return empty
    }

    /// The `$ref` a schema is: its own, or that of an `allOf` with one reference and nothing else to add.
    static func reference(of node: DocNode) -> String? {
        if let reference = node.string("$ref") { return reference }
        guard let parts = node["allOf"]?.items, parts.count == 1, let reference = parts[0].string("$ref"),
            node["properties"] == nil, node["oneOf"] == nil, node["anyOf"] == nil
        else { return nil }
        return reference
    }

    static func isStringEnumReference(_ node: DocNode, run: ImportRun) -> Bool {
        guard let reference = node.string("$ref"), run.namesModel(reference, from: node),
            let model = run.modelName(forReference: reference, from: node),
            case .enumeration(_, let integer)? = run.shapes[model]
        else { return false }
        return !integer
    }
}
