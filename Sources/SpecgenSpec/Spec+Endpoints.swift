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
    public init(tokenURL: String, grants: [OAuth2Grant], usernameField: String = "username", refreshLeeway: Double = 30) {
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

/// An HTTP method.
public enum HTTPMethod: String, Hashable, Sendable, CaseIterable {
    case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE", head = "HEAD"
    case options = "OPTIONS"

    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2).
    public var isIdempotent: Bool { self != .post && self != .patch }
}

/// A status code or a range such as `4XX`.
public enum StatusPattern: Hashable, Sendable, Comparable, CustomStringConvertible {
    case code(Int)
    /// A class of statuses: 2 means 200-299.
    case range(Int)

    /// `404` or `4XX`.
    public var description: String {
        switch self {
        case .code(let code): String(code)
        case .range(let hundred): "\(hundred)XX"
        }
    }

    /// Whether a status falls under the pattern.
    public func matches(_ status: Int) -> Bool {
        switch self {
        case .code(let code): code == status
        case .range(let hundred): status / 100 == hundred
        }
    }

    /// Whether the pattern names successful (2xx) statuses.
    public var isSuccess: Bool {
        switch self {
        case .code(let code): (200..<300).contains(code)
        case .range(let hundred): hundred == 2
        }
    }

    /// Codes sort before ranges, each in numeric order, as a `switch` must test them.
    public static func < (lhs: StatusPattern, rhs: StatusPattern) -> Bool {
        switch (lhs, rhs) {
        case (.code(let a), .code(let b)), (.range(let a), .range(let b)): a < b
        case (.code, .range): true
        case (.range, .code): false
        }
    }
}

/// How a request body is encoded.
public enum BodyEncoding: String, Hashable, Sendable {
    case json
    /// `application/x-www-form-urlencoded`.
    case form
    /// `multipart/form-data`.
    case multipart
    /// Raw bytes with a content type.
    case binary
}

/// A request body: a named model, or fields declared inline (each becomes a method parameter).
public struct RequestBody: Hashable, Sendable {
    /// What the body holds.
    public enum Content: Hashable, Sendable {
        /// One value of this type.
        case type(TypeRef)
        /// Fields written in the endpoint itself.
        case fields([Field])
    }

    /// How it is encoded.
    public var encoding: BodyEncoding
    /// What it holds.
    public var content: Content
    /// The `Content-Type` of a binary body.
    public var contentType: String?
    /// What it means.
    public var description: String?
    /// Where it is declared.
    public var location: SourceLocation
    /// Where its type is written.
    public var typeLocation: SourceLocation

    /// Creates a body.
    public init(
        encoding: BodyEncoding, content: Content, contentType: String? = nil, description: String? = nil,
        location: SourceLocation, typeLocation: SourceLocation? = nil
    ) {
        self.encoding = encoding
        self.content = content
        self.contentType = contentType
        self.description = description
        self.location = location
        self.typeLocation = typeLocation ?? location
    }
}

/// What a response carries.
public enum ResponseBody: Hashable, Sendable {
    /// Nothing: for a 204, or "no content" meaning nil beside a status that has a body.
    case empty
    /// Raw bytes, returned as they are.
    case binary
    /// JSON of this type.
    case json(TypeRef)
}

/// A successful response.
public struct ResponseCase: Hashable, Sendable {
    /// The status or range.
    public var status: StatusPattern
    /// What it carries.
    public var body: ResponseBody
    /// What it means.
    public var description: String?
    /// An example body, for docs and the mock server.
    public var example: SpecValue?
    /// Where it is declared.
    public var location: SourceLocation
    /// Where its type is written.
    public var typeLocation: SourceLocation

    /// Creates a response case.
    public init(
        status: StatusPattern, body: ResponseBody, description: String? = nil, example: SpecValue? = nil,
        location: SourceLocation, typeLocation: SourceLocation? = nil
    ) {
        self.status = status
        self.body = body
        self.description = description
        self.example = example
        self.location = location
        self.typeLocation = typeLocation ?? location
    }
}

/// A documented error response, which becomes a named case of the API's typed error.
public struct ErrorResponse: Hashable, Sendable {
    /// The status or range.
    public var status: StatusPattern
    /// The error case's name, such as `notFound` or `emailAlreadyExists`.
    public var caseName: String
    /// The body's type, when the error carries one (`string` reads the body as text).
    public var body: TypeRef?
    /// What it means.
    public var description: String?
    /// An example body, for docs and the mock server.
    public var example: SpecValue?
    /// Where it is declared.
    public var location: SourceLocation
    /// Where the body type is written.
    public var typeLocation: SourceLocation

    /// Creates an error response.
    public init(
        status: StatusPattern, caseName: String, body: TypeRef? = nil, description: String? = nil,
        example: SpecValue? = nil, location: SourceLocation, typeLocation: SourceLocation? = nil
    ) {
        self.status = status
        self.caseName = caseName
        self.body = body
        self.description = description
        self.example = example
        self.location = location
        self.typeLocation = typeLocation ?? location
    }
}

/// Page-number pagination: the client asks for page 1, 2, ... until a short or empty page.
public struct Pagination: Hashable, Sendable {
    /// The query parameter holding the page number.
    public var pageParameter: String
    /// The query parameter holding the page size.
    public var limitParameter: String
    /// The response field holding the page's items; nil when the response is the array itself.
    public var itemsField: String?
    /// The number of the first page.
    public var firstPage: Int
    /// Where it is declared.
    public var location: SourceLocation

    /// Creates a pagination.
    public init(
        pageParameter: String, limitParameter: String, itemsField: String?, firstPage: Int = 1,
        location: SourceLocation
    ) {
        self.pageParameter = pageParameter
        self.limitParameter = limitParameter
        self.itemsField = itemsField
        self.firstPage = firstPage
        self.location = location
    }
}

/// A helper that repeats an endpoint until a field of its response reaches a value.
public struct Polling: Hashable, Sendable {
    /// The helper's name, such as `pollUntilReady`.
    public var name: String
    /// The path to the watched field in the response, such as `["document", "status"]`.
    public var field: [String]
    /// Values that end polling successfully.
    public var success: [String]
    /// Values that end polling with an error.
    public var failure: [String]
    /// Seconds between attempts.
    public var interval: Double
    /// Attempts before giving up.
    public var maxAttempts: Int
    /// Where it is declared.
    public var location: SourceLocation

    /// Creates a polling helper.
    public init(
        name: String, field: [String], success: [String], failure: [String], interval: Double, maxAttempts: Int,
        location: SourceLocation
    ) {
        self.name = name
        self.field = field
        self.success = success
        self.failure = failure
        self.interval = interval
        self.maxAttempts = maxAttempts
        self.location = location
    }
}

/// One answer of a mock server's scripted sequence for an endpoint.
public struct MockStep: Hashable, Sendable {
    /// The status to answer with; nil means the endpoint's first success status.
    public var status: Int?
    /// A body, merged over the value the mock synthesizes for the status's type (so a step names only what changes).
    public var body: SpecValue?
    /// Where the step is written.
    public var location: SourceLocation

    /// Creates a step.
    public init(status: Int? = nil, body: SpecValue? = nil, location: SourceLocation) {
        self.status = status
        self.body = body
        self.location = location
    }
}

/// Whether and how an endpoint is retried.
public enum RetryOverride: Hashable, Sendable {
    /// Never retried.
    case disabled
    /// Retried with this policy.
    case policy(RetryPolicy)
}

/// One operation of the API.
public struct Endpoint: Hashable, Sendable {
    /// The operation's name, kept from the app's code (`fetchDocuments`, `loginUser`).
    public var name: String
    /// A one-line summary.
    public var summary: String?
    /// What it does, in detail.
    public var description: String?
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path template, such as `/tickets/{ticketID}`.
    public var path: String
    /// Where the method and path are written.
    public var requestLocation: SourceLocation
    /// Parameters in the path, in the order they are declared.
    public var pathParameters: [Field]
    /// Query parameters.
    public var queryParameters: [Field]
    /// Header parameters.
    public var headerParameters: [Field]
    /// The request body.
    public var body: RequestBody?
    /// Successful responses.
    public var responses: [ResponseCase]
    /// Error responses of this endpoint, on top of the API-wide ones.
    public var errors: [ErrorResponse]
    /// The auth this endpoint uses, when it differs from the API's default.
    public var auth: AuthRequirement?
    /// Whether a POST or PATCH may be retried because the server makes it idempotent.
    public var idempotent: Bool
    /// The retry behaviour, when it differs from the API's.
    public var retry: RetryOverride?
    /// Timeout and cache policy, when they differ from the API's.
    public var requestOptions: RequestOptions
    /// Page iteration.
    public var pagination: Pagination?
    /// A polling helper.
    public var polling: Polling?
    /// Whether it is deprecated, and why.
    public var deprecation: Deprecation?
    /// What a mock server answers to successive calls (per concrete path); the last step repeats.
    public var mockSequence: [MockStep]
    /// Where it is declared.
    public var location: SourceLocation

    /// Creates an endpoint.
    public init(
        name: String, summary: String? = nil, description: String? = nil, method: HTTPMethod, path: String,
        requestLocation: SourceLocation, pathParameters: [Field] = [], queryParameters: [Field] = [],
        headerParameters: [Field] = [], body: RequestBody? = nil, responses: [ResponseCase] = [],
        errors: [ErrorResponse] = [], auth: AuthRequirement? = nil, idempotent: Bool = false,
        retry: RetryOverride? = nil, requestOptions: RequestOptions = RequestOptions(), pagination: Pagination? = nil,
        polling: Polling? = nil, deprecation: Deprecation? = nil, mockSequence: [MockStep] = [],
        location: SourceLocation
    ) {
        self.name = name
        self.summary = summary
        self.description = description
        self.method = method
        self.path = path
        self.requestLocation = requestLocation
        self.pathParameters = pathParameters
        self.queryParameters = queryParameters
        self.headerParameters = headerParameters
        self.body = body
        self.responses = responses
        self.errors = errors
        self.auth = auth
        self.idempotent = idempotent
        self.retry = retry
        self.requestOptions = requestOptions
        self.pagination = pagination
        self.polling = polling
        self.deprecation = deprecation
        self.mockSequence = mockSequence
        self.location = location
    }

    /// The names of the `{placeholders}` in the path, in order.
    public var pathPlaceholders: [String] {
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
            names.append(String(rest[afterOpen..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
