import Foundation
public import SpecgenSpec

/// Writes a spec as an OpenAPI 3.1 document, for docs tools, mock servers, fuzzers and other generators.
///
/// Everything that describes the wire is exported: servers, security schemes (bearer, API keys, the OAuth2 password
/// and client-credentials flows), paths, parameters, JSON, form, multipart and binary bodies, success and error
/// responses, models with their enums, formats, constraints, defaults, examples, descriptions and deprecations.
/// Two choices keep the document faithful where OpenAPI has no direct word:
/// - Endpoints that share a method and path (Keyz's `loginUser` and `requestToken`) become one operation, named after
///   the first, whose parameters and bodies accept what either accepts; `x-specgen-operations` holds each whole.
/// - Typed-error and union case names ride along as `x-specgen-case`, explicit date formats as
///   `x-specgen-date-format` beside the `pattern` of what they write, server names as `x-specgen-name`, Swift names
///   as `x-specgen-swift-name` (enum values' as `x-enum-varnames`), and `??` fields as `x-specgen-presence`, so
///   `import-openapi` gives the spec back (see Docs/Importing.md).
///
/// The document describes exactly what `specgen-mock` accepts and answers: an operation whose spec documents no
/// status for a bad request or credential lists the problem document servers answer with (`specgen.Rejected400`,
/// `specgen.Rejected401`; see ``RequestRejection``), `url`s refer to one `specgen.URL` schema with the pattern the
/// mock checks, integers carry their bounds, and optional JSON properties may be `null`.
///
/// Client behaviour has no OpenAPI form: pagination and polling are kept as the operation's `x-specgen-paginate` and
/// `x-specgen-poll` (the spec's `paginate:` and `poll:` as written), retries, timeouts, cache policies and
/// `idempotent: true` as `x-specgen-retry`, `x-specgen-timeout`, `x-specgen-cache-policy` and `x-specgen-idempotent`
/// (at the top for the API's, on an operation for its own). Mock sequences are left out.
public struct OpenAPIExporter: Sendable {
    /// The OpenAPI version written into every document.
    public static let openAPIVersion = "3.1.0"

    let spec: Spec
    let types: TypeResolver
    /// Models carried as JSON somewhere, whose optional properties may be `null`.
    let jsonModels: Set<String>

    /// Creates an exporter for a valid spec.
    public init(spec: Spec) {
        self.spec = spec
        types = TypeResolver(spec)
        jsonModels = ModelUsage(spec, resolver: types).jsonModels
    }

    /// The document.
    public func document() -> OpenAPIValue {
        var root = OpenAPIObject()
        root["openapi"] = .string(Self.openAPIVersion)
        var info = OpenAPIObject()
        info["title"] = .string(spec.name)
        info["version"] = .string(spec.version)
        info["description"] = spec.description.map { .string(Self.trimmed($0)) }
        root["info"] = .object(info)
        if !spec.servers.isEmpty {
            root["servers"] = servers(nil)
        }
        if let security = spec.security {
            root["security"] = securityRequirements(security)
        }
        Self.recordBehaviour(
            into: &root, retry: spec.retry.map(RetryOverride.policy), over: nil, settings: spec.requestSettings,
            idempotent: false)
        let paths = paths()
        var components = components()
        if OpenAPIValue.object(paths).mentions(Self.urlReference)
            || OpenAPIValue.object(components).mentions(Self.urlReference)
        {
            var schemas = OpenAPIObject()
            if case .object(let existing)? = components["schemas"] { schemas = existing }
            schemas[Self.urlSchemaKey] = .object(Self.urlSchema())
            components["schemas"] = .object(schemas)
        }
        root["paths"] = .object(paths)
        if let webhooks = spec.webhooks { self.webhooks(webhooks, into: &root) }
        root["components"] = .object(components)
        return .object(root)
    }

    static func value(_ value: SpecValue) -> OpenAPIValue {
        switch value {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .int(let int): .int(int)
        case .double(let double): .double(double)
        case .string(let string): .string(string)
        case .array(let items): .array(items.map(Self.value))
        case .object(let entries):
            .object(
                entries.reduce(into: OpenAPIObject()) { object, entry in object[entry.key] = Self.value(entry.value) })
        }
    }

    static let urlSchemaKey = "specgen.URL"
    static let urlReference = "#/components/schemas/\(urlSchemaKey)"

    /// Every `url` value: a non-empty URI reference, spelled out as the pattern the mock checks.
    static func urlSchema() -> OpenAPIObject {
        var object = OpenAPIObject()
        object["type"] = "string"
        object["format"] = "uri-reference"
        object["minLength"] = 1
        object["pattern"] = .string(WirePattern.uriReference)
        object["description"] = "A URL: an absolute or relative URI reference (RFC 3986)."
        return object
    }

    static func description(_ text: String?, _ deprecation: Deprecation?) -> String? {
        var parts: [String] = []
        if let text { parts.append(trimmed(text)) }
        if let deprecation { parts.append(deprecationParagraph(deprecation.message.map(trimmed))) }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    /// The paragraph a description ends with when its subject is deprecated: `Deprecated.` or `Deprecated: why`.
    static func deprecationParagraph(_ message: String?) -> String {
        "Deprecated" + (message.map { ": " + $0 } ?? ".")
    }

    /// The message of a paragraph ``deprecationParagraph(_:)`` wrote: nil for none, `.some(nil)` for a bare
    /// `Deprecated.`; import-openapi reads it back.
    static func deprecationMessage(inParagraph paragraph: String) -> String?? {
        if paragraph == deprecationParagraph(nil) { return .some(nil) }
        let prefix = "Deprecated: "
        guard paragraph.hasPrefix(prefix), paragraph.count > prefix.count else { return nil }
        return .some(String(paragraph.dropFirst(prefix.count)))
    }

    static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// A component key (letters, digits, `.`, `-`, `_`) for a header name.
    static func componentKey(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
    }

    /// Each server's own URL (nil), or its URL of that name (an endpoint's `server:`), with its variables.
    func servers(_ name: String?) -> OpenAPIValue {
        .array(
            spec.servers.compactMap { server in
                guard let url = name.map({ name in server.urls.first { $0.name == name }?.url }) ?? server.url else {
                    return nil
                }
                var object = OpenAPIObject()
                object["url"] = .string(url)
                object["description"] = .string(server.description.map(Self.trimmed) ?? server.name)
                object["x-specgen-name"] = .string(server.name)
                let used = Set(TemplatePart.placeholders(in: url))
                var variables = OpenAPIObject()
                for variable in server.variables where used.contains(variable.name) {
                    var entry = OpenAPIObject()
                    entry["default"] = .string(variable.defaultValue)
                    if !variable.values.isEmpty { entry["enum"] = .array(variable.values.map { .string($0) }) }
                    entry["description"] = variable.description.map { .string(Self.trimmed($0)) }
                    variables[variable.name] = .object(entry)
                }
                if !used.isEmpty { object["variables"] = .object(variables) }
                return .object(object)
            })
    }
}
