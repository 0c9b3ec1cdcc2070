import Foundation
import SpecgenSpec
import SpecgenSpecWriter

/// Paths and operations: parameters and request bodies, with endpoints that share a method and path merged.
extension OpenAPIExporter {
    func paths() -> OpenAPIObject {
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

    func operation(_ endpoints: [Endpoint]) -> OpenAPIObject {
        let first = endpoints[0]
        var operation = OpenAPIObject()
        operation["operationId"] = .string(first.name)
        operation["summary"] = first.summary.map { .string(Self.trimmed($0)) }
        let tags = endpoints.tags
        operation["tags"] = tags.isEmpty ? nil : .array(tags.map(OpenAPIValue.string))
        operation["x-specgen-resource"] = first.writtenResource.map(OpenAPIValue.string)
        var description = Self.description(first.description, first.deprecation) ?? ""
        for other in endpoints.dropFirst() {
            let also = "Also serves `\(other.name)`" + (other.summary.map { ": " + Self.trimmed($0) } ?? ".")
            description += (description.isEmpty ? "" : "\n\n") + also
        }
        operation["description"] = description.isEmpty ? nil : .string(description)
        if endpoints.count > 1 {
            // Each endpoint whole, so an import gives them back as they were.
            operation["x-specgen-operations"] = .array(endpoints.map { .object(self.operation([$0])) })
        }
        if endpoints.allSatisfy({ $0.deprecation != nil }) { operation["deprecated"] = true }
        if let server = first.server {
            operation["servers"] = servers(server.name)
            operation["x-specgen-server"] = .string(server.name)
        }
        if let pagination = first.pagination {
            // The spec's `paginate:` as written, so tools (and a re-import) can walk the collection as the client does.
            operation["x-specgen-paginate"] = Self.value(pagination.written)
        }
        if let polling = first.polling {
            // The spec's `poll:` as written.
            operation["x-specgen-poll"] = Self.value(polling.written)
        }
        Self.recordBehaviour(
            into: &operation, retry: first.retry, over: spec.retry, settings: first.requestSettings,
            idempotent: first.idempotent)

        var parameters = mergedParameters(endpoints)
        if let key = first.idempotencyKey {
            var parameter = OpenAPIObject()
            parameter["name"] = .string(key)
            parameter["in"] = .string("header")
            parameter["required"] = true
            parameter["description"] = .string("A fresh key per call, sent again on each retry of that call.")
            var schema = OpenAPIObject()
            schema["type"] = .string("string")
            schema["minLength"] = .int(1)
            parameter["schema"] = .object(schema)
            parameters.append(.object(parameter))
        }
        if !parameters.isEmpty { operation["parameters"] = .array(parameters) }
        if let body = requestBody(endpoints) { operation["requestBody"] = .object(body) }
        operation["responses"] = .object(responses(endpoints))

        let requirements = endpoints.map { spec.authRequirement(of: $0) }
        if let own = requirements[0], requirements.allSatisfy({ $0?.schemes == own.schemes }), own != spec.security {
            var merged = own
            merged.optional = requirements.contains { $0?.optional ?? false }
            operation["security"] = securityRequirements(merged)
        }
        return operation
    }

    /// Retry, timeout, cache policy and `idempotent`, as the extensions the import reads back: a retry policy as the
    /// spec writes it (the keys that differ from `base`, the document's policy for an operation's, the defaults for
    /// the document's), or `false` for an operation that never retries; durations in seconds.
    static func recordBehaviour(
        into object: inout OpenAPIObject, retry: RetryOverride?, over base: RetrySettings?, settings: RequestSettings,
        idempotent: Bool
    ) {
        switch retry {
        case .disabled?:
            object["x-specgen-retry"] = false
        case .policy(let policy)?:
            object["x-specgen-retry"] = value(policy.written(over: base ?? RetrySettings(location: policy.location)))
        case nil:
            break
        }
        object["x-specgen-timeout"] = settings.timeout.map(OpenAPIValue.double)
        object["x-specgen-cache-policy"] = settings.cachePolicy.map { .string($0.rawValue) }
        if idempotent { object["x-specgen-idempotent"] = true }
    }

    /// Path, query and header parameters of the endpoints, each once; required only where every endpoint needs it.
    func mergedParameters(_ endpoints: [Endpoint]) -> [OpenAPIValue] {
        // A parameter is required only when every endpoint requires it (a path parameter is in every endpoint).
        var ordered: [(location: String, field: Field, requiredBy: Int)] = []
        for endpoint in endpoints {
            let fields =
                endpoint.pathParameters.map { ("path", $0) } + endpoint.queryParameters.map { ("query", $0) }
                + endpoint.headerParameters.map { ("header", $0) }
            for (location, field) in fields {
                let required = location == "path" || field.isRequiredOnWire ? 1 : 0
                if let index = ordered.firstIndex(where: {
                    $0.location == location && $0.field.wireName == field.wireName
                }) {
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
            if entry.location == "query", let (style, explode) = serialization(of: entry.field) {
                parameter["style"] = .string(style)
                parameter["explode"] = .bool(explode)
            }
            var fieldSchema = entry.field
            fieldSchema.description = nil
            fieldSchema.deprecation = nil
            if case .json? = types.textStyle(of: entry.field) {
                // JSON text: OpenAPI's `content` in place of `schema`, with one media type.
                var media = OpenAPIObject()
                media["schema"] = .object(schema(for: fieldSchema))
                var content = OpenAPIObject()
                content["application/json"] = .object(media)
                parameter["content"] = .object(content)
            } else {
                parameter["schema"] = .object(schema(for: fieldSchema))
            }
            return .object(parameter)
        }
        for header in spec.defaultHeaders {
            var reference = OpenAPIObject()
            reference["$ref"] = .string("#/components/parameters/\(Self.componentKey(header.name))")
            values.append(.object(reference))
        }
        return values
    }

    func requestBody(_ endpoints: [Endpoint]) -> OpenAPIObject? {
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
                object["schema"] = .object(objectSchema(merged, json: media.type == "application/json"))
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
    func mergedFields(_ bodies: [RequestBody]) -> [Field]? {
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
                list.contains { $0.wireName == name && $0.isRequiredOnWire }
            }
            if !requiredInAll {
                merged[index].presence = .optional
                merged[index].defaultValue = nil
            }
        }
        return merged
    }

    /// The `style` and `explode` of a query parameter or form field that OpenAPI's default (repeated `form`) does
    /// not describe: comma-joined arrays and deepObject maps.
    func serialization(of field: Field) -> (style: String, explode: Bool)? {
        switch types.textStyle(of: field) {
        case .comma?: ("form", false)
        case .deepObject?: ("deepObject", true)
        case .repeated?, .single?, .json?, nil: nil
        }
    }

    /// The media type, schema and encoding (form styles, multipart content types) of a request body.
    func media(for body: RequestBody) -> (String, OpenAPIObject, OpenAPIObject) {
        let schema: OpenAPIObject
        switch body.content {
        case .type(let type): schema = self.schema(for: type)
        case .fields(let inline): schema = objectSchema(inline, json: body.encoding == .json)
        }
        switch body.encoding {
        case .json:
            return ("application/json", schema, OpenAPIObject())
        case .form:
            // Repeated arrays are the default form style; comma-joined arrays and deepObject maps say how.
            var encoding = OpenAPIObject()
            for field in types.fields(of: body) ?? [] {
                guard let (style, explode) = serialization(of: field) else { continue }
                var part = OpenAPIObject()
                part["style"] = .string(style)
                part["explode"] = .bool(explode)
                encoding[field.wireName] = .object(part)
            }
            return ("application/x-www-form-urlencoded", schema, encoding)
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
}
