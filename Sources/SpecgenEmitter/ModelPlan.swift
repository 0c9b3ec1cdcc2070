package import SpecgenSpec

/// A model: struct, enum or alias.
package enum ModelPlan: Hashable, Sendable {
    case object(ObjectPlan)
    case enumeration(EnumPlan)
    case alias(AliasPlan)
    case union(UnionPlan)
}

/// A union model: an enum with a case per variant and one that keeps variants this client does not know.
package struct UnionPlan: Hashable, Sendable {
    /// One variant.
    package struct Case: Hashable, Sendable {
        /// The case name.
        package var name: String
        /// The Swift type of its value.
        package var type: String
        /// The variant as the spec writes it, which names it in decoding reasons.
        package var specType: String
        /// The discriminator's values that select it, in a discriminated union (empty in another). With one, the
        /// client writes it when it encodes the case; with several, the value's own property says which.
        package var tags: [String]
        /// The string constants its properties declare (`object: card`), which an undiscriminated union checks
        /// before trying it; wire name and value, in spec order.
        package var constants: [[String]]
        /// Its doc comment.
        package var documentation: String?
        /// How its value's constraints are checked (`.nested` or `.eachNested`), when it has any.
        package var validation: ValidationPlan.Check?
        /// Whether its value is large enough to be stored out of line (`indirect case`), as ``ModelLayout`` decides.
        package var isIndirect = false
    }

    /// The type name.
    package var typeName: String
    /// Its doc comment.
    package var documentation: String?
    /// Its deprecation message, if deprecated.
    package var deprecation: String?
    /// The property that names the variant, or nil to try the variants in order.
    package var discriminator: String?
    /// The variants, in spec order.
    package var cases: [Case]
    /// Whether a value can hold the union again inside itself, so Swift must store it `indirect`.
    package var isIndirect = false
    /// The modules the variants' types come from.
    package var usage: ModuleUsage
    /// The spec key path, such as `models.PaymentSource`.
    package var keyPath: String
}

/// A struct model.
package struct ObjectPlan: Hashable, Sendable {
    /// The type name.
    package var typeName: String
    /// Its doc comment.
    package var documentation: String?
    /// Its deprecation message (`""` for a bare deprecation), if deprecated.
    package var deprecation: String?
    /// The properties.
    package var properties: [PropertyPlan]
    /// The Swift type of the properties it keeps beyond its own (`additionalProperties`), or nil.
    package var additionalProperties: String?
    /// The modules its properties' types come from.
    package var usage: ModuleUsage {
        properties.reduce(into: additionalProperties == nil ? [] : .runtime) { $0.formUnion($1.usage) }
    }
    /// Whether it is `Codable`: false for a struct that travels only as parameters, form fields and multipart text.
    package var isCodable: Bool
    /// Constraint checks, if any (its own and its nested models').
    package var validations: [ValidationPlan]
    /// Whether its description must hide sensitive properties.
    package var hasSensitive: Bool
    /// The spec key path, such as `models.Ticket`.
    package var keyPath: String
}

/// How a date property in a format other than ISO 8601 date-time is coded: stored in a runtime type that names a
/// format type and codes the date in it.
package struct DateCodingPlan: Hashable, Sendable {
    /// The type that stores it, such as `FormattedDate<CalendarDateFormat>` or
    /// `OptionalFormattedDate<UpdatedAtFormat>`.
    package var wrapper: String
    /// The format type the model declares for a pattern, such as `UpdatedAtFormat`; nil when the runtime has one.
    package var formatTypeName: String?
    /// The `DateFormat` expression, such as `.pattern("yyyy-MM-dd HH:mm:ss")`.
    package var format: String
}

/// One property of a struct model, or one parameter of an operation.
package struct PropertyPlan: Hashable, Sendable {
    /// The Swift name, escaped if it is a keyword.
    package var name: String
    /// The wire name.
    package var wireName: String
    /// The Swift type with its optionality, such as `String?` or `Nullable<String>?`.
    package var type: String
    /// The Swift type without optionality.
    package var baseType: String
    /// Required, optional (`?`) or nullable (`??`).
    package var presence: Presence
    /// A Swift default-value expression.
    package var defaultValue: String?
    /// How a date in a format other than ISO 8601 date-time is coded.
    package var dateCoding: DateCodingPlan?
    /// Its doc comment.
    package var documentation: String?
    /// Its deprecation message, if deprecated.
    package var deprecation: String?
    /// Whether logs and descriptions hide it.
    package var sensitive: Bool
    /// How a single value becomes text (paths, queries, headers, forms), when it is a scalar.
    package var textForm: TextForm?
    /// What it is in a multipart body.
    package var partKind: PartKind
    /// The modules its Swift type comes from.
    package var usage: ModuleUsage
    /// Whether a model stores it out of line (in an `Indirect`), as ``ModelLayout`` decides.
    package var isIndirect = false

    /// The runtime type a model stores it in, when not as itself: a formatted date's `FormattedDate<Format>` or an
    /// out-of-line value's `Indirect<Type>`. The model keeps it in a private `_name` and reads it through a computed
    /// property, not a property wrapper: Swift 6.3 refuses a wrapper's storage in a `nonisolated` struct.
    package var storage: String? { dateCoding?.wrapper ?? (isIndirect ? "Indirect<\(type)>" : nil) }

    /// The expression that stores `value` in ``storage``: `FormattedDate(wrappedValue: value)`, or `value` itself.
    package func stored(_ value: String) -> String {
        guard let storage else { return value }
        return "\(storage.prefix { $0 != "<" })(wrappedValue: \(value))"
    }

    /// Whether the Swift type is optional.
    package var isOptional: Bool { presence != .required }
    /// Whether it has a default and may be left out of an initializer call.
    package var hasDefault: Bool { defaultValue != nil || isOptional }
    /// Whether it carries a doc comment or a deprecation.
    package var isDocumented: Bool { documentation != nil || deprecation != nil }
}

/// How a scalar value becomes text (path segments, query items, headers, form fields, text parts).
package enum TextForm: Hashable, Sendable {
    case string, describing, rawValue, integerRawValue, uuid, url, base64
    case date(format: String)

    /// The Swift expression for the text of `value`. A number's or a Bool's is its `description`, the text
    /// `String(value)` gives too, without the dozen initializers `String(...)` makes the type checker weigh (about
    /// 1 ms a use, against 0.4 ms).
    package func expression(_ value: String) -> String {
        switch self {
        case .string: value
        case .describing: "\(value).description"
        case .rawValue: "WireForm.of(\(value))"
        case .integerRawValue: "WireForm.of(\(value)).description"
        case .uuid: "\(value).uuidString"
        case .url: "\(value).absoluteString"
        case .base64: "\(value).base64EncodedString()"
        case .date(let format): "\(format).string(from: \(value))"
        }
    }
}

/// A constraint check on a value.
package struct ValidationPlan: Hashable, Sendable {
    /// One check.
    package enum Check: Hashable, Sendable {
        case pattern(String)
        case length(min: Int?, max: Int?)
        case range(min: Double?, max: Double?)
        case items(min: Int?, max: Int?)
        /// The value is a model with its own `validate()`.
        case nested
        /// The value is an array or dictionary of such models.
        case eachNested(isMap: Bool)
    }

    /// The Swift expression of the value (a property or parameter name).
    package var value: String
    /// The field as failures name it (`userId`, `RegisterModel.email`).
    package var field: String
    /// Whether the value is optional, or nullable.
    package var presence: Presence
    /// The checks.
    package var checks: [Check]
    /// How a pattern or a length reads a value that is text on the wire but not a `String` in Swift (a `UUID`, a
    /// `URL`): as the text the client sends. Nil for a `String`.
    package var text: TextForm? = nil
}

/// A forward-compatible string enum.
package struct EnumPlan: Hashable, Sendable {
    /// The type name.
    package var typeName: String
    /// Its doc comment.
    package var documentation: String?
    /// Its deprecation message, if deprecated.
    package var deprecation: String?
    /// The documented cases.
    package var cases: [EnumCasePlan]
    /// The Swift type of the raw values: `String`, or `Int` for an integer enum.
    package var rawType: String
    /// The spec key path, such as `models.TicketState`.
    package var keyPath: String
}

/// One enum case.
package struct EnumCasePlan: Hashable, Sendable {
    /// The case name, escaped if needed.
    package var name: String
    /// The wire value.
    package var rawValue: String
    /// Its doc comment.
    package var documentation: String?
    /// Its deprecation message, if deprecated.
    package var deprecation: String?
}

/// A type alias.
package struct AliasPlan: Hashable, Sendable {
    /// The alias name.
    package var typeName: String
    /// The aliased Swift type.
    package var target: String
    /// The modules the target type comes from.
    package var usage: ModuleUsage
    /// Its doc comment.
    package var documentation: String?
    /// Its deprecation message, if deprecated.
    package var deprecation: String?
    /// The spec key path, such as `models.TicketID`.
    package var keyPath: String
}
