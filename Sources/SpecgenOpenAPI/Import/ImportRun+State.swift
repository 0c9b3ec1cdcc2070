import SpecgenSpec

/// What the document says of the API as a whole, read before its operations: what translating each operation
/// consults about the API.
struct DocumentFacts {
    /// Whether the document is OpenAPI 3.1 (or 3.2), whose `$ref` siblings apply.
    var isVersion31 = false
    /// Security scheme keys of the document and their names in the spec.
    var schemeNames: [String: String] = [:]
    /// The API's server URLs and the variables each declares, and the URLs operations name in their own `servers`
    /// (one per API server, in the same order).
    var serverURLs: [String] = []
    var serverVariables: [[String: ServerVariable]] = []
    var extraURLs: [(name: String, urls: [String])] = []
    /// Headers every operation sends with one fixed value, which become `defaultHeaders`.
    var defaultHeaders: [(name: String, value: String)] = []
    /// The document's retry policy, which an operation's applies its keys over.
    var apiRetry: RetrySettings?
    /// Whether the document says how webhook deliveries name their event (the export's `x-specgen-webhooks`).
    var webhookNamingWritten = false
}

/// Where what the import made stands in the document: for warnings about decisions made on the whole spec, and so
/// that a diff of two imported documents points into them.
struct ImportPlaces {
    /// Where each model's schema stands.
    var modelLocations: [String: SourceLocation] = [:]
    /// Where each model property (by model and wire name) and each operation (by name) stands.
    var fieldLocations: [String: SourceLocation] = [:]
    var endpointLocations: [String: SourceLocation] = [:]
    /// Where each operation's `x-specgen-resource` is written, by endpoint name.
    var resourceLocations: [String: SourceLocation] = [:]
    /// Where the export's `x-specgen-paginate` and `x-specgen-poll` of each endpoint stand.
    var extensionPaging: [String: SourceLocation] = [:]
    var extensionPolling: [String: SourceLocation] = [:]
}

/// What translating the operations noted for the passes over the whole spec.
struct EndpointNotes {
    /// The names of the endpoints made for an operation's streamed form, which ``ImportSummary/streamedForms``
    /// counts.
    var streamedFormNames: Set<String> = []
    /// The properties of each model that the document requires and lets be `null`: warned once the spec shows
    /// which models requests carry.
    var requiredNullable: [String: [(wireName: String, location: SourceLocation)]] = [:]
    /// Endpoints whose document declares a `Link` header on a success, which may hand the next page there.
    var linkHeaders: Set<String> = []
    /// The `x-specgen-case` values already reported as names the spec does not take.
    var reportedCases: Set<SourceLocation> = []
    /// Error case names and the status and body each answers: one name means one status and one body type across
    /// the API, as lint asks of each error type.
    var errorCases: [String: ErrorCaseIdentity] = [:]
    /// The `callbacks` of each operation that has them, by the operation's name, for the webhooks.
    var callbacks: [(operation: String, node: DocNode, pointer: String)] = []
}
