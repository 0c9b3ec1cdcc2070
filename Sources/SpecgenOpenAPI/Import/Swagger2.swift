import Foundation
import SpecgenYAML

/// Swagger 2.0 read as the OpenAPI 3.0 document it says the same as, so the rest of the import reads one shape.
/// Every node made keeps the place of the node it comes from, so warnings still point into the 2.0 document.
///
/// What moves: `host`, `basePath` and `schemes` become `servers`; `definitions`, `parameters`, `responses` and
/// `securityDefinitions` move under `components` (and every `$ref` to them follows); a `body` parameter becomes the
/// request body and `formData` parameters a form or multipart body, in the media types `consumes` names; a
/// response's `schema` becomes its content in the media types `produces` names; a parameter's or header's type,
/// format, items and constraints become its `schema`, and `collectionFormat` its style; `type: file` is binary;
/// a schema's `discriminator` names its property; `x-nullable` is `nullable`.
enum Swagger2 {
    /// Whether a parsed file is a Swagger 2.0 document.
    static func isSwagger2(_ root: YAMLNode) -> Bool {
        root["swagger"]?.scalar?.hasPrefix("2") == true
    }

    /// A file of a 2.0 document (the root, or a file its `$ref`s reach) in 3.0 shape.
    static func normalized(_ root: YAMLNode) -> YAMLNode {
        guard let pairs = root.pairs else { return references(root) }
        let globalParameters = root["parameters"]
        let consumes = strings(root["consumes"]) ?? []
        let produces = strings(root["produces"]) ?? []
        var out: [YAMLPair] = []
        var components: [YAMLPair] = []
        for pair in pairs {
            guard let key = pair.key.scalar else { continue }
            switch key {
            case "swagger":
                out.append(
                    YAMLPair(key: scalar("openapi", at: pair.key.mark), value: scalar("3.0.3", at: pair.value.mark)))
                if let servers = servers(root, at: pair.key.mark) { out.append(servers) }
            case "host", "basePath", "schemes", "consumes", "produces":
                continue
            case "definitions":
                components.append(YAMLPair(key: scalar("schemas", at: pair.key.mark), value: references(pair.value)))
            case "parameters":
                // Body and form parameters are request bodies in 3.0; they are written where they are used.
                let kept = (pair.value.pairs ?? []).filter { !["body", "formData"].contains($0.value["in"]?.scalar) }
                let converted = kept.map { YAMLPair(key: $0.key, value: parameter($0.value)) }
                components.append(
                    YAMLPair(
                        key: scalar("parameters", at: pair.key.mark), value: mapping(converted, at: pair.value.mark)))
            case "responses":
                let converted = (pair.value.pairs ?? []).map {
                    YAMLPair(key: $0.key, value: response($0.value, produces: produces))
                }
                components.append(
                    YAMLPair(
                        key: scalar("responses", at: pair.key.mark), value: mapping(converted, at: pair.value.mark)))
            case "securityDefinitions":
                let converted = (pair.value.pairs ?? []).map { YAMLPair(key: $0.key, value: securityScheme($0.value)) }
                components.append(
                    YAMLPair(
                        key: scalar("securitySchemes", at: pair.key.mark),
                        value: mapping(converted, at: pair.value.mark)))
            case "paths":
                let converted = (pair.value.pairs ?? []).map {
                    YAMLPair(
                        key: $0.key,
                        value: pathItem(
                            $0.value, globalParameters: globalParameters, consumes: consumes, produces: produces))
                }
                out.append(YAMLPair(key: pair.key, value: mapping(converted, at: pair.value.mark)))
            default:
                out.append(YAMLPair(key: pair.key, value: references(pair.value)))
            }
        }
        if !components.isEmpty {
            out.append(YAMLPair(key: scalar("components", at: root.mark), value: mapping(components, at: root.mark)))
        }
        return YAMLNode(.mapping(out), mark: root.mark, tag: root.tag)
    }

    // MARK: - Servers and security

    static func servers(_ root: YAMLNode, at mark: YAMLMark) -> YAMLPair? {
        let host = root["host"]?.scalar
        let basePath = root["basePath"]?.scalar ?? ""
        guard host != nil || !basePath.isEmpty else { return nil }
        let scheme = strings(root["schemes"])?.first { $0 == "https" } ?? strings(root["schemes"])?.first ?? "https"
        let url = host.map { "\(scheme)://\($0)\(basePath)" } ?? basePath
        let place = root["host"]?.mark ?? root["basePath"]?.mark ?? mark
        let server = mapping([YAMLPair(key: scalar("url", at: place), value: scalar(url, at: place))], at: place)
        return YAMLPair(key: scalar("servers", at: place), value: YAMLNode(.sequence([server]), mark: place))
    }

    static func securityScheme(_ scheme: YAMLNode) -> YAMLNode {
        guard let type = scheme["type"]?.scalar else { return scheme }
        let mark = scheme.mark
        var out = (scheme.pairs ?? []).filter {
            !["type", "flow", "authorizationUrl", "tokenUrl", "scopes"].contains($0.key.scalar)
        }
        switch type {
        case "basic":
            out.insert(YAMLPair(key: scalar("type", at: mark), value: scalar("http", at: mark)), at: 0)
            out.insert(YAMLPair(key: scalar("scheme", at: mark), value: scalar("basic", at: mark)), at: 1)
        case "oauth2":
            let names = [
                "implicit": "implicit", "password": "password", "application": "clientCredentials",
                "accessCode": "authorizationCode",
            ]
            let flowName = names[scheme["flow"]?.scalar ?? ""] ?? "implicit"
            let flow = (scheme.pairs ?? []).filter {
                ["authorizationUrl", "tokenUrl", "scopes"].contains($0.key.scalar)
            }
            let flows = mapping([YAMLPair(key: scalar(flowName, at: mark), value: mapping(flow, at: mark))], at: mark)
            out.insert(YAMLPair(key: scalar("type", at: mark), value: scalar("oauth2", at: mark)), at: 0)
            out.append(YAMLPair(key: scalar("flows", at: mark), value: flows))
        default:
            out.insert(YAMLPair(key: scalar("type", at: mark), value: scalar(type, at: mark)), at: 0)
        }
        return YAMLNode(.mapping(out), mark: mark)
    }

    // MARK: - Paths

    private static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch"]

    static func pathItem(
        _ item: YAMLNode, globalParameters: YAMLNode?, consumes: [String], produces: [String]
    ) -> YAMLNode {
        guard let pairs = item.pairs else { return references(item) }
        // Path-level body and form parameters go to each operation's body.
        let shared = item["parameters"]?.items ?? []
        var out: [YAMLPair] = []
        for pair in pairs {
            guard let key = pair.key.scalar else { continue }
            if key == "parameters" {
                let kept = shared.filter { !isBodyOrForm($0, globals: globalParameters) }
                    .map { parameterOrReference($0) }
                if !kept.isEmpty {
                    out.append(YAMLPair(key: pair.key, value: YAMLNode(.sequence(kept), mark: pair.value.mark)))
                }
            } else if methods.contains(key) {
                out.append(
                    YAMLPair(
                        key: pair.key,
                        value: operation(
                            pair.value, inherited: shared, globalParameters: globalParameters, consumes: consumes,
                            produces: produces)))
            } else {
                out.append(YAMLPair(key: pair.key, value: references(pair.value)))
            }
        }
        return YAMLNode(.mapping(out), mark: item.mark)
    }

    static func operation(
        _ operation: YAMLNode, inherited: [YAMLNode], globalParameters: YAMLNode?, consumes: [String],
        produces: [String]
    ) -> YAMLNode {
        guard let pairs = operation.pairs else { return references(operation) }
        let consumes = strings(operation["consumes"]) ?? consumes
        let produces = strings(operation["produces"]) ?? produces
        let own = operation["parameters"]?.items ?? []
        // The operation's parameters override the path's of the same name and place; body and form ones resolve
        // local references, since they become the body.
        let all = (inherited + own).map { resolvedLocally($0, globals: globalParameters) }
        var bodyParameters: [YAMLNode] = []
        var seen: Set<String> = []
        for parameter in all.reversed() where isBodyOrForm(parameter, globals: globalParameters) {
            let key = (parameter["in"]?.scalar ?? "") + "/" + (parameter["name"]?.scalar ?? "")
            if seen.insert(key).inserted { bodyParameters.insert(parameter, at: 0) }
        }
        var out: [YAMLPair] = []
        for pair in pairs {
            guard let key = pair.key.scalar else { continue }
            switch key {
            case "consumes", "produces":
                continue
            case "parameters":
                let kept = own.filter { !isBodyOrForm($0, globals: globalParameters) }.map { parameterOrReference($0) }
                if !kept.isEmpty {
                    out.append(YAMLPair(key: pair.key, value: YAMLNode(.sequence(kept), mark: pair.value.mark)))
                }
            case "responses":
                let converted = (pair.value.pairs ?? []).map {
                    YAMLPair(key: $0.key, value: response($0.value, produces: produces))
                }
                out.append(YAMLPair(key: pair.key, value: mapping(converted, at: pair.value.mark)))
            default:
                out.append(YAMLPair(key: pair.key, value: references(pair.value)))
            }
        }
        if let body = requestBody(bodyParameters, consumes: consumes, at: operation.mark) {
            out.append(YAMLPair(key: scalar("requestBody", at: operation.mark), value: body))
        }
        return YAMLNode(.mapping(out), mark: operation.mark)
    }

    /// A parameter after a `$ref` to the document's own `parameters`.
    static func resolvedLocally(_ parameter: YAMLNode, globals: YAMLNode?) -> YAMLNode {
        guard let reference = parameter["$ref"]?.scalar, reference.hasPrefix("#/parameters/") else { return parameter }
        let name = OpenAPIDocuments.pointerToken(String(reference.dropFirst("#/parameters/".count)))
        return globals?[name] ?? parameter
    }

    static func isBodyOrForm(_ parameter: YAMLNode, globals: YAMLNode?) -> Bool {
        let place = resolvedLocally(parameter, globals: globals)["in"]?.scalar
        return place == "body" || place == "formData"
    }

    static func parameterOrReference(_ parameter: YAMLNode) -> YAMLNode {
        parameter["$ref"] != nil ? references(parameter) : Self.parameter(parameter)
    }

    /// A query, path or header parameter with its type in a `schema`, and `collectionFormat` as its style.
    static func parameter(_ parameter: YAMLNode) -> YAMLNode {
        guard let pairs = parameter.pairs else { return parameter }
        let mark = parameter.mark
        // Every key the schema and the style do not take is carried as it is, so the ledger reads or reports it
        // where the 2.0 document wrote it: a key dropped here would be lost without a word.
        let translatedFormats: Set<String> = ["csv", "multi", "ssv", "pipes"]
        var out = pairs.filter { pair in
            guard let key = pair.key.scalar else { return false }
            if key == "collectionFormat" { return !translatedFormats.contains(pair.value.scalar ?? "") }
            return !valueKeys.contains(key) && key != "items"
        }
        out.append(YAMLPair(key: scalar("schema", at: mark), value: schema(ofValue: parameter)))
        switch parameter["collectionFormat"]?.scalar {
        case "multi":
            out.append(YAMLPair(key: scalar("explode", at: mark), value: plain("true", at: mark)))
        case "ssv":
            out.append(YAMLPair(key: scalar("style", at: mark), value: scalar("spaceDelimited", at: mark)))
            out.append(YAMLPair(key: scalar("explode", at: mark), value: plain("false", at: mark)))
        case "pipes":
            out.append(YAMLPair(key: scalar("style", at: mark), value: scalar("pipeDelimited", at: mark)))
            out.append(YAMLPair(key: scalar("explode", at: mark), value: plain("false", at: mark)))
        default:
            if parameter["type"]?.scalar == "array" {
                out.append(YAMLPair(key: scalar("explode", at: mark), value: plain("false", at: mark)))
            }
        }
        return YAMLNode(.mapping(out), mark: mark)
    }

    /// The schema keys of a 2.0 parameter, header or items object, as a schema.
    private static let valueKeys: Set<String> = [
        "type", "format", "enum", "default", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "multipleOf", "example",
    ]

    static func schema(ofValue value: YAMLNode) -> YAMLNode {
        var out: [YAMLPair] = []
        for pair in value.pairs ?? [] {
            guard let key = pair.key.scalar else { continue }
            if key == "type", pair.value.scalar == "file" {
                out.append(YAMLPair(key: pair.key, value: scalar("string", at: pair.value.mark)))
                out.append(
                    YAMLPair(key: scalar("format", at: pair.value.mark), value: scalar("binary", at: pair.value.mark)))
            } else if key == "items" {
                out.append(YAMLPair(key: pair.key, value: schema(ofValue: pair.value)))
            } else if valueKeys.contains(key) || key == "$ref" {
                out.append(YAMLPair(key: pair.key, value: references(pair.value)))
            }
        }
        return mapping(out, at: value.mark)
    }

    /// The body a `body` parameter or `formData` parameters make, in the media types the operation consumes.
    static func requestBody(_ parameters: [YAMLNode], consumes: [String], at mark: YAMLMark) -> YAMLNode? {
        if let body = parameters.first(where: { $0["in"]?.scalar == "body" }) {
            let media = consumes.filter { !$0.contains("form") }
            let types = media.isEmpty ? ["application/json"] : media
            let schema = references(body["schema"] ?? mapping([], at: body.mark))
            var out: [YAMLPair] = []
            if let description = body["description"] {
                out.append(YAMLPair(key: scalar("description", at: body.mark), value: description))
            }
            if let required = body["required"] {
                out.append(YAMLPair(key: scalar("required", at: body.mark), value: required))
            }
            out.append(
                YAMLPair(key: scalar("content", at: body.mark), value: content(types, schema: schema, at: body.mark)))
            return mapping(out, at: body.mark)
        }
        let fields = parameters.filter { $0["in"]?.scalar == "formData" }
        guard !fields.isEmpty else { return nil }
        let hasFile = fields.contains { $0["type"]?.scalar == "file" }
        let type =
            hasFile
                || consumes.contains("multipart/form-data") && !consumes.contains("application/x-www-form-urlencoded")
            ? "multipart/form-data" : "application/x-www-form-urlencoded"
        var properties: [YAMLPair] = []
        var required: [YAMLNode] = []
        for field in fields {
            guard let name = field["name"] else { continue }
            var property = schema(ofValue: field)
            if let description = field["description"], var pairs = property.pairs {
                pairs.append(YAMLPair(key: scalar("description", at: field.mark), value: description))
                property = mapping(pairs, at: field.mark)
            }
            properties.append(YAMLPair(key: name, value: property))
            if field["required"]?.bool == true { required.append(name) }
        }
        let first = fields[0].mark
        var schema = [
            YAMLPair(key: scalar("type", at: first), value: scalar("object", at: first)),
            YAMLPair(key: scalar("properties", at: first), value: mapping(properties, at: first)),
        ]
        if !required.isEmpty {
            schema.append(
                YAMLPair(key: scalar("required", at: first), value: YAMLNode(.sequence(required), mark: first)))
        }
        let body = [
            YAMLPair(
                key: scalar("content", at: first), value: content([type], schema: mapping(schema, at: first), at: first)
            )
        ]
        return mapping(body, at: mark)
    }

    // MARK: - Responses

    static func response(_ response: YAMLNode, produces: [String]) -> YAMLNode {
        guard let pairs = response.pairs, response["$ref"] == nil else { return references(response) }
        var out: [YAMLPair] = []
        for pair in pairs {
            guard let key = pair.key.scalar else { continue }
            switch key {
            case "schema":
                let types = produces.isEmpty ? ["application/json"] : produces
                out.append(
                    YAMLPair(
                        key: scalar("content", at: pair.key.mark),
                        value: content(types, schema: references(pair.value), at: pair.value.mark)))
            case "headers":
                let headers = (pair.value.pairs ?? []).map { header in
                    var converted: [YAMLPair] = []
                    if let description = header.value["description"] {
                        converted.append(
                            YAMLPair(key: scalar("description", at: header.value.mark), value: description))
                    }
                    converted.append(
                        YAMLPair(key: scalar("schema", at: header.value.mark), value: schema(ofValue: header.value)))
                    return YAMLPair(key: header.key, value: mapping(converted, at: header.value.mark))
                }
                out.append(YAMLPair(key: pair.key, value: mapping(headers, at: pair.value.mark)))
            case "examples":
                continue
            default:
                out.append(YAMLPair(key: pair.key, value: references(pair.value)))
            }
        }
        return YAMLNode(.mapping(out), mark: response.mark)
    }

    static func content(_ types: [String], schema: YAMLNode, at mark: YAMLMark) -> YAMLNode {
        mapping(
            types.map { type in
                YAMLPair(
                    key: scalar(type, at: mark),
                    value: mapping([YAMLPair(key: scalar("schema", at: mark), value: schema)], at: mark))
            }, at: mark)
    }
}
