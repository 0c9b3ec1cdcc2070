/// The kinds of warning an import gives, each counted in the summary and listed in Docs/Importing.md (a test
/// holds the two to the same list). A warning says what the spec could not say and what was imported instead.
public enum ImportWarning: String, CaseIterable, Sendable {
    /// `allof-flattened`.
    case allofFlattened = "allof-flattened"
    /// `allof-non-object`.
    case allofNonObject = "allof-non-object"
    /// `allof-union`.
    case allofUnion = "allof-union"
    /// `api-name`.
    case apiName = "api-name"
    /// `any-value`.
    case anyValue = "any-value"
    /// `auth-scheme`.
    case authScheme = "auth-scheme"
    /// `body-on-get`.
    case bodyOnGet = "body-on-get"
    /// `bounds`.
    case bounds = "bounds"
    /// `cookie-parameter`.
    case cookieParameter = "cookie-parameter"
    /// `dangling-ref`.
    case danglingRef = "dangling-ref"
    /// `date-format`.
    case dateFormat = "date-format"
    /// `default-success`.
    case defaultSuccess = "default-success"
    /// `default-value`.
    case defaultValue = "default-value"
    /// `discriminator-dropped`.
    case discriminatorDropped = "discriminator-dropped"
    /// `duplicate-route`.
    case duplicateRoute = "duplicate-route"
    /// `empty-body`.
    case emptyBody = "empty-body"
    /// `enum-values`.
    case enumValues = "enum-values"
    /// `example-type`.
    case exampleType = "example-type"
    /// `extension-value`.
    case extensionValue = "extension-value"
    /// `file-in-json`.
    case fileInJSON = "file-in-json"
    /// `generated-name`.
    case generatedName = "generated-name"
    /// `header-shape`.
    case headerShape = "header-shape"
    /// `http-method`.
    case httpMethod = "http-method"
    /// `ignored-header`.
    case ignoredHeader = "ignored-header"
    /// `invalid-schema`.
    case invalidSchema = "invalid-schema"
    /// `item-constraints`.
    case itemConstraints = "item-constraints"
    /// `media-type`.
    case mediaType = "media-type"
    /// `multipart`.
    case multipart = "multipart"
    /// `name-clash`.
    case nameClash = "name-clash"
    /// `nested-array`.
    case nestedArray = "nested-array"
    /// `nested-object`.
    case nestedObject = "nested-object"
    /// `nested-union`.
    case nestedUnion = "nested-union"
    /// `null-items`.
    case nullItems = "null-items"
    /// `null-values`.
    case nullValues = "null-values"
    /// `oauth2-flow`.
    case oauth2Flow = "oauth2-flow"
    /// `one-direction`.
    case oneDirection = "one-direction"
    /// `operation-name`.
    case operationName = "operation-name"
    /// `operation-server`.
    case operationServer = "operation-server"
    /// `parameter-shape`.
    case parameterShape = "parameter-shape"
    /// `path-key`.
    case pathKey = "path-key"
    /// `path-parameter`.
    case pathParameter = "path-parameter"
    /// `pattern`.
    case pattern = "pattern"
    /// `recursive-struct`.
    case recursiveStruct = "recursive-struct"
    /// `ref-cycle`.
    case refCycle = "ref-cycle"
    /// `ref-siblings`.
    case refSiblings = "ref-siblings"
    /// `relative-server`.
    case relativeServer = "relative-server"
    /// `required-nullable`.
    case requiredNullable = "required-nullable"
    /// `response-kinds`.
    case responseKinds = "response-kinds"
    /// `response-types`.
    case responseTypes = "response-types"
    /// `security`.
    case security = "security"
    /// `security-all-of`.
    case securityAllOf = "security-all-of"
    /// `server-url`.
    case serverURL = "server-url"
    /// `server-variable`.
    case serverVariable = "server-variable"
    /// `status`.
    case status = "status"
    /// `stream-headers`.
    case streamHeaders = "stream-headers"
    /// `type-list`.
    case typeList = "type-list"
    /// `type-only`.
    case typeOnly = "type-only"
    /// `union-duplicate`.
    case unionDuplicate = "union-duplicate"
    /// `union-overlap`.
    case unionOverlap = "union-overlap"
    /// `unread-key`.
    case unreadKey = "unread-key"
    /// `unknown-type`.
    case unknownType = "unknown-type"
    /// `version`.
    case version = "version"
    /// `webhook`.
    case webhook = "webhook"
}
