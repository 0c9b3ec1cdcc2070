public import SpecgenSpec
import SpecgenSpecWriter
import SpecgenYAML

/// Reads an OpenAPI 3.0 or 3.1 or Swagger 2.0 document (YAML or JSON, `$ref`s across files) and writes the spec a
/// person would have written for it, with a located warning in the OpenAPI document for everything the spec cannot
/// say.
///
/// The import never gives up on a document a real API publishes: a dangling `$ref`, 3.0 and 3.1 keywords mixed, a
/// `$ref` beside other keys, a path key with `?` or `#`, a body on a GET, each gets a warning and the most sensible
/// reading. Only a root file that cannot be read or parsed, or that is not an OpenAPI document, is an error.
public struct OpenAPIImporter: Sendable {
    /// Words in an extension's name that say it changes what a client sends or reads (`x-fern-streaming`,
    /// `x-nullable`, `x-enum-varnames`, `x-speakeasy-retries`, Azure's `x-ms-pageable` and
    /// `x-ms-long-running-operation`): such an extension is reported when the import does not read it.
    public static let meaningfulExtensionWords = [
        "stream", "nullable", "enum", "paginat", "pageable", "paging", "retr", "idempot", "timeout", "long-running",
        "poll",
    ]

    /// The API's name, also the module's; from the document's title when nil.
    public var name: String?

    /// The operations to import, by the options file's `operations` (every one when it selects none).
    public var selection: GenerationOptions

    /// Creates an importer.
    public init(name: String? = nil, selection: GenerationOptions = GenerationOptions()) {
        self.name = name
        self.selection = selection
    }

    /// Imports the document at `path`, reading it and every file its `$ref`s reach through `read` (relative
    /// references resolve against the referring file's folder).
    public func importDocument(at path: String, read: @escaping (String) -> [UInt8]?) -> OpenAPIImport {
        let run = ImportRun(documents: OpenAPIDocuments(read: read), name: name, selection: selection)
        return run.run(path)
    }
}

/// What an import produced: the spec's text (nil when the root document could not be read), the warnings located in
/// the OpenAPI document, and counts for reports.
public struct OpenAPIImport: Sendable {
    /// The spec, as YAML text.
    public var spec: String?
    /// The same spec as a value whose operations, models and properties are located in the document (the text's
    /// locations are its own lines): what `specgen diff` compares when given OpenAPI documents.
    package var value: Spec?
    /// Errors (the document could not be read) and warnings (what the spec could not say), in file order.
    public var diagnostics: [Diagnostic]
    /// What was imported.
    public var summary: ImportSummary

    /// The spec checked as `specgen lint` checks it, its diagnostics located in the file at `path`: what
    /// `Spec.load` of the written text gives, so an import is known whole only once its output loads.
    public func checked(as path: String) -> LoadedSpec {
        Spec.load(bytes: Array((spec ?? "").utf8), path: path)
    }
}

/// Counts of an import, for the CLI's last line and the corpus report.
public struct ImportSummary: Hashable, Sendable {
    /// Operations in the OpenAPI document.
    public var documentOperations = 0
    /// Schemas under `components/schemas` (and other files' schemas a `$ref` reaches).
    public var documentSchemas = 0
    /// Endpoints in the spec.
    public var endpoints = 0
    /// Operations offered as JSON or as a stream, which have a second endpoint for the streamed form
    /// (`createCompletionStream`); the spec's endpoints are `endpoints + streamedForms`.
    public var streamedForms = 0
    /// Operations of the document not imported, each with a warning saying why (a `TRACE` operation, a `$ref`
    /// that resolves nowhere): `endpoints + skippedOperations + leftOut == documentOperations`.
    public var skippedOperations = 0
    /// Operations of the document the options' selection leaves out, as asked.
    public var leftOut = 0
    /// Models in the spec.
    public var models = 0
    /// Schemas the spec types as `json` because it has no closer type for them.
    public var jsonFallbacks = 0
    /// Warnings by kind (`json-fallback`, `dangling-ref`, ...).
    public var warnings: [String: Int] = [:]

    /// `operations 3/3, models 5 (schemas 3), json fallbacks 0, warnings: ref-siblings 2`.
    public var description: String {
        let kinds = warnings.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return "imported \(endpoints) of \(documentOperations) operations "
            + (leftOut == 0 ? "" : "(\(leftOut) left out by the options) ") + "and \(models) models "
            + "(\(documentSchemas) schemas, \(jsonFallbacks) typed as json"
            + (streamedForms == 0 ? ")" : ", \(streamedForms) streamed \(streamedForms == 1 ? "form" : "forms"))")
            + (kinds.isEmpty ? "" : "; warnings: \(kinds)")
    }
}

/// How a schema is used, which decides what `format: binary` and objects become.
enum SchemaUsage {
    case json, form, multipart, parameter, header
}

/// One import: the documents, the models and endpoints written so far, and what was lost.
final class ImportRun {
    let documents: OpenAPIDocuments
    let requestedName: String?
    /// The operations an app asked for (`--options`): the spec keeps them and the models they reach.
    let selection: GenerationOptions
    let namer = Namer()
    var root: DocNode?
    var summary = ImportSummary()
    /// What the document says of the API as a whole, read before its operations.
    var facts = DocumentFacts()
    /// Where what the import made stands in the document.
    var places = ImportPlaces()
    /// What translating the operations noted for the passes over the whole spec.
    var notes = EndpointNotes()
    /// The warnings given so far, by place and message.
    private var warned: Set<Warned> = []

    /// Models in the order they are written; a model's slot is taken before its schema is read, so a model comes
    /// before the models named after its parts.
    var models: [(name: String, model: Model?)] = []
    var modelIndex: [String: Int] = [:]
    /// The positions of the document's `components/schemas`, by key, and of the models they became, by name.
    var componentOrder: [String: Int] = [:]
    var componentPositions: [String: Int] = [:]
    var takenTypeNames: Set<String> = []
    /// Models already made from a `$ref` target, by the target's canonical key.
    var referenced: [String: String] = [:]
    /// What each model is, for the checks that depend on it (includes, form fields, discriminators, pagination).
    var shapes: [String: ModelShape] = [:]
    /// The struct of a base schema's own properties, by the union the base became, for its subtypes to include.
    var hierarchyBases: [String: String] = [:]
    /// The base schema each such struct was made from, kept when the hierarchy is not (the struct stays a model).
    var baseStructs: [String: String] = [:]
    /// The discriminator property and the variants, with their tags, of each union a base schema became.
    var hierarchyVariants: [String: (property: String, variants: [(model: String, tags: [String])])] = [:]
    /// The streamed form of each body model, made once for every operation that streams it
    /// (`ChatCompletionRequest` → `ChatCompletionRequestStream`), so its name never depends on which comes first.
    var streamForms: [String: String] = [:]
    /// Models that may be `null` wherever they are used (`nullable: true` on the schema itself).
    var nullableModels: Set<String> = []
    /// The parameters operations use, and the path items' ones they replace.
    var parameterUses = ParameterUses()

    init(documents: OpenAPIDocuments, name: String?, selection: GenerationOptions = GenerationOptions()) {
        self.documents = documents
        self.requestedName = name
        self.selection = selection
    }

    /// Warns once per place and message: a schema read again where another operation uses it says nothing new. A
    /// warning `covering` a part of the document stands for all of it: the
    /// ledger reports none of the keys in it as unread (``reportUnreadKeys()``).
    func warn(
        _ kind: ImportWarning, at location: SourceLocation, _ message: String, fix: String? = nil,
        covering part: DocNode? = nil
    ) {
        if let part { cover(part) }
        guard warned.insert(Warned(location: location, message: message)).inserted else { return }
        summary.warnings[kind.rawValue, default: 0] += 1
        documents.warn(at: location, message, fix: fix, kind: kind.rawValue)
    }

    /// Notes all of a part of the document as accounted for: a warning stands for it (``ReadLedger/cover(_:in:)``).
    func cover(_ part: DocNode) { documents.ledger.cover(part.node, in: part.file) }

    /// Accounts for a part the spec either keeps whole or not at all: covered when it `loses` nothing, else reported
    /// with a warning that stands for all of it.
    func account(
        for part: DocNode, loses: Bool, _ kind: ImportWarning, at location: SourceLocation,
        _ message: @autoclosure () -> String, fix: String
    ) {
        if loses { warn(kind, at: location, message(), fix: fix, covering: part) } else { cover(part) }
    }

    func run(_ path: String) -> OpenAPIImport {
        guard let root = documents.root(of: path) else {
            return OpenAPIImport(spec: nil, value: nil, diagnostics: documents.diagnostics, summary: summary)
        }
        if let refusal = Self.refusal(of: root) {
            let diagnostic = Diagnostic(.error, at: refusal.location, refusal.message, fix: refusal.fix)
            return OpenAPIImport(
                spec: nil, value: nil, diagnostics: documents.diagnostics + [diagnostic], summary: summary)
        }
        self.root = root
        let version = root.string("openapi") ?? ""
        facts.isVersion31 = version.hasPrefix("3.1") || version.hasPrefix("3.2")
        if !version.hasPrefix("3.") {
            warn(
                .version, at: (root["openapi"] ?? root).location,
                "'\(version)' is not OpenAPI 3.0 or 3.1; reading it as 3.1",
                fix: "write the version the document follows")
        }

        let info = root["info"]
        var spec = Spec(
            name: apiName(info?.string("title")), version: info?.string("version") ?? "0",
            description: info?.string("description") ?? info?.string("summary"), location: Self.unlocated)
        let servers = self.servers(root["servers"])
        let document = readDocument(root)
        summary.documentOperations = document.documentOperations
        summary.skippedOperations = document.skippedOperations
        facts.defaultHeaders = fixedHeaders(document)
        (spec.authSchemes, spec.security) = self.security(root)
        let behaviour = self.behaviour(root, operation: false)
        if case .policy(let policy)? = behaviour.retry { spec.retry = policy }
        spec.requestSettings = behaviour.settings
        facts.apiRetry = spec.retry

        // Components first, in document order, so models read in the order the document declares them.
        for schema in document.schemas { componentOrder[schema.key] = schema.position }
        let schemas = document.schemas.filter { !$0.isExportsOwn }
        summary.documentSchemas += schemas.count
        for schema in schemas { _ = modelName(forReference: Self.componentReference(schema.key), from: root) }
        let endpoints = self.endpoints(document, security: spec.security)
        spec.webhooks = importWebhooks(root)
        (spec.errors, spec.endpoints) = hoistSharedErrors(endpoints)
        spec.servers = serversWithURLs(servers)
        spec.defaultHeaders = facts.defaultHeaders.map {
            DefaultHeader(name: $0.name, value: $0.value, location: Self.unlocated)
        }
        let anchors = modelAnchors()
        let written = models.indices.sorted { (anchors[$0], $0) < (anchors[$1], $1) }.compactMap { models[$0].model }
        // Structs get what they include, and a union's variants the tags their constants give, as loading does.
        spec.models = ModelCompletion.completed(written)
        nameAdditionalPropertiesFields(&spec)
        summary.endpoints = spec.endpoints.count - summary.streamedForms
        summary.models = written.count

        // What depends on the whole spec is settled by asking SpecgenSpec about it, as lint and the generator see
        // it: which structs hold themselves, how each list is paged (commented with what showed it), which models
        // no operation carries, in which order a union's variants can each be chosen, which model names a
        // generated type takes. A union variant dropped by one pass can leave models that only it used, which the
        // next marks; so do models that only hold each other, once the roots are marked.
        breakStructCycles(in: &spec)
        dropRefusedDiscriminators(&spec)
        settleWebhooks(&spec)
        var comments: [String: String] = [:]
        for index in spec.endpoints.indices where spec.endpoints[index].pagination == nil {
            let endpoint = spec.endpoints[index]
            guard let (pagination, reason) = pagination(of: endpoint, in: spec) else { continue }
            spec.endpoints[index].pagination = pagination
            comments["endpoints.\(endpoint.name).paginate"] = reason
        }
        leaveOutRefusedPaging(&spec, comments: &comments)
        for _ in 0..<4 {
            let before = spec
            settle(&spec)
            if spec == before { break }
        }
        settleResources(&spec, declaredTags: document.declaredTags)
        filesInJSONAsBytes(&spec)
        dropIllTypedExamples(&spec)
        select(&spec)
        warnRequiredNullables(in: spec)
        reportUnreadKeys()
        let header = [
            "Imported from \(Self.lastComponent(path)) by `specgen import-openapi`; edit the document and re-import,",
            "or edit this spec and stop importing.",
        ]
        return OpenAPIImport(
            spec: SpecWriter(header: header, comments: comments).text(of: spec), value: located(spec),
            diagnostics: documents.diagnostics.sortedForDisplay(), summary: summary)
    }

    /// The keys of a path item that are operations.
    static let httpMethods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// A struct that holds itself through other structs alone (Stripe's payment intent, whose last error holds a
    /// payment intent) has no finite size in Swift; the field that closes the loop is typed `json`, with a warning
    /// located where the document declares it. A loop through a union needs nothing: the generator stores such
    /// unions `indirect`. Models are walked in the order they were made, fields in the order they are declared.
    func breakStructCycles(in spec: inout Spec) {
        var indices: [String: Int] = [:]
        for (index, model) in spec.models.enumerated() { indices[model.name] = index }
        var state: [String: Int] = [:]  // 1 on the path, 2 done
        func visit(_ model: String) {
            guard let index = indices[model] else { return }
            state[model] = 1
            for field in spec.models[index].fields {
                guard let target = field.type.name, let targetIndex = indices[target],
                    case .object = spec.models[targetIndex].kind
                else { continue }
                if state[target] == 1 {
                    retype(field.wireName, of: index, in: &spec) { field in
                        field.type = .primitive(.json)
                        field.constraints = Constraints()
                        field.format = nil
                        field.constant = nil
                        field.defaultValue = nil
                    }
                    let declared = shapes[model].flatMap { shape -> SourceLocation? in
                        guard case .object(let fields, _) = shape else { return nil }
                        return fields.first { $0.wireName == field.wireName }?.location
                    }
                    warn(
                        .recursiveStruct, at: declared ?? SourceLocation(path: root?.file ?? "", line: 1, column: 1),
                        "'\(model).\(field.wireName)' holds '\(target)', which holds '\(model)' again through structs "
                            + "alone; typed as json",
                        fix: "make one of them a oneOf, or refer to it by ID")
                    summary.jsonFallbacks += 1
                } else if state[target] == nil {
                    visit(target)
                }
            }
            state[model] = 2
        }
        for model in models.map(\.name) where state[model] == nil { visit(model) }
    }

    /// Changes a struct's field. A field the struct has from a model it includes is changed where it is declared and
    /// in every struct that includes that model, so that they still agree.
    func retype(_ wireName: String, of modelIndex: Int, in spec: inout Spec, _ change: (inout Field) -> Void) {
        func holds(_ name: String) -> Bool {
            spec.model(named: name)?.fields.contains { $0.wireName == wireName } == true
        }
        var declaring = spec.models[modelIndex].name
        var seen: Set<String> = [declaring]
        while let next = spec.model(named: declaring)?.includes.first(where: { holds($0.name) }),
            seen.insert(next.name).inserted
        {
            declaring = next.name
        }
        func includes(_ model: Model, _ target: String, _ visited: inout Set<String>) -> Bool {
            model.includes.contains { reference in
                guard visited.insert(reference.name).inserted else { return false }
                return reference.name == target
                    || (spec.model(named: reference.name).map { includes($0, target, &visited) } ?? false)
            }
        }
        for index in spec.models.indices {
            var visited: Set<String> = []
            guard spec.models[index].name == declaring || includes(spec.models[index], declaring, &visited),
                case .object(var fields) = spec.models[index].kind,
                let fieldIndex = fields.firstIndex(where: { $0.wireName == wireName })
            else { continue }
            change(&fields[fieldIndex])
            spec.models[index].kind = .object(fields)
        }
    }
}

/// What a model is, as later decisions need to know it.
enum ModelShape {
    case object(fields: [ImportedField], open: Bool)
    case enumeration(values: [String], integer: Bool)
    case union
    case alias(TypeRef)
}

/// A struct field as imported: the spec's field, and where the document declares it.
struct ImportedField: Hashable {
    var field: Field
    /// Where the property is declared in the document.
    var location: SourceLocation?

    var wireName: String { field.wireName }
    var type: TypeRef {
        get { field.type }
        set { field.type = newValue }
    }
    /// Whether it may be absent (or null).
    var optional: Bool {
        get { field.presence != .required }
        set { field.presence = newValue ? .optional : .required }
    }
    /// The string it always holds (a discriminator's tag), if it is a string constant.
    var constant: String? {
        if case .string(let value)? = field.constant { return value }
        return nil
    }
}

/// A warning's place and message, so it is given once.
private struct Warned: Hashable {
    var location: SourceLocation
    var message: String
}
