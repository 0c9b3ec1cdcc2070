/// A built-in scalar type of the spec format.
public enum Primitive: String, Hashable, Sendable, CaseIterable {
    case string, int, int32, int64, double, float, bool
    /// An ISO 8601 timestamp, with or without fractional seconds, unless a field gives a `format`.
    case datetime
    /// A calendar date, `yyyy-MM-dd`.
    case date
    case uuid, url
    /// Bytes carried as a base64 string in JSON.
    case bytes
    /// Raw bytes: a whole request or response body, or a multipart part.
    case binary
    /// A file for a multipart part: bytes plus a file name and MIME type.
    case file
    /// Any JSON value.
    case json
}

/// A type as a spec writes it: `string`, `Ticket`, `[Message]`, `{string: FieldRegion}`.
public indirect enum TypeRef: Hashable, Sendable, CustomStringConvertible {
    case primitive(Primitive)
    case named(String)
    case array(TypeRef)
    /// A JSON object with string keys.
    case map(TypeRef)

    /// The type as the spec would write it.
    public var description: String {
        switch self {
        case .primitive(let primitive): primitive.rawValue
        case .named(let name): name
        case .array(let element): "[\(element)]"
        case .map(let value): "{string: \(value)}"
        }
    }

    /// The model's name, for a named type.
    package var name: String? {
        if case .named(let name) = self { return name }
        return nil
    }

    /// Whether it is an array.
    package var isArray: Bool {
        if case .array = self { return true }
        return false
    }

    /// Whether it is an array or a map: what a parameter or a header sends only as text items.
    package var isContainer: Bool {
        switch self {
        case .array, .map: true
        case .primitive, .named: false
        }
    }

    /// Every named type the reference mentions.
    public var referencedNames: [String] {
        switch self {
        case .primitive: []
        case .named(let name): [name]
        case .array(let element), .map(let element): element.referencedNames
        }
    }
}

/// Whether a field must be present, may be absent, or can be absent, `null` or a value.
public enum Presence: String, Hashable, Sendable {
    /// Always present (`string`).
    case required
    /// May be absent or `null`; both read as nil (`string?`).
    case optional
    /// Absent, `null` and a value are three different things, as an update needs (`string??`).
    case nullable

    /// How the spec writes it after a type: nothing, `?` or `??`.
    public var suffix: String {
        switch self {
        case .required: ""
        case .optional: "?"
        case .nullable: "??"
        }
    }
}

/// A property of a model, a parameter, a header, or a part of an inline body.
public struct Field: Hashable, Sendable {
    /// The name on the wire: the JSON key, query item, header or part name.
    public var wireName: String
    /// The Swift name chosen in the spec with `swiftName`, when the derived one will not do.
    public var swiftName: String?
    /// The type.
    public var type: TypeRef
    /// Whether the value must be there.
    public var presence: Presence
    /// The value used when the field is absent.
    public var defaultValue: SpecValue?
    /// The only value the field ever has (`const`), such as a variant's tag; it is also the default.
    public var constant: SpecValue?
    /// What it means.
    public var description: String?
    /// Whether it is deprecated, and why.
    public var deprecation: Deprecation?
    /// Whether it holds a secret (password, token, key) that logs and errors must redact.
    public var sensitive: Bool
    /// Checks before sending.
    public var constraints: Constraints
    /// An explicit date format such as `yyyy-MM-dd HH:mm:ss`, for `datetime` fields.
    public var format: String?
    /// How an array travels in a query or form (`comma`), when not as repeated items, or a query parameter sent as
    /// JSON text (`json`).
    public var style: ParameterStyle?
    /// An example value, for docs and the mock server.
    public var example: SpecValue?
    /// Where the field's key is.
    public var location: SourceLocation
    /// Where the field's type is written.
    public var typeLocation: SourceLocation

    /// Creates a field.
    public init(
        wireName: String, swiftName: String? = nil, type: TypeRef, presence: Presence = .required,
        defaultValue: SpecValue? = nil, description: String? = nil, deprecation: Deprecation? = nil,
        sensitive: Bool = false, constraints: Constraints = Constraints(), format: String? = nil,
        example: SpecValue? = nil, constant: SpecValue? = nil, style: ParameterStyle? = nil,
        location: SourceLocation, typeLocation: SourceLocation? = nil
    ) {
        self.wireName = wireName
        self.style = style
        self.constant = constant
        self.swiftName = swiftName
        self.type = type
        self.presence = presence
        self.defaultValue = defaultValue
        self.description = description
        self.deprecation = deprecation
        self.sensitive = sensitive
        self.constraints = constraints
        self.format = format
        self.example = example
        self.location = location
        self.typeLocation = typeLocation ?? location
    }
}

/// How a query parameter or form field that is not one value travels.
public enum ParameterStyle: String, Hashable, Sendable, CaseIterable {
    /// One item per array element: `status=a&status=b` (the default for arrays).
    case repeated
    /// The elements joined by commas: `ids=a,b`.
    case comma
    /// A map's entries as `metadata[key]=value` (Stripe's, and the default for maps).
    case deepObject
    /// A query parameter's whole value as JSON text in one item: `filter={"color":"red"}`, percent-encoded
    /// (OpenAPI's `content: application/json` on a parameter). Any type but files travels so.
    case json
}

/// One value of a string enum.
public struct EnumValue: Hashable, Sendable {
    /// The value on the wire: the string, or the integer's digits in an integer enum.
    public var value: String
    /// Whether the value is written as an integer (an integer enum such as Discord's channel types).
    public var isInteger: Bool
    /// The Swift case name chosen in the spec, when the derived one will not do.
    public var swiftName: String?
    /// What it means.
    public var description: String?
    /// Whether it is deprecated, and why.
    public var deprecation: Deprecation?
    /// Where it is declared.
    public var location: SourceLocation

    /// Creates an enum value.
    public init(
        value: String, isInteger: Bool = false, swiftName: String? = nil, description: String? = nil,
        deprecation: Deprecation? = nil, location: SourceLocation
    ) {
        self.value = value
        self.isInteger = isInteger
        self.swiftName = swiftName
        self.description = description
        self.deprecation = deprecation
        self.location = location
    }
}

/// A named type: a struct of fields, a forward-compatible string enum, or an alias such as `TicketID: string`.
public struct Model: Hashable, Sendable {
    /// What kind of type it is.
    public enum Kind: Hashable, Sendable {
        /// A struct with these properties, in spec order.
        case object([Field])
        /// A string enum; values the client does not know still decode.
        case enumeration([EnumValue])
        /// Another name for a type, optionally with constraints every use must meet.
        case alias(TypeRef, Constraints)
        /// A value that is one of several types.
        case union(Union)
    }

    /// The name in the spec.
    public var name: String
    /// The Swift type name chosen in the spec, when the derived one will not do.
    public var swiftName: String?
    /// What kind of type it is.
    public var kind: Kind
    /// What it means.
    public var description: String?
    /// Whether it is deprecated, and why.
    public var deprecation: Deprecation?
    /// An example value, for docs and the mock server.
    public var example: SpecValue?
    /// The models whose properties a struct includes before its own (OpenAPI's `allOf`); its ``fields`` already
    /// hold them.
    public var includes: [ModelReference]
    /// The type of the properties a struct keeps beyond those it declares (`additionalProperties`; `json` for
    /// any), or nil when it reads only its own.
    public var additionalProperties: TypeRef?
    /// Whether the API documents it without any endpoint of the spec carrying it (`standalone: true`): a webhook's
    /// payload, an event object. It is generated as a model received as JSON, and lint does not call it unused.
    public var isStandalone = false
    /// Where it is declared.
    public var location: SourceLocation

    /// Creates a model.
    public init(
        name: String, swiftName: String? = nil, kind: Kind, description: String? = nil,
        deprecation: Deprecation? = nil, example: SpecValue? = nil, includes: [ModelReference] = [],
        location: SourceLocation
    ) {
        self.name = name
        self.includes = includes
        self.swiftName = swiftName
        self.kind = kind
        self.description = description
        self.deprecation = deprecation
        self.example = example
        self.location = location
    }

    /// Whether it is an enum of integers.
    public var isIntegerEnum: Bool {
        guard case .enumeration(let values) = kind, let first = values.first else { return false }
        return first.isInteger
    }

    /// The properties of a struct, or none.
    public var fields: [Field] {
        if case .object(let fields) = kind { return fields }
        return []
    }
}

/// A model named where it is written.
public struct ModelReference: Hashable, Sendable {
    /// The model's spec name.
    public var name: String
    /// Where the name is written.
    public var location: SourceLocation

    /// Creates a reference.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// A model that is one of several types (OpenAPI's `oneOf`), told apart by a property or by trying each in turn.
public struct Union: Hashable, Sendable {
    /// The variants, in the order an undiscriminated value tries them.
    public var variants: [UnionVariant]
    /// The property whose value names the variant, when there is one.
    public var discriminator: String?
    /// Where the discriminator is written.
    public var discriminatorLocation: SourceLocation?

    /// Creates a union.
    public init(variants: [UnionVariant], discriminator: String? = nil, discriminatorLocation: SourceLocation? = nil) {
        self.variants = variants
        self.discriminator = discriminator
        self.discriminatorLocation = discriminatorLocation
    }
}

/// One variant of a ``Union``.
public struct UnionVariant: Hashable, Sendable {
    /// The variant's type.
    public var type: TypeRef
    /// The Swift case name chosen in the spec, when the derived one will not do.
    public var caseName: String?
    /// The discriminator's values that select this variant, when they are not the model's name: one (`tag: ok`),
    /// or several when the variant's discriminator property is an enum of them (`tags: [search, search_2025]`).
    public var tags: [String]
    /// What it means.
    public var description: String?
    /// Where it is written.
    public var location: SourceLocation

    /// Creates a variant.
    public init(
        type: TypeRef, caseName: String? = nil, tag: String? = nil, tags: [String] = [], description: String? = nil,
        location: SourceLocation
    ) {
        self.type = type
        self.caseName = caseName
        self.tags = tag.map { [$0] + tags } ?? tags
        self.description = description
        self.location = location
    }

    /// The discriminator's one value for this variant, or its first of several; nil when it has none of its own.
    public var tag: String? {
        get { tags.first }
        set { tags = newValue.map { [$0] } ?? [] }
    }

    /// The discriminator's value that selects this variant, the one written when the app sends it: its first tag,
    /// or else its model's name.
    public var discriminatorValue: String { tags.first ?? type.description }

    /// Every discriminator value that selects this variant: its tags, or else its model's name.
    public var discriminatorValues: [String] { tags.isEmpty ? [type.description] : tags }
}

extension Field {
    /// Whether a message must carry the field: it is required and has no default that fills it in. The mock server,
    /// the OpenAPI export and the diff all decide "required" by this one rule.
    package var isRequiredOnWire: Bool { presence == .required && defaultValue == nil }
}
