/// The kinds of error that loading and linting a spec report, one per part of the spec format an error is about.
///
/// Every error of a spec, its options file or its accepted-changes list carries one (``Diagnostic/kind`` is the raw
/// value): the functions that report errors take it. The list is closed on purpose, so that whatever writes specs
/// (the OpenAPI importer) can say, kind by kind, how a spec it writes never has such an error.
public enum LintErrorKind: String, CaseIterable, Sendable {
    /// The file is no YAML: a syntax error, a duplicate key, an alias that expands too far.
    case yaml = "yaml"
    /// The YAML does not have the spec format's shape: an unknown key, a missing one, a list where a mapping goes,
    /// no `specgen: 1`, an OpenAPI document.
    case structure = "structure"
    /// The API's name makes no Swift type name.
    case apiName = "api-name"
    /// A type expression (`[Ticket]`, `{string: int}?`) that cannot be read, or optional where it cannot be.
    case typeSyntax = "type-syntax"
    /// A type name no model declares.
    case unknownType = "unknown-type"
    /// A model's `includes`: a cycle, a model without properties, a field included twice with two types.
    case includes = "includes"
    /// Servers and their variables, and the server URLs endpoints name.
    case servers = "servers"
    /// Retry and cache settings.
    case retry = "retry"
    /// A status code that is no code, or a success where an answer must be one.
    case status = "status"
    /// Auth schemes, OAuth2 grants and the schemes an endpoint names.
    case auth = "auth"
    /// An endpoint's `METHOD /path`.
    case route = "route"
    /// Path parameters and the placeholders of the path.
    case pathParameters = "path-parameters"
    /// Query, header and form parameters: their types and styles.
    case parameters = "parameters"
    /// Request and response bodies: encodings, what a form or a GET can carry.
    case bodies = "bodies"
    /// Raw bytes (`file`, `binary`) where JSON carries the value.
    case bytesInJSON = "bytes-in-json"
    /// Streamed answers: formats, items, what a stream cannot be.
    case streams = "streams"
    /// Success answers: what a JSON answer can be, answers that disagree.
    case responses = "responses"
    /// Response headers and the headers a client sets.
    case headers = "headers"
    /// Pagination.
    case paging = "paging"
    /// Polling helpers.
    case polling = "polling"
    /// Swift names: collisions, names generated types take, custom names that are no identifiers.
    case names = "names"
    /// Error answers and their cases.
    case errorCases = "error-cases"
    /// Enums: their values and case names.
    case enums = "enums"
    /// Unions: variants, tags and discriminators.
    case unions = "unions"
    /// Constraints (`pattern`, lengths, bounds, item counts) and formats.
    case constraints = "constraints"
    /// Defaults and what may carry them.
    case defaults = "defaults"
    /// Aliases and structs that hold themselves.
    case recursion = "recursion"
    /// A mock's scripted answers.
    case mockSteps = "mock-steps"
    /// Webhooks: events, payloads, signing.
    case webhooks = "webhooks"
    /// A file beside the spec, not the spec: generation options, the accepted-changes list.
    case companionFile = "companion-file"
}
