public import Foundation
import HTTPTypes

/// Tokens from an OAuth2-style token endpoint. Its description never shows a token.
public struct TokenSet: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The access token.
    public var accessToken: String
    /// The refresh token, if the server issued one.
    public var refreshToken: String?
    /// When the access token expires, if the server said.
    public var expiresAt: Date?

    /// Creates a token set.
    public init(accessToken: String, refreshToken: String?, expiresAt: Date?) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
    }

    /// `TokenSet(access: <redacted>, refresh: <redacted>, expiresAt: ...)`.
    public var description: String {
        "TokenSet(access: \(Redaction.placeholder), refresh: \(refreshToken == nil ? "none" : Redaction.placeholder), "
            + "expiresAt: \(expiresAt.map { DateFormat.iso8601.string(from: $0) } ?? "unknown"))"
    }
}

/// Where tokens are kept between launches. The default keeps them in memory; a Keychain-backed store implements
/// the same two methods.
public protocol TokenStore: Sendable {
    /// The stored tokens, if any.
    func load() async -> TokenSet?
    /// Stores tokens, or clears them with nil.
    func save(_ tokens: TokenSet?) async
}

/// Keeps tokens in memory only.
public actor InMemoryTokenStore: TokenStore {
    private var tokens: TokenSet?

    /// Creates a store, optionally with tokens already in it.
    public init(_ tokens: TokenSet? = nil) { self.tokens = tokens }

    /// The stored tokens.
    public func load() async -> TokenSet? { tokens }

    /// Replaces the stored tokens.
    public func save(_ tokens: TokenSet?) async { self.tokens = tokens }
}

/// An OAuth2 client's id and secret, for the client credentials grant. Its description never shows the secret.
public struct ClientCredentials: Hashable, Sendable, CustomStringConvertible {
    /// How the id and secret reach the token endpoint (RFC 6749 section 2.3.1).
    public enum Authentication: Sendable {
        /// `Authorization: Basic` with the id and secret, form-encoded; every server must accept it.
        case basic
        /// `client_id` and `client_secret` form fields.
        case body
    }

    /// The client id.
    public var id: String
    /// The client secret.
    public var secret: String

    /// Creates credentials.
    public init(id: String, secret: String) {
        self.id = id
        self.secret = secret
    }

    /// `ClientCredentials(id: ..., secret: <redacted>)`.
    public var description: String { "ClientCredentials(id: \(id), secret: \(Redaction.placeholder))" }
}

/// The grants of an OAuth2-style token endpoint (Keyz's `/auth/token/`): password, refresh_token, client_credentials,
/// and authorization_code for a code the app obtained in its own UI.
///
/// Getting a token is single-flight: however many requests find the token missing or expired at once, one token
/// request runs and all of them wait for it. An expired token is refreshed with its refresh token when there is one,
/// and otherwise, when the flow has client credentials, replaced by a new client credentials grant. A failed refresh
/// clears the store and throws ``AuthenticationFailure``.
public actor OAuth2TokenFlow {
    private let tokenPath: String
    private let usernameField: String
    private let leeway: TimeInterval
    private let store: any TokenStore
    private let client: APIClient
    private let clientCredentials: ClientCredentials?
    private let clientAuthentication: ClientCredentials.Authentication
    private let scopes: [String]
    private var refreshing: Task<TokenSet, any Error>?
    /// Whether the last client credentials grant failed (the token server refused or could not be reached): the
    /// flow then has no usable credential until a grant or the app's sign-in succeeds.
    private var grantFailed = false
    /// How many token requests a refresh or a client credentials grant sent, for tests and diagnostics.
    public private(set) var refreshCount = 0

    /// Creates a flow.
    /// - Parameters:
    ///   - tokenPath: The token endpoint's path below the client's server URL.
    ///   - usernameField: The form field of the user name in the password grant.
    ///   - leeway: Seconds before expiry at which a token is refreshed.
    ///   - store: Where the tokens are kept between launches.
    ///   - clientCredentials: The client's id and secret: they authenticate every token request, and the flow gets
    ///     its tokens with the client credentials grant when it has none.
    ///   - clientAuthentication: How the id and secret are sent.
    ///   - scopes: The scopes asked for in the client credentials grant; empty asks for the server's default.
    ///   - client: Sends the token requests (its own middlewares, not the flow's).
    public init(
        tokenPath: String, usernameField: String = "username", leeway: TimeInterval = 30,
        store: any TokenStore = InMemoryTokenStore(), clientCredentials: ClientCredentials? = nil,
        clientAuthentication: ClientCredentials.Authentication = .basic, scopes: [String] = [], client: APIClient
    ) {
        self.tokenPath = tokenPath
        self.usernameField = usernameField
        self.leeway = leeway
        self.store = store
        self.clientCredentials = clientCredentials
        self.clientAuthentication = clientAuthentication
        self.scopes = scopes
        self.client = client
    }

    /// Signs in with the password grant and stores the tokens.
    @discardableResult
    public func login(username: String, password: String) async throws -> TokenSet {
        var form = FormBody()
        form.append("grant_type", "password")
        form.append(usernameField, username)
        form.append("password", password)
        let tokens = try await requestTokens(form)
        await store.save(tokens)
        return tokens
    }

    /// Exchanges an authorization code the app obtained in its own UI (a browser sign-in) for tokens, and stores
    /// them; they are refreshed through the same token endpoint from then on.
    /// - Parameters:
    ///   - code: The code from the redirect.
    ///   - redirectURI: The redirect URI the code was issued for.
    ///   - codeVerifier: The PKCE verifier (RFC 7636), when the authorization request sent a challenge.
    @discardableResult
    public func exchange(code: String, redirectURI: String, codeVerifier: String? = nil) async throws -> TokenSet {
        var form = FormBody()
        form.append("grant_type", "authorization_code")
        form.append("code", code)
        form.append("redirect_uri", redirectURI)
        if let codeVerifier { form.append("code_verifier", codeVerifier) }
        let tokens = try await requestTokens(form)
        await store.save(tokens)
        return tokens
    }

    /// Whether the flow has a usable credential now, without the app signing in: a token that has not expired, a
    /// refresh token, or client credentials whose last grant did not fail. An operation that accepts other schemes
    /// uses them while this is false.
    public func canAuthorize() async -> Bool {
        if let tokens = await store.load(), !isExpiring(tokens) || tokens.refreshToken != nil { return true }
        return clientCredentials != nil && !grantFailed
    }

    /// Stores tokens obtained elsewhere (for example from a generated `loginUser` call).
    public func store(_ tokens: TokenSet?) async {
        if tokens != nil { grantFailed = false }
        await store.save(tokens)
    }

    /// A valid access token: the stored one, refreshed first when it is expired, or with client credentials a new
    /// one when none is stored. Nil when the app has not signed in.
    public func accessToken() async throws -> String? {
        let tokens = await store.load()
        if let tokens, !isExpiring(tokens) { return tokens.accessToken }
        guard tokens != nil || clientCredentials != nil else { return nil }
        return try await refresh(replacing: tokens?.accessToken ?? "").accessToken
    }

    /// Refreshes unless another caller already replaced `rejected`; concurrent callers share one refresh.
    public func refresh(replacing rejected: String) async throws -> TokenSet {
        if let refreshing { return try await refreshing.value }
        let current = await store.load()
        // The actor ran other callers while the store answered: one of them may have started the refresh.
        if let refreshing { return try await refreshing.value }
        if let current, current.accessToken != rejected, !isExpiring(current) { return current }
        let task = Task { try await self.performRefresh() }
        refreshing = task
        defer { refreshing = nil }
        return try await task.value
    }

    private func isExpiring(_ tokens: TokenSet) -> Bool {
        tokens.expiresAt.map { $0.timeIntervalSinceNow <= leeway } ?? false
    }

    private func performRefresh() async throws -> TokenSet {
        var form = FormBody()
        if let refreshToken = await store.load()?.refreshToken {
            form.append("grant_type", "refresh_token")
            form.append("refresh_token", refreshToken)
        } else if clientCredentials != nil {
            form.append("grant_type", "client_credentials")
            if !scopes.isEmpty { form.append("scope", scopes.joined(separator: " ")) }
        } else {
            throw AuthenticationFailure("no refresh token; sign in again")
        }
        refreshCount += 1
        do {
            let tokens = try await requestTokens(form)
            await store.save(tokens)
            return tokens
        } catch {
            await store.save(nil)
            if clientCredentials != nil { grantFailed = true }
            // The cause says which: a refusal, a server that could not be reached, an answer that did not decode.
            let cause = (error as? ClientError)?.description ?? String(describing: error)
            throw AuthenticationFailure("token refresh failed (\(cause)); sign in again")
        }
    }

    private func requestTokens(_ form: FormBody) async throws -> TokenSet {
        var form = form
        var request = HTTPRequestData(method: .post, path: tokenPath, body: Data())
        if let clientCredentials {
            switch clientAuthentication {
            case .basic:
                // RFC 6749 section 2.3.1: the id and secret are form-encoded before they are joined.
                let pair = BasicCredentials(
                    username: PercentEncoding.encodeFormComponent(clientCredentials.id),
                    password: PercentEncoding.encodeFormComponent(clientCredentials.secret))
                request.headerFields[.authorization] = pair.headerValue
            case .body:
                form.append("client_id", clientCredentials.id)
                form.append("client_secret", clientCredentials.secret)
            }
        }
        request.body = form.data
        request.headerFields[.contentType] = FormBody.contentType
        request.headerFields[.accept] = "application/json"
        let operation = "OAuth2.token"
        let response = try await client.send(request, context: OperationContext(operation, isRetryable: false))
        guard response.isSuccessful else {
            throw AuthenticationFailure("the token endpoint answered \(response.status.code)")
        }
        grantFailed = false
        struct Payload: Decodable {
            var accessToken: String
            var refreshToken: String?
            var expiresIn: Double?

            enum CodingKeys: String, CodingKey {
                case accessToken = "access_token"
                case refreshToken = "refresh_token"
                case expiresIn = "expires_in"
            }
        }
        let payload = try client.decode(Payload.self, from: response, operation: operation)
        return TokenSet(
            accessToken: payload.accessToken, refreshToken: payload.refreshToken,
            expiresAt: payload.expiresIn.map { Date().addingTimeInterval($0) })
    }
}
