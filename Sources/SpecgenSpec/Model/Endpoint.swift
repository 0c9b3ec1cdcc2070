/// An HTTP method.
public enum HTTPMethod: String, Hashable, Sendable, CaseIterable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"
    case head = "HEAD"
    case options = "OPTIONS"

    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2).
    public var isIdempotent: Bool { self != .post && self != .patch }
}

/// One operation of the API.
public struct Endpoint: Hashable, Sendable {
    /// The operation's name, kept from the app's code (`fetchDocuments`, `loginUser`).
    public var name: String
    /// A one-line summary.
    public var summary: String?
    /// What it does, in detail.
    public var description: String?
    /// The groups it belongs to (OpenAPI's tags), in the spec's order: documentation, and what an app's options
    /// select operations by (`tag:repos`).
    public var tags: [String] = []
    /// The resource it belongs to (`repos`), a lowerCamelCase name: the client offers it as a member of that
    /// resource (`client.repos.get(...)`) beside its own method.
    public var resource: String?
    /// Its name in the resource when the spec gives one (`resource: orders.list`), else derived from its name.
    public var resourceMember: String?
    /// Where ``resource`` is written.
    public var resourceLocation: SourceLocation?
    /// The resource as the spec and the export write it: `orders`, or `orders.list` with the operation's name in
    /// it; nil for none.
    public var writtenResource: String? {
        get { resource.map { $0 + (resourceMember.map { ".\($0)" } ?? "") } }
        set {
            let parts = newValue?.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false) ?? []
            resource = parts.first.map(String.init)
            resourceMember = parts.count > 1 ? String(parts[1]) : nil
        }
    }
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
    /// The header that carries a fresh idempotency key per call (Stripe's `Idempotency-Key`), the same on every
    /// retry of that call; it makes a POST or PATCH safe to retry.
    public var idempotencyKey: String?
    /// The server URL the endpoint is sent to (one of each server's `urls`), or nil for the server's own.
    public var server: ServerReference?
    /// The retry behaviour, when it differs from the API's.
    public var retry: RetryOverride?
    /// Timeout and cache policy, when they differ from the API's.
    public var requestSettings: RequestSettings
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

    /// The type of the first JSON success response, which pagination and polling read.
    public var jsonResponseType: TypeRef? {
        responses.lazy.compactMap { response -> TypeRef? in
            if case .json(let type) = response.body { return type }
            return nil
        }.first
    }

    /// Creates an endpoint.
    public init(
        name: String, summary: String? = nil, description: String? = nil, method: HTTPMethod, path: String,
        requestLocation: SourceLocation, pathParameters: [Field] = [], queryParameters: [Field] = [],
        headerParameters: [Field] = [], body: RequestBody? = nil, responses: [ResponseCase] = [],
        errors: [ErrorResponse] = [], auth: AuthRequirement? = nil, idempotent: Bool = false,
        retry: RetryOverride? = nil, requestSettings: RequestSettings = RequestSettings(),
        pagination: Pagination? = nil,
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
        self.requestSettings = requestSettings
        self.pagination = pagination
        self.polling = polling
        self.deprecation = deprecation
        self.mockSequence = mockSequence
        self.location = location
    }

    /// The headers any success answer carries, in the order first declared; one is required only when every success
    /// status declares it required, so a `Headers` value holds for whichever status came back.
    public var responseHeaders: [Field] {
        var merged: [Field] = []
        for response in responses {
            for header in response.headers {
                if let index = merged.firstIndex(where: { $0.wireName.lowercased() == header.wireName.lowercased() }) {
                    if header.presence != .required { merged[index].presence = .optional }
                } else {
                    merged.append(header)
                }
            }
        }
        return merged.map { header in
            var header = header
            let everywhere = responses.allSatisfy { response in
                response.headers.contains { $0.wireName.lowercased() == header.wireName.lowercased() }
            }
            if !everywhere { header.presence = .optional }
            return header
        }
    }

    /// The names of the `{placeholders}` in the path, in order.
    public var pathPlaceholders: [String] { TemplatePart.placeholders(in: path) }
}

/// Whether and how an endpoint is retried.
public enum RetryOverride: Hashable, Sendable {
    /// Never retried.
    case disabled
    /// Retried with this policy.
    case policy(RetrySettings)

    /// Whether two overrides retry alike, wherever each is written.
    package func retriesAlike(_ other: RetryOverride?) -> Bool {
        switch (self, other) {
        case (.disabled, .disabled?): true
        case (.policy(let mine), .policy(let theirs)?): mine.retriesAlike(theirs)
        default: false
        }
    }
}

/// How an endpoint's collection is walked a page at a time.
public struct Pagination: Hashable, Sendable {
    /// What tells the server which page to answer, and so how the next one is found.
    public enum Style: Hashable, Sendable {
        /// Page numbers in a query parameter: `firstPage`, then the next, until a page is short or empty.
        case page(parameter: String, firstPage: Int)
        /// An item offset in a query parameter: 0, then past the items received, until a page is short or empty.
        case offset(parameter: String)
        /// An opaque cursor: read from a response field (a dotted path) into a query parameter, until it is absent.
        case cursor(parameter: String, responseField: [String])
        /// The last item's identifier (a field of the item) in a query parameter, Stripe's `starting_after`.
        case afterItem(parameter: String, itemField: String)
        /// The URL of the response's `Link` header with this relation (`next`), GitHub's style.
        case link(relation: String)

        /// The query parameter the client sets for the next page; nil for `link`, which follows a URL.
        public var parameter: String? {
            switch self {
            case .page(let parameter, _), .offset(let parameter), .cursor(let parameter, _),
                .afterItem(let parameter, _):
                parameter
            case .link: nil
            }
        }

        /// The spec key that names the style: `page`, `offset`, `cursor`, `after` or `link`.
        public var key: String {
            switch self {
            case .page: "page"
            case .offset: "offset"
            case .cursor: "cursor"
            case .afterItem: "after"
            case .link: "link"
            }
        }
    }

    /// The style.
    public var style: Style
    /// The query parameter holding the page size; required for `page` and `offset`, which end on a short page.
    public var limitParameter: String?
    /// The response field holding the page's items; nil when the response is the array itself.
    public var itemsField: String?
    /// A boolean response field (a dotted path) that is false on the last page, such as `has_more`.
    public var hasMoreField: [String]?
    /// Where it is declared.
    public var location: SourceLocation

    /// Creates a pagination.
    public init(
        style: Style, limitParameter: String?, itemsField: String?, hasMoreField: [String]? = nil,
        location: SourceLocation
    ) {
        self.style = style
        self.limitParameter = limitParameter
        self.itemsField = itemsField
        self.hasMoreField = hasMoreField
        self.location = location
    }
}

/// A helper that repeats an endpoint until a field of its response reaches a value.
public struct Polling: Hashable, Sendable {
    /// Seconds between attempts when a spec does not say.
    package static let defaultInterval: Double = 2
    /// Attempts before giving up when a spec does not say.
    package static let defaultMaxAttempts = 60

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

/// An endpoint's `server:`: the name of one of each server's `urls`.
public struct ServerReference: Hashable, Sendable {
    /// The name.
    public var name: String
    /// Where it is written.
    public var location: SourceLocation

    /// Creates a reference.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

extension Collection<Endpoint> {
    /// The tags these endpoints list, each once, in the order they first appear: a spec's tags, or a route's.
    package var tags: [String] {
        var seen: Set<String> = []
        return flatMap(\.tags).filter { seen.insert($0).inserted }
    }
}
