import Foundation
import HTTPTypes

/// A middleware that authenticates the requests of one auth scheme. When an operation accepts several schemes,
/// ``APIClient`` asks each one's middleware, in the spec's order, whether the app has a credential for it, and
/// authenticates with the first that does.
public protocol AuthMiddleware: Middleware {
    /// The spec's name of the scheme this middleware serves.
    var scheme: String { get }
    /// Whether the app has a credential for the scheme now; a middleware that cannot tell cheaply answers true.
    func hasCredential() async -> Bool
}

extension AuthMiddleware {
    /// True: a fixed credential is always there.
    public func hasCredential() async -> Bool { true }
}

/// Adds `Authorization: Bearer <token>` to requests of one scheme, with the token from the app.
public struct BearerTokenMiddleware: AuthMiddleware {
    /// The scheme this middleware serves.
    public let scheme: String
    private let token: @Sendable () async throws -> String?

    /// Creates a middleware with a token provider, asked on every request (nil: the app has no token yet).
    public init(scheme: String, token: @escaping @Sendable () async throws -> String?) {
        self.scheme = scheme
        self.token = token
    }

    /// Creates a middleware with a fixed token (Joyfill's access token).
    public init(scheme: String, token: String) {
        self.init(scheme: scheme, token: { token })
    }

    /// Whether the token provider has a token: asked again when the request is sent.
    public func hasCredential() async -> Bool {
        guard let token = try? await token() else { return false }
        return !token.isEmpty
    }

    /// Adds the header, or fails with an authentication error when a required token is missing.
    public func intercept(
        _ request: HTTPRequestData, context: OperationContext,
        next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData {
        guard context.authScheme == scheme else { return try await next(request) }
        guard let token = try await token(), !token.isEmpty else {
            if context.authOptional { return try await next(request) }
            throw AuthenticationFailure("no bearer token; sign in first")
        }
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request)
    }
}

/// A user name and password for HTTP basic authentication (RFC 7617). Its description never shows the password.
public struct BasicCredentials: Hashable, Sendable, CustomStringConvertible {
    /// The user name (Twilio's account SID, Stripe's secret key).
    public var username: String
    /// The password (Twilio's auth token; empty for Stripe).
    public var password: String

    /// Creates credentials.
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    /// The `Authorization` header's value: `Basic` and the base64 of `username:password` in UTF-8.
    public var headerValue: String {
        "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
    }

    /// `BasicCredentials(username: ..., password: <redacted>)`.
    public var description: String {
        "BasicCredentials(username: \(username), password: \(Redaction.placeholder))"
    }
}

/// Adds `Authorization: Basic ...` to requests of one scheme.
public struct BasicAuthMiddleware: AuthMiddleware {
    /// The scheme this middleware serves.
    public let scheme: String
    private let credentials: BasicCredentials

    /// Creates a middleware.
    public init(scheme: String, credentials: BasicCredentials) {
        self.scheme = scheme
        self.credentials = credentials
    }

    /// Adds the header.
    public func intercept(
        _ request: HTTPRequestData, context: OperationContext,
        next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData {
        guard context.authScheme == scheme else { return try await next(request) }
        var request = request
        request.headerFields[.authorization] = credentials.headerValue
        return try await next(request)
    }
}

/// Adds an API key in a header or query item to requests of one scheme.
public struct APIKeyMiddleware: AuthMiddleware {
    /// Where the key goes.
    public enum Location: Sendable { case header, query }

    /// The scheme this middleware serves.
    public let scheme: String
    let name: String
    let location: Location
    let key: String

    /// Creates a middleware.
    public init(scheme: String, name: String, location: Location, key: String) {
        self.scheme = scheme
        self.name = name
        self.location = location
        self.key = key
    }

    /// Adds the key.
    public func intercept(
        _ request: HTTPRequestData, context: OperationContext,
        next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData {
        guard context.authScheme == scheme else { return try await next(request) }
        var request = request
        switch location {
        case .header:
            guard let field = HTTPField.Name(name) else { throw AuthenticationFailure("invalid API key header name") }
            request.setCredential(field, key)
        case .query:
            request.query.append(QueryItem(name, key, isCredential: true))
        }
        return try await next(request)
    }
}

/// Authorizes requests of one scheme with an ``OAuth2TokenFlow``: refreshes expired tokens before sending, and
/// after a 401 refreshes once and retries.
public struct OAuth2Middleware: AuthMiddleware {
    /// The scheme this middleware serves.
    public let scheme: String
    /// The flow that holds the tokens.
    public let flow: OAuth2TokenFlow

    /// Creates a middleware.
    public init(scheme: String, flow: OAuth2TokenFlow) {
        self.scheme = scheme
        self.flow = flow
    }

    /// Whether the flow holds tokens or can get some with its client credentials.
    public func hasCredential() async -> Bool { await flow.canAuthorize() }

    /// Sends with the current token; on 401, refreshes (once for all concurrent callers) and sends again.
    public func intercept(
        _ request: HTTPRequestData, context: OperationContext,
        next: @Sendable (HTTPRequestData) async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData {
        guard context.authScheme == scheme else { return try await next(request) }
        guard let token = try await flow.accessToken() else {
            if context.authOptional { return try await next(request) }
            throw AuthenticationFailure("not signed in")
        }
        var authorized = request
        authorized.headerFields[.authorization] = "Bearer \(token)"
        let response = try await next(authorized)
        guard response.status.code == 401 else { return response }
        let fresh = try await flow.refresh(replacing: token)
        authorized.headerFields[.authorization] = "Bearer \(fresh.accessToken)"
        return try await next(authorized)
    }
}
