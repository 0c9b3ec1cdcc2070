public import SpecgenSpec
import SpecgenSpecWriter

/// How the import keeps one kind of lint error out of every spec it writes: what it mends, with which warning, and
/// why nothing else of the kind can arise.
///
/// The import exits 0 only with a spec that lints without an error; ``OpenAPIImporter/mend(of:)`` says, for each
/// ``LintErrorKind``, how that holds. A test imports a document for each warning listed here and requires the
/// warning and a spec without errors; the importer fuzz target lints every spec it writes.
public struct LintErrorMend: Sendable, Equatable {
    /// The warnings the import gives where a document would cause an error of the kind: the part is left out,
    /// retyped or renamed, located in the document.
    public var warnings: [ImportWarning]
    /// Why the import writes no other error of the kind.
    public var reason: String

    /// A mend with its warnings and reason.
    public init(_ warnings: [ImportWarning], _ reason: String) {
        self.warnings = warnings
        self.reason = reason
    }
}

extension OpenAPIImporter {
    /// How the import keeps errors of `kind` out of the specs it writes. Exhaustive: a new kind of lint error does
    /// not compile until the import says how it avoids it.
    public static func mend(of kind: LintErrorKind) -> LintErrorMend {
        switch kind {
        case .yaml:
            LintErrorMend(
                [],
                "the spec is written by SpecWriter, which quotes every scalar YAML would read otherwise and writes "
                    + "each key once, with no anchors or aliases")
        case .structure:
            LintErrorMend(
                [], "SpecWriter writes a Spec value: 'specgen: 1' first, then only the format's keys, each in its shape"
            )
        case .apiName:
            LintErrorMend([.apiName], "every other title is made a type name word by word")
        case .typeSyntax:
            LintErrorMend(
                [.nullItems, .nullValues],
                "types are written from TypeRef values, whose text reads back; optional appears only at the top of a "
                    + "field's type")
        case .unknownType:
            LintErrorMend([.danglingRef, .unknownType], "every other type named is a model the import writes")
        case .includes:
            LintErrorMend(
                [.allofFlattened, .allofNonObject, .allofUnion],
                "an allOf is included only when its parts are structs whose shared fields agree; else it is flattened")
        case .servers:
            LintErrorMend(
                [.serverURL, .serverVariable, .relativeServer, .operationServer],
                "server names are numbered apart, and an operation names only servers the spec declares")
        case .retry:
            LintErrorMend([.extensionValue], "only 'x-specgen-retry' and 'x-specgen-cache-policy' write retry settings")
        case .status:
            LintErrorMend(
                [.status, .defaultSuccess], "statuses are sorted into successes and errors by their class")
        case .auth:
            LintErrorMend(
                [.authScheme, .oauth2Flow, .security, .securityAllOf],
                "a requirement names only schemes the import wrote, each once")
        case .route:
            LintErrorMend([.pathKey, .httpMethod], "a path is written with '/' first and a method the spec names")
        case .pathParameters:
            LintErrorMend([.pathParameter], "a path's placeholders and its path parameters are matched one to one")
        case .parameters:
            LintErrorMend(
                [.parameterShape, .cookieParameter, .nestedObject, .nestedUnion, .nestedArray, .anyValue],
                "a style is written only on a query parameter or form field whose type it fits")
        case .bodies:
            LintErrorMend(
                [.bodyOnGet, .emptyBody, .multipart, .mediaType],
                "a form or multipart body is a model with properties, its fields single values or lists of them")
        case .bytesInJSON:
            LintErrorMend([.fileInJSON], "raw bytes stay only in multipart parts and raw bodies")
        case .streams:
            LintErrorMend(
                [.streamHeaders, .responseKinds], "a stream is written only for a success, with its item type")
        case .responses:
            LintErrorMend(
                [.responseTypes, .responseKinds, .mediaType], "a JSON answer of a bare value is typed as that value")
        case .headers:
            LintErrorMend(
                [.headerShape, .ignoredHeader], "response headers are written as optional values, without defaults")
        case .paging:
            LintErrorMend(
                [.extensionValue],
                "paging inferred from the document is kept only when lint accepts it; otherwise it is left out, "
                    + "with the reason in a comment")
        case .polling:
            LintErrorMend([.extensionValue], "only 'x-specgen-poll' writes polling")
        case .names:
            LintErrorMend(
                [.generatedName, .operationName],
                "names of one scope that would meet in Swift are numbered apart, and a custom name is written only "
                    + "when it is a Swift identifier")
        case .errorCases:
            LintErrorMend(
                [.extensionValue],
                "error cases are named from their status, numbered apart, and shared only when status and body agree")
        case .enums:
            LintErrorMend(
                [],
                "an enum is of integers when its type is `integer`, or, untyped, when every value is one; a repeated "
                    + "value is kept once; case names are numbered apart, and never 'unknown'")
        case .unions:
            LintErrorMend(
                [.unionDuplicate, .discriminatorDropped, .unionOverlap, .nestedUnion],
                "a discriminator is kept only when lint accepts its tags and variants")
        case .constraints:
            LintErrorMend(
                [.pattern, .bounds, .dateFormat],
                "constraints are written only on types they apply to, and a date pattern only when it reads back its "
                    + "own dates")
        case .defaults:
            LintErrorMend(
                [.defaultValue, .enumValues],
                "a default or constant is written only when its type holds it and null does not clear it")
        case .recursion:
            LintErrorMend([.refCycle, .recursiveStruct], "a struct that would hold itself holds json in its place")
        case .mockSteps:
            LintErrorMend([], "the import writes no mock steps: OpenAPI has no scripted answers")
        case .webhooks:
            LintErrorMend([.webhook], "event names are numbered apart, and a payload is a model")
        case .companionFile:
            LintErrorMend([], "the import writes only the spec; the options file and accepted changes are the team's")
        }
    }
}
