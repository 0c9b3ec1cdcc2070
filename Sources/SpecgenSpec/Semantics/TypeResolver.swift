/// What a type stands for once its aliases are followed.
package enum TypeShape: Hashable, Sendable {
    /// A built-in scalar, `json`, `binary` or `file`.
    case primitive(Primitive)
    /// A model with properties.
    case object(Model)
    /// A string enum and its values.
    case enumeration(Model, [EnumValue])
    /// A union and its variants.
    case union(Model, Union)
    /// An array of this element type (not yet resolved).
    case array(TypeRef)
    /// A map with string keys and this value type (not yet resolved).
    case map(TypeRef)
    /// A name no model declares, or a cycle of aliases.
    case unresolved
}

/// How one field of a multipart body travels, which the client, the mock server and the OpenAPI export must agree on.
package enum PartKind: Hashable, Sendable {
    /// A scalar or enum, as its text.
    case text
    /// Anything structured, as an `application/json` part.
    case json
    /// One file part with its file name and media type.
    case file
    /// Several file parts under one name.
    case files
}

/// The one place that knows what a spec's types mean: aliases, scalars, how body parts travel, which fields a body
/// has, and which models a set of types reaches. The linter, the planner, the mock server, the exporter and the diff
/// all ask it, so a new construct is taught once.
package struct TypeResolver: Sendable {
    private let index: ModelIndex
    /// More alias steps than there are models means a cycle.
    private let maximumDepth: Int

    /// A resolver over a spec's models.
    package init(_ spec: Spec) { self.init(models: spec.models) }

    /// A resolver over a list of models.
    package init(models: [Model]) {
        index = ModelIndex(models)
        maximumDepth = models.count
    }

    /// The model with this spec name.
    package func model(named name: String) -> Model? { index[name] }

    /// The type an alias chain stands for, with the constraints of each alias on the way (outermost first).
    /// A cycle stops at the name where it closes, and the walk at a name of `opaque` (a model the app brings its own
    /// type for, whose inside the client does not see).
    package func resolved(
        _ type: TypeRef, stoppingAt opaque: Set<String> = []
    ) -> (type: TypeRef, constraints: [Constraints]) {
        var current = type
        var constraints: [Constraints] = []
        for _ in 0...maximumDepth {
            guard case .named(let name) = current, !opaque.contains(name), let model = model(named: name),
                case .alias(let target, let aliasConstraints) = model.kind
            else { break }
            constraints.append(aliasConstraints)
            current = target
        }
        return (current, constraints)
    }

    /// The models a value of this model holds directly, not through an array or map: a struct's fields, a union's
    /// variants.
    package func heldModels(of model: Model) -> [(model: Model, via: String)] {
        let held: [(TypeRef, String)]
        switch model.kind {
        case .union(let union): held = union.variants.map { ($0.type, "(\($0.type))") }
        case .object: held = model.fields.map { ($0.type, $0.wireName) }
        default: return []
        }
        return held.compactMap { type, via in
            switch shape(of: type) {
            case .object(let target), .union(let target, _): (target, via)
            default: nil
            }
        }
    }

    /// The unions among `models` (all of the spec's) a value can hold again inside itself (Stripe's customer, whose
    /// card refers back to a customer): Swift stores them `indirect`, so a cycle through a union has a finite size.
    /// A cycle of structs alone has none.
    package func recursiveUnions(in models: [Model]) -> Set<String> {
        // A union is recursive when it lies on a cycle of held models: its group has another member, or it holds
        // itself.
        var indices: [String: Int] = [:]
        for (index, model) in models.enumerated() where indices[model.name] == nil { indices[model.name] = index }
        let edges = models.map { model in heldModels(of: model).compactMap { indices[$0.model.name] } }
        var recursive: Set<String> = []
        for group in StronglyConnected.groups(edges) {
            for member in group where group.count > 1 || edges[member].contains(member) {
                if case .union = models[member].kind { recursive.insert(models[member].name) }
            }
        }
        return recursive
    }

    /// What a type is once its aliases are followed.
    package func shape(of type: TypeRef) -> TypeShape {
        switch resolved(type).type {
        case .primitive(let primitive): .primitive(primitive)
        case .array(let element): .array(element)
        case .map(let value): .map(value)
        case .named(let name):
            switch model(named: name)?.kind {
            case .object?: model(named: name).map(TypeShape.object) ?? .unresolved
            case .enumeration(let values)?: model(named: name).map { .enumeration($0, values) } ?? .unresolved
            case .union(let union)?: model(named: name).map { .union($0, union) } ?? .unresolved
            case .alias?, nil: .unresolved
            }
        }
    }

    /// The string constants of a struct's properties, as wire name and value pairs: what an undiscriminated union's
    /// generated decoding checks before it tries the struct.
    package func stringConstants(of type: TypeRef) -> [[String]] {
        guard case .object(let model) = shape(of: type) else { return [] }
        return model.fields.compactMap { field in
            guard case .string(let value)? = field.constant else { return nil }
            return [field.wireName, value]
        }
    }

    /// Whether a type is one value that fits in a path segment, query item, header, form field or text part.
    package func isScalar(_ type: TypeRef) -> Bool {
        switch shape(of: type) {
        case .primitive(let primitive): ![.json, .binary, .file].contains(primitive)
        case .enumeration: true
        default: false
        }
    }

    /// Whether a type is an array of scalars (a repeated query item or form field).
    package func isScalarArray(_ type: TypeRef) -> Bool {
        if case .array(let element) = shape(of: type) { return isScalar(element) }
        return false
    }

    /// How a query parameter or form field travels: one value, or (for arrays of scalars and maps of them) in its
    /// style, or as JSON text when its style says so; nil when the type cannot travel as text at all.
    package func textStyle(of field: Field) -> TextStyle? {
        if field.style == .json { return containsFile(field.type) ? nil : .json }
        if isScalar(field.type) { return .single }
        switch shape(of: field.type) {
        case .array(let element) where isScalar(element):
            return field.style == .comma ? .comma(element) : .repeated(element)
        case .map(let value) where isScalar(value):
            return .deepObject(value)
        default:
            return nil
        }
    }

    /// Whether a type is a file, raw bytes, or an array of them: what only a multipart part or a raw body carries.
    package func isFile(_ type: TypeRef) -> Bool {
        switch shape(of: type) {
        case .primitive(let primitive): primitive == .file || primitive == .binary
        case .array(let element): isFile(element)
        default: false
        }
    }

    /// Whether a file or raw bytes appear anywhere in a type, through arrays and maps.
    package func containsFile(_ type: TypeRef) -> Bool {
        switch shape(of: type) {
        case .primitive(let primitive): primitive == .file || primitive == .binary
        case .array(let element), .map(let element): containsFile(element)
        default: false
        }
    }

    /// How a field of this type travels in a multipart body: files as file parts, scalars and enums as text, the
    /// rest as JSON.
    package func partKind(_ type: TypeRef) -> PartKind {
        let target = resolved(type).type
        if target == .primitive(.file) { return .file }
        if case .array(let element) = target, resolved(element).type == .primitive(.file) { return .files }
        return isScalar(type) ? .text : .json
    }

    /// The fields a dotted response path such as `meta.next_cursor` walks through from `type`, outermost first; a
    /// problem names the segment that is missing, ready to follow "field 'a.b' at 'endpoints.x'".
    package func fieldPath(_ path: [String], in type: TypeRef) -> Result<[Field], FieldPathProblem> {
        var fields: [Field] = []
        var current = type
        for (index, segment) in path.enumerated() {
            guard case .object(let model) = shape(of: current), case .object(let candidates) = model.kind,
                let field = candidates.first(where: { $0.wireName == segment })
            else {
                let prefix = path.prefix(index).joined(separator: ".")
                var candidates: [String] = []
                if case .object(let model) = shape(of: current), case .object(let fields) = model.kind {
                    candidates = fields.map(\.wireName)
                }
                return .failure(
                    FieldPathProblem(
                        message: "has no '\(segment)'" + (prefix.isEmpty ? " in '\(type)'" : " after '\(prefix)'"),
                        fix: Suggestions.closest(to: segment, in: candidates).map { "did you mean '\($0)'?" }))
            }
            fields.append(field)
            current = field.type
        }
        return .success(fields)
    }

    /// The item type of a paginated response: the element of the array in its `itemsField`, or of the response
    /// itself when there is no such field; nil when that is not an array.
    package func pageItemType(of response: TypeRef, itemsField: String?) -> TypeRef? {
        var collection = response
        if let itemsField {
            guard case .success(let fields) = fieldPath([itemsField], in: response), let field = fields.last else {
                return nil
            }
            collection = field.type
        }
        guard case .array(let element) = resolved(collection).type else { return nil }
        return element
    }

    /// The fields of a body: written inline, or the properties of its model (through aliases); nil when the body is
    /// one value that is not an object.
    package func fields(of body: RequestBody) -> [Field]? {
        switch body.content {
        case .fields(let fields): return fields
        case .type(let type):
            if case .object(let model) = shape(of: type) { return model.fields }
            return nil
        }
    }
}

/// How a query parameter or form field's value becomes items.
package enum TextStyle: Hashable, Sendable {
    /// One item.
    case single
    /// One item per element of this type.
    case repeated(TypeRef)
    /// One item, the elements of this type joined by commas.
    case comma(TypeRef)
    /// One `name[key]` item per entry, values of this type.
    case deepObject(TypeRef)
    /// One item, the whole value as JSON text.
    case json
}

/// Why a dotted field path does not lead anywhere.
package struct FieldPathProblem: Error, Hashable, Sendable {
    /// What is missing, such as "has no 'cursor' after 'meta'".
    package var message: String
    /// A suggestion, when a field of a near name exists.
    package var fix: String?
}

extension TypeResolver {
    /// Why an example does not fit its type, or nil when it fits or there is none. Lint warns for such an example,
    /// and the OpenAPI import leaves it out.
    package func exampleProblem(_ example: SpecValue?, of type: TypeRef) -> String? {
        example.flatMap { mismatch($0, type: type, deep: true) }
    }

    /// Why a field's example does not fit its type (and date format), or nil; `null` for a field that may be absent
    /// or null is no example at all.
    package func exampleProblem(of field: Field) -> String? {
        guard let example = field.example, !(example == .null && field.presence != .required) else { return nil }
        return mismatch(example, type: field.type, format: field.format, deep: true, constraints: field.constraints)
    }

    /// Why a written value does not fit a type, or nil when it does.
    ///
    /// Shallow by default, as a default is checked: an object fits a struct. `deep` also checks the values of the
    /// properties an object gives (an example is checked so: a bare string in a `[string]` property does not fit),
    /// and every constraint on the way (`constraints`, the type's aliases', each property's), as a server checks
    /// them: an example with an ID its pattern refuses does not fit. A property the value leaves out is no
    /// mismatch: an example is laid over a synthesized value.
    package func mismatch(
        _ value: SpecValue, type: TypeRef, format: String? = nil, deep: Bool = false,
        constraints: Constraints = Constraints()
    ) -> String? {
        if deep {
            let all = resolved(type).constraints.reversed().reduce(Constraints()) { $0.merged(with: $1) }
            if let violation = all.merged(with: constraints).violations(of: value).first {
                return "the value \(violation.message)"
            }
        }
        switch (shape(of: type), value) {
        case (.primitive(.datetime), .int), (.primitive(.datetime), .double):
            // An epoch format's dates are numbers.
            return EpochFormat(format: format) == nil ? "the value does not match type '\(type)'" : nil
        case (.primitive(.int), .int), (.primitive(.int32), .int), (.primitive(.int64), .int): return nil
        case (.primitive(.double), .int), (.primitive(.double), .double): return nil
        case (.primitive(.float), .int), (.primitive(.float), .double): return nil
        case (.primitive(.bool), .bool), (.primitive(.json), _): return nil
        case (.primitive(let primitive), .string(let text))
        where ![.int, .int32, .int64, .double, .float, .bool].contains(primitive):
            // The text of a date, UUID, URL or bytes is one the client reads (``WireText``).
            guard WireText.fits(text, primitive, format: format) else {
                return "'\(Diagnostic.excerpt(text))' is not \(WireText.expected(primitive, format: format))"
            }
            return nil
        case (.enumeration(let model, let values), .string(let text)) where !model.isIntegerEnum:
            return values.contains { $0.value == text } ? nil : "'\(text)' is not a value of enum '\(model.name)'"
        case (.enumeration(let model, let values), .int(let number)) where model.isIntegerEnum:
            return values.contains { $0.value == String(number) }
                ? nil : "\(number) is not a value of enum '\(model.name)'"
        case (.array(let element), .array(let items)):
            return items.lazy.compactMap { mismatch($0, type: element, deep: deep) }.first
        case (.map(let element), .object(let entries)):
            guard deep else { return nil }
            return entries.lazy.compactMap { entry in mismatch(entry.value, type: element, deep: true) }.first
        case (.object(let model), .object(let entries)):
            guard deep, case .object(let fields) = model.kind else { return nil }
            for entry in entries {
                guard let field = fields.first(where: { $0.wireName == entry.key }) else { continue }
                if entry.value == .null {
                    if field.presence == .required { return "'\(entry.key)' of '\(model.name)' is null" }
                    continue
                }
                if let problem = mismatch(
                    entry.value, type: field.type, format: field.format, deep: true, constraints: field.constraints)
                {
                    return "'\(entry.key)' of '\(model.name)': \(problem)"
                }
            }
            return nil
        case (.union(let model, let union), _):
            let fits = union.variants.contains { mismatch(value, type: $0.type, deep: deep) == nil }
            return fits ? nil : "the value matches no variant of union '\(model.name)'"
        default: return "the value does not match type '\(type)'"
        }
    }
}
