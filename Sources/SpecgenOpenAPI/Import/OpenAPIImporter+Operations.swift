import Foundation
import SpecgenSpec
import SpecgenYAML

/// A parameter after its `$ref`: its name, where it goes (`path`, `query`, `header`, `cookie`) and its node.
typealias ImportedParameter = (name: String, location: String, node: DocNode)

/// Paths and operations: names, parameters, bodies, responses and errors.
extension ImportRun {
    /// Operation keys of a path item the spec has no method for.
    static let otherMethods: Set<String> = ["trace", "query"]

    func endpoints(_ paths: DocNode?, security: AuthRequirement?) -> [Endpoint] {
        var endpoints: [Endpoint] = []
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
                    // A success offered as JSON or as an event stream gives the operation a streamed form too (not
                    // a HEAD, whose answer has no body).
                    if method != "head", Self.offersStream(operation, run: self) {
                        let streamName = Self.unique(name + "Stream") { takenNames.contains($0.lowercased()) }
                        takenNames.insert(streamName.lowercased())
                        preferStreams = true
                        summary.streamedForms += 1
                        streamedFormNames.insert(streamName)
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

    /// The operations an OpenAPI operation is imported as: itself, or each endpoint the export wrote whole under
    /// `x-specgen-operations` (endpoints that share a method and path).
    static func importedOperations(_ operation: DocNode) -> [DocNode] {
        let shared = operation["x-specgen-operations"]?.items?.filter(\.isMapping) ?? []
        guard !shared.isEmpty else { return [operation] }
        // The operation itself restates the first of them for other readers: read, as they are.
        _ = operation.entries
        return shared
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
                            // A header of one value is sent with every request: its type says nothing more.
                            _ = schema["type"]
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

    /// The `operationId` as a method name, else the method and the path's words (`get /pets/{id}` → `getPetsId`).
    func operationName(_ operation: DocNode, method: String, path: String) -> String {
        if let id = operation.string("operationId"), !namer.words(id).isEmpty {
            return namer.methodName(id).filter { $0 != "`" }
        }
        let words = [method] + namer.words(path)
        return namer.bareMemberName(words.joined(separator: " "))
    }

    func endpoint(
        _ name: String, method: String, path: String, operation: DocNode, pathItem: DocNode,
        defaultSecurity: AuthRequirement?
    ) -> Endpoint {
        let hint = namer.typeNamePart(name)
        endpointLocations[name] = operation.location
        let (path, repeated) = Self.distinctPlaceholders(path)
        let (description, deprecation) = Self.described(operation)
        var endpoint = Endpoint(
            name: name, summary: operation.string("summary"), description: description,
            method: HTTPMethod(rawValue: method.uppercased()) ?? .get, path: path, requestLocation: Self.unlocated,
            deprecation: deprecation, location: Self.unlocated)

        endpoint.tags = operation["tags"]?.items?.compactMap(\.string) ?? []
        if let written = operation["x-specgen-resource"] {
            endpoint.writtenResource = written.string ?? ""
            resourceLocations[name] = written.location
        }
        if let callbacks = operation["callbacks"] { self.callbacks.append((name, callbacks)) }
        let parameters = self.parameters(of: operation, in: pathItem)
        let placeholders = TemplatePart.placeholders(in: path)
        var pathFields: [Field] = []
        var queryFields: [Field] = []
        var headerFields: [Field] = []
        var memberNames = MemberNames(namer: namer)
        for (name, location, parameter) in parameters {
            /// The parameter as a field, Swift-named among the others.
            func field(required: Bool, usage: SchemaUsage) -> Field {
                memberNames.named(
                    parameterField(parameter, hint: hint + namer.typeNamePart(name), required: required, usage: usage))
            }
            switch location {
            case "path":
                guard placeholders.contains(name) else {
                    warn(
                        .pathParameter, at: parameter.location,
                        "path parameter '\(name)' is not in '\(path)'; dropped")
                    continue
                }
                // A path parameter is required whatever its `required` says (OpenAPI requires `true`).
                _ = parameter["required"]
                Self.set(field(required: true, usage: .parameter), in: &pathFields)
            case "query":
                Self.set(field(required: parameter["required"]?.bool == true, usage: .parameter), in: &queryFields)
            case "header":
                if defaultHeaders.contains(where: { $0.name.lowercased() == name.lowercased() }) { continue }
                if name.lowercased() == "idempotency-key", method == "post" || method == "patch" {
                    // Stripe's convention, which the client fills with a fresh key per call: the key's schema is
                    // the client's to meet.
                    endpoint.idempotencyKey = name
                    _ = parameter["schema"].flatMap { resolved($0, warning: false) }?.entries
                    continue
                }
                if ["accept", "content-type", "authorization"].contains(name.lowercased()) {
                    warn(
                        .ignoredHeader, at: parameter.location,
                        "header parameter '\(name)' is ignored, as OpenAPI says; the client sets it")
                    continue
                }
                Self.set(field(required: parameter["required"]?.bool == true, usage: .header), in: &headerFields)
            default:
                warn(
                    .cookieParameter, at: parameter.location,
                    "\(location) parameter '\(name)' is not imported: the spec has no \(location) parameters",
                    fix: "send it through a middleware")
            }
        }
        for (copy, original) in repeated {
            // The same value fills both places; the spec names each placeholder once.
            warn(
                .pathParameter, at: operation.location,
                "'{\(original)}' appears twice in the path; the second is '{\(copy)}', a parameter of its own")
            if var field = pathFields.first(where: { $0.wireName == original }) {
                field.wireName = copy
                field.swiftName = nil
                pathFields.append(memberNames.named(field))
            }
        }
        for placeholder in placeholders where !pathFields.contains(where: { $0.wireName == placeholder }) {
            warn(
                .pathParameter, at: operation.location,
                "'{\(placeholder)}' in '\(path)' is not declared as a path parameter; typed as string")
            pathFields.append(
                memberNames.named(Field(wireName: placeholder, type: .primitive(.string), location: Self.unlocated)))
        }

        if let requestBody = operation["requestBody"], let resolvedBody = resolved(requestBody) {
            if method == "get" || method == "head" {
                let fields = bodyFieldsAsQuery(resolvedBody, hint: hint, into: &queryFields) {
                    memberNames.named($0)
                }
                warn(
                    .bodyOnGet, at: requestBody.location,
                    "a \(method.uppercased()) request cannot have a body; "
                        + (fields.isEmpty
                            ? "the body is not imported"
                            : "its fields \(fields.map { "'\($0)'" }.joined(separator: ", ")) are sent as query parameters"),
                    fix: "describe them as query parameters")
            } else {
                let body = self.requestBody(resolvedBody, hint: hint)
                endpoint.body = preferStreams ? body.map(streamingBody) : body
                // The spec sends a body it declares: `required: true` is what it does; an optional one is sent too.
                if let required = resolvedBody["required"], required.bool == false, body != nil, !preferStreams {
                    warn(
                        .unreadKey, at: required.location,
                        "required false is not imported: the client always sends the body it declares",
                        fix: "give the body's fields defaults, or declare the operation twice, with and without it")
                }
            }
        }
        endpoint.pathParameters = pathFields
        endpoint.queryParameters = queryFields
        endpoint.headerParameters = headerFields
        (endpoint.responses, endpoint.errors) = self.responses(operation["responses"], hint: hint, at: operation)
        if endpoint.method == .head, endpoint.responses.contains(where: { $0.body != .empty }) {
            // An answer to HEAD has headers only: the body the document describes is GET's.
            warn(.mediaType, at: (operation["responses"] ?? operation).location, "a HEAD answer has no body; not read")
            for index in endpoint.responses.indices { endpoint.responses[index].body = .empty }
        }
        if let written = operation["x-specgen-paginate"] {
            endpoint.pagination = fragment("x-specgen-paginate", written) {
                SpecFragment.pagination($0.node, path: $0.file)
            }
            extensionPaging[name] = written.location
        } else if Self.declaresLinkHeader(operation, resolve: { self.resolved($0, warning: false) }) {
            linkHeaders.insert(name)
        }
        if let written = operation["x-specgen-poll"] {
            endpoint.polling = fragment("x-specgen-poll", written) { SpecFragment.polling($0.node, path: $0.file) }
            extensionPolling[name] = written.location
        }
        let behaviour = self.behaviour(operation, operation: true, apiRetry: apiRetry)
        endpoint.retry = behaviour.retry
        endpoint.requestSettings = behaviour.settings
        endpoint.idempotent = behaviour.idempotent
        if let security = operation["security"] {
            let requirement = securityRequirement(security)
            if requirement != defaultSecurity {
                endpoint.auth = requirement ?? AuthRequirement(scheme: nil, location: Self.unlocated)
            }
        }
        if let server = operationServer(
            operation["servers"] ?? pathItem["servers"], named: operation.string("x-specgen-server"))
        {
            endpoint.server = ServerReference(name: server, location: Self.unlocated)
        }
        return endpoint
    }

    /// A field added to a list of parameters: in place of one with its wire name, else at the end.
    static func set(_ field: Field, in fields: inout [Field]) {
        if let index = fields.firstIndex(where: { $0.wireName == field.wireName }) {
            fields[index] = field
        } else {
            fields.append(field)
        }
    }

    /// A value the export wrote in the spec's own words (`x-specgen-paginate`), read as the spec reads it; one the
    /// spec would refuse is left out, with an `extension-value` warning that says why.
    func fragment<Value>(_ key: String, _ node: DocNode, _ read: (DocNode) -> (Value?, [Diagnostic])) -> Value? {
        let (value, problems) = read(node)
        if let value, !problems.contains(where: \.isError) { return value }
        warn(
            .extensionValue, at: node.location,
            "'\(key)' is not what the spec reads there: left out ("
                + problems.map(\.message).joined(separator: "; ") + ")", fix: problems.compactMap(\.fix).first)
        return nil
    }

    /// The properties of a GET's body, added as optional query parameters where no parameter has their name;
    /// returns the names added.
    func bodyFieldsAsQuery(
        _ body: DocNode, hint: String, into query: inout [Field], named: (Field) -> Field
    ) -> [String] {
        guard let media = preferredMedia(body["content"]), let schema = media.node["schema"],
            let target = resolved(schema)
        else { return [] }
        var added: [String] = []
        for (wireName, _, property) in target["properties"]?.entries ?? []
        where !query.contains(where: { $0.wireName == wireName }) {
            let type = self.type(of: property, hint: hint + namer.typeNamePart(wireName), usage: .parameter)
            query.append(named(importedField(wireName, type, required: false).field))
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
}
