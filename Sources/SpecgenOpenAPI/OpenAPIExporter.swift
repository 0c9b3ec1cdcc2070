import Foundation
public import SpecgenSpec

/// Writes a spec as an OpenAPI 3.1 document, for docs tools, mock servers, fuzzers and other generators.
///
/// Everything that describes the wire is exported: servers, security schemes (bearer, API keys, the OAuth2 password
/// and client-credentials flows), paths, parameters, JSON, form, multipart and binary bodies, success and error
/// responses, models with their enums, formats, constraints, defaults, examples, descriptions and deprecations.
/// Two choices keep the document faithful where OpenAPI has no direct word:
/// - Endpoints that share a method and path (Keyz's `loginUser` and `requestToken`) become one operation, named after
///   the first, whose parameters and bodies accept what either accepts; `x-specgen-operations` lists them all.
/// - Typed-error case names ride along as `x-specgen-case`, and explicit date formats as `x-specgen-date-format`.
///
/// Client behaviour (retries, pagination, polling, timeouts) has no OpenAPI form and is left out.
public struct OpenAPIExporter: Sendable {
    /// The OpenAPI version written into every document.
    public static let openAPIVersion = "3.1.0"

    private let spec: Spec
    private let types: TypeResolver

    /// Creates an exporter for a valid spec.
    public init(spec: Spec) {
        self.spec = spec
        types = TypeResolver(spec)
    }

    /// The document.
    public func document() -> OpenAPIValue {
        var root = OpenAPIObject()
        root["openapi"] = .string(Self.openAPIVersion)
        var info = OpenAPIObject()
        info["title"] = .string(spec.name)
        info["version"] = .string(spec.version)
        info["description"] = spec.description.map { .string(Self.trimmed($0)) }
        root["info"] = .object(info)
        if !spec.servers.isEmpty {
            root["servers"] = .array(spec.servers.map { server in
                var object = OpenAPIObject()
                object["url"] = .string(server.url)
                object["description"] = .string(server.description.map(Self.trimmed) ?? server.name)
                return .object(object)
            })
        }
        if let security = spec.security {
            root["security"] = securityRequirements(security)
        }
        root["paths"] = .object(paths())
        root["components"] = .object(components())
        return .object(root)
    }

    // MARK: Components

    private func components() -> OpenAPIObject {
        var components = OpenAPIObject()
        var schemas = OpenAPIObject()
        for model in spec.models {
            schemas[model.name] = .object(schema(for: model))
        }
        if !schemas.isEmpty { components["schemas"] = .object(schemas) }

        var responses = OpenAPIObject()
        for error in spec.errors {
            responses[error.caseName] = .object(response(for: error))
        }
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

    private func schema(for model: Model) -> OpenAPIObject {
        var object: OpenAPIObject
        switch model.kind {
        case .object(let fields):
            object = objectSchema(fields)
        case .enumeration(let values):
            object = OpenAPIObject()
            object["type"] = "string"
            object["enum"] = .array(values.map { .string($0.value) })
        case .alias(let type, let constraints):
            object = schema(for: type)
            apply(constraints, to: &object)
        }
        object = described(object, model.description, model.deprecation)
        if let example = model.example { object["examples"] = .array([Self.value(example)]) }
        return object
    }

    /// An object schema of fields: properties in spec order and the required ones.
    private func objectSchema(_ fields: [Field]) -> OpenAPIObject {
        var object = OpenAPIObject()
        object["type"] = "object"
        var properties = OpenAPIObject()
        for field in fields {
            properties[field.wireName] = .object(schema(for: field))
        }
        object["properties"] = .object(properties)
        let required = fields.filter(Self.isRequiredOnWire)
        if !required.isEmpty { object["required"] = .array(required.map { .string($0.wireName) }) }
        return object
    }

    /// Whether a request must carry the field: it is required and has no default the client fills in.
    static func isRequiredOnWire(_ field: Field) -> Bool {
        field.presence == .required && field.defaultValue == nil
    }

    private func schema(for field: Field) -> OpenAPIObject {
        var object = schema(for: field.type)
        if case .primitive(.datetime) = field.type, let format = field.format {
            object.removeValue(forKey: "format")
            object["x-specgen-date-format"] = .string(format)
        }
        if field.sensitive, object["type"] == "string", object["format"] == nil {
            object["format"] = "password"
        }
        apply(field.constraints, to: &object)
        if field.presence == .nullable { object = Self.nullable(object) }
        object = described(object, field.description, field.deprecation)
        object["default"] = field.defaultValue.map(Self.value)
        if let example = field.example { object["examples"] = .array([Self.value(example)]) }
        return object
    }

    private func schema(for type: TypeRef) -> OpenAPIObject {
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
        case .primitive(let primitive):
            let (type, format) = Self.jsonType(of: primitive)
            object["type"] = type.map(OpenAPIValue.string)
            object["format"] = format.map(OpenAPIValue.string)
            switch primitive {
            case .bytes: object["contentEncoding"] = "base64"
            case .binary, .file: object["contentMediaType"] = "application/octet-stream"
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
        case .url: ("string", "uri")
        case .json: (nil, nil)
        }
    }

    private func apply(_ constraints: Constraints, to object: inout OpenAPIObject) {
        object["pattern"] = constraints.pattern.map(OpenAPIValue.string)
        object["minLength"] = constraints.minLength.map(OpenAPIValue.int)
        object["maxLength"] = constraints.maxLength.map(OpenAPIValue.int)
        object["minimum"] = constraints.minimum.map(OpenAPIValue.double)
        object["maximum"] = constraints.maximum.map(OpenAPIValue.double)
        object["minItems"] = constraints.minItems.map(OpenAPIValue.int)
        object["maxItems"] = constraints.maxItems.map(OpenAPIValue.int)
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

    private func described(_ object: OpenAPIObject, _ description: String?, _ deprecation: Deprecation?) -> OpenAPIObject {
        var copy = object
        copy["description"] = Self.description(description, deprecation).map(OpenAPIValue.string)
        if deprecation != nil { copy["deprecated"] = true }
        return copy
    }

    // MARK: Security

    private func securityScheme(_ scheme: AuthScheme) -> OpenAPIObject {
        var object = OpenAPIObject()
        switch scheme.kind {
        case .bearer:
            object["type"] = "http"
            object["scheme"] = "bearer"
        case .apiKey(let name, let location):
            object["type"] = "apiKey"
            object["name"] = .string(name)
            object["in"] = .string(location.rawValue)
        case .oauth2(let flow):
            object["type"] = "oauth2"
            let tokenURL = OpenAPIValue.string(absoluteURL(flow.tokenURL))
            var flows = OpenAPIObject()
            for grant in flow.grants {
                let key: String
                switch grant {
                case .password: key = "password"
                case .clientCredentials: key = "clientCredentials"
                case .refreshToken: continue
                }
                var entry = OpenAPIObject()
                entry["tokenUrl"] = tokenURL
                if flow.grants.contains(.refreshToken) { entry["refreshUrl"] = tokenURL }
                entry["scopes"] = .object(OpenAPIObject())
                flows[key] = .object(entry)
            }
            object["flows"] = .object(flows)
        }
        object["description"] = scheme.description.map { .string(Self.trimmed($0)) }
        return object
    }

    /// A token URL relative to the first server, made absolute as OpenAPI requires.
    private func absoluteURL(_ path: String) -> String {
        guard !path.contains("://"), let server = spec.servers.first?.url else { return path }
        let base = server.hasSuffix("/") ? String(server.dropLast()) : server
        return base + (path.hasPrefix("/") ? path : "/" + path)
    }

    private func securityRequirements(_ requirement: AuthRequirement) -> OpenAPIValue {
        guard let scheme = requirement.scheme else { return .array([]) }
        var named = OpenAPIObject()
        named[scheme] = .array([])
        // An empty requirement object means "no credentials is also fine".
        return .array(requirement.optional ? [.object(named), .object(OpenAPIObject())] : [.object(named)])
    }

    // MARK: Paths

    private func paths() -> OpenAPIObject {
        var routes: [(path: String, method: HTTPMethod, endpoints: [Endpoint])] = []
        for endpoint in spec.endpoints {
            if let index = routes.firstIndex(where: { $0.path == endpoint.path && $0.method == endpoint.method }) {
                routes[index].endpoints.append(endpoint)
            } else {
                routes.append((endpoint.path, endpoint.method, [endpoint]))
            }
        }
        var paths = OpenAPIObject()
        for route in routes {
            var item: OpenAPIObject
            if case .object(let existing)? = paths[route.path] { item = existing } else { item = OpenAPIObject() }
            item[route.method.rawValue.lowercased()] = .object(operation(route.endpoints))
            paths[route.path] = .object(item)
        }
        return paths
    }

    private func operation(_ endpoints: [Endpoint]) -> OpenAPIObject {
        let first = endpoints[0]
        var operation = OpenAPIObject()
        operation["operationId"] = .string(first.name)
        operation["summary"] = first.summary.map { .string(Self.trimmed($0)) }
        var description = Self.description(first.description, first.deprecation) ?? ""
        for other in endpoints.dropFirst() {
            let also = "Also serves `\(other.name)`" + (other.summary.map { ": " + Self.trimmed($0) } ?? ".")
            description += (description.isEmpty ? "" : "\n\n") + also
        }
        operation["description"] = description.isEmpty ? nil : .string(description)
        if endpoints.count > 1 { operation["x-specgen-operations"] = .array(endpoints.map { .string($0.name) }) }
        if endpoints.allSatisfy({ $0.deprecation != nil }) { operation["deprecated"] = true }

        let parameters = mergedParameters(endpoints)
        if !parameters.isEmpty { operation["parameters"] = .array(parameters) }
        if let body = requestBody(endpoints) { operation["requestBody"] = .object(body) }
        operation["responses"] = .object(responses(endpoints))

        let requirements = endpoints.map { $0.auth ?? spec.security }
        if let own = requirements[0], requirements.allSatisfy({ $0?.scheme == own.scheme }), own != spec.security {
            let optional = requirements.contains { $0?.optional ?? false }
            operation["security"] = securityRequirements(AuthRequirement(scheme: own.scheme, optional: optional,
                                                                         location: own.location))
        }
        return operation
    }

    /// Path, query and header parameters of the endpoints, each once; required only where every endpoint needs it.
    private func mergedParameters(_ endpoints: [Endpoint]) -> [OpenAPIValue] {
        // A parameter is required only when every endpoint requires it (a path parameter is in every endpoint).
        var ordered: [(location: String, field: Field, requiredBy: Int)] = []
        for endpoint in endpoints {
            let fields = endpoint.pathParameters.map { ("path", $0) } + endpoint.queryParameters.map { ("query", $0) }
                + endpoint.headerParameters.map { ("header", $0) }
            for (location, field) in fields {
                let required = location == "path" || Self.isRequiredOnWire(field) ? 1 : 0
                if let index = ordered.firstIndex(where: { $0.location == location && $0.field.wireName == field.wireName }) {
                    ordered[index].requiredBy += required
                } else {
                    ordered.append((location, field, required))
                }
            }
        }
        var values: [OpenAPIValue] = ordered.map { entry in
            var parameter = OpenAPIObject()
            parameter["name"] = .string(entry.field.wireName)
            parameter["in"] = .string(entry.location)
            parameter["description"] = Self.description(entry.field.description, entry.field.deprecation)
                .map(OpenAPIValue.string)
            parameter["required"] = .bool(entry.requiredBy == endpoints.count)
            if entry.field.deprecation != nil { parameter["deprecated"] = true }
            var fieldSchema = entry.field
            fieldSchema.description = nil
            fieldSchema.deprecation = nil
            parameter["schema"] = .object(schema(for: fieldSchema))
            return .object(parameter)
        }
        for header in spec.defaultHeaders {
            var reference = OpenAPIObject()
            reference["$ref"] = .string("#/components/parameters/\(Self.componentKey(header.name))")
            values.append(.object(reference))
        }
        return values
    }

    private func requestBody(_ endpoints: [Endpoint]) -> OpenAPIObject? {
        let bodies = endpoints.compactMap(\.body)
        guard let first = bodies.first else { return nil }
        var content = OpenAPIObject()
        var mediaTypes: [(type: String, bodies: [RequestBody], schemas: [OpenAPIObject], encoding: OpenAPIObject)] = []
        for body in bodies {
            let (type, schema, encoding) = media(for: body)
            if let index = mediaTypes.firstIndex(where: { $0.type == type }) {
                mediaTypes[index].bodies.append(body)
                if !mediaTypes[index].schemas.contains(schema) { mediaTypes[index].schemas.append(schema) }
                for member in encoding.members { mediaTypes[index].encoding[member.key] = member.value }
            } else {
                mediaTypes.append((type, [body], [schema], encoding))
            }
        }
        for media in mediaTypes {
            var object = OpenAPIObject()
            if media.schemas.count == 1 {
                if !media.schemas[0].isEmpty { object["schema"] = .object(media.schemas[0]) }
            } else if let merged = mergedFields(media.bodies) {
                object["schema"] = .object(objectSchema(merged))
            } else {
                var anyOf = OpenAPIObject()
                anyOf["anyOf"] = .array(media.schemas.map(OpenAPIValue.object))
                object["schema"] = .object(anyOf)
            }
            if !media.encoding.isEmpty { object["encoding"] = .object(media.encoding) }
            content[media.type] = .object(object)
        }
        var body = OpenAPIObject()
        body["description"] = first.description.map { .string(Self.trimmed($0)) }
        body["required"] = .bool(bodies.count == endpoints.count)
        body["content"] = .object(content)
        return body
    }

    /// The fields of several object bodies as one object that accepts each: every property once, required only
    /// where every body requires it. Nil when a body is not an object.
    private func mergedFields(_ bodies: [RequestBody]) -> [Field]? {
        var merged: [Field] = []
        var lists: [[Field]] = []
        for body in bodies {
            guard let fields = types.fields(of: body) else { return nil }
            lists.append(fields)
            for field in fields where !merged.contains(where: { $0.wireName == field.wireName }) {
                merged.append(field)
            }
        }
        for index in merged.indices {
            let name = merged[index].wireName
            let requiredInAll = lists.allSatisfy { list in
                list.contains { $0.wireName == name && Self.isRequiredOnWire($0) }
            }
            if !requiredInAll {
                merged[index].presence = .optional
                merged[index].defaultValue = nil
            }
        }
        return merged
    }

    /// The media type, schema and multipart encoding of a request body.
    private func media(for body: RequestBody) -> (String, OpenAPIObject, OpenAPIObject) {
        let schema: OpenAPIObject
        switch body.content {
        case .type(let type): schema = self.schema(for: type)
        case .fields(let inline): schema = objectSchema(inline)
        }
        switch body.encoding {
        case .json:
            return ("application/json", schema, OpenAPIObject())
        case .form:
            return ("application/x-www-form-urlencoded", schema, OpenAPIObject())
        case .binary:
            return (body.contentType ?? "application/octet-stream", OpenAPIObject(), OpenAPIObject())
        case .multipart:
            var encoding = OpenAPIObject()
            for field in types.fields(of: body) ?? [] where types.partKind(field.type) == .json {
                var part = OpenAPIObject()
                part["contentType"] = "application/json"
                encoding[field.wireName] = .object(part)
            }
            return ("multipart/form-data", schema, encoding)
        }
    }

    // MARK: Responses

    private func responses(_ endpoints: [Endpoint]) -> OpenAPIObject {
        var responses = OpenAPIObject()
        var statuses: [StatusPattern] = []
        var entries: [StatusPattern: OpenAPIValue] = [:]
        func add(_ status: StatusPattern, _ value: OpenAPIValue) {
            guard entries[status] == nil else { return }
            statuses.append(status)
            entries[status] = value
        }
        for endpoint in endpoints {
            for response in endpoint.responses {
                add(response.status, .object(self.response(for: response)))
            }
            for error in endpoint.errors {
                add(error.status, .object(self.response(for: error)))
            }
        }
        for error in spec.errors {
            var reference = OpenAPIObject()
            reference["$ref"] = .string("#/components/responses/\(error.caseName)")
            add(error.status, .object(reference))
        }
        for status in statuses.sorted() {
            responses[status.description] = entries[status]
        }
        return responses
    }

    private func response(for response: ResponseCase) -> OpenAPIObject {
        var object = OpenAPIObject()
        object["description"] = .string(response.description.map(Self.trimmed) ?? Self.statusDescription(response.status))
        var media = OpenAPIObject()
        let type: String
        switch response.body {
        case .empty:
            return object
        case .binary:
            type = "*/*"
        case .json(let body):
            type = "application/json"
            media["schema"] = .object(schema(for: body))
        }
        media["example"] = response.example.map(Self.value)
        var content = OpenAPIObject()
        content[type] = .object(media)
        object["content"] = .object(content)
        return object
    }

    private func response(for error: ErrorResponse) -> OpenAPIObject {
        var object = OpenAPIObject()
        object["description"] = .string(error.description.map(Self.trimmed) ?? "The `\(error.caseName)` error.")
        object["x-specgen-case"] = .string(error.caseName)
        guard let body = error.body else { return object }
        var media = OpenAPIObject()
        media["schema"] = .object(schema(for: body))
        media["example"] = error.example.map(Self.value)
        var content = OpenAPIObject()
        content[body == .primitive(.string) ? "text/plain" : "application/json"] = .object(media)
        object["content"] = .object(content)
        return object
    }

    static func statusDescription(_ status: StatusPattern) -> String {
        switch status {
        case .code(200): "OK"
        case .code(201): "Created"
        case .code(202): "Accepted"
        case .code(204): "No Content"
        case .code(304): "Not Modified"
        default: "Status \(status)"
        }
    }

    // MARK: Values and text

    static func value(_ value: SpecValue) -> OpenAPIValue {
        switch value {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .int(let int): .int(int)
        case .double(let double): .double(double)
        case .string(let string): .string(string)
        case .array(let items): .array(items.map(Self.value))
        case .object(let entries):
            .object(entries.reduce(into: OpenAPIObject()) { object, entry in object[entry.key] = Self.value(entry.value) })
        }
    }

    static func description(_ text: String?, _ deprecation: Deprecation?) -> String? {
        var parts: [String] = []
        if let text { parts.append(trimmed(text)) }
        if let deprecation { parts.append("Deprecated" + (deprecation.message.map { ": " + trimmed($0) } ?? ".")) }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// A component key (letters, digits, `.`, `-`, `_`) for a header name.
    static func componentKey(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
    }
}
