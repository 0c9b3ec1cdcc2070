import SpecgenSpec
import SpecgenYAML

/// A parameter after its `$ref`: its name, where it goes (`path`, `query`, `header`, `cookie`) and its node.
typealias ImportedParameter = (name: String, location: String, node: DocNode)

/// An endpoint as imported, before the errors every endpoint shares move to the top level.
struct ImportedEndpoint {
    var name: String
    var body: SpecMap
    /// The endpoint's errors by status key, each written as the spec writes it.
    var errors: [(status: String, text: SpecText)]
}

/// Paths and operations: names, parameters, bodies, responses and errors.
extension ImportRun {
    /// Operation keys of a path item the spec has no method for.
    static let otherMethods: Set<String> = ["trace", "query"]

    func endpoints(_ paths: DocNode?, security: SpecText?) -> [ImportedEndpoint] {
        var endpoints: [ImportedEndpoint] = []
        var takenNames = Set<String>()
        var seenRoutes = Set<String>()
        for (rawPath, keyLocation, item) in paths?.entries ?? [] {
            // A path item, and each operation in it, may be a `$ref` to another file (OAS 3.1 allows the first;
            // large documents split into files do both).
            guard let pathItem = resolved(item) else { continue }
            let path = cleanPath(rawPath, at: keyLocation)
            for (method, methodLocation, written) in pathItem.entries ?? [] {
                guard Self.otherMethods.contains(method) || HTTPMethod(rawValue: method.uppercased()) != nil,
                    let operation = resolved(written)
                else {
                    if HTTPMethod(rawValue: method.uppercased()) != nil {
                        summary.documentOperations += 1
                        summary.skippedOperations += 1
                    }
                    continue
                }
                if Self.otherMethods.contains(method) {
                    summary.documentOperations += 1
                    summary.skippedOperations += 1
                    warn(
                        .httpMethod, at: methodLocation,
                        "a \(method.uppercased()) operation cannot be written in a spec; not imported")
                    continue
                }
                guard HTTPMethod(rawValue: method.uppercased()) != nil else { continue }
                summary.documentOperations += 1
                let route = method.uppercased() + " " + Self.routeKey(path)
                if seenRoutes.contains(route) {
                    warn(
                        .duplicateRoute, at: methodLocation,
                        "\(method.uppercased()) \(path) is declared twice (once with a query or fragment in its key)")
                }
                seenRoutes.insert(route)
                // The export writes endpoints that share a method and path as one operation, and each of them
                // whole under `x-specgen-operations`.
                let imported = Self.importedOperations(operation)
                summary.documentOperations += imported.count - 1
                for operation in imported {
                    var name = operationName(operation, method: method, path: path)
                    if takenNames.contains(name.lowercased()) {
                        let base = name
                        name = Self.numbered(base) { takenNames.contains($0.lowercased()) }
                        warn(
                            .operationName, at: (operation["operationId"] ?? operation).location,
                            "two operations are named '\(base)'; this one is '\(name)'")
                    }
                    takenNames.insert(name.lowercased())
                    endpoints.append(
                        endpoint(
                            name, method: method, path: path, operation: operation, pathItem: pathItem,
                            defaultSecurity: security))
                    // A success offered as JSON or as an event stream gives the operation a streamed form too.
                    if Self.offersStream(operation, run: self) {
                        let streamName = Self.unique(name + "Stream") { takenNames.contains($0.lowercased()) }
                        takenNames.insert(streamName.lowercased())
                        preferStreams = true
                        summary.streamedForms += 1
                        endpoints.append(
                            endpoint(
                                streamName, method: method, path: path, operation: operation, pathItem: pathItem,
                                defaultSecurity: security))
                        preferStreams = false
                    }
                }
            }
        }
        return endpoints
    }

    /// Whether a success of the operation offers both JSON and a stream (`text/event-stream`, JSON Lines), as the
    /// chat APIs do for a body with `stream: true`.
    static func offersStream(_ operation: DocNode, run: ImportRun) -> Bool {
        (operation["responses"]?.entries ?? []).contains { entry in
            guard entry.key.hasPrefix("2"), let response = run.resolved(entry.value, warning: false) else {
                return false
            }
            let kinds = Set((response["content"]?.entries ?? []).map { mediaKind($0.key) })
            return kinds.contains("json") && !kinds.isDisjoint(with: ["events", "lines"])
        }
    }

    /// The streamed form's body: the body model with its `stream` flag a constant `true`, so the method sets it,
    /// not the caller (`ChatCompletionRequest` → `ChatCompletionRequestStream`). A body without such a flag stays.
    func streamingBody(_ body: SpecText) -> SpecText {
        let model: String
        switch body {
        case .string(let name): model = name
        case .map:
            guard case .string(let name)? = Self.longForm(body)["json"] else { return body }
            model = name
        default: return body
        }
        guard case .object(var fields, let open)? = shapes[model],
            let flag = fields.firstIndex(where: { $0.wireName == "stream" && $0.type == "bool" }),
            let index = modelIndex[model], var long = models[index].body.map(Self.longForm),
            case .map(var properties)? = long["properties"],
            let property = properties.firstIndex(where: { $0.key == "stream" })
        else { return body }
        let name = allocateTypeName(model + "Stream")
        properties[property].value = .map([
            SpecText.Entry(key: "type", value: "bool"), SpecText.Entry(key: "const", value: .plain("true")),
            SpecText.Entry(key: "description", value: "Always `true`: this form of the operation streams its answer."),
        ])
        long["properties"] = .map(properties)
        long.remove("swiftName")
        fields[flag].constant = "true"
        fields[flag].optional = false
        setModel(name, long.text, shape: .object(fields: fields, open: open))
        if case .map = body {
            var map = Self.longForm(body)
            map["json"] = .string(name)
            return map.text
        }
        return .string(name)
    }

    /// The operations an OpenAPI operation is imported as: itself, or each endpoint the export wrote whole under
    /// `x-specgen-operations` (endpoints that share a method and path).
    static func importedOperations(_ operation: DocNode) -> [DocNode] {
        let shared = operation["x-specgen-operations"]?.items?.filter(\.isMapping) ?? []
        return shared.isEmpty ? [operation] : shared
    }

    /// An operation's parameters: the path item's, then the operation's, which replace those of the same name and
    /// location. Each operation's are read once, so a dangling `$ref` warns once however often they are asked for.
    func parameters(of operation: DocNode, in pathItem: DocNode) -> [ImportedParameter] {
        if let known = operationParameters[operation.location] { return known }
        var parameters: [ImportedParameter] = []
        for list in [pathItem["parameters"], operation["parameters"]] {
            for item in list?.items ?? [] {
                guard let parameter = resolved(item), let name = parameter.string("name"),
                    let location = parameter.string("in")
                else { continue }
                parameters.removeAll { $0.name == name && $0.location == location }
                parameters.append((name, location, parameter))
            }
        }
        operationParameters[operation.location] = parameters
        return parameters
    }

    /// Header parameters every operation sends with one fixed value (required, with a `const` or a one-value
    /// `enum`): the spec's `defaultHeaders`, which the client sends itself.
    func fixedHeaders(_ paths: DocNode?) -> [(name: String, value: String)] {
        var common: [(name: String, value: String)]?
        for (_, _, item) in paths?.entries ?? [] {
            let pathItem = item.string("$ref").flatMap { documents.resolve($0, from: item)?.0 } ?? item
            for (method, _, listed) in pathItem.entries ?? [] where HTTPMethod(rawValue: method.uppercased()) != nil {
                for operation in Self.importedOperations(listed) {
                    var fixed: [(name: String, value: String)] = []
                    for parameter in parameters(of: operation, in: pathItem) where parameter.location == "header" {
                        // The schema is read quietly: the endpoint reads it again, and warns about it there.
                        guard parameter.node["required"]?.bool == true,
                            let schema = parameter.node["schema"].flatMap({ resolved($0, warning: false) })
                        else { continue }
                        let values = schema["enum"]?.items
                        if let value = schema.string("const") ?? (values?.count == 1 ? values?[0].string : nil) {
                            fixed.append((parameter.name, value))
                        }
                    }
                    common = (common ?? fixed).filter { header in
                        fixed.contains { $0.name.lowercased() == header.name.lowercased() && $0.value == header.value }
                    }
                }
            }
        }
        return common ?? []
    }

    /// `/items/{id}` with its placeholders blanked, so two spellings of one route compare equal.
    static func routeKey(_ path: String) -> String {
        var key = ""
        var inPlaceholder = false
        for character in path {
            if character == "{" {
                inPlaceholder = true
                key += "{}"
            } else if character == "}" {
                inPlaceholder = false
            } else if !inPlaceholder {
                key.append(character)
            }
        }
        return key
    }

    /// A path key without what OpenAPI does not allow in one (`?query`, `#fragment`), with a warning.
    private func cleanPath(_ raw: String, at location: SourceLocation) -> String {
        var path = raw
        if let index = path.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            warn(
                .pathKey, at: location,
                "the path '\(raw)' has '\(path[index])' in it, which a path key cannot; read as '\(path[..<index])'",
                fix: "describe query items as parameters")
            path = String(path[..<index])
        }
        if !path.hasPrefix("/") { path = "/" + path }
        return path
    }

    /// The `operationId` as a method name, else the method and the path's words (`get /pets/{id}` → `getPetsId`).
    private func operationName(_ operation: DocNode, method: String, path: String) -> String {
        if let id = operation.string("operationId"), !namer.words(id).isEmpty {
            return namer.methodName(id).filter { $0 != "`" }
        }
        let words = [method] + namer.words(path)
        return namer.bareMemberName(words.joined(separator: " "))
    }

    private func endpoint(
        _ name: String, method: String, path: String, operation: DocNode, pathItem: DocNode, defaultSecurity: SpecText?
    ) -> ImportedEndpoint {
        var map = SpecMap()
        let hint = namer.typeNamePart(name)
        map["summary"] = operation.string("summary").map(SpecText.description)
        let (description, deprecation) = Self.described(operation)
        map["description"] = description.map(SpecText.description)
        map["request"] = .string(method.uppercased() + " " + path)

        let parameters = self.parameters(of: operation, in: pathItem)
        let placeholders = TemplatePart.placeholders(in: path)
        var pathFields = SpecMap()
        var queryFields = SpecMap()
        var headerFields = SpecMap()
        var swiftNames = Set<String>()
        /// A parameter's Swift name when its derived one is taken (Twilio's `StartTime<` and `StartTime>`).
        func named(_ text: SpecText, _ wireName: String) -> SpecText {
            if case .string(let chosen)? = Self.longForm(text)["swiftName"] {
                swiftNames.insert(chosen.lowercased())
                return text
            }
            let base = namer.bareMemberName(wireName)
            guard swiftNames.contains(base.lowercased()) else {
                swiftNames.insert(base.lowercased())
                return text
            }
            let isTaken = { (name: String) in swiftNames.contains(name.lowercased()) }
            let comparison = wireName.hasSuffix("<") ? "Before" : wireName.hasSuffix(">") ? "After" : nil
            let chosen =
                comparison.map { base + $0 }.flatMap { isTaken($0) ? nil : $0 } ?? Self.numbered(base, isTaken: isTaken)
            swiftNames.insert(chosen.lowercased())
            var long = Self.longForm(text)
            long["swiftName"] = .string(chosen)
            return long.text
        }
        for (name, location, parameter) in parameters {
            switch location {
            case "path":
                guard placeholders.contains(name) else {
                    warn(
                        .pathParameter, at: parameter.location,
                        "path parameter '\(name)' is not in '\(path)'; dropped")
                    continue
                }
                pathFields[name] = named(
                    parameterText(parameter, hint: hint + namer.typeNamePart(name), required: true, usage: .parameter),
                    name
                )
            case "query":
                queryFields[name] = named(
                    parameterText(
                        parameter, hint: hint + namer.typeNamePart(name), required: parameter["required"]?.bool == true,
                        usage: .parameter), name)
            case "header":
                if defaultHeaders.contains(where: { $0.name.lowercased() == name.lowercased() }) { continue }
                if name.lowercased() == "idempotency-key", method == "post" || method == "patch" {
                    // Stripe's convention, which the client fills with a fresh key per call.
                    map["idempotencyKey"] = .string(name)
                    continue
                }
                if ["accept", "content-type", "authorization"].contains(name.lowercased()) {
                    warn(
                        .ignoredHeader, at: parameter.location,
                        "header parameter '\(name)' is ignored, as OpenAPI says; the client sets it")
                    continue
                }
                headerFields[name] = named(
                    parameterText(
                        parameter, hint: hint + namer.typeNamePart(name), required: parameter["required"]?.bool == true,
                        usage: .header), name)
            default:
                warn(
                    .cookieParameter, at: parameter.location,
                    "\(location) parameter '\(name)' is not imported: the spec has no \(location) parameters",
                    fix: "send it through a middleware")
            }
        }
        for placeholder in placeholders where pathFields[placeholder] == nil {
            warn(
                .pathParameter, at: operation.location,
                "'{\(placeholder)}' in '\(path)' is not declared as a path parameter; typed as string")
            pathFields[placeholder] = "string"
        }
        if !pathFields.isEmpty { map["path"] = pathFields.text }
        if !queryFields.isEmpty { map["query"] = queryFields.text }
        if !headerFields.isEmpty { map["headers"] = headerFields.text }

        if let requestBody = operation["requestBody"], let resolvedBody = resolved(requestBody) {
            if method == "get" || method == "head" {
                let fields = bodyFieldsAsQuery(resolvedBody, hint: hint, into: &queryFields, named: named)
                warn(
                    .bodyOnGet, at: requestBody.location,
                    "a \(method.uppercased()) request cannot have a body; "
                        + (fields.isEmpty
                            ? "the body is not imported"
                            : "its fields \(fields.map { "'\($0)'" }.joined(separator: ", ")) are sent as query parameters"),
                    fix: "describe them as query parameters")
                if !queryFields.isEmpty { map["query"] = queryFields.text }
            } else {
                let body = self.requestBody(resolvedBody, hint: hint)
                map["body"] = preferStreams ? body.map(streamingBody) : body
            }
        }
        let (responses, errors) = self.responses(operation["responses"], hint: hint, at: operation)
        map["response"] = responses
        if let paginate = pagination(operation, query: queryFields, responses: responses) {
            map.set("paginate", paginate.value, comment: paginate.comment)
        }
        map["poll"] = operation["x-specgen-poll"]?.value
        importBehaviour(operation, into: &map, operation: true)
        if let security = operation["security"] {
            let requirement = securityRequirement(security)
            if requirement != defaultSecurity { map["auth"] = requirement ?? .string("none") }
        }
        map["deprecated"] = deprecation
        if let server = operationServer(
            operation["servers"] ?? pathItem["servers"], named: operation.string("x-specgen-server"))
        {
            map["server"] = .string(server)
        }
        return ImportedEndpoint(name: name, body: map, errors: errors)
    }

    /// The properties of a GET's body, added as optional query parameters where no parameter has their name;
    /// returns the names added.
    private func bodyFieldsAsQuery(
        _ body: DocNode, hint: String, into query: inout SpecMap, named: (SpecText, String) -> SpecText
    ) -> [String] {
        guard let media = preferredMedia(body["content"]), let schema = media.node["schema"],
            let target = resolved(schema)
        else { return [] }
        var added: [String] = []
        for (wireName, _, property) in target["properties"]?.entries ?? [] where query[wireName] == nil {
            let type = self.type(of: property, hint: hint + namer.typeNamePart(wireName), usage: .parameter)
            query[wireName] = named(importedField(wireName, type, required: false).text, wireName)
            added.append(wireName)
        }
        return added
    }

    /// A parameter, request body, response or header after its `$ref`, or nil (with a warning, unless `warning` is
    /// false) when it dangles.
    /// A chain of `$ref`s is followed to its end; one that comes back to where it started is a warning too.
    func resolved(_ node: DocNode, warning: Bool = true) -> DocNode? {
        var current = node
        var seen: Set<String> = []
        while let reference = current.string("$ref") {
            guard let (target, key) = documents.resolve(reference, from: current) else {
                if warning {
                    warn(.danglingRef, at: current.location, "$ref '\(reference)' points at nothing; skipped")
                }
                return nil
            }
            guard seen.insert(key).inserted else {
                if warning {
                    warn(.refCycle, at: node.location, "$ref '\(reference)' leads back to itself; skipped")
                }
                return nil
            }
            current = target
        }
        return current
    }

    /// A parameter as a field: its schema's type, required or not, with the style OpenAPI gives it.
    private func parameterText(_ parameter: DocNode, hint: String, required: Bool, usage: SchemaUsage) -> SpecText {
        let schema = parameter["schema"] ?? parameter["content"]?.entries?.first?.value["schema"]
        var type = schema.map { self.type(of: $0, hint: hint, usage: usage) } ?? ImportedType("string")
        Self.describe(&type, parameter)
        type.swiftName = parameter.string("x-specgen-swift-name") ?? type.swiftName
        if type.type.hasPrefix("["), parameter.string("in") == "query", parameter["explode"]?.bool == false {
            type.options["style"] = "comma"
        }
        if usage == .header || parameter.string("in") == "path", type.type.hasPrefix("[") || type.type.hasPrefix("{") {
            warn(
                .parameterShape, at: parameter.location,
                "a \(parameter.string("in") ?? "") parameter is a single value; sent as text")
            type = ImportedType("string")
        }
        if let example = parameter["example"], example.isMapping == false, type.options["example"] == nil {
            type.options["example"] = example.value
        }
        return importedField(parameter.string("name") ?? "", type, required: required).text
    }

    // MARK: Bodies

    /// The media types the spec reads, in the order it prefers them.
    static func mediaKind(_ type: String) -> String {
        let lower = type.lowercased()
        if lower.hasPrefix("application/x-ndjson") || lower.hasPrefix("application/jsonl")
            || lower.hasPrefix("application/json-seq")
        {
            return "lines"
        }
        if lower == "application/json" || lower.hasSuffix("+json") || lower == "*/*" || lower == "application/*"
            || lower.hasPrefix("application/json")
        {
            return "json"
        }
        if lower.hasPrefix("application/x-www-form-urlencoded") { return "form" }
        if lower.hasPrefix("multipart/") { return "multipart" }
        if lower.hasPrefix("text/event-stream") { return "events" }
        return "binary"
    }

    /// The preferred media type of a `content` map: JSON, then form, multipart, streams, then raw bytes.
    func preferredMedia(_ content: DocNode?) -> (type: String, kind: String, node: DocNode, location: SourceLocation)? {
        let entries = content?.entries ?? []
        let order =
            preferStreams
            ? ["events", "lines", "json", "form", "multipart", "binary"]
            : ["json", "events", "lines", "form", "multipart", "binary"]
        let ranked = entries.sorted { lhs, rhs in
            (order.firstIndex(of: Self.mediaKind(lhs.key)) ?? 9) < (order.firstIndex(of: Self.mediaKind(rhs.key)) ?? 9)
        }
        guard let first = ranked.first else { return nil }
        return (first.key, Self.mediaKind(first.key), first.value, first.keyLocation)
    }

    private func requestBody(_ body: DocNode, hint: String) -> SpecText? {
        guard let media = preferredMedia(body["content"]) else {
            warn(.emptyBody, at: body.location, "a request body without content is not imported")
            return nil
        }
        let others = (body["content"]?.entries ?? []).filter { Self.mediaKind($0.key) != media.kind }
        if let other = others.first {
            warn(
                .mediaType, at: other.keyLocation,
                "the body is sent as \(media.type); \(others.map(\.key).joined(separator: ", ")) not imported")
        }
        var map = SpecMap()
        let description = body.string("description").map(SpecText.description)
        let schema = media.node["schema"]
        switch media.kind {
        case "json":
            guard let schema else { return .string("json") }
            if let fields = inlineFields(schema, hint: hint, usage: .json) {
                map["json"] = fields
                break
            }
            var type = self.type(of: schema, hint: hint + "Request")
            type.nullable = false
            if description == nil { return .string(type.type) }
            map["json"] = .string(type.type)
        case "form":
            if let schema, let fields = inlineFields(schema, hint: hint, usage: .form) {
                map["form"] = fields
            } else {
                map["form"] = .string(formModel(schema, hint: hint + "Request"))
            }
        case "multipart":
            map["multipart"] = multipartFields(schema, hint: hint + "Request", at: media.location)
        case "events", "lines", "binary":
            map["binary"] = .string(media.type.contains("*") ? "application/octet-stream" : media.type)
        default:
            return nil
        }
        map["description"] = description
        return map.text
    }

    /// A small inline object body (a few properties, nothing composed or open) as the fields a person writes inline
    /// (`json: {values: [FieldValueInput]}`), which the client takes as parameters; nil for any other schema.
    /// A form's fields must each be a single value.
    private func inlineFields(_ schema: DocNode, hint: String, usage: SchemaUsage) -> SpecText? {
        let view = SchemaView(schema, run: self)
        guard schema.string("$ref") == nil, view.hasProperties, view.isClosed, view.allOf == nil, view.variants == nil,
            !view.nullable, let properties = schema["properties"]?.entries, properties.count <= Self.inlineFieldLimit,
            schema["example"] == nil, schema["description"] == nil
        else { return nil }
        if usage == .form {
            for (_, _, property) in properties {
                guard let target = resolved(property) else { return nil }
                let part = SchemaView(target, run: self)
                if part.hasProperties || part.isObject || part.variants != nil || part.allOf != nil
                    || target["items"] != nil || part.types.contains("array")
                {
                    return nil
                }
            }
        }
        let required = Set(schema["required"]?.items?.compactMap(\.string) ?? [])
        var fields = SpecMap()
        for (wireName, _, property) in properties {
            let type = self.type(of: property, hint: hint + namer.typeNamePart(wireName), usage: usage)
            fields[wireName] = importedField(wireName, type, required: required.contains(wireName)).text
        }
        return fields.text
    }

    /// The most properties an inline JSON or form body may have to be written as inline fields rather than a model.
    static let inlineFieldLimit = 6

    /// The model of a form body: the document's own when every field is a single value, else one made for the form.
    private func formModel(_ schema: DocNode?, hint: String) -> String {
        guard let schema else { return "json" }
        if let reference = schema.string("$ref"), let model = modelName(forReference: reference, from: schema),
            case .object(let fields, _)? = shapes[model],
            fields.allSatisfy({ Self.isFormScalar($0.type, shapes: shapes) })
        {
            return model
        }
        let target = resolved(schema) ?? schema
        let name = allocateTypeName(hint)
        reserveModel(name)
        var header = SpecMap()
        header["description"] = target.string("description").map(SpecText.description)
        let view = SchemaView(target, run: self)
        var parts = [target]
        for part in view.allOf ?? [] { parts.append(resolved(part) ?? part) }
        let (body, shape) = formStructure(parts, name: name, into: header)
        setModel(name, body, shape: shape)
        return name
    }

    /// A struct for a form body, its fields read as form values.
    private func formStructure(_ parts: [DocNode], name: String, into header: SpecMap) -> (SpecText, ModelShape) {
        var map = header
        var properties = SpecMap()
        var fields: [ImportedField] = []
        for part in parts {
            let required = Set(part["required"]?.items?.compactMap(\.string) ?? [])
            for (wireName, _, property) in part["properties"]?.entries ?? [] {
                let type = self.type(of: property, hint: name + namer.typeNamePart(wireName), usage: .form)
                let field = importedField(wireName, type, required: required.contains(wireName))
                fields.append(field)
                properties[wireName] = field.text
            }
        }
        map["properties"] = properties.text
        return (map.text, .object(fields: fields, open: false))
    }

    static func isFormScalar(_ type: String, shapes: [String: ModelShape]) -> Bool {
        var inner = Substring(type)
        if inner.hasPrefix("[") && inner.hasSuffix("]") { inner = inner.dropFirst().dropLast() }
        if inner.hasPrefix("{string: ") { inner = inner.dropFirst(9).dropLast() }
        switch shapes[String(inner)] {
        case .object?, .union?: return false
        default: return !inner.hasPrefix("[") && !inner.hasPrefix("{") && inner != "json"
        }
    }

    /// Whether a schema is 3.0's raw bytes (`format: binary`), itself, as its items, or as a variant.
    private func isBinary(_ schema: DocNode, depth: Int = 0) -> Bool {
        guard depth < 6, let node = resolved(schema) else { return false }
        if node.string("format") == "binary" { return true }
        if let items = node["items"], isBinary(items, depth: depth + 1) { return true }
        let variants = (node["anyOf"]?.items ?? []) + (node["oneOf"]?.items ?? []) + (node["allOf"]?.items ?? [])
        return variants.contains { isBinary($0, depth: depth + 1) }
    }

    /// A multipart body's parts, inline: binary strings are files, objects are JSON parts.
    private func multipartFields(_ schema: DocNode?, hint: String, at location: SourceLocation) -> SpecText {
        guard let schema, let target = resolved(schema) else { return .map([]) }
        // A model of the document's whose files it marks as 3.1 does (`contentMediaType`) is the body as it is; one
        // with 3.0's `format: binary` has strings where the parts are files, so its parts are written out.
        let binary = (target["properties"]?.entries ?? []).contains { _, _, property in isBinary(property) }
        if !binary, let reference = schema.string("$ref"), namesModel(reference, from: schema),
            let model = modelName(forReference: reference, from: schema), case .object? = shapes[model]
        {
            return .string(model)
        }
        var fields = SpecMap()
        var parts = [target]
        for part in SchemaView(target, run: self).allOf ?? [] { parts.append(resolved(part) ?? part) }
        for part in parts {
            let required = Set(part["required"]?.items?.compactMap(\.string) ?? [])
            for (wireName, _, property) in part["properties"]?.entries ?? [] {
                var type = self.type(of: property, hint: hint + namer.typeNamePart(wireName), usage: .multipart)
                if type.type == "bytes" { type.type = "file" }
                fields[wireName] = importedField(wireName, type, required: required.contains(wireName)).text
            }
        }
        if fields.isEmpty {
            warn(.multipart, at: location, "a multipart body without properties is sent as one file part 'file'")
            fields["file"] = "file"
        }
        return fields.text
    }
}
