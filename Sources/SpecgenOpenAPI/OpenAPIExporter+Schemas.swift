import Foundation
import SpecgenSpec

/// Components: models as schemas, with formats, constraints, defaults, examples and deprecations.
extension OpenAPIExporter {
    func components() -> OpenAPIObject {
        var components = OpenAPIObject()
        var schemas = OpenAPIObject()
        for model in spec.models {
            schemas[model.name] = .object(schema(for: model))
        }

        var responses = OpenAPIObject()
        for error in spec.errors {
            responses[error.caseName] = .object(response(for: error))
        }
        let fallbacks = Set(spec.endpoints.flatMap(undocumentedRejections))
        for status in fallbacks.sorted() {
            responses[Self.rejectionKey(status)] = .object(rejectionResponse(status))
        }
        if !fallbacks.isEmpty { schemas[Self.problemSchemaKey] = .object(Self.problemSchema()) }
        if !schemas.isEmpty { components["schemas"] = .object(schemas) }
        if !responses.isEmpty { components["responses"] = .object(responses) }

        var parameters = OpenAPIObject()
        for header in spec.defaultHeaders {
            var parameter = OpenAPIObject()
            parameter["name"] = .string(header.name)
            parameter["in"] = "header"
            parameter["description"] = .string("Sent with every request, always `\(header.value)`.")
            parameter["required"] = true
            var schema = OpenAPIObject()
            schema["type"] = "string"
            schema["const"] = .string(header.value)
            parameter["schema"] = .object(schema)
            parameters[Self.componentKey(header.name)] = .object(parameter)
        }
        if !parameters.isEmpty { components["parameters"] = .object(parameters) }

        var schemes = OpenAPIObject()
        for scheme in spec.authSchemes {
            schemes[scheme.name] = .object(securityScheme(scheme))
        }
        if !schemes.isEmpty { components["securitySchemes"] = .object(schemes) }
        return components
    }

    func schema(for model: Model) -> OpenAPIObject {
        var object: OpenAPIObject
        switch model.kind {
        case .object(let fields):
            object = composedSchema(model, fields, json: jsonModels.contains(model.name))
        case .enumeration(let values):
            object = OpenAPIObject()
            if model.isIntegerEnum {
                object["type"] = "integer"
                object["enum"] = .array(values.compactMap { Int($0.value).map(OpenAPIValue.int) })
            } else {
                object["type"] = "string"
                object["enum"] = .array(values.map { .string($0.value) })
            }
            if values.contains(where: { $0.swiftName != nil }) {
                // The generators' common extension for case names; a value without one is named from itself.
                object["x-enum-varnames"] = .array(values.map { .string($0.swiftName ?? $0.value) })
            }
        case .alias(let type, let constraints):
            object = schema(for: type)
            apply(constraints, to: &object)
        case .union(let union):
            object = unionSchema(union)
        }
        object = described(object, model.description, model.deprecation)
        object["x-specgen-swift-name"] = model.swiftName.map(OpenAPIValue.string)
        if let example = model.example { object["examples"] = .array([Self.value(example)]) }
        return object
    }

    /// An object schema of fields: properties in spec order and the required ones. In JSON, an optional property
    /// (`string?`) may be absent or `null`, as the format defines it and the generated client reads it; a form or
    /// multipart body has no `null`.
    func objectSchema(_ fields: [Field], json: Bool) -> OpenAPIObject {
        var object = OpenAPIObject()
        object["type"] = "object"
        var properties = OpenAPIObject()
        for field in fields {
            var property = schema(for: field)
            if json, field.presence == .optional { property = Self.nullable(property) }
            properties[field.wireName] = .object(property)
        }
        object["properties"] = .object(properties)
        let required = fields.filter(\.isRequiredOnWire)
        if !required.isEmpty { object["required"] = .array(required.map { .string($0.wireName) }) }
        return object
    }

    /// A struct's schema: `allOf` its included models and its own properties when it includes any, and the type
    /// of the properties it keeps beyond those.
    func composedSchema(_ model: Model, _ fields: [Field], json: Bool) -> OpenAPIObject {
        let included = Set(
            model.includes.flatMap { reference in spec.model(named: reference.name)?.fields ?? [] })
        var own = objectSchema(fields.filter { !included.contains($0) }, json: json)
        if let extra = model.additionalProperties {
            own["additionalProperties"] = extra == .primitive(.json) ? true : .object(schema(for: extra))
        }
        guard !model.includes.isEmpty else { return own }
        var object = OpenAPIObject()
        object["allOf"] = .array(
            model.includes.map { .object(["$ref": .string("#/components/schemas/\($0.name)")]) } + [.object(own)])
        return object
    }

    /// `anyOf` the variants, since a value is one of the union when any variant takes it: the client picks by tag,
    /// or the first variant that decodes, and never asks that only one would (`oneOf` would call a value two
    /// variants take invalid, to a JSON Schema reader). A discriminated union maps every tag to its variant
    /// explicitly. An undiscriminated union's order is the decoding order, which `x-specgen-decoding` states.
    func unionSchema(_ union: Union) -> OpenAPIObject {
        var object = OpenAPIObject()
        object["anyOf"] = .array(
            union.variants.map { variant in
                var schema = schema(for: variant.type)
                if let description = variant.description {
                    // A `$ref` takes no siblings in OpenAPI 3.0 readers, so a described reference is wrapped.
                    schema = schema["$ref"] == nil ? schema : ["allOf": .array([.object(schema)])]
                    schema["description"] = .string(description)
                }
                // The Swift case name, an extension any reader may skip.
                schema["x-specgen-case"] = variant.caseName.map(OpenAPIValue.string)
                return .object(schema)
            })
        if let discriminator = union.discriminator {
            var mapping = OpenAPIObject()
            for variant in union.variants {
                guard case .named(let name) = variant.type else { continue }
                for tag in variant.discriminatorValues { mapping[tag] = .string("#/components/schemas/\(name)") }
            }
            object["discriminator"] = .object(["propertyName": .string(discriminator), "mapping": .object(mapping)])
        } else {
            object["x-specgen-decoding"] = "in-order"
        }
        return object
    }

    func schema(for field: Field) -> OpenAPIObject {
        var object = schema(for: field.type)
        if case .primitive(.datetime) = field.type, let epoch = EpochFormat(format: field.format) {
            object["type"] = "number"
            object["format"] = .string(epoch.rawValue)
            object.removeValue(forKey: "pattern")
        } else if case .primitive(.datetime) = field.type, let format = field.format {
            object.removeValue(forKey: "format")
            object["x-specgen-date-format"] = .string(format)
            object["pattern"] = WirePattern.dateFormat(NamedDateFormat.pattern(of: format)).map(OpenAPIValue.string)
        }
        if field.sensitive, object["type"] == "string", object["format"] == nil {
            object["format"] = "password"
        }
        apply(field.constraints, to: &object)
        if field.presence == .nullable { object = Self.nullable(object) }
        object = described(object, field.description, field.deprecation)
        object["default"] = field.defaultValue.map(Self.value)
        if let constant = field.constant { object["const"] = Self.value(constant) }
        // What the wire cannot tell apart: the Swift name, and a field whose `null` differs from its absence (`??`).
        object["x-specgen-swift-name"] = field.swiftName.map(OpenAPIValue.string)
        if field.presence == .nullable { object["x-specgen-presence"] = "nullable" }
        if let example = field.example { object["examples"] = .array([Self.value(example)]) }
        return object
    }

    func schema(for type: TypeRef) -> OpenAPIObject {
        var object = OpenAPIObject()
        switch type {
        case .named(let name):
            object["$ref"] = .string("#/components/schemas/\(name)")
        case .array(let element):
            object["type"] = "array"
            object["items"] = .object(schema(for: element))
        case .map(let value):
            object["type"] = "object"
            object["additionalProperties"] = .object(schema(for: value))
        case .primitive(.url):
            object["$ref"] = .string(Self.urlReference)
        case .primitive(let primitive):
            let (type, format) = Self.jsonType(of: primitive)
            object["type"] = type.map(OpenAPIValue.string)
            object["format"] = format.map(OpenAPIValue.string)
            switch primitive {
            case .bytes: object["contentEncoding"] = "base64"
            case .binary, .file: object["contentMediaType"] = "application/octet-stream"
            // The generated client reads `int` and `int64` as 64-bit integers, so a larger number is refused.
            case .int, .int64:
                object["minimum"] = .int(Int(Int64.min))
                object["maximum"] = .int(Int(Int64.max))
            case .int32:
                object["minimum"] = .int(Int(Int32.min))
                object["maximum"] = .int(Int(Int32.max))
            // A `format` asserts nothing to most JSON Schema readers: the pattern says what the client and the mock
            // take, so a reader of the document never calls `""` a date.
            case .datetime, .date, .uuid: object["pattern"] = WirePattern.of(primitive).map(OpenAPIValue.string)
            default: break
            }
        }
        return object
    }

    /// The JSON Schema type and format of a primitive; `json` has neither (any value).
    static func jsonType(of primitive: Primitive) -> (type: String?, format: String?) {
        switch primitive {
        case .string, .bytes, .binary, .file: ("string", nil)
        case .int: ("integer", nil)
        case .int32: ("integer", "int32")
        case .int64: ("integer", "int64")
        case .double: ("number", "double")
        case .float: ("number", "float")
        case .bool: ("boolean", nil)
        case .datetime: ("string", "date-time")
        case .date: ("string", "date")
        case .uuid: ("string", "uuid")
        case .url: ("string", "uri-reference")  // written as a reference to `specgen.URL`
        case .json: (nil, nil)
        }
    }

    /// Sets the constraints the spec gives, over the bounds and patterns the type itself implies.
    func apply(_ constraints: Constraints, to object: inout OpenAPIObject) {
        if let pattern = constraints.pattern { object["pattern"] = .string(pattern) }
        if let minLength = constraints.minLength { object["minLength"] = .int(minLength) }
        if let maxLength = constraints.maxLength { object["maxLength"] = .int(maxLength) }
        if let minimum = constraints.minimum { object["minimum"] = .double(minimum) }
        if let maximum = constraints.maximum { object["maximum"] = .double(maximum) }
        if let minItems = constraints.minItems { object["minItems"] = .int(minItems) }
        if let maxItems = constraints.maxItems { object["maxItems"] = .int(maxItems) }
    }

    /// A schema that also accepts `null`: a type list for plain types, `anyOf` for references and the rest.
    static func nullable(_ object: OpenAPIObject) -> OpenAPIObject {
        if case .string(let type)? = object["type"], object["$ref"] == nil {
            var copy = object
            copy["type"] = .array([.string(type), "null"])
            return copy
        }
        var null = OpenAPIObject()
        null["type"] = "null"
        var wrapper = OpenAPIObject()
        wrapper["anyOf"] = .array([.object(object), .object(null)])
        return wrapper
    }

    func described(_ object: OpenAPIObject, _ description: String?, _ deprecation: Deprecation?) -> OpenAPIObject {
        var copy = object
        copy["description"] = Self.description(description, deprecation).map(OpenAPIValue.string)
        if deprecation != nil { copy["deprecated"] = true }
        return copy
    }
}
