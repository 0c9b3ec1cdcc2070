/// A way a client authenticates.
public struct AuthScheme: Hashable, Sendable {
    /// What kind of credential, and where it goes.
    public enum Kind: Hashable, Sendable {
        /// `Authorization: Bearer <token>`, the token given by the app (static or from a provider).
        case bearer
        /// `Authorization: Basic <base64 of user:password>` (RFC 7617), the pair given by the app.
        case basic
        /// A key in a header or query item.
        case apiKey(name: String, location: APIKeyLocation)
        /// Tokens from an OAuth2-style token endpoint, refreshed as needed.
        case oauth2(OAuth2Flow)
    }

    /// The scheme's name, which endpoints and `security` refer to.
    public var name: String
    /// What kind it is.
    public var kind: Kind
    /// What it is for.
    public var description: String?
    /// Whether the spec says the API takes a query API key nowhere else (`acceptQuery: true`), so lint does not
    /// warn that it ends up in logs.
    public var acceptsQuery = false
    /// Where it is declared.
    public var location: SourceLocation

    /// Creates a scheme.
    public init(name: String, kind: Kind, description: String? = nil, location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.description = description
        self.location = location
    }

    /// Whether two kinds take the same credential from the app (a key sent in another place, tokens fetched at
    /// another URL or with other grants into the same token store), so that only the wire tells them apart.
    package static func sameCredential(_ a: Kind, _ b: Kind) -> Bool {
        switch (a, b) {
        case (.bearer, .bearer), (.basic, .basic), (.apiKey, .apiKey), (.oauth2, .oauth2): true
        default: false
        }
    }
}

/// Where an API key is sent.
public enum APIKeyLocation: String, Hashable, Sendable {
    case header, query
}

/// An OAuth2 grant the token endpoint accepts.
public enum OAuth2Grant: String, Hashable, Sendable, CaseIterable {
    case password
    case refreshToken = "refresh_token"
    case clientCredentials = "client_credentials"
    case authorizationCode = "authorization_code"
}

/// How a confidential client proves itself to the token endpoint (RFC 6749 section 2.3.1).
public enum OAuth2ClientAuthentication: String, Hashable, Sendable, CaseIterable {
    /// `Authorization: Basic` with the client id and secret, which every server must accept.
    case basic
    /// `client_id` and `client_secret` form fields.
    case body
}

/// The token endpoint of an OAuth2-style scheme.
public struct OAuth2Flow: Hashable, Sendable {
    /// The token endpoint's path, relative to the server URL.
    public var tokenURL: String
    /// The grants it accepts.
    public var grants: [OAuth2Grant]
    /// The form field that carries the user name in the password grant (`username` in RFC 6749).
    public var usernameField: String
    /// Seconds before expiry at which a token counts as expired, so it is refreshed before the server rejects it.
    public var refreshLeeway: Double
    /// The scopes asked for in the client credentials grant; empty asks for the server's default.
    public var scopes: [String]
    /// How the client id and secret reach the token endpoint.
    public var clientAuthentication: OAuth2ClientAuthentication
    /// Where the app sends the user to sign in, for the authorization_code grant.
    public var authorizationURL: String?

    /// RFC 6749's name of the password grant's user field, which a spec need not write.
    public static let defaultUsernameField = "username"
    /// The refresh leeway in seconds a spec need not write.
    public static let defaultRefreshLeeway: Double = 30

    /// Creates a flow.
    public init(
        tokenURL: String, grants: [OAuth2Grant], usernameField: String = OAuth2Flow.defaultUsernameField,
        refreshLeeway: Double = OAuth2Flow.defaultRefreshLeeway,
        scopes: [String] = [], clientAuthentication: OAuth2ClientAuthentication = .basic,
        authorizationURL: String? = nil
    ) {
        self.tokenURL = tokenURL
        self.grants = grants
        self.usernameField = usernameField
        self.refreshLeeway = refreshLeeway
        self.scopes = scopes
        self.clientAuthentication = clientAuthentication
        self.authorizationURL = authorizationURL
    }

    /// Whether the client authenticates itself with an id and secret: the client credentials grant needs them.
    public var usesClientCredentials: Bool { grants.contains(.clientCredentials) }

    /// Whether the client credentials grant is the only way to a first token, so the app must supply them.
    public var needsClientCredentials: Bool {
        usesClientCredentials && !grants.contains(.password) && !grants.contains(.authorizationCode)
    }
}

/// Which schemes an endpoint accepts: none, one, or several alternatives in order of preference; the credential
/// may be optional.
public struct AuthRequirement: Hashable, Sendable {
    /// The schemes' names, in the spec's order; empty for `none`. With several, a client authenticates with the first
    /// one it has a credential for, and the server accepts any of them (Stripe's basic or bearer secret key).
    public var schemes: [String]
    /// Whether the request is still sent when the app has no credential (Gista's optional bearer).
    public var optional: Bool
    /// Where it is written.
    public var location: SourceLocation
    /// Where each scheme's name is written, parallel to ``schemes``.
    public var schemeLocations: [SourceLocation]

    /// Creates a requirement.
    public init(
        schemes: [String], optional: Bool = false, location: SourceLocation, schemeLocations: [SourceLocation]? = nil
    ) {
        self.schemes = schemes
        self.optional = optional
        self.location = location
        self.schemeLocations = schemeLocations ?? schemes.map { _ in location }
    }

    /// Creates a requirement of one scheme, or of none when `scheme` is nil.
    public init(scheme: String?, optional: Bool = false, location: SourceLocation) {
        self.init(schemes: scheme.map { [$0] } ?? [], optional: optional, location: location)
    }

    /// Whether the endpoint takes no credential at all (`none`).
    public var isNone: Bool { schemes.isEmpty }

    /// `none`, `key`, `key?`, or alternatives joined by `|` (`partner|account?`): how surfaces and diff messages
    /// name it.
    public var summary: String {
        schemes.isEmpty ? "none" : schemes.joined(separator: "|") + (optional ? "?" : "")
    }
}

extension Spec {
    /// A URL below one of the spec's server URLs as the path from that URL (`https://api.example.com/v1/oauth/token`
    /// below `https://api.example.com/v1` is `/oauth/token`), which a client resolves against whatever base URL it
    /// was given; nil for a URL elsewhere, or a path already.
    public func pathBelowServer(_ url: String) -> String? {
        Self.path(of: url, below: servers.map(\.url))
    }

    /// `url` as the path from the first of `serverURLs` it lies below, a `{variable}` in a server URL standing for
    /// any value without a `/` (`https://eu.api.example/v1/token` is below `https://{region}.api.example/v1`); nil
    /// when it lies below none.
    public static func path(of url: String, below serverURLs: [String]) -> String? {
        for serverURL in serverURLs {
            let base = serverURL.hasSuffix("/") ? String(serverURL.dropLast()) : serverURL
            let parts = TemplatePart.parts(of: base + "/")
            if let rest = remainder(of: Substring(url), after: parts[...]) { return "/" + rest }
        }
        return nil
    }

    /// What follows the part of `text` that the template `parts` match from the start, or nil when they do not.
    private static func remainder(of text: Substring, after parts: ArraySlice<TemplatePart>) -> Substring? {
        switch parts.first {
        case nil:
            return text
        case .literal(let literal)?:
            guard text.hasPrefix(literal) else { return nil }
            return remainder(of: text.dropFirst(literal.count), after: parts.dropFirst())
        case .placeholder?:
            // A variable takes one character or more, up to a `/`; the shortest value the rest matches after wins.
            var end = text.startIndex
            while end < text.endIndex, text[end] != "/" {
                end = text.index(after: end)
                if let rest = remainder(of: text[end...], after: parts.dropFirst()) { return rest }
            }
            return nil
        }
    }
}
