import SpecgenSpec
import SpecgenYAML

/// Parameters and request bodies: media types, JSON, form and multipart bodies, and their fields.
extension ImportRun {
    /// A parameter as a field: its schema's type, required or not, with the style OpenAPI gives it.
    func parameterField(_ parameter: DocNode, hint: String, required: Bool, usage: SchemaUsage) -> Field {
        let location = parameter.string("in") ?? ""
        // `content` in place of `schema`: the value is text of that media type. JSON text in the query is a style
        // of the spec (`json`), whose type is read as a body's is; elsewhere the text is sent as it is.
        let media = parameter["schema"] == nil ? preferredMedia(parameter["content"], form: .declared) : nil
        if let media { reportAlternatives(in: parameter["content"], besides: media, "the parameter is sent as") }
        let jsonText = media?.kind == "json"
        let jsonQuery = jsonText && location == "query"
        let schema = parameter["schema"] ?? media?.node["schema"]
        // Elsewhere, a number or boolean is the same text in JSON; anything else is sent as text, and warned.
        if jsonText, !jsonQuery, let media, !Self.readsAsTextInJSON(schema) {
            warn(
                .parameterShape, at: media.location,
                "JSON text in a \(location) parameter is not one the spec can say; sent as text")
            if let schema { cover(schema) }
            var type = ImportedType(.primitive(.string))
            Self.describe(&type, parameter)
            type.swiftName = recordedSwiftName(parameter, member: true)
            return importedField(parameter.string("name") ?? "", type, required: required).field
        }
        // JSON text without a schema is any JSON value.
        var type =
            schema.map { self.type(of: $0, hint: hint, usage: jsonQuery ? .json : usage) }
            ?? ImportedType(.primitive(jsonQuery ? .json : .string))
        Self.describe(&type, parameter)
        type.swiftName = recordedSwiftName(parameter, member: true) ?? type.swiftName
        if jsonQuery {
            type.style = .json
            if let example = parameter["example"], type.example == nil { type.example = example.specValue }
            return importedField(parameter.string("name") ?? "", type, required: required).field
        }
        // OpenAPI's styles: a query array is repeated (`form`, exploded) or comma-joined (`form`, not exploded),
        // which the spec says; an object in the query travels as `key[field]=value` (`deepObject`, as the
        // nested-object warning says). Any other style is one the spec cannot say, and the default is sent.
        let explode = parameter["explode"]?.bool
        let style = parameter.string("style")
        if case .array = type.type, location == "query", explode == false, style == nil || style == "form" {
            type.style = .comma
        }
        let usual = location == "query" || location == "cookie" ? "form" : "simple"
        if let style, style != usual, !(style == "deepObject" && location == "query") {
            warn(
                .parameterShape, at: parameter["style"]?.location ?? parameter.location,
                "style \(style) of a \(location) parameter is not one the spec can say; sent as \(usual)"
                    + (type.type.isContainer && location == "query" ? ", items repeated" : ""))
        }
        if usage == .header || parameter.string("in") == "path", type.type.isContainer {
            warn(
                .parameterShape, at: parameter.location,
                "a \(parameter.string("in") ?? "") parameter is a single value; sent as text")
            type = ImportedType(.primitive(.string))
        }
        if let example = parameter["example"], example.isMapping == false, type.example == nil {
            type.example = example.specValue
        }
        return importedField(parameter.string("name") ?? "", type, required: required).field
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

    /// Every kind ``mediaKind(_:)`` gives.
    static let mediaKinds: Set<String> = ["json", "form", "multipart", "events", "lines", "binary"]

    /// The preferred media type of a `content` map: JSON, then form, multipart, streams, then raw bytes; streams
    /// first for an operation's streamed form.
    func preferredMedia(
        _ content: DocNode?, form: OperationForm
    ) -> (type: String, kind: String, node: DocNode, location: SourceLocation)? {
        let entries = content?.entries ?? []
        let order =
            form == .streamed
            ? ["events", "lines", "json", "form", "multipart", "binary"]
            : ["json", "events", "lines", "form", "multipart", "binary"]
        let ranked = entries.sorted { lhs, rhs in
            (order.firstIndex(of: Self.mediaKind(lhs.key)) ?? 9) < (order.firstIndex(of: Self.mediaKind(rhs.key)) ?? 9)
        }
        guard let first = ranked.first else { return nil }
        return (first.key, Self.mediaKind(first.key), first.value, first.keyLocation)
    }

    /// The media types of a `content` beside the one read. One of its kind whose schema says the same is the same
    /// body under another name (`application/scim+json` beside `application/json`), and so is another type of bytes
    /// (`image/jpeg` beside `image/png`), whose schema says nothing the bytes do not: they lose nothing. The others
    /// are reported at the first of them, as `reading` the chosen type, but for the `skipping` kinds, read elsewhere.
    func reportAlternatives(
        in content: DocNode?, besides media: (type: String, kind: String, node: DocNode, location: SourceLocation),
        skipping: Set<String> = [], _ reading: String
    ) {
        let schema = media.node.peeked("schema")
        var others: [(key: String, keyLocation: SourceLocation, value: DocNode)] = []
        for other in content?.peekedEntries ?? [] where other.key != media.type {
            let kind = Self.mediaKind(other.key)
            if skipping.contains(kind) { continue }
            let sameSchema =
                switch (schema, other.value.peeked("schema")) {
                case (nil, nil): true
                case (let read?, let written?): read.node.saysTheSame(as: written.node)
                default: false
                }
            if kind == media.kind, sameSchema || kind == "binary" {
                cover(other.value)
                continue
            }
            others.append(other)
        }
        guard let first = others.first else { return }
        warn(
            .mediaType, at: first.keyLocation,
            "\(reading) \(media.type); \(others.map(\.key).joined(separator: ", ")) not imported")
        for other in others { cover(other.value) }
    }

    /// The request body; `parameters` holds the Swift names of the operation's parameters, which inline fields
    /// (the method's own parameters too) must not take.
    func requestBody(_ body: DocNode, hint: String, form: OperationForm, beside parameters: MemberNames) -> RequestBody?
    {
        guard let media = preferredMedia(body["content"], form: form) else {
            warn(.emptyBody, at: body.location, "a request body without content is not imported")
            return nil
        }
        let schema = media.node["schema"]
        reportAlternatives(in: body["content"], besides: media, "the body is sent as")
        var request = RequestBody(
            encoding: .json, content: .type(.primitive(.json)), description: body.string("description"),
            location: Self.unlocated)
        switch media.kind {
        case "json":
            guard let schema else {
                request.description = nil
                break
            }
            let declared = media.type.lowercased()
            if !declared.hasPrefix("application/json"), !declared.contains("*") {
                warn(
                    .mediaType, at: media.location,
                    "the body is sent as application/json, not \(media.type): the spec's JSON bodies are "
                        + "application/json",
                    fix: "set the Content-Type in a middleware where the server requires \(media.type)")
            }
            if parameters.leaveRoom(for: schema), var fields = inlineFields(schema, hint: hint, usage: .json) {
                for index in fields.indices {
                    fields[index].type = inJSON(
                        fields[index].type, "'\(fields[index].wireName)' of a JSON body", at: media.location)
                }
                request.content = .fields(fields)
            } else {
                request.content = .type(
                    inJSON(
                        typeOnly(of: schema, hint: hint + "Request", as: "a JSON body"), "a JSON body",
                        at: media.location))
            }
        case "form":
            request.encoding = .form
            if let schema, parameters.leaveRoom(for: schema),
                let fields = inlineFields(schema, hint: hint, usage: .form)
            {
                request.content = .fields(fields)
            } else {
                request.content = .type(formModel(schema, hint: hint + "Request", at: media.location))
            }
            // An object field of a form travels as `field[key]=value`: `deepObject`, exploded, says what the spec
            // does; another style stays unread, and is reported.
            for field in media.node["encoding"]?.entries ?? []
            where field.value.peeked("style")?.string == "deepObject" && field.value.peeked("explode")?.bool != false {
                _ = field.value.entries
            }
        case "multipart":
            request.encoding = .multipart
            request.content = multipartFields(schema, hint: hint + "Request", at: media.location)
            // A part is a parameter of the method too: one whose Swift name a parameter has takes another.
            if case .fields(let fields) = request.content {
                var names = parameters
                request.content = .fields(fields.map { names.named($0) })
            }
            // A part's `contentType` of JSON says what the spec does for an object or list part; another stays
            // unread, and is reported.
            for part in media.node["encoding"]?.entries ?? []
            where part.value.peeked("contentType")?.string == "application/json" {
                _ = part.value.entries
            }
        case "events", "lines", "binary":
            request.encoding = .binary
            request.content = .type(.primitive(.binary))
            // The body's bytes, whatever its schema says of them.
            if let schema { cover(schema) }
            request.contentType = media.type.contains("*") ? "application/octet-stream" : media.type
        default:
            return nil
        }
        return request
    }

    /// A small inline object body (a few properties, nothing composed or open) as the fields a person writes inline
    /// (`json: {values: [FieldValueInput]}`), which the client takes as parameters; nil for any other schema.
    /// A form's fields must each be a single value.
    func inlineFields(_ schema: DocNode, hint: String, usage: SchemaUsage) -> [Field]? {
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
        var fields: [Field] = []
        for (wireName, keyLocation, property) in properties where !isServersOnly(property, wireName) {
            let type = self.type(of: property, hint: hint + namer.typeNamePart(wireName), usage: usage)
            if required.contains(wireName), type.nullable, !type.nullClears {
                warnRequiredNullable(wireName, of: "the body", type: type.type, at: keyLocation)
            }
            Self.set(importedField(wireName, type, required: required.contains(wireName)).field, in: &fields)
        }
        return fields
    }

    /// Whether a property of a request body is `readOnly`: the server sets it and a request leaves it out, so the
    /// body has no field for it.
    func isServersOnly(_ property: DocNode, _ wireName: String) -> Bool {
        guard Self.oneDirection(of: property) == .answers else { return false }
        warn(
            .oneDirection, at: property.location,
            "'\(wireName)' is readOnly: the server sets it, so the request body has no field for it",
            covering: property)
        return true
    }

    /// The most properties an inline JSON or form body may have to be written as inline fields rather than a model.
    static let inlineFieldLimit = 6

    /// The model of a form body: the document's own when every field is a single value, else one made for the form
    /// (with no fields when the body has no schema, as a form body is always a struct).
    func formModel(_ schema: DocNode?, hint: String, at location: SourceLocation) -> TypeRef {
        if schema == nil {
            warn(.emptyBody, at: location, "a form body without a schema has no fields to send")
        }
        if let schema, let reference = schema.string("$ref"),
            let model = modelName(forReference: reference, from: schema),
            case .object(let fields, _)? = shapes[model],
            fields.allSatisfy({ Self.isFormScalar($0.type, shapes: shapes) })
        {
            return .named(model)
        }
        let name = allocateTypeName(hint, at: schema?.location ?? location, "the form body's model")
        reserveModel(name)
        var parts: [DocNode] = []
        if let schema {
            let target = resolved(schema) ?? schema
            parts.append(target)
            for part in SchemaView(target, run: self).allOf ?? [] { parts.append(resolved(part) ?? part) }
        }
        let header = Model(
            name: name, kind: .object([]), description: parts.first?.string("description"), location: Self.unlocated)
        let (model, shape) = formStructure(parts, name: name, into: header)
        setModel(model, shape: shape)
        return .named(name)
    }

    /// A struct for a form body, its fields read as form values.
    func formStructure(_ parts: [DocNode], name: String, into header: Model) -> (Model, ModelShape) {
        var model = header
        var fields: [ImportedField] = []
        for part in parts {
            let required = Set(part["required"]?.items?.compactMap(\.string) ?? [])
            for (wireName, _, property) in part["properties"]?.entries ?? [] where !isServersOnly(property, wireName) {
                let type = self.type(of: property, hint: name + namer.typeNamePart(wireName), usage: .form)
                let field = importedField(wireName, type, required: required.contains(wireName))
                if let index = fields.firstIndex(where: { $0.wireName == wireName }) {
                    fields[index] = field
                } else {
                    fields.append(field)
                }
            }
        }
        fields = withSwiftNames(fields, inherited: [])
        model.kind = .object(fields.map(\.field))
        return (model, .object(fields: fields, open: false))
    }

    /// Whether a type can be a form field, as lint asks: a value, or an array or string-keyed map of values, seen
    /// through aliases (an alias of `json` is no value).
    static func isFormScalar(_ type: TypeRef, shapes: [String: ModelShape]) -> Bool {
        func unaliased(_ type: TypeRef) -> TypeRef { throughAliases(type, shapes: shapes) }
        var inner = unaliased(type)
        if case .array(let element) = inner { inner = unaliased(element) }
        if case .map(let value) = inner { inner = unaliased(value) }
        switch inner.name.flatMap({ shapes[$0] }) {
        case .object?, .union?: return false
        default: return !inner.isContainer && inner != .primitive(.json)
        }
    }

    /// A type sent or received as JSON: a file or raw bytes in it (a 3.1 `contentMediaType` string, 3.0's
    /// `format: binary`) is base64 `bytes`, as JSON carries it, with a `file-in-json` warning naming `what`.
    func inJSON(_ type: TypeRef, _ what: String, at location: SourceLocation) -> TypeRef {
        guard carriesFile(type) else { return type }
        let bytes = fileAsBytes(type)
        warn(.fileInJSON, at: location, "\(what) holds a file; typed '\(bytes)', base64 in JSON")
        return bytes
    }

    /// Whether a type is a file or raw bytes, itself or as the items or values it holds (through aliases), which
    /// JSON cannot carry but as base64 `bytes`.
    func carriesFile(_ type: TypeRef) -> Bool {
        switch throughAliases(type) {
        case .primitive(.file), .primitive(.binary): true
        case .array(let element): carriesFile(element)
        case .map(let value): carriesFile(value)
        default: false
        }
    }

    /// The type with each file or raw bytes in it as base64 `bytes`.
    func fileAsBytes(_ type: TypeRef) -> TypeRef {
        switch throughAliases(type) {
        case .primitive(.file), .primitive(.binary): .primitive(.bytes)
        case .array(let element): .array(fileAsBytes(element))
        case .map(let value): .map(fileAsBytes(value))
        default: type
        }
    }

    /// Whether a schema is 3.0's raw bytes (`format: binary`), itself, as its items, or as a variant.
    func isBinary(_ schema: DocNode, depth: Int = 0) -> Bool {
        guard depth < 6, let node = resolved(schema) else { return false }
        if node.string("format") == "binary" { return true }
        if let items = node["items"], isBinary(items, depth: depth + 1) { return true }
        let variants = (node["anyOf"]?.items ?? []) + (node["oneOf"]?.items ?? []) + (node["allOf"]?.items ?? [])
        return variants.contains { isBinary($0, depth: depth + 1) }
    }

    /// A multipart body's parts, inline: binary strings are files, objects are JSON parts.
    func multipartFields(_ schema: DocNode?, hint: String, at location: SourceLocation) -> RequestBody.Content {
        guard let schema, let target = resolved(schema) else { return .fields([]) }
        // A model of the document's whose files it marks as 3.1 does (`contentMediaType`) is the body as it is; one
        // with 3.0's `format: binary` has strings where the parts are files, so its parts are written out.
        let binary = (target["properties"]?.entries ?? []).contains { _, _, property in isBinary(property) }
        if !binary, let reference = schema.string("$ref"), namesModel(reference, from: schema),
            let model = modelName(forReference: reference, from: schema), case .object? = shapes[model]
        {
            return .type(.named(model))
        }
        var fields: [Field] = []
        var parts = [target]
        for part in SchemaView(target, run: self).allOf ?? [] { parts.append(resolved(part) ?? part) }
        for part in parts {
            let required = Set(part["required"]?.items?.compactMap(\.string) ?? [])
            for (wireName, _, property) in part["properties"]?.entries ?? [] where !isServersOnly(property, wireName) {
                var type = self.type(of: property, hint: hint + namer.typeNamePart(wireName), usage: .multipart)
                if type.type == .primitive(.bytes) { type.type = .primitive(.file) }
                Self.set(importedField(wireName, type, required: required.contains(wireName)).field, in: &fields)
            }
        }
        if fields.isEmpty {
            warn(.multipart, at: location, "a multipart body without properties is sent as one file part 'file'")
            fields.append(Field(wireName: "file", type: .primitive(.file), location: Self.unlocated))
        }
        return .fields(fields)
    }
}
