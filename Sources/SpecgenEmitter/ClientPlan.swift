package import SpecgenSpec

/// Every Swift-side decision about one API, made once by ``ClientPlanner``; emitters only print it.
package struct ClientPlan: Hashable, Sendable {
    /// The module-level name, such as `Chatist`.
    package var apiName: String
    /// The spec's path as given to the generator (package-relative), for headers and doc comments.
    package var sourcePath: String
    /// The spec's description and version.
    package var documentation: String?
    /// The spec's version.
    package var version: String
    /// Names of the generated top-level types.
    package var names: GeneratedNames
    /// Servers, in spec order.
    package var servers: [ServerPlan]
    /// Whether endpoints name other server URLs (`server:`), so servers list them and the client can split them.
    package var hasNamedServerURLs: Bool { servers.contains { !$0.urls.isEmpty } }
    /// Whether some operation pages by `Link` headers, whose walk makes each page's call through `with(_:)` of a
    /// `PageLink`.
    package var hasLinkPaging: Bool {
        operations.contains { if case .links? = $0.pagination?.style { true } else { false } }
    }
    /// Headers every request carries.
    package var defaultHeaders: [HeaderValue]
    /// Auth schemes, in spec order.
    package var authSchemes: [AuthPlan]
    /// The arguments of the API-wide `RetryPolicy`.
    package var retryPolicy: [String]?
    /// Wire names of sensitive fields, for log redaction.
    package var sensitiveNames: [String]
    /// Models, in spec order.
    package var models: [ModelPlan]
    /// Error enums: the API's first, then one per operation with its own documented errors.
    package var errors: [ErrorPlan]
    /// Operations, in spec order.
    package var operations: [OperationPlan]
}

/// A header name and value.
package struct HeaderValue: Hashable, Sendable {
    /// The wire name.
    package var name: String
    /// The value.
    package var value: String
}

/// One server.
package struct ServerPlan: Hashable, Sendable {
    /// A named base URL of the server.
    package struct NamedURL: Hashable, Sendable {
        /// The name endpoints give with `server:`.
        package var name: String
        /// The URL, placeholders included.
        package var url: String
    }

    /// The case name.
    package var caseName: String
    /// The URL as the spec writes it, placeholders included.
    package var url: String
    /// Its description.
    package var documentation: String?
    /// Its variables: the case's associated values, each with its default.
    package var variables: [ServerVariablePlan] = []
    /// Its other base URLs.
    package var urls: [NamedURL] = []

    /// The case as a pattern that binds the variables `templates` use (`.production(let region, _)`), or its
    /// bare name.
    package func pattern(binding templates: [String]) -> String {
        let bare = "." + caseName.withoutBackticks
        guard !variables.isEmpty else { return bare }
        let used = Set(templates.flatMap { TemplatePart.placeholders(in: $0) })
        if used.isEmpty { return bare }
        return bare + "(" + variables.map { used.contains($0.name) ? "let \($0.label)" : "_" }.joined(separator: ", ")
            + ")"
    }

    /// A template as a Swift string literal with each variable interpolated.
    package func literal(_ template: String) -> String {
        SwiftLiteral.interpolated(template) { name in variables.first { $0.name == name }?.textExpression }
    }
}

/// A server variable: an associated value of its server's case.
package struct ServerVariablePlan: Hashable, Sendable {
    /// One value of an enumerated variable.
    package struct Value: Hashable, Sendable {
        /// The case name.
        package var caseName: String
        /// The text the URL gets.
        package var text: String
    }

    /// The spec's name, as the URL writes it.
    package var name: String
    /// The associated value's label.
    package var label: String
    /// The nested enum of its values, or nil for a free `String`.
    package var enumName: String?
    /// Its values, when enumerated.
    package var values: [Value]
    /// The default, as a Swift expression.
    package var defaultExpression: String
    /// Its description.
    package var documentation: String?

    /// The Swift type of the associated value.
    package var typeName: String { enumName ?? "String" }

    /// The value as URL text: an enum's raw value, or free text percent-encoded so the URL always parses.
    package var textExpression: String {
        enumName == nil ? "PercentEncoding.encodeComponent(\(label))" : "WireForm.of(\(label))"
    }
}

/// One auth scheme and how the client's initializer takes its credentials.
package struct AuthPlan: Hashable, Sendable {
    /// How a scheme authorizes requests.
    package enum Kind: Hashable, Sendable {
        /// A bearer token from a ``TokenProvider``.
        case bearer
        /// A user name and password in `Authorization: Basic`.
        case basic
        /// An API key in a header or query item.
        case apiKey(name: String, inQuery: Bool)
        /// An OAuth2 token flow against `tokenPath`, with the client's id and secret when a grant needs them.
        case oauth2(tokenPath: String, usernameField: String, leeway: Double, client: ClientCredentialsPlan?)
    }

    /// How the client's initializer takes an OAuth2 client id and secret.
    package struct ClientCredentialsPlan: Hashable, Sendable {
        /// The initializer parameter.
        package var parameterName: String
        /// Whether the client credentials grant is the only way to a token (a required parameter).
        package var required: Bool
        /// Whether the id and secret go in form fields rather than `Authorization: Basic`.
        package var inBody: Bool
        /// The scopes asked for.
        package var scopes: [String]
    }

    /// The spec's name, which requests carry as `authScheme`.
    package var specName: String
    /// The initializer parameter.
    package var parameterName: String
    /// For OAuth2, the client property holding the flow.
    package var flowProperty: String?
    /// For OAuth2 whose token URL lies on another host than the servers, the initializer parameter that replaces it
    /// (a staging auth server); nil when the token URL follows the client's base URL.
    package var tokenURLParameter: String? = nil
    /// The kind.
    package var kind: Kind
    /// Whether some operation requires it (a required initializer parameter).
    package var required: Bool
    /// Its description.
    package var documentation: String?
}

/// A model: struct, enum or alias.
package enum ModelPlan: Hashable, Sendable {
    case object(ObjectPlan)
    case enumeration(EnumPlan)
    case alias(AliasPlan)
    case union(UnionPlan)
}

/// A union model: an enum with a case per variant and one that keeps variants this client does not know.
package struct UnionPlan: Hashable, Sendable {
    /// One variant.
    package struct Case: Hashable, Sendable {
        /// The case name.
        package var name: String
        /// The Swift type of its value.
        package var type: String
        /// The variant as the spec writes it, which names it in decoding reasons.
        package var specType: String
        /// The discriminator's values that select it, in a discriminated union (empty in another). With one, the
        /// client writes it when it encodes the case; with several, the value's own property says which.
        package var tags: [String]
        /// The string constants its properties declare (`object: card`), which an undiscriminated union checks
        /// before trying it; wire name and value, in spec order.
        package var constants: [[String]]
        /// Its doc comment.
        package var documentation: String?
        /// How its value's constraints are checked (`.nested` or `.eachNested`), when it has any.
        package var validation: ValidationPlan.Check?
        /// Whether its value is large enough to be stored out of line (`indirect case`), as ``ModelLayout`` decides.
        package var isIndirect = false
    }

    /// The type name.
    package var typeName: String
    /// Its doc comment.
    package var documentation: String?
    /// Its deprecation message, if deprecated.
    package var deprecation: String?
    /// The property that names the variant, or nil to try the variants in order.
    package var discriminator: String?
    /// The variants, in spec order.
    package var cases: [Case]
    /// Whether a value can hold the union again inside itself, so Swift must store it `indirect`.
    package var isIndirect = false
    /// The modules the variants' types come from.
    package var usage: ModuleUsage
    /// The spec key path, such as `models.PaymentSource`.
    package var keyPath: String
}

/// A struct model.
package struct ObjectPlan: Hashable, Sendable {
    /// The type name.
    package var typeName: String
    /// Its doc comment.
    package var documentation: String?
    /// Its deprecation message (`""` for a bare deprecation), if deprecated.
    package var deprecation: String?
    /// The properties.
    package var properties: [PropertyPlan]
    /// The Swift type of the properties it keeps beyond its own (`additionalProperties`), or nil.
    package var additionalProperties: String?
    /// The modules its properties' types come from.
    package var usage: ModuleUsage {
        properties.reduce(into: additionalProperties == nil ? [] : .runtime) { $0.formUnion($1.usage) }
    }
    /// Whether it is `Codable`: false for a struct that travels only as parameters, form fields and multipart text.
    package var isCodable: Bool
    /// Whether it needs handwritten `init(from:)` / `encode(to:)` (`??` fields, defaults of required fields).
    package var customCoding: Bool
    /// Whether some property's Swift name differs from its wire name.
    package var needsCodingKeys: Bool
    /// Constraint checks, if any (its own and its nested models').
    package var validations: [ValidationPlan]
    /// Whether its description must hide sensitive properties.
    package var hasSensitive: Bool
    /// The spec key path, such as `models.Ticket`.
    package var keyPath: String
}

/// How a date property in a format other than ISO 8601 date-time is coded: through a runtime property wrapper that
/// names a format type, so a `Codable` model keeps its synthesized coding.
package struct DateCodingPlan: Hashable, Sendable {
    /// The property wrapper, such as `FormattedDate<CalendarDateFormat>` or `OptionalFormattedDate<UpdatedAtFormat>`.
    package var wrapper: String
    /// The format type the model declares for a pattern, such as `UpdatedAtFormat`; nil when the runtime has one.
    package var formatTypeName: String?
    /// The `DateFormat` expression, such as `.pattern("yyyy-MM-dd HH:mm:ss")`.
    package var format: String
}

/// One property of a struct model, or one parameter of an operation.
package struct PropertyPlan: Hashable, Sendable {
    /// The Swift name, escaped if it is a keyword.
    package var name: String
    /// The wire name.
    package var wireName: String
    /// The Swift type with its optionality, such as `String?` or `Nullable<String>?`.
    package var type: String
    /// The Swift type without optionality.
    package var baseType: String
    /// Required, optional (`?`) or nullable (`??`).
    package var presence: Presence
    /// A Swift default-value expression.
    package var defaultValue: String?
    /// How a date in a format other than ISO 8601 date-time is coded.
    package var dateCoding: DateCodingPlan?
    /// Its doc comment.
    package var documentation: String?
    /// Its deprecation message, if deprecated.
    package var deprecation: String?
    /// Whether logs and descriptions hide it.
    package var sensitive: Bool
    /// How a single value becomes text (paths, queries, headers, forms), when it is a scalar.
    package var textForm: TextForm?
    /// What it is in a multipart body.
    package var partKind: PartKind
    /// The modules its Swift type comes from.
    package var usage: ModuleUsage
    /// Whether a model stores it out of line (`@Indirect`), as ``ModelLayout`` decides.
    package var isIndirect = false

    /// Whether the Swift type is optional.
    package var isOptional: Bool { presence != .required }
    /// Whether it has a default and may be left out of an initializer call.
    package var hasDefault: Bool { defaultValue != nil || isOptional }
    /// Whether it carries a doc comment or a deprecation.
    package var isDocumented: Bool { documentation != nil || deprecation != nil }
}

/// How a scalar value becomes text (path segments, query items, headers, form fields, text parts).
package enum TextForm: Hashable, Sendable {
    case string, describing, rawValue, integerRawValue, uuid, url, base64
    case date(format: String)

    /// The Swift expression for the text of `value`. A number's or a Bool's is its `description`, the text
    /// `String(value)` gives too, without the dozen initializers `String(...)` makes the type checker weigh (about
    /// 1 ms a use, against 0.4 ms).
    package func expression(_ value: String) -> String {
        switch self {
        case .string: value
        case .describing: "\(value).description"
        case .rawValue: "WireForm.of(\(value))"
        case .integerRawValue: "WireForm.of(\(value)).description"
        case .uuid: "\(value).uuidString"
        case .url: "\(value).absoluteString"
        case .base64: "\(value).base64EncodedString()"
        case .date(let format): "\(format).string(from: \(value))"
        }
    }
}

/// A constraint check on a value.
package struct ValidationPlan: Hashable, Sendable {
    /// One check.
    package enum Check: Hashable, Sendable {
        case pattern(String)
        case length(min: Int?, max: Int?)
        case range(min: Double?, max: Double?)
        case items(min: Int?, max: Int?)
        /// The value is a model with its own `validate()`.
        case nested
        /// The value is an array or dictionary of such models.
        case eachNested(isMap: Bool)
    }

    /// The Swift expression of the value (a property or parameter name).
    package var value: String
    /// The field as failures name it (`userId`, `RegisterModel.email`).
    package var field: String
    /// Whether the value is optional, or nullable.
    package var presence: Presence
    /// The checks.
    package var checks: [Check]
}

/// A forward-compatible string enum.
package struct EnumPlan: Hashable, Sendable {
    /// The type name.
    package var typeName: String
    /// Its doc comment.
    package var documentation: String?
    /// Its deprecation message, if deprecated.
    package var deprecation: String?
    /// The documented cases.
    package var cases: [EnumCasePlan]
    /// The Swift type of the raw values: `String`, or `Int` for an integer enum.
    package var rawType: String
    /// The spec key path, such as `models.TicketState`.
    package var keyPath: String
}

/// One enum case.
package struct EnumCasePlan: Hashable, Sendable {
    /// The case name, escaped if needed.
    package var name: String
    /// The wire value.
    package var rawValue: String
    /// Its doc comment.
    package var documentation: String?
    /// Its deprecation message, if deprecated.
    package var deprecation: String?
}

/// A type alias.
package struct AliasPlan: Hashable, Sendable {
    /// The alias name.
    package var typeName: String
    /// The aliased Swift type.
    package var target: String
    /// The modules the target type comes from.
    package var usage: ModuleUsage
    /// Its doc comment.
    package var documentation: String?
    /// Its deprecation message, if deprecated.
    package var deprecation: String?
    /// The spec key path, such as `models.TicketID`.
    package var keyPath: String
}

/// An error enum: documented responses plus the runtime's failures.
package struct ErrorPlan: Hashable, Sendable {
    /// The type name.
    package var typeName: String
    /// Its doc comment.
    package var documentation: String
    /// The documented cases.
    package var cases: [ErrorCasePlan]
    /// The error type this one is a `typealias` of, when an earlier operation (or the API) documents the same
    /// cases with the same statuses, bodies and documentation: one enum serves them all, and each operation keeps its
    /// own name for it.
    package var sharedWith: String? = nil
    /// The error types that are a `typealias` of this one.
    package var sharers: [String] = []
}

/// One documented error response.
package struct ErrorCasePlan: Hashable, Sendable {
    /// The case name.
    package var name: String
    /// The status as the spec writes it: `404`, `5XX` or `default`.
    package var status: StatusPattern
    /// The body's Swift type, if the response has one.
    package var bodyType: String?
    /// The modules the body type comes from.
    package var bodyUsage: ModuleUsage
    /// Its doc comment.
    package var documentation: String?

    /// A `switch` pattern for the status: `404` or `500..<600`.
    package var statusPattern: String { status.switchPattern }
    /// Whether it is a range, so the case carries the status.
    package var isRange: Bool { status.isRange }
    /// Whether it answers every status documented nowhere else (`default`): the switch's last case.
    package var isFallback: Bool { status == .other }
}
