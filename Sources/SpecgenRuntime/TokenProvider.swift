/// Where a bearer token comes from: a fixed string, or a closure asked on every request (for a token that
/// changes, such as one read from the Keychain). A nil token means the app has none yet.
public struct TokenProvider: Sendable, ExpressibleByStringLiteral {
    private let provide: @Sendable () async throws -> String?

    /// A provider asked on every request.
    public init(_ provide: @escaping @Sendable () async throws -> String?) {
        self.provide = provide
    }

    /// A fixed token written as a literal.
    public init(stringLiteral token: String) {
        self.provide = { token }
    }

    /// A fixed token.
    public static func constant(_ token: String) -> TokenProvider {
        TokenProvider { token }
    }

    /// The current token.
    public func token() async throws -> String? {
        try await provide()
    }
}

extension BearerTokenMiddleware {
    /// Creates a middleware that asks `provider` for the token on every request.
    public init(scheme: String, provider: TokenProvider) {
        self.init(scheme: scheme, token: { try await provider.token() })
    }
}
