import Foundation
import SpecgenSpec

/// Success and error responses.
extension OpenAPIExporter {
    func responses(_ endpoints: [Endpoint]) -> OpenAPIObject {
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
        for status in Set(endpoints.flatMap(undocumentedRejections)).sorted() {
            var reference = OpenAPIObject()
            reference["$ref"] = .string("#/components/responses/\(Self.rejectionKey(status))")
            add(.code(status), .object(reference))
        }
        for status in statuses.sorted() {
            responses[status.description] = entries[status]
        }
        return responses
    }

    /// The statuses a server answers when it turns the endpoint's requests away and the spec documents no status
    /// for that reason (see ``RequestRejection``): 400 for a request that does not match, 401 for credentials.
    func undocumentedRejections(_ endpoint: Endpoint) -> [Int] {
        spec.rejections(of: endpoint).compactMap { rejection in
            let (status, documented) = spec.rejectionStatus(rejection, of: endpoint)
            return documented == nil ? status : nil
        }
    }

    /// `specgen.Rejected400`: the key of a rejection response. The dot keeps it apart from the spec's own names.
    static func rejectionKey(_ status: Int) -> String { "specgen.Rejected\(status)" }

    static let problemSchemaKey = "specgen.Problem"

    /// A rejection the spec does not document: an RFC 9457 problem document naming each field.
    func rejectionResponse(_ status: Int) -> OpenAPIObject {
        var object = OpenAPIObject()
        object["description"] = .string(
            status == 401
                ? "The credential is missing or not accepted. The spec documents no status for this; servers answer 401."
                : "The request does not match this description. The spec documents no status for this; servers answer 400."
        )
        var media = OpenAPIObject()
        var reference = OpenAPIObject()
        reference["$ref"] = .string("#/components/schemas/\(Self.problemSchemaKey)")
        media["schema"] = .object(reference)
        var content = OpenAPIObject()
        content["application/problem+json"] = .object(media)
        object["content"] = .object(content)
        return object
    }

    /// RFC 9457 problem details, with the field list the mock adds.
    static func problemSchema() -> OpenAPIObject {
        func string(_ description: String) -> OpenAPIValue {
            var object = OpenAPIObject()
            object["type"] = "string"
            object["description"] = .string(description)
            return .object(object)
        }
        var properties = OpenAPIObject()
        properties["type"] = string("A URI naming the kind of problem.")
        properties["title"] = string("A short summary.")
        var status = OpenAPIObject()
        status["type"] = "integer"
        status["description"] = "The HTTP status."
        properties["status"] = .object(status)
        properties["detail"] = string("Every problem, in one line.")
        var problem = OpenAPIObject()
        problem["type"] = "object"
        var fields = OpenAPIObject()
        fields["field"] = string("The field, such as `body.email` or `query.limit`.")
        fields["message"] = string("What is wrong with it.")
        problem["properties"] = .object(fields)
        var errors = OpenAPIObject()
        errors["type"] = "array"
        errors["items"] = .object(problem)
        properties["errors"] = .object(errors)
        var object = OpenAPIObject()
        object["type"] = "object"
        object["description"] = "An RFC 9457 problem document."
        object["properties"] = .object(properties)
        return object
    }

    func response(for response: ResponseCase) -> OpenAPIObject {
        var object = OpenAPIObject()
        object["description"] = .string(
            response.description.map(Self.trimmed) ?? Self.statusDescription(response.status))
        if !response.headers.isEmpty {
            var headers = OpenAPIObject()
            for field in response.headers {
                var header = OpenAPIObject()
                header["description"] = field.description.map(Self.trimmed).map(OpenAPIValue.string)
                header["required"] = .bool(field.presence == .required)
                var schemaField = field
                schemaField.description = nil
                header["schema"] = .object(schema(for: schemaField))
                headers[field.wireName] = .object(header)
            }
            object["headers"] = .object(headers)
        }
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
        case .stream(let stream):
            // OpenAPI 3.1 has no item schema for streams; the extension carries it, as 3.2's itemSchema would.
            type = stream.format.contentType
            var schema = OpenAPIObject()
            schema["type"] = "string"
            if stream.format == .bytes { schema["contentMediaType"] = "application/octet-stream" }
            media["schema"] = .object(schema)
            var described = OpenAPIObject()
            described["format"] = .string(stream.format.rawValue)
            described["item"] = stream.item.map { .object(self.schema(for: $0)) }
            described["until"] = stream.terminator.map { .string($0) }
            media["x-specgen-stream"] = .object(described)
        }
        media["example"] = response.example.map(Self.value)
        media["examples"] = Self.examples(response.examples)
        var content = OpenAPIObject()
        content[type] = .object(media)
        object["content"] = .object(content)
        return object
    }

    func response(for error: ErrorResponse) -> OpenAPIObject {
        var object = OpenAPIObject()
        object["description"] = .string(error.description.map(Self.trimmed) ?? "The `\(error.caseName)` error.")
        object["x-specgen-case"] = .string(error.caseName)
        guard let body = error.body else { return object }
        var media = OpenAPIObject()
        media["schema"] = .object(schema(for: body))
        media["example"] = error.example.map(Self.value)
        media["examples"] = Self.examples(error.examples)
        var content = OpenAPIObject()
        content[body == .primitive(.string) ? "text/plain" : "application/json"] = .object(media)
        object["content"] = .object(content)
        return object
    }

    /// Named examples as a media type's `examples`, each an Example Object with its `value`.
    static func examples(_ examples: [NamedExample]) -> OpenAPIValue? {
        guard !examples.isEmpty else { return nil }
        var map = OpenAPIObject()
        for example in examples {
            var object = OpenAPIObject()
            object["value"] = value(example.value)
            map[example.name] = .object(object)
        }
        return .object(map)
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
}
