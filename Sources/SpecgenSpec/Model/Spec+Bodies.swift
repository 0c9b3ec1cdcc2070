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
    /// A body read as it arrives: events, JSON lines or bytes.
    case stream(StreamedBody)

    /// The JSON type the body carries, whole or per item.
    public var jsonType: TypeRef? {
        switch self {
        case .json(let type): type
        case .stream(let stream): stream.item
        case .empty, .binary: nil
        }
    }
}

/// A response body the client reads as it arrives, so the first item reaches the app before the server finishes
/// and a large body never has to fit in memory.
public struct StreamedBody: Hashable, Sendable, CustomStringConvertible {
    /// How the body is framed.
    public enum Format: String, Hashable, Sendable, CaseIterable {
        /// `text/event-stream` (Server-Sent Events): each event's `data:` is an item.
        case events
        /// JSON Lines (`application/jsonl`): each line is an item.
        case lines
        /// Raw bytes, in the chunks they arrive in.
        case bytes

        /// The media type the server answers with.
        public var contentType: String {
            switch self {
            case .events: "text/event-stream"
            case .lines: "application/jsonl"
            case .bytes: "application/octet-stream"
            }
        }
    }

    /// The framing.
    public var format: Format
    /// The JSON type of each event's data or each line; nil for bytes, and for events read as they are.
    public var item: TypeRef?
    /// The data of the event that ends an event stream, such as `[DONE]`.
    public var terminator: String?

    /// `events(Chunk) until [DONE]`, `lines(LogLine)`, `bytes`: how surfaces and diffs name it.
    public var description: String {
        format.rawValue + (item.map { "(\($0))" } ?? "") + (terminator.map { " until \($0)" } ?? "")
    }

    /// Creates a streamed body.
    public init(format: Format, item: TypeRef? = nil, terminator: String? = nil) {
        self.format = format
        self.item = item
        self.terminator = terminator
    }
}

/// A status code or a range such as `4XX`.
public enum StatusPattern: Hashable, Sendable, Comparable, CustomStringConvertible {
    case code(Int)
    /// A class of statuses: 2 means 200-299.
    case range(Int)
    /// Any status the operation documents nowhere else (OpenAPI's `default`); only errors use it.
    case other

    /// `404` or `4XX`.
    public var description: String {
        switch self {
        case .code(let code): String(code)
        case .range(let hundred): "\(hundred)XX"
        case .other: "default"
        }
    }

    /// Whether a status falls under the pattern.
    public func matches(_ status: Int) -> Bool {
        switch self {
        case .code(let code): code == status
        case .range(let hundred): status / 100 == hundred
        case .other: true
        }
    }

    /// Whether the pattern names successful (2xx) statuses.
    public var isSuccess: Bool {
        switch self {
        case .code(let code): (200..<300).contains(code)
        case .range(let hundred): hundred == 2
        case .other: false
        }
    }

    /// Codes sort before ranges, each in numeric order, and `default` last, as a `switch` must test them.
    public static func < (lhs: StatusPattern, rhs: StatusPattern) -> Bool {
        switch (lhs, rhs) {
        case (.code(let a), .code(let b)), (.range(let a), .range(let b)): a < b
        case (.code, .range), (.code, .other), (.range, .other): true
        case (.range, .code), (.other, _): false
        }
    }
}

extension StatusPattern {
    /// The status that stands for the pattern: its code, or the first of its range (`4XX` → 400); `default` is 200
    /// for a success and 500 for an error.
    public func representative(success: Bool) -> Int {
        switch self {
        case .code(let code): code
        case .range(let hundred): hundred * 100
        case .other: success ? 200 : 500
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
    /// More example bodies, by name (OpenAPI's `examples`), which the mock serves for `Prefer: example=<name>`.
    public var examples: [NamedExample]
    /// The headers the answer carries (`Location`, `ETag`, rate limits), each a scalar; a required one is always
    /// sent.
    public var headers: [Field]
    /// Where it is declared.
    public var location: SourceLocation
    /// Where its type is written.
    public var typeLocation: SourceLocation

    /// Creates a response case.
    public init(
        status: StatusPattern, body: ResponseBody, description: String? = nil, example: SpecValue? = nil,
        examples: [NamedExample] = [], headers: [Field] = [], location: SourceLocation,
        typeLocation: SourceLocation? = nil
    ) {
        self.status = status
        self.body = body
        self.description = description
        self.example = example
        self.examples = examples
        self.headers = headers
        self.location = location
        self.typeLocation = typeLocation ?? location
    }
}

extension ResponseCase {
    /// Whether the response says nothing but its body (no description, examples or headers) and is not a stream,
    /// so the spec can write it in the short form: `response: Type`.
    public var saysOnlyItsBody: Bool {
        if case .stream = body { return false }
        return description == nil && example == nil && examples.isEmpty && headers.isEmpty
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
    /// More example bodies, by name (OpenAPI's `examples`), which the mock serves for `Prefer: example=<name>`.
    public var examples: [NamedExample]
    /// Where it is declared.
    public var location: SourceLocation
    /// Where the body type is written.
    public var typeLocation: SourceLocation

    /// Creates an error response.
    public init(
        status: StatusPattern, caseName: String, body: TypeRef? = nil, description: String? = nil,
        example: SpecValue? = nil, examples: [NamedExample] = [], location: SourceLocation,
        typeLocation: SourceLocation? = nil
    ) {
        self.status = status
        self.caseName = caseName
        self.body = body
        self.description = description
        self.example = example
        self.examples = examples
        self.location = location
        self.typeLocation = typeLocation ?? location
    }
}

/// An example body with a name (`examples: {overdue: {...}}`), as OpenAPI's `examples` map holds them.
public struct NamedExample: Hashable, Sendable {
    /// The name a client asks for (`Prefer: example=overdue`).
    public var name: String
    /// The body.
    public var value: SpecValue
    /// Where the name is written.
    public var location: SourceLocation

    /// Creates a named example.
    public init(name: String, value: SpecValue, location: SourceLocation) {
        self.name = name
        self.value = value
        self.location = location
    }
}
