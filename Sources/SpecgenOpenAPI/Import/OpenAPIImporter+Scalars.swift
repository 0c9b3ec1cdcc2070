import Foundation
import SpecgenSpec
import SpecgenYAML

/// Scalar types: JSON type names, string formats, number and array limits, defaults and whether a value fits.
extension ImportRun {
    static func jsonType(of node: DocNode) -> String {
        if node.node.isPlainScalar {
            if node.bool != nil { return "boolean" }
            if node.int != nil { return "integer" }
            if node.double != nil { return "number" }
        }
        switch node.node.content {
        case .sequence: return "array"
        case .mapping: return "object"
        case .scalar: return "string"
        }
    }

    func stringType(_ format: String?, usage: SchemaUsage) -> Primitive {
        switch format {
        case "date-time": .datetime
        case "date": .date
        case "uuid": .uuid
        case "uri", "url", "iri": .url
        case "byte": .bytes
        case "binary": usage == .multipart ? .file : .string
        default: .string
        }
    }

    func numberConstraints(_ result: inout ImportedType, _ schema: DocNode) {
        for key in ["minimum", "maximum"] {
            guard let number = schema[key]?.double, number.isFinite else { continue }
            // The bounds of a 64-bit or 32-bit integer say nothing the type does not.
            if abs(number) >= 9.2e18
                || (result.type == .primitive(.int32) && (number == -2_147_483_648 || number == 2_147_483_647))
            {
                continue
            }
            if key == "minimum" { result.constraints.minimum = number } else { result.constraints.maximum = number }
        }
        keepSound(.range, of: &result, at: schema)
    }

    /// A pair of bounds no value can meet (a minimum above its maximum, a negative length), as the spec judges
    /// them, is left out, warned where it is written.
    func keepSound(_ bounds: Constraints.Bounds, of result: inout ImportedType, at schema: DocNode) {
        let problems = result.constraints.problems(of: bounds)
        guard !problems.isEmpty else { return }
        result.constraints.remove(bounds)
        warn(
            .bounds, at: schema.location,
            "the \(bounds.rawValue) \(problems.joined(separator: " and ")); not checked",
            fix: "write bounds a value can meet")
    }

    func arrayType(_ view: SchemaView, hint: String, usage: SchemaUsage, depth: Int) -> ImportedType {
        let schema = view.node
        dropsCollectionValues(schema, what: "an array")
        guard let items = schema["items"] else {
            return withItemLimits(ImportedType(.array(.primitive(.json))), schema)
        }
        let itemUsage: SchemaUsage = usage == .multipart ? .multipart : usage
        var element = type(of: items, hint: hint + "Item", usage: itemUsage, depth: depth + 1)
        dropsDetails(of: element, writtenIn: items, what: "an array's items")
        if element.nullable {
            warn(
                .nullItems, at: items.location,
                "array items may be null, which a Swift array of '\(element.type)' cannot hold; null items fail to decode",
                fix: "drop null from the items, or type them as json")
            element.nullable = false
        }
        if usage != .json && usage != .multipart && element.type.isContainer {
            warn(.nestedArray, at: items.location, "an array of arrays or maps in a \(usage) is sent as text")
            return ImportedType(.array(.primitive(.string)))
        }
        return withItemLimits(ImportedType(.array(element.type)), schema)
    }

    /// Says so of the constraints, default, constant and deprecation an inline item's or map value's schema gives:
    /// the spec's arrays and maps hold a type for their items, nothing more (a named schema, an alias, keeps its
    /// constraints).
    func dropsDetails(of element: ImportedType, writtenIn schema: DocNode, what: String) {
        dropsDetails(
            of: element, writtenIn: schema, what: what, as: .itemConstraints,
            because: "the spec's arrays and maps keep only their items' type",
            defaults: "the spec's arrays and maps take none",
            fix: "name the items' schema in components (an alias keeps its constraints) where they must be checked")
    }

    /// The type of a schema used where the spec keeps its type alone: a body, an answer, an error's body, a stream's
    /// items, a union's variant, a webhook's payload, the values beside a model's properties. What else the schema
    /// says (that it may be null, its constraints, default, constant or deprecation) is said not kept, where it is
    /// written: the spec has no place for it there.
    func typeOnly(of schema: DocNode, hint: String, as what: String) -> TypeRef {
        let imported = type(of: schema, hint: hint)
        // `json` holds null itself.
        if imported.nullable, imported.type != .primitive(.json) {
            warn(
                .typeOnly, at: (schema.peeked("nullable") ?? schema.peeked("type") ?? schema).location,
                "\(what) may be null, which the spec cannot say there: typed as '\(imported.type)' without null",
                fix: "drop null from the schema, or type it as json")
        }
        dropsDetails(
            of: imported, writtenIn: schema, what: what, as: .typeOnly, because: "the spec keeps only its type there",
            defaults: "the spec keeps none there",
            fix: "name the schema in components (an alias keeps its constraints), or check the value in the app")
        return imported.type
    }

    /// Says so of what `element` holds beyond its type (a default, a constant, constraints, a deprecation), each at
    /// the key that gives it, where the spec keeps the type alone.
    private func dropsDetails(
        of element: ImportedType, writtenIn schema: DocNode, what: String, as kind: ImportWarning,
        because reason: String, defaults: String, fix: String
    ) {
        warnUnkept(element, of: what, writtenIn: schema, else: schema, because: defaults)
        // Said where the schema itself deprecates; a referenced model keeps its own deprecation.
        if element.deprecation != nil, let key = schema.peekedEntries?.first(where: { $0.key == "deprecated" }) {
            warn(
                kind, at: key.keyLocation, "'deprecated' of \(what) is not kept: \(reason)",
                fix: "say it in the description of the field or operation that uses it")
        }
        guard element.constraints != Constraints(), schema.node["$ref"] == nil,
            let keys = schema.peekedEntries?.filter({ Self.keptConstraintKeys.contains($0.key) }),
            let first = keys.first
        else { return }
        warn(
            kind, at: first.keyLocation,
            "\(keys.map { "'\($0.key)'" }.joined(separator: ", ")) of \(what) \(keys.count == 1 ? "is" : "are") not "
                + "kept: \(reason)",
            fix: fix)
    }

    /// Says so of a `const` or `enum` of an array or a map: the spec's constants and enums are of single values.
    func dropsCollectionValues(_ schema: DocNode, what: String) {
        for key in ["const", "enum"] {
            guard let value = schema.peeked(key) else { continue }
            warn(
                .enumValues, at: value.location,
                "the \(key) of \(what) is not kept: the spec's constants and enums hold single values")
        }
    }

    /// The keys of the constraints the spec keeps on a field or an alias (the ledger reports the others).
    static let keptConstraintKeys: Set<String> = [
        "minimum", "maximum", "minLength", "maxLength", "pattern", "minItems", "maxItems",
    ]

    func withItemLimits(_ type: ImportedType, _ schema: DocNode) -> ImportedType {
        var result = type
        result.constraints.minItems = schema["minItems"]?.int
        result.constraints.maxItems = schema["maxItems"]?.int
        keepSound(.itemCount, of: &result, at: schema)
        return result
    }

    func mapType(_ view: SchemaView, hint: String, usage: SchemaUsage, depth: Int) -> ImportedType {
        dropsCollectionValues(view.node, what: "a map")
        switch view.additional {
        case .typed(let node):
            var value = type(of: node, hint: hint + "Value", usage: usage == .json ? .json : usage, depth: depth + 1)
            dropsDetails(of: value, writtenIn: node, what: "a map's values")
            if value.nullable {
                value.nullable = false
                if value.type != .primitive(.json) {
                    warn(
                        .nullValues, at: node.location,
                        "map values may be null, which '{string: \(value.type)}' cannot hold; typed as json values")
                    value = ImportedType(.primitive(.json))
                }
            }
            if usage != .json, value.type.isContainer || value.type == .primitive(.json) {
                return ImportedType(.map(.primitive(.string)))
            }
            return ImportedType(.map(value.type))
        case .open, .closed:
            return ImportedType(.map(.primitive(usage == .json || usage == .multipart ? .json : .string)))
        }
    }

    /// A field's `default` and `example`, kept when they fit the type.
    func withDefaults(_ type: ImportedType, _ schema: DocNode) -> ImportedType {
        var result = type
        result.swiftName = recordedSwiftName(schema, member: true) ?? result.swiftName
        if schema.string("x-specgen-presence") == "nullable" { result.nullClears = true }
        if let value = schema["default"], !value.node.isNull, result.constant == nil {
            if result.nullClears && result.nullable {
                warn(
                    .defaultValue, at: value.location,
                    "a field that null clears (x-specgen-presence: nullable) takes no default; left out",
                    fix: "drop the default, or the nullable presence")
            } else if let held = held(value, as: result.type) {
                result.defaultValue = held
            } else {
                warn(
                    .defaultValue, at: value.location,
                    "\(value.node.scalar.map { "'\($0)'" } ?? value.node.kindDescription) is not a default the spec "
                        + "keeps for '\(result.type)'; left out",
                    fix: "write a default of the type, or none")
            }
        }
        let isMap = if case .map = result.type { true } else { false }
        if let example = schema["example"] ?? schema["examples"]?.items?.first, !isMap,
            example.isMapping == false || result.type.name.flatMap({ shapes[$0] }) != nil
        {
            result.example = example.specValue
        }
        return result
    }

    /// The Swift name the export recorded (`x-specgen-swift-name`), when it is a Swift identifier; another value is
    /// left out with an `extension-value` warning.
    func recordedSwiftName(_ node: DocNode, member: Bool = false) -> String? {
        guard let written = node["x-specgen-swift-name"] else { return nil }
        // A member may take a keyword, which the generator escapes; a type may not.
        if let name = written.string, member ? Namer.isMemberIdentifier(name) : Namer.isIdentifier(name) {
            return name
        }
        warn(
            .extensionValue, at: written.location,
            "'x-specgen-swift-name' \(written.node.scalar.map { "'\($0)'" } ?? written.node.kindDescription) is not a "
                + "Swift identifier; left out",
            fix: "write a Swift name, such as 'displayName'")
        return nil
    }

    /// A default or constant as the type holds it (a string's as its text, however it is written: `default: 30`),
    /// or nil when the type cannot hold it, as lint requires of it.
    func held(_ value: DocNode, as type: TypeRef) -> SpecValue? {
        switch throughAliases(type) {
        case .primitive(.string):
            return value.node.isNull ? nil : value.node.scalar.map(SpecValue.string)
        case .primitive(.int), .primitive(.int32), .primitive(.int64):
            return value.node.isPlainScalar ? value.int.map(SpecValue.int) : nil
        case .primitive(.double), .primitive(.float):
            guard value.node.isPlainScalar, let number = value.double, number.isFinite else { return nil }
            return value.int.map(SpecValue.int) ?? .double(number)
        case .primitive(.bool):
            return value.bool.map(SpecValue.bool)
        case .array(let element):
            guard let items = value.items else { return nil }
            let held = items.compactMap { self.held($0, as: element) }
            return held.count == items.count ? .array(held) : nil
        case .map:
            return value.isMapping ? value.specValue : nil
        case .named(let name):
            switch shapes[name] {
            case .enumeration(let values, let integer)?:
                guard let text = value.string, values.contains(text) else { return nil }
                return integer ? value.int.map(SpecValue.int) : .string(text)
            case .object?:
                return value.isMapping ? value.specValue : nil
            default:
                return nil
            }
        case .primitive:
            return nil
        }
    }

    /// The type an alias model stands for, through a chain of aliases as far as one can sensibly go; any other type
    /// as it is.
    func throughAliases(_ type: TypeRef) -> TypeRef { Self.throughAliases(type, shapes: shapes) }

    /// The type an alias model stands for, by the models' shapes.
    static func throughAliases(_ type: TypeRef, shapes: [String: ModelShape]) -> TypeRef {
        var type = type
        for _ in 0..<16 {
            guard let name = type.name, case .alias(let target)? = shapes[name] else { break }
            type = target
        }
        return type
    }
}
