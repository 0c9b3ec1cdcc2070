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
