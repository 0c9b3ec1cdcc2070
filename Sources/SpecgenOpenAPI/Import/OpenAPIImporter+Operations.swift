import Foundation
import SpecgenSpec
import SpecgenYAML

/// Which form of an operation a translator makes: the one the document declares, or the streamed form of an
/// operation whose success is offered as JSON or as a stream, whose media types prefer the stream.
enum OperationForm {
    case declared, streamed
}

/// Operations as endpoints: names, parameters, bodies, responses and errors, from the read stage's values.
extension ImportRun {
    func endpoints(_ document: ReadDocument, security: AuthRequirement?) -> [Endpoint] {
        var endpoints: [Endpoint] = []
        var takenNames = Set<String>()
        for operation in document.operations {
            var name = operationName(operation.node, method: operation.method, path: operation.path)
            if takenNames.contains(name.lowercased()) {
                let base = name
                name = Self.numbered(base) { takenNames.contains($0.lowercased()) }
                warn(
                    .operationName, at: (operation.node["operationId"] ?? operation.node).location,
                    "two operations are named '\(base)'; this one is '\(name)'")
            }
            takenNames.insert(name.lowercased())
            endpoints.append(endpoint(name, operation, form: .declared, defaultSecurity: security))
            // A success offered as JSON or as an event stream gives the operation a streamed form too (not a HEAD,
            // whose answer has no body).
            if operation.method != "head", Self.offersStream(operation) {
                let streamName = Self.unique(name + "Stream") { takenNames.contains($0.lowercased()) }
                takenNames.insert(streamName.lowercased())
                summary.streamedForms += 1
                notes.streamedFormNames.insert(streamName)
                endpoints.append(endpoint(streamName, operation, form: .streamed, defaultSecurity: security))
            }
        }
        makeRoomForHeadersMethods(&endpoints, taken: takenNames)
        return endpoints
    }

    /// An operation named like the method that returns another's body with its headers (`getUserWithHeaders`
    /// beside a `getUser` whose answers declare headers) would be two methods of one name, and two mock closure
    /// types. As with two operations of one name, the later of the two in the document gets a name of its own,
    /// with a warning: `getUserWithHeaders2` when it comes after `getUser`, `getUser2` when `getUser` comes after
    /// it. Which operations have that method is known only once their answers are read, so the rename follows,
    /// and moves what the import noted under the old name.
    func makeRoomForHeadersMethods(_ endpoints: inout [Endpoint], taken: Set<String>) {
        var taken = taken
        // Of the operations so far, by lowercased Swift name: each one, and each one's headers method.
        var earlier: [String: String] = [:]
        var companions: [String: String] = [:]
        for index in endpoints.indices {
            let old = endpoints[index].name
            let method = namer.methodName(old).withoutBackticks.lowercased()
            var clash = companions[method].map { "has the name of the method that returns '\($0)' with its headers" }
            if clash == nil, let companion = namer.headersMethodName(of: endpoints[index]),
                let other = earlier[companion.lowercased()]
            {
                clash = "would return its headers by '\(companion)', the name of operation '\(other)'"
            }
            if let clash {
                let new = Self.numbered(old) { candidate in
                    [candidate, candidate + "WithHeaders"].contains { name in
                        taken.contains(name.lowercased()) || companions[name.lowercased()] != nil
                    }
                }
                warn(
                    .operationName, at: places.endpointLocations[old] ?? Self.unlocated,
                    "operation '\(old)' \(clash); this one is '\(new)'")
                rename(&endpoints[index], to: new)
            }
            let name = endpoints[index].name
            taken.insert(name.lowercased())
            earlier[namer.methodName(name).withoutBackticks.lowercased()] = name
            if let companion = namer.headersMethodName(of: endpoints[index]) {
                companions[companion.lowercased()] = name
            }
        }
    }

    /// Renames an endpoint, with what the import noted under its old name.
    private func rename(_ endpoint: inout Endpoint, to new: String) {
        let old = endpoint.name
        endpoint.name = new
        places.endpointLocations[new] = places.endpointLocations.removeValue(forKey: old)
        places.resourceLocations[new] = places.resourceLocations.removeValue(forKey: old)
        places.extensionPaging[new] = places.extensionPaging.removeValue(forKey: old)
        places.extensionPolling[new] = places.extensionPolling.removeValue(forKey: old)
        if notes.linkHeaders.remove(old) != nil { notes.linkHeaders.insert(new) }
        if notes.streamedFormNames.remove(old) != nil { notes.streamedFormNames.insert(new) }
        for callback in notes.callbacks.indices where notes.callbacks[callback].operation == old {
            notes.callbacks[callback].operation = new
        }
    }

    /// Header parameters every operation sends with one fixed value (required, with a `const` or a one-value
    /// `enum`): the spec's `defaultHeaders`, which the client sends itself.
    func fixedHeaders(_ document: ReadDocument) -> [(name: String, value: String)] {
        var common: [(name: String, value: String)]?
        for operation in document.operations {
            var fixed: [(name: String, value: String)] = []
            for parameter in operation.parameters where parameter.place == "header" {
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

    /// The endpoint `name` of an operation, in the form asked for.
    func endpoint(
        _ name: String, _ read: DocumentOperation, form: OperationForm, defaultSecurity: AuthRequirement?
    ) -> Endpoint {
        let (method, operation, pathItem) = (read.method, read.node, read.pathItem)
        let hint = namer.typeNamePart(name)
        places.endpointLocations[name] = operation.location
        let (path, repeated) = Self.distinctPlaceholders(read.path)
        let (description, deprecation) = Self.described(operation)
        var endpoint = Endpoint(
            name: name, summary: operation.string("summary"), description: description,
            method: HTTPMethod(rawValue: method.uppercased()) ?? .get, path: path, requestLocation: Self.unlocated,
            deprecation: deprecation, location: Self.unlocated)

        endpoint.tags = operation["tags"]?.items?.compactMap(\.string) ?? []
        if let written = operation["x-specgen-resource"] {
            endpoint.writtenResource = written.string ?? ""
            places.resourceLocations[name] = written.location
        }
        // The events an operation subscribes to are the declared form's; its streamed form subscribes to nothing more.
        if form == .declared, let callbacks = operation["callbacks"] {
            notes.callbacks.append((name, callbacks, read.pointer + "/callbacks"))
        }
        let placeholders = TemplatePart.placeholders(in: path)
        var pathFields: [Field] = []
        var queryFields: [Field] = []
        var headerFields: [Field] = []
        var memberNames = MemberNames(namer: namer)
        for (name, location, parameter) in read.parameters.map({ ($0.name, $0.place, $0.node) }) {
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
                if facts.defaultHeaders.contains(where: { $0.name.lowercased() == name.lowercased() }) { continue }
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
                        "header parameter '\(name)' is ignored, as OpenAPI says; the client sets it",
                        covering: parameter)
                    continue
                }
                Self.set(field(required: parameter["required"]?.bool == true, usage: .header), in: &headerFields)
            default:
                warn(
                    .cookieParameter, at: parameter.location,
                    "\(location) parameter '\(name)' is not imported: the spec has no \(location) parameters",
                    fix: "send it through a middleware", covering: parameter)
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

        if let (requestBody, resolvedBody) = read.requestBody {
            if method == "get" || method == "head" {
                let fields = bodyFieldsAsQuery(resolvedBody, hint: hint, form: form, into: &queryFields) {
                    memberNames.named($0)
                }
                warn(
                    .bodyOnGet, at: requestBody.location,
                    "a \(method.uppercased()) request cannot have a body; "
                        + (fields.isEmpty
                            ? "the body is not imported"
                            : "its fields \(fields.map { "'\($0)'" }.joined(separator: ", ")) are sent as query parameters"),
                    fix: "describe them as query parameters", covering: fields.isEmpty ? requestBody : nil)
            } else {
                let body = self.requestBody(resolvedBody, hint: hint, form: form, beside: memberNames)
                endpoint.body = form == .streamed ? body.map(streamingBody) : body
                // The spec sends a body it declares: `required: true` is what it does; an optional one is sent too.
                if let required = resolvedBody["required"], required.bool == false, body != nil, form == .declared {
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
        (endpoint.responses, endpoint.errors) = self.responses(read, hint: hint, form: form)
        if endpoint.method == .head, endpoint.responses.contains(where: { $0.body != .empty }) {
            // An answer to HEAD has headers only: the body the document describes is GET's.
            warn(.mediaType, at: (read.responsesNode ?? operation).location, "a HEAD answer has no body; not read")
            for index in endpoint.responses.indices { endpoint.responses[index].body = .empty }
        }
        if let written = operation["x-specgen-paginate"] {
            endpoint.pagination = fragment("x-specgen-paginate", written) {
                SpecFragment.pagination($0.node, path: $0.file)
            }
            places.extensionPaging[name] = written.location
        } else if Self.declaresLinkHeader(read) {
            notes.linkHeaders.insert(name)
        }
        if let written = operation["x-specgen-poll"] {
            endpoint.polling = fragment("x-specgen-poll", written) { SpecFragment.polling($0.node, path: $0.file) }
            places.extensionPolling[name] = written.location
        }
        let behaviour = self.behaviour(operation, operation: true, apiRetry: facts.apiRetry)
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
        // The value is read whole, as the spec reads it: kept, or reported below.
        cover(node)
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
        _ body: DocNode, hint: String, form: OperationForm, into query: inout [Field], named: (Field) -> Field
    ) -> [String] {
        guard let media = preferredMedia(body["content"], form: form), let schema = media.node["schema"],
            let target = resolved(schema)
        else { return [] }
        var added: [String] = []
        // The object's `type` says what its properties do; its `required` is reported unread, as the query
        // parameters are optional.
        _ = target["type"]
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
