import Foundation

/// One API as a spec declares it: the typed, located model that every later stage reads.
///
/// Arrays keep spec order; look things up through ``Spec/model(named:)`` and friends, never through a dictionary,
/// so every output is deterministic.
public struct Spec: Hashable, Sendable {
    /// The spec format version (`specgen: 1`).
    public var formatVersion: Int
    /// The API's name, which is also the generated module's name.
    public var name: String
    /// The API's version, as the server team numbers it.
    public var version: String
    /// What the API is for.
    public var description: String?
    /// The places the API is served from; the first is the default.
    public var servers: [Server]
    /// Headers sent with every request.
    public var defaultHeaders: [DefaultHeader]
    /// The ways a client may authenticate.
    public var authSchemes: [AuthScheme]
    /// The authentication every endpoint uses unless it says otherwise.
    public var security: AuthRequirement?
    /// How failed requests are retried, unless an endpoint says otherwise.
    public var retry: RetrySettings?
    /// Timeout and cache policy for every request, unless an endpoint says otherwise.
    public var requestSettings: RequestSettings
    /// Error responses any endpoint may return.
    public var errors: [ErrorResponse]
    /// Named types: structs, enums and aliases.
    public var models: [Model]
    /// The operations.
    public var endpoints: [Endpoint]
    /// The events the API sends to an app's server, when it sends any.
    public var webhooks: Webhooks?
    /// Where the spec starts.
    public var location: SourceLocation

    /// Creates a spec.
    public init(
        formatVersion: Int = 1, name: String, version: String, description: String? = nil, servers: [Server] = [],
        defaultHeaders: [DefaultHeader] = [], authSchemes: [AuthScheme] = [], security: AuthRequirement? = nil,
        retry: RetrySettings? = nil, requestSettings: RequestSettings = RequestSettings(), errors: [ErrorResponse] = [],
        models: [Model] = [], endpoints: [Endpoint] = [], location: SourceLocation
    ) {
        self.formatVersion = formatVersion
        self.name = name
        self.version = version
        self.description = description
        self.servers = servers
        self.defaultHeaders = defaultHeaders
        self.authSchemes = authSchemes
        self.security = security
        self.retry = retry
        self.requestSettings = requestSettings
        self.errors = errors
        self.models = models
        self.endpoints = endpoints
        self.location = location
    }

    /// The model with this spec name, if any.
    public func model(named name: String) -> Model? { models.first { $0.name == name } }
    /// The endpoint with this operation name, if any.
    public func endpoint(named name: String) -> Endpoint? { endpoints.first { $0.name == name } }
    /// The auth scheme with this name, if any.
    public func authScheme(named name: String) -> AuthScheme? { authSchemes.first { $0.name == name } }

    /// The auth an endpoint uses: its own `auth:`, or else the API's `security:`; nil when neither is written.
    public func authRequirement(of endpoint: Endpoint) -> AuthRequirement? { endpoint.auth ?? security }
}

/// A named base URL, such as `production` or `development`.
public struct Server: Hashable, Sendable {
    /// The environment's name.
    public var name: String
    /// The absolute base URL, with `{variable}` placeholders.
    public var url: String
    /// What the server is for.
    public var description: String?
    /// The placeholders of ``url`` and ``urls``, with their defaults.
    public var variables: [ServerVariable]
    /// Other base URLs of this environment, by the name endpoints give with `server:` (an upload host).
    public var urls: [NamedServerURL]
    /// Where it is declared.
    public var location: SourceLocation

    /// Creates a server.
    public init(
        name: String, url: String, description: String? = nil, variables: [ServerVariable] = [],
        urls: [NamedServerURL] = [], location: SourceLocation
    ) {
        self.name = name
        self.url = url
        self.description = description
        self.variables = variables
        self.urls = urls
        self.location = location
    }

    /// Whether a URL, its variables filled in, is one a client can send to: absolute, http or https, with a host.
    package static func isAbsoluteHTTP(_ url: String) -> Bool {
        (url.hasPrefix("https://") || url.hasPrefix("http://")) && URL(string: url)?.host != nil
    }

    /// The URL of `name` (nil: the server's own), with every variable at its default.
    public func defaultURL(_ name: String? = nil) -> String? {
        guard let template = name.map({ name in urls.first { $0.name == name }?.url }) ?? url else { return nil }
        return ServerVariable.substitute(template) { placeholder in
            variables.first { $0.name == placeholder }?.defaultValue
        }
    }
}

/// A `{name}` placeholder in a server URL (OpenAPI's server variable): a region, an account, a version.
public struct ServerVariable: Hashable, Sendable {
    /// The placeholder's name.
    public var name: String
    /// The value used unless the app picks another.
    public var defaultValue: String
    /// The only values allowed, or empty for any.
    public var values: [String]
    /// What it selects.
    public var description: String?
    /// Where it is declared.
    public var location: SourceLocation

    /// Creates a variable.
    public init(
        name: String, defaultValue: String, values: [String] = [], description: String? = nil,
        location: SourceLocation
    ) {
        self.name = name
        self.defaultValue = defaultValue
        self.values = values
        self.description = description
        self.location = location
    }

    /// `template` with every variable at its default, then at each other value of each enumerated variable it uses.
    public static func expansions(of template: String, variables: [ServerVariable]) -> [String] {
        let used = Set(TemplatePart.placeholders(in: template))
        var candidates = [variables]
        for (index, variable) in variables.enumerated() where used.contains(variable.name) {
            for value in variable.values where value != variable.defaultValue {
                var other = variables
                other[index].defaultValue = value
                candidates.append(other)
            }
        }
        return candidates.map { variables in
            substitute(template) { name in variables.first { $0.name == name }?.defaultValue }
        }
    }

    /// `template` with each `{name}` replaced by `value(name)`, or left as written when that is nil.
    public static func substitute(_ template: String, _ value: (String) -> String?) -> String {
        TemplatePart.parts(of: template).map { part in
            switch part {
            case .literal(let text): text
            case .placeholder(let name): value(name) ?? "{\(name)}"
            }
        }.joined()
    }
}

/// A named base URL of one environment, which endpoints select with `server:`.
public struct NamedServerURL: Hashable, Sendable {
    /// The name endpoints use.
    public var name: String
    /// The absolute URL, with the server's placeholders.
    public var url: String
    /// Where it is declared.
    public var location: SourceLocation

    /// Creates a named URL.
    public init(name: String, url: String, location: SourceLocation) {
        self.name = name
        self.url = url
        self.location = location
    }
}

/// A header with a fixed value sent on every request.
public struct DefaultHeader: Hashable, Sendable {
    /// The header's name.
    public var name: String
    /// Its value.
    public var value: String
    /// Where it is declared.
    public var location: SourceLocation

    /// Creates a default header.
    public init(name: String, value: String, location: SourceLocation) {
        self.name = name
        self.value = value
        self.location = location
    }
}

/// Why and since when something should no longer be used.
public struct Deprecation: Hashable, Sendable {
    /// The message shown to callers, such as "Use fetchDocuments instead".
    public var message: String?

    /// Creates a deprecation.
    public init(message: String? = nil) { self.message = message }
}

/// A value written in the spec (a default or an example), independent of YAML.
public indirect enum SpecValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([SpecValue])
    case object([SpecValueEntry])
}

/// One member of an object ``SpecValue``, in spec order.
public struct SpecValueEntry: Hashable, Sendable {
    /// The key.
    public var key: String
    /// The value.
    public var value: SpecValue

    /// Creates an entry.
    public init(key: String, value: SpecValue) {
        self.key = key
        self.value = value
    }
}

/// How long to wait, how often to try, and for which statuses to retry.
public struct RetrySettings: Hashable, Sendable {
    /// Total attempts including the first (1 means no retry).
    public var maxAttempts: Int
    /// Delay before the first retry, in seconds.
    public var initialDelay: Double
    /// Longest delay between attempts, in seconds.
    public var maxDelay: Double
    /// Factor each delay grows by.
    public var multiplier: Double
    /// Whether delays are randomised so many clients do not retry in step.
    public var jitter: Bool
    /// Statuses that are retried.
    public var statuses: [Int]
    /// Longest time all attempts together may take, in seconds.
    public var maxElapsed: Double?
    /// Where it is declared.
    public var location: SourceLocation

    /// Whether two policies retry alike: every setting the same, wherever each is written (the location is not a
    /// setting, so a spec compared with a copy of itself at another path has the same policy).
    package func retriesAlike(_ other: RetrySettings?) -> Bool {
        guard var other else { return false }
        other.location = location
        return self == other
    }

    /// The keys a `retry:` policy is written with.
    package static let keys = [
        "maxAttempts", "initialDelay", "maxDelay", "multiplier", "jitter", "statuses", "maxElapsed",
    ]

    /// The defaults: 3 attempts, 0.5 s doubling to at most 8 s, with jitter, on 408/429/500/502/503/504.
    public init(
        maxAttempts: Int = 3, initialDelay: Double = 0.5, maxDelay: Double = 8, multiplier: Double = 2,
        jitter: Bool = true, statuses: [Int] = [408, 429, 500, 502, 503, 504], maxElapsed: Double? = nil,
        location: SourceLocation
    ) {
        self.maxAttempts = maxAttempts
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
        self.multiplier = multiplier
        self.jitter = jitter
        self.statuses = statuses
        self.maxElapsed = maxElapsed
        self.location = location
    }
}

/// URLRequest's cache policies, by the names Foundation uses.
public enum CachePolicy: String, Hashable, Sendable, CaseIterable {
    case useProtocolCachePolicy, reloadIgnoringLocalCacheData, returnCacheDataElseLoad, returnCacheDataDontLoad
}

/// Per-request transport settings (Gista's `RequestConfig`).
public struct RequestSettings: Hashable, Sendable {
    /// Seconds before a request times out.
    public var timeout: Double?
    /// How the response cache is used.
    public var cachePolicy: CachePolicy?

    /// Creates options.
    public init(timeout: Double? = nil, cachePolicy: CachePolicy? = nil) {
        self.timeout = timeout
        self.cachePolicy = cachePolicy
    }
}
