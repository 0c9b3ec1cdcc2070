public import HTTPTypes

/// A delivery's headers, looked up by name without regard to case.
public struct WebhookHeaders: Sendable, ExpressibleByDictionaryLiteral {
    private var fields: [(name: String, value: String)]

    /// Headers from name-value pairs.
    public init(_ pairs: [(name: String, value: String)]) { fields = pairs }

    /// Headers from a dictionary, as most server frameworks give them.
    public init(_ dictionary: [String: String]) { fields = dictionary.map { ($0.key, $0.value) } }

    /// Headers from swift-http-types' fields (Hummingbird, Vapor through HTTPTypes).
    public init(_ httpFields: HTTPFields) { fields = httpFields.map { ($0.name.rawName, $0.value) } }

    /// Headers written as a dictionary literal: `["webhook-id": "msg_1"]`.
    public init(dictionaryLiteral elements: (String, String)...) { fields = elements.map { ($0.0, $0.1) } }

    /// The first value of a header.
    public subscript(name: String) -> String? {
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }?.value
    }
}
