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
        for status in statuses.sorted() {
            responses[status.description] = entries[status]
        }
        return responses
    }

    func response(for response: ResponseCase) -> OpenAPIObject {
        var object = OpenAPIObject()
        object["description"] = .string(
            response.description.map(Self.trimmed) ?? Self.statusDescription(response.status))
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

    func response(for error: ErrorResponse) -> OpenAPIObject {
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
}
