import SpecgenSpec

/// The spec's `webhooks:` as OpenAPI 3.1's `webhooks`: each event a `POST` whose request body is its payload, with
/// its headers and its receiver's answer; how deliveries are signed and named goes in `x-specgen-webhooks`, which the
/// import reads back.
extension OpenAPIExporter {
    func webhooks(_ webhooks: Webhooks, into root: inout OpenAPIObject) {
        var events = OpenAPIObject()
        for event in webhooks.events {
            var operation = OpenAPIObject()
            operation["summary"] = event.summary.map { .string(Self.trimmed($0)) }
            operation["description"] = event.description.map { .string(Self.trimmed($0)) }
            var headers: [OpenAPIValue] = event.headers.map { field in
                var parameter = OpenAPIObject()
                parameter["name"] = .string(field.wireName)
                parameter["in"] = "header"
                parameter["required"] = .bool(field.isRequiredOnWire)
                parameter["schema"] = .object(schema(for: field))
                return .object(parameter)
            }
            if let signing = webhooks.signing {
                for name in signing.scheme == .standardWebhooks
                    ? ["webhook-id", "webhook-timestamp", "webhook-signature"] : [signing.signatureHeader]
                {
                    var parameter = OpenAPIObject()
                    parameter["name"] = .string(name)
                    parameter["in"] = "header"
                    parameter["required"] = true
                    parameter["schema"] = Self.object([("type", "string")])
                    headers.append(.object(parameter))
                }
            }
            if !headers.isEmpty { operation["parameters"] = .array(headers) }
            var media = OpenAPIObject()
            media["schema"] = .object(schema(for: event.payload))
            var content = OpenAPIObject()
            content["application/json"] = .object(media)
            operation["requestBody"] = Self.object([("required", true), ("content", .object(content))])
            var answer = OpenAPIObject()
            answer["description"] = "The receiver took the delivery."
            let status = event.answer.description
            operation["responses"] = Self.object([(status, .object(answer))])
            events[event.name] = Self.object([("post", .object(operation))])
        }
        root["webhooks"] = .object(events)
        var written = OpenAPIObject()
        if let signing = webhooks.signing {
            var object = OpenAPIObject()
            object["scheme"] = .string(signing.scheme.rawValue)
            object["header"] = signing.header.map { .string($0) }
            object["secret"] = .string(signing.secretEncoding.rawValue)
            if signing.scheme.isTimestamped { object["tolerance"] = .double(signing.tolerance) }
            written["signing"] = .object(object)
        } else if webhooks.isUnsigned {
            written["signing"] = "none"
        }
        switch webhooks.eventName {
        case .field(let field): written["event"] = Self.object([("field", .string(field))])
        case .header(let header): written["event"] = Self.object([("header", .string(header))])
        case .url: written["event"] = "url"
        }
        root["x-specgen-webhooks"] = .object(written)
    }

    /// An object of these members, in order.
    static func object(_ members: [(String, OpenAPIValue)]) -> OpenAPIValue {
        var object = OpenAPIObject()
        for (key, value) in members { object[key] = value }
        return .object(object)
    }
}
