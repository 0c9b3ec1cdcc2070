/// A way a client authenticates.
public struct AuthScheme: Hashable, Sendable {
    /// What kind of credential, and where it goes.
    public enum Kind: Hashable, Sendable {
        /// `Authorization: Bearer <token>`, the token given by the app (static or from a provider).
        case bearer
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
    /// Where it is declared.
    public var location: SourceLocation

    /// Creates a scheme.
    public init(name: String, kind: Kind, description: String? = nil, location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.description = description
        self.location = location
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

    /// Creates a flow.
    public init(tokenURL: String, grants: [OAuth2Grant], usernameField: String = "username", refreshLeeway: Double = 30)
    {
        self.tokenURL = tokenURL
        self.grants = grants
        self.usernameField = usernameField
        self.refreshLeeway = refreshLeeway
    }
}

/// Which scheme an endpoint uses: none, or a named one, which may be optional.
public struct AuthRequirement: Hashable, Sendable {
    /// The scheme's name, or nil for `none`.
    public var scheme: String?
    /// Whether the request is still sent when the app has no credential (Gista's optional bearer).
    public var optional: Bool
    /// Where it is written.
    public var location: SourceLocation

    /// Creates a requirement.
    public init(scheme: String?, optional: Bool = false, location: SourceLocation) {
        self.scheme = scheme
        self.optional = optional
        self.location = location
    }
}
