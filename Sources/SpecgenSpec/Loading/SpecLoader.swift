public import SpecgenYAML

/// Turns a YAML document into a ``Spec``, reporting every problem it meets instead of stopping at the first.
///
/// It checks the shape of the document (keys, value kinds, type syntax) and binds type names; the
/// ``SpecLinter`` checks what needs the whole spec.
public struct SpecLoader: Sendable {
    /// Creates a loader.
    public init() {}

    static let topLevelKeys = [
        "specgen", "name", "version", "description", "servers", "defaultHeaders", "auth", "security", "retry",
        "timeout", "cachePolicy", "errors", "models", "endpoints", "webhooks",
    ]

    /// Loads a document; problems are appended to `diagnostics`. The result is meaningful only without errors.
    public func load(_ document: YAMLDocument, diagnostics: inout [Diagnostic]) -> Spec {
        let context = LoadContext(path: document.path)
        defer { diagnostics += context.diagnostics }
        let start = SourceLocation(path: document.path, line: 1, column: 1)
        guard let root = document.root, !root.isNull else {
            context.error(.structure, at: start, "the spec is empty", fix: "start with 'specgen: 1' and 'name: MyAPI'")
            return Spec(name: "", version: "", location: start)
        }
        // An OpenAPI document given where a spec goes would get an error for each of its keys; one says what it is.
        if root["specgen"] == nil, let marker = root["openapi"] ?? root["swagger"] {
            context.error(
                .structure,
                marker, "this is an OpenAPI document, not a specgen spec",
                fix: "import it as a spec with 'specgen import-openapi \(document.path) -o Specs/<Name>.yaml'")
            return Spec(name: "", version: "", location: start)
        }
        guard let top = MappingReader(root, keyPath: "spec", allowed: Self.topLevelKeys, context: context) else {
            return Spec(name: "", version: "", location: start)
        }
        var spec = Spec(
            name: top.requiredString("name") ?? "", version: top.string("version") ?? "0",
            location: context.location(root))
        if let formatNode = top.value("specgen") {
            // `specgen: "1"` says the same as `specgen: 1`: the text is the version either way.
            if let format = formatNode.int ?? formatNode.scalar.flatMap(Int.init), format == 1 {
                spec.formatVersion = format
            } else {
                context.error(
                    .structure,
                    formatNode, "unsupported spec format '\(formatNode.scalar ?? "")'",
                    fix: "this specgen reads 'specgen: 1'")
            }
        } else {
            context.error(
                .structure,
                root, "missing 'specgen: 1' at the top of the spec", fix: "add 'specgen: 1' as the first line")
        }
        if let nameNode = top.value("name"), let name = nameNode.scalar, !name.isEmpty {
            let names = GeneratedNames(apiName: name)
            // `my-api` gives `MyAPI`, whose protocol is `MyAPIAPI`: say what is generated, and a better name.
            if names.module.hasPrefix("_") {
                // `5` would give `_5Client`: no name to mend it with, so it is refused.
                context.error(
                    .apiName,
                    nameNode, "the API's name '\(name)' does not start with a letter, so it names no Swift type",
                    fix: "start the name with a letter, such as 'API\(names.module.dropFirst())'")
            } else if names.module != name {
                let suggestion =
                    names.module.hasSuffix("API") && names.module.count > 3
                    ? String(names.module.dropLast(3)) : names.module
                context.warning(
                    nameNode,
                    "the API's name '\(name)' is not a Swift type name; its types are generated as "
                        + "'\(names.client)', '\(names.error)' and the protocol '\(names.api)'",
                    fix: "write the name the types should carry, such as '\(suggestion)'"
                )
            }
        }
        spec.description = top.documentation("description")

        var types = TypeBinder(context: context)
        if let models = top.value("models") {
            types.declare(models)
        }
        var reader = SpecReader(context: context, types: types)
        spec.servers = top.value("servers").map(reader.servers) ?? []
        spec.defaultHeaders = top.value("defaultHeaders").map(reader.defaultHeaders) ?? []
        spec.authSchemes = top.value("auth").map(reader.authSchemes) ?? []
        spec.security = top.value("security").map { reader.authRequirement($0, keyPath: "security") }
        spec.retry = top.value("retry").flatMap { reader.retryPolicy($0, keyPath: "retry", base: nil) }
        spec.requestSettings = reader.requestSettings(top)
        spec.errors = top.value("errors").map { reader.errors($0, keyPath: "errors") } ?? []
        spec.models = ModelCompletion.complete(top.value("models").map(reader.models) ?? [], context: context)
        reader.apiRetry = spec.retry
        spec.endpoints = top.value("endpoints").map(reader.endpoints) ?? []
        spec.webhooks = top.value("webhooks").flatMap(reader.webhooks)
        return spec
    }
}

/// Knows the declared model names, so a type reference is checked where it is written.
struct TypeBinder {
    let context: LoadContext
    private(set) var names: [String] = []
    private var known: Set<String> = []

    init(context: LoadContext) { self.context = context }

    mutating func declare(_ models: YAMLNode) {
        names = (models.pairs ?? []).compactMap { $0.key.scalar }
        known = Set(names)
    }

    /// Parses a type and reports any name that is neither a primitive nor a declared model.
    func resolve(_ node: YAMLNode, keyPath: String) -> TypeExpression? {
        guard let expression = TypeExpressionParser.parse(node, keyPath: keyPath, context: context) else { return nil }
        var resolved = true
        for (name, location) in expression.names where !known.contains(name) {
            resolved = false
            let suggestion = Suggestions.closest(to: name, in: names + Primitive.allCases.map(\.rawValue))
            context.error(
                .unknownType,
                at: location, "unknown type '\(name)' in '\(keyPath)'",
                fix: suggestion.map { "did you mean '\($0)'?" }
                    ?? "declare it under 'models:' or use a built-in type such as 'string'")
        }
        return resolved ? expression : nil
    }
}
