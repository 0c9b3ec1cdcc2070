package import SpecgenSpec

/// One parameter of an operation.
package struct ParameterPlan: Hashable, Sendable {
    /// The argument label (`_` for none).
    package var label: String
    /// The name inside the method, escaped if needed.
    package var internalName: String
    /// The wire name (path placeholder, query item, header, form or part name).
    package var wireName: String
    /// The Swift type.
    package var type: String
    /// A default-value expression.
    package var defaultValue: String?
    /// Whether the type is optional.
    package var isOptional: Bool
    /// Its description, for `- Parameter` lines.
    package var documentation: String?
    /// How the value becomes text, for path, query, header and form parameters.
    package var textForm: TextForm?
    /// What it is in a multipart body.
    package var partKind: PartKind
    /// Whether it is the whole body.
    package var isBody: Bool
    /// The modules its Swift type comes from.
    package var usage: ModuleUsage
    /// Whether the spec marks it sensitive: a header that holds one never follows a redirect to another origin.
    package var sensitive = false
    /// How a query parameter or form field becomes items.
    package var items: ItemsPlan = .single
    /// The value of a `const` field, as a Swift expression: such a field is no parameter of the method (a caller
    /// could only send a value the server refuses), and the request builder writes the value itself.
    package var constant: String? = nil
}

/// How a query parameter or form field becomes items: one, one per element, joined by commas, or one per entry
/// of a map as `name[key]`, each element's text made by the form given; or one item of JSON text.
package enum ItemsPlan: Hashable, Sendable {
    case single
    case repeated(TextForm)
    case comma(TextForm)
    case deepObject(TextForm)
    case json
}
