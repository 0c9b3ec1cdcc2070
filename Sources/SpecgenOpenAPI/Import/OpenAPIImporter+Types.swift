import Foundation
import SpecgenSpec
import SpecgenYAML

/// Type expressions: what a schema is as a field or parameter type, with its constraints, defaults and options.
extension ImportRun {
    /// The one value a schema allows (`const`, or an `enum` of one scalar), if it names one.
    static func constant(of schema: DocNode) -> DocNode? {
        let values = schema["enum"]?.items
        guard let constant = schema["const"] ?? (values?.count == 1 ? values?.first : nil),
            constant.node.scalar != nil, !constant.node.isNull
        else { return nil }
        return constant
    }

    static let referenceSiblings: Set<String> = [
        "$ref", "description", "summary", "title", "nullable", "deprecated", "readOnly", "writeOnly", "example",
        "examples", "default", "externalDocs",
    ]

    /// The type of a schema where it is used. An inline object, enum, union or composition becomes a model named
    /// `hint`; with `asModel`, the schema is a named model's own and only its plain type is wanted.
    func type(
        of schema: DocNode, hint: String, usage: SchemaUsage = .json, asModel: Bool = false, depth: Int = 0
    ) -> ImportedType {
        var any = ImportedType(.primitive(.json))
        if schema.bool != nil, !schema.isMapping {
            asText(&any, usage: usage, at: schema)
            return any
        }
        guard schema.isMapping else {
            warn(
                .invalidSchema, at: schema.location,
                "a schema must be a mapping, found \(schema.node.kindDescription); typed as json")
            summary.jsonFallbacks += 1
            asText(&any, usage: usage, at: schema)
            return any
        }
        if let reference = schema.string("$ref") {
            var result = referencedType(reference, at: schema, hint: hint, usage: usage, depth: depth)
            if schema["nullable"]?.bool == true { result.nullable = true }
            Self.describe(&result, schema)
            // OpenAPI 3.1 applies a `$ref`'s siblings too: `{$ref: Kind, const: 2}` is a constant of `Kind`.
            var applied: Set<String> = []
            if facts.isVersion31, let constant = Self.constant(of: schema) {
                narrow(&result, to: constant)
                applied = ["const", "enum"]
            }
            let ignored = (schema.entries ?? []).filter {
                !Self.referenceSiblings.contains($0.key) && !$0.key.hasPrefix("x-") && !applied.contains($0.key)
            }
            if let first = ignored.first {
                warn(
                    .refSiblings, at: first.keyLocation,
                    "\(ignored.map { "'\($0.key)'" }.joined(separator: ", ")) beside '$ref' "
                        + (facts.isVersion31
                            ? "is ignored: a spec type cannot add to the schema a reference names"
                            : "is ignored, as OpenAPI 3.0 says"),
                    fix: "wrap the reference: 'allOf: [{$ref: ...}]' with the other keys beside 'allOf'")
            }
            asText(&result, usage: usage, at: schema)
            return withDefaults(result, schema)
        }
        let view = SchemaView(schema, run: self)
        var result: ImportedType
        if !asModel, needsModel(view, usage: usage) {
            // Named from where it stands, even when the same object is written out elsewhere too: merged into the
            // first identical one, it would be named after whichever use comes first, and an edit elsewhere that
            // adds an earlier use, or removes the first, would rename it for every use.
            let name = allocateTypeName(hint, at: schema.location, "the type of this schema")
            reserveModel(name)
            defineModel(name, schema: schema)
            result = ImportedType(.named(name))
            if nullableModels.contains(name) { result.nullable = true }
            return result
        } else if let reference = SchemaView.reference(of: schema) {
            result = referencedType(
                reference, at: schema["allOf"]?.items?.first ?? schema, hint: hint, usage: usage, depth: depth)
            // `{enum: [8], allOf: [{$ref: Kind}]}` narrows the named type to one value: a constant of it.
            if let constant = Self.constant(of: schema) { narrow(&result, to: constant) }
        } else if let variants = view.variants {
            if variants.isEmpty {
                result = ImportedType(.primitive(.json))
            } else if variants.count == 1 {
                result = type(of: variants[0], hint: hint, usage: usage, depth: depth + 1)
            } else {
                result = stringUnionType(variants)
                // A header's shape is warned where the header is read.
                if usage == .form || usage == .parameter, !view.isStringUnion {
                    warn(
                        .nestedUnion, at: schema.location,
                        "a union inside a \(usage == .form ? "form body" : "parameter") is sent as text",
                        covering: schema)
                }
            }
        } else if let allOf = view.allOf, !allOf.isEmpty, !view.hasProperties {
            result = type(of: allOf[0], hint: hint, usage: usage, depth: depth + 1)
            if allOf.count > 1 {
                warn(.allofFlattened, at: schema.location, "allOf in a \(usage) value keeps only its first part")
                for dropped in allOf.dropFirst() { cover(dropped) }
            }
        } else {
            result = plainType(view, hint: hint, usage: usage, depth: depth)
            if usage == .form || usage == .parameter, view.hasProperties {
                warn(
                    .nestedObject, at: schema.location,
                    "an object inside a \(usage == .form ? "form body" : "parameter") "
                        + "is sent as a map of text (name[key]=value), so its fields' types are not checked",
                    covering: schema)
            }
        }
        if view.nullable { result.nullable = true }
        Self.describe(&result, schema)
        asText(&result, usage: usage, at: schema)
        return withDefaults(result, schema)
    }

    /// A value of any type (a `{}` schema, a `$ref` that resolves nowhere, an array without `items`) where only text
    /// travels: a form field, a parameter or a header is sent as text (each item as text), with a warning.
    func asText(_ result: inout ImportedType, usage: SchemaUsage, at schema: DocNode) {
        guard usage == .form || usage == .parameter || usage == .header else { return }
        switch throughAliases(result.type) {
        case .primitive(.json):
            warn(.anyValue, at: schema.location, "a value of any type in a \(usage) is sent as text")
            result.type = .primitive(.string)
        case .array(let element) where throughAliases(element) == .primitive(.json):
            warn(.anyValue, at: schema.location, "items of any type in a \(usage) are sent as text")
            result.type = .array(.primitive(.string))
        default:
            break
        }
    }

    /// A schema's or parameter's description and deprecation, on a type.
    static func describe(_ type: inout ImportedType, _ node: DocNode) {
        let (description, deprecation) = described(node)
        if let description { type.description = description }
        if let deprecation { type.deprecation = deprecation }
    }

    /// A named type narrowed to one of its values: a constant of it. A value the type cannot hold (`2` of an enum
    /// of 1 and 3) is not kept, with a warning.
    func narrow(_ result: inout ImportedType, to constant: DocNode, kind: ImportWarning = .invalidSchema) {
        guard let value = held(constant, as: result.type) else {
            warn(
                kind, at: constant.location,
                "the constant \(constant.string ?? "") is not a value of '\(result.type)'; not kept",
                fix: "use one of the type's values")
            return
        }
        result.constant = value
    }

    /// A node's description and deprecation as the spec writes them: `deprecated: true`, or its message when the
    /// description ends in a paragraph `Deprecated: why` (as the export writes it; a bare `Deprecated.` goes too).
    static func described(_ node: DocNode) -> (description: String?, deprecation: Deprecation?) {
        let description = node.string("description")
        guard node["deprecated"]?.bool == true else { return (description, nil) }
        guard var paragraphs = description?.components(separatedBy: "\n\n"), let last = paragraphs.last else {
            return (description, Deprecation())
        }
        guard let message = OpenAPIExporter.deprecationMessage(inParagraph: last) else {
            return (description, Deprecation())
        }
        paragraphs.removeLast()
        return (paragraphs.isEmpty ? nil : paragraphs.joined(separator: "\n\n"), Deprecation(message: message))
    }

    /// Whether a schema used in place needs a model of its own.
    func needsModel(_ view: SchemaView, usage: SchemaUsage) -> Bool {
        if usage == .form || usage == .parameter || usage == .header {
            return (view.enumValues?.count ?? 0) >= 2 && view.variants == nil && !view.enumIsTypeOnly
        }
        if view.hasProperties { return true }
        if let allOf = view.allOf, allOf.count > 1 || (allOf.count == 1 && view.variants != nil) { return true }
        if let variants = view.variants, variants.count > 1, !view.isStringUnion || view.isConstantUnion {
            return true
        }
        if let values = view.enumValues, values.count >= 2, view.variants == nil, !view.enumIsTypeOnly { return true }
        return false
    }

    /// A `$ref` where a type is used: the model it names, or the type of the schema piece it points into.
    func referencedType(
        _ reference: String, at node: DocNode, hint: String, usage: SchemaUsage, depth: Int
    ) -> ImportedType {
        if reference.hasSuffix("/" + OpenAPIExporter.urlSchemaKey) { return ImportedType(.primitive(.url)) }
        if namesModel(reference, from: node) {
            guard let model = modelName(forReference: reference, from: node) else {
                return ImportedType(.primitive(.json))
            }
            var result = ImportedType(.named(model))
            result.nullable = nullableModels.contains(model)
            return adapted(result, to: usage, at: node)
        }
        guard depth < 32, let (target, _) = documents.resolve(reference, from: node) else {
            warn(.danglingRef, at: node.location, "$ref '\(reference)' points at nothing; typed as json")
            summary.jsonFallbacks += 1
            return ImportedType(.primitive(.json))
        }
        return type(of: target, hint: hint, usage: usage, depth: depth + 1)
    }

    /// A model where a form field, parameter or header needs a scalar: an object travels as a deepObject map of
    /// text, a union as text.
    func adapted(_ type: ImportedType, to usage: SchemaUsage, at node: DocNode) -> ImportedType {
        guard usage == .form || usage == .parameter || usage == .header else { return type }
        switch type.type.name.flatMap({ shapes[$0] }) {
        case .object?:
            warn(
                .nestedObject, at: node.location,
                "'\(type.type)' is an object inside a \(usage == .form ? "form body" : "parameter"); "
                    + "sent as a map of text (\(type.type)[key]=value), so its fields' types are not checked",
                covering: node)
            var map = ImportedType(.map(.primitive(.string)))
            map.nullable = type.nullable
            return map
        case .union?:
            warn(.nestedUnion, at: node.location, "'\(type.type)' is a union inside a \(usage); sent as text")
            var text = ImportedType(.primitive(.string))
            text.nullable = type.nullable
            return text
        default:
            return type
        }
    }

    /// Variants that are all strings: the enum among them when there is one (its unknown values decode anyway),
    /// else `string`.
    func stringUnionType(_ variants: [DocNode]) -> ImportedType {
        for variant in variants {
            if let reference = variant.string("$ref"), let model = modelName(forReference: reference, from: variant),
                case .enumeration? = shapes[model]
            {
                return ImportedType(.named(model))
            }
        }
        return ImportedType(.primitive(.string))
    }

    /// A scalar, array or map.
    func plainType(_ view: SchemaView, hint: String, usage: SchemaUsage, depth: Int) -> ImportedType {
        let schema = view.node
        if view.types.count > 1 {
            warn(
                .typeList, at: (schema["type"] ?? schema).location,
                "a value of several types (\(view.types.joined(separator: ", "))) is typed as json",
                fix: "use oneOf with one schema per type")
            summary.jsonFallbacks += 1
            return ImportedType(.primitive(.json))
        }
        var jsonType = view.types.first
        if jsonType == nil {
            if let constant = schema["const"] {
                jsonType = Self.jsonType(of: constant)
            } else if let first = view.enumValues?.first {
                jsonType = Self.jsonType(of: first)
            } else if schema["items"] != nil {
                jsonType = "array"
            } else if schema["additionalProperties"] != nil || schema["properties"] != nil {
                jsonType = "object"
            }
        }
        let format = schema.string("format")
        let datePattern = schema.string("x-specgen-date-format")
        let datePatternProblem = datePattern.flatMap {
            DatePattern.roundTripProblem(of: NamedDateFormat.pattern(of: $0))
        }
        var result: ImportedType
        switch jsonType {
        case "string" where datePattern != nil && datePatternProblem == nil:
            // The export's own words for a date written in a pattern; the pattern and format beside them say the
            // same to other readers.
            result = ImportedType(.primitive(.datetime))
            result.format = datePattern
            _ = (schema["pattern"], schema["format"], schema["minLength"], schema["maxLength"])
        case "number" where format == "epoch-seconds" || format == "epoch-milliseconds":
            result = ImportedType(.primitive(.datetime))
            result.format = format
        case "string" where format == nil && schema["contentMediaType"] != nil && schema["contentEncoding"] == nil:
            // OpenAPI 3.1's raw bytes: a file where a part can carry one, else text.
            result = ImportedType(.primitive(usage == .multipart || usage == .json ? .file : .string))
        case "string":
            if let datePattern, let problem = datePatternProblem {
                // A date pattern the client could not read back: the dates are kept as the text they are.
                warn(
                    .dateFormat, at: schema["x-specgen-date-format"]?.location ?? schema.location,
                    "the date pattern '\(datePattern)' \(problem); imported as a string")
            }
            result = ImportedType(.primitive(stringType(format, usage: usage)))
            if format == "password" { result.sensitive = true }
            // The export's pattern beside a date, date-time or UUID says what the type already does.
            if case .primitive(let primitive) = result.type, let implied = WirePattern.of(primitive),
                schema.string("pattern") == implied
            {
                _ = schema["pattern"]
            }
            if result.type == .primitive(.string) {
                if let pattern = schema.string("pattern") {
                    if (try? NSRegularExpression(pattern: pattern)) != nil {
                        result.constraints.pattern = pattern
                    } else {
                        warn(
                            .pattern, at: schema["pattern"]?.location ?? schema.location,
                            "the pattern is not a regular expression this platform reads; not checked")
                    }
                }
                result.constraints.minLength = schema["minLength"]?.int
                result.constraints.maxLength = schema["maxLength"]?.int
                keepSound(.length, of: &result, at: schema)
            }
        case "integer":
            if format == "unix-time" || format == "unixtime" || format == "timestamp" {
                result = ImportedType(.primitive(.datetime))
                result.format = "epoch-seconds"
            } else {
                result = ImportedType(.primitive(format == "int32" ? .int32 : format == "int64" ? .int64 : .int))
                numberConstraints(&result, schema)
            }
        case "number":
            result = ImportedType(.primitive(format == "float" ? .float : .double))
            numberConstraints(&result, schema)
        case "boolean":
            result = ImportedType(.primitive(.bool))
        case "array":
            result = arrayType(view, hint: hint, usage: usage, depth: depth)
        case "object":
            result = mapType(view, hint: hint, usage: usage, depth: depth)
        case nil:
            result = ImportedType(.primitive(.json))
        default:
            warn(
                .unknownType, at: (schema["type"] ?? schema).location,
                "unknown type '\(jsonType ?? "")'; typed as json", covering: schema)
            summary.jsonFallbacks += 1
            result = ImportedType(.primitive(.json))
        }
        // A constant the type cannot hold (`{type: integer, enum: [card]}`) is warned about and not kept, as a
        // named type's is: the spec's constant must be a value of its type.
        if let constant = schema["const"] ?? (view.enumValues?.count == 1 ? view.enumValues?.first : nil),
            [Primitive.string, .int, .int32, .int64, .bool, .double, .float].map(TypeRef.primitive).contains(
                result.type)
        {
            narrow(&result, to: constant, kind: .enumValues)
        }
        if view.enumIsTypeOnly, let values = view.enumValues, values.count >= 2,
            !(jsonType == "boolean" && Set(values.compactMap(\.bool)) == [true, false])
        {
            let listed = values.compactMap(\.string).joined(separator: ", ")
            warn(
                .enumValues, at: (schema["enum"] ?? schema).location,
                "an enum of \(jsonType == "boolean" ? "booleans" : "numbers") is typed as \(result.type): the spec's "
                    + "enums hold strings or integers, so its values (\(listed)) are not checked",
                fix: "describe the allowed values in the description, or use integer or string values")
        }
        return result
    }
}
