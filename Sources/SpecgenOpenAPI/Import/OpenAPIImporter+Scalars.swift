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
    }

    func arrayType(_ view: SchemaView, hint: String, usage: SchemaUsage, depth: Int) -> ImportedType {
        let schema = view.node
        guard let items = schema["items"] else {
            return withItemLimits(ImportedType(.array(.primitive(.json))), schema)
        }
        let itemUsage: SchemaUsage = usage == .multipart ? .multipart : usage
        var element = type(of: items, hint: hint + "Item", usage: itemUsage, depth: depth + 1)
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

    func withItemLimits(_ type: ImportedType, _ schema: DocNode) -> ImportedType {
        var result = type
        result.constraints.minItems = schema["minItems"]?.int
        result.constraints.maxItems = schema["maxItems"]?.int
        return result
    }

    func mapType(_ view: SchemaView, hint: String, usage: SchemaUsage, depth: Int) -> ImportedType {
        switch view.additional {
        case .typed(let node):
            var value = type(of: node, hint: hint + "Value", usage: usage == .json ? .json : usage, depth: depth + 1)
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
        result.swiftName = schema.string("x-specgen-swift-name") ?? result.swiftName
        if schema.string("x-specgen-presence") == "nullable" { result.nullClears = true }
        if let value = schema["default"], fits(value, result.type), result.constant == nil {
            // A string's default is its text, however it is written (`default: 30`).
            result.defaultValue =
                result.type == .primitive(.string) ? value.node.scalar.map(SpecValue.string) : value.specValue
        }
        let isMap = if case .map = result.type { true } else { false }
        if let example = schema["example"] ?? schema["examples"]?.items?.first, !isMap,
            example.isMapping == false || result.type.name.flatMap({ shapes[$0] }) != nil
        {
            result.example = example.specValue
        }
        return result
    }

    /// Whether a default value is one the type can hold, as lint requires of it.
    func fits(_ value: DocNode, _ type: TypeRef) -> Bool {
        switch throughAliases(type) {
        case .primitive(.string): return value.node.scalar != nil && !value.node.isNull
        case .primitive(.int), .primitive(.int32), .primitive(.int64):
            return value.int != nil && value.node.isPlainScalar
        case .primitive(.double), .primitive(.float): return value.double != nil && value.node.isPlainScalar
        case .primitive(.bool): return value.bool != nil
        case .array: return value.items != nil
        case .map: return value.isMapping
        case .named(let name):
            guard case .enumeration(let values, let integer)? = shapes[name], let text = value.string else {
                return false
            }
            return values.contains(text) && (integer ? value.int != nil : true)
        case .primitive: return false
        }
    }

    /// The type an alias model stands for, through a chain of aliases as far as one can sensibly go; any other type
    /// as it is.
    func throughAliases(_ type: TypeRef) -> TypeRef {
        var type = type
        for _ in 0..<16 {
            guard let name = type.name, case .alias(let target)? = shapes[name] else { break }
            type = target
        }
        return type
    }
}
