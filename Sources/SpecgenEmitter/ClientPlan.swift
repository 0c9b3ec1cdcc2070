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
    /// The events the API sends, when its spec declares webhooks.
    package var webhooks: WebhooksPlan? = nil
    /// The modules of the app's types the options put in place of models (`AppCore`), imported where used.
    package var appModules: [String] = []
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
