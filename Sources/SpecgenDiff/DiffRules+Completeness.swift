/// The rules for what the first catalogue passed over (date formats, nullability, the API's name, an operation's
/// thrown type, response constraints, resources), and the two rules that report a difference no other rule
/// explains.
extension DiffRule {
    static let formatChanged = DiffRule(
        "format-changed", "A date's format changed (epoch units, date-time, date, a pattern)", wire: .breaking,
        swift: .safe,
        "Old apps write and read dates the old way: epoch seconds read as milliseconds are a thousandfold off, and "
            + "text where a number was expected fails; the Swift type is Date either way.")
    static let nullabilityChanged = DiffRule(
        "nullability-changed", "A value's Swift optionality changed, not what travels (`T?` to `T??`)",
        wire: .safe, swift: .breaking,
        "Absent and null travel as before (a parameter's default stands in for an absent value); the Swift type "
            + "changes between `T?` and `Nullable<T>?`, or between `T` and `T?`.")
    static let apiRenamed = DiffRule(
        "api-renamed", "The API was renamed", wire: .safe, swift: .breaking,
        "The wire is the same; the module's client, protocol, mock, error and server types are renamed.")
    static let errorTypeChanged = DiffRule(
        "operation-error-type-changed", "An operation throws another error type", wire: .safe, swift: .breaking,
        "The statuses are judged by the error rules; code that names the old thrown type, or a `catch` typed by it, "
            + "no longer compiles.")
    static let responseConstraintTightened = DiffRule(
        "response-constraint-tightened", "A constraint on a value only servers send was tightened", wire: .safe,
        swift: .safe,
        "Every value the server sends still decodes in old apps, which do not check answers' constraints.")
    static let enumValueWireChanged = DiffRule(
        "enum-value-wire-changed", "An enum value's wire text changed (same Swift case)", wire: .breaking,
        swift: .safe,
        "Old apps send and expect the old text, and read the new one as undocumented; Swift code is unchanged.")
    static let sensitivityChanged = DiffRule(
        "sensitivity-changed", "A value is now, or no longer, redacted as sensitive", wire: .safe, swift: .safe,
        "Nothing travels differently; logs, errors and descriptions redact the value, or show it.")
    static let redactionRemoved = DiffRule(
        "redaction-removed", "A model's last sensitive value is no longer sensitive, so its redacting description goes",
        wire: .safe, swift: .breaking,
        "Nothing travels differently; the model no longer conforms to `CustomStringConvertible` and "
            + "`CustomDebugStringConvertible`, so code that reads its `description` no longer compiles.")
    static let mockHandlerChanged = DiffRule(
        "mock-handler-changed",
        "The mock's closure for an operation receives an argument under another name (a body's `body` becomes "
            + "`requestBody`)",
        wire: .safe, swift: .breaking,
        "Nothing travels differently, and calls to the client still compile; a test's closure for the operation that "
            + "reads the argument by its old name no longer does. An argument added breaks no closure.")
    static let authSchemeDetailsChanged = DiffRule(
        "auth-scheme-details-changed", "An auth scheme sends the same credential another way", wire: .breaking,
        swift: .safe,
        "Old apps send the key in the old header or query item, or fetch tokens at the old URL; the client's "
            + "initializer takes the same credential.")
    static let errorCaseRenamed = DiffRule(
        "error-case-renamed", "A documented error's case name changed (same status)", wire: .safe, swift: .breaking,
        "Old apps map the status to the case they know; code matching the old case name no longer compiles.")
    static let enumCaseRenamed = DiffRule(
        "enum-case-renamed", "An enum value's Swift case name changed (same wire value)", wire: .safe,
        swift: .breaking, "The JSON is the same; code naming the old case no longer compiles.")
    static let streamTerminatorChanged = DiffRule(
        "stream-terminator-changed", "A stream ends on another sentinel", wire: .breaking, swift: .safe,
        "Old apps read the new sentinel as one more event, or wait past the end; the Swift type is the same.")
    static let paginationWalkChanged = DiffRule(
        "pagination-walk-changed", "A pagination helper reads the next page another way (same Swift helper)",
        wire: .breaking, swift: .safe,
        "Old apps' helpers look for the next page where the server no longer puts it and stop early, or loop; the "
            + "helper's signature is the same.")
    static let serverDefaultsChanged = DiffRule(
        "server-defaults-changed", "A server variable's default or another URL of a server changed", wire: .safe,
        swift: .safe,
        "Old apps that take the default keep sending it; the proof tries every URL they pick against the new "
            + "servers. The server case's associated values are the same.")
    static let wireTypeChanged = DiffRule(
        "wire-type-changed",
        "A value's wire form changed but not its Swift type (`date` to `datetime`, a stream's "
            + "framing)", wire: .breaking, swift: .safe,
        "Old apps write and read the old form; the Swift type is the same.")
    static let modelRenamedInSpec = DiffRule(
        "model-renamed-in-spec", "A model was renamed in the spec but kept its Swift type name (`swiftName`)",
        wire: .safe, swift: .safe, "JSON has no type names, and the Swift type keeps its name.")
    static let modelRenamedInSwift = DiffRule(
        "model-renamed-in-swift", "A model's Swift type name changed (same spec name)", wire: .safe,
        swift: .breaking, "JSON has no type names; code naming the old type no longer compiles.")
    static let operationsReordered = DiffRule(
        "operations-reordered", "The operations are declared in another order", wire: .safe, swift: .breaking,
        "Nothing travels differently; the mock's initializer takes its handlers in the new order, so a call that "
            + "passes several of them must reorder its arguments.")
    static let propertiesReordered = DiffRule(
        "properties-reordered", "A model's properties, or an answer's headers, are declared in another order",
        wire: .safe, swift: .breaking,
        "JSON objects and headers have no order; the memberwise initializer of the model, or of the answer's "
            + "headers, takes its arguments in the new order, so a call that passes several of them must reorder "
            + "its arguments.")
    static let parametersReordered = DiffRule(
        "parameters-reordered", "An operation's parameters come in another order", wire: .safe, swift: .breaking,
        "The request carries the same values; the method takes its arguments in the new order, so a call that "
            + "passes several of them must reorder its arguments.")
    static let authSchemesReordered = DiffRule(
        "auth-schemes-reordered", "The auth schemes are declared in another order", wire: .safe, swift: .breaking,
        "Every request sends the credential it sent; the client's initializer takes the credentials in the new "
            + "order, so a call that passes several of them must reorder its arguments.")
    static let defaultServerChanged = DiffRule(
        "default-server-changed", "Another server comes first, so the client's default server changed",
        wire: .safe, swift: .safe,
        "Old apps keep calling the server they were built with; rebuilt apps that take the default call the new "
            + "first server without a code change.")
    static let declarationOrderChanged = DiffRule(
        "declaration-order-changed",
        "Models, enum values, told-apart union variants, servers or their values, errors, answers, an operation's "
            + "auth schemes, query items, headers, form fields or webhook events are listed in another order",
        wire: .safe,
        swift: .safe,
        "What travels is read by name, tag or status as before (servers read query items, headers and form fields "
            + "by name, and accept each listed auth scheme; a client holding several credentials sends the first "
            + "listed) and every declaration is the same; the generated code lists them in the new order.")
    static let apiAdded = DiffRule(
        "api-added", "A spec was added: a new client module", wire: .safe, swift: .safe, additive: true,
        "Nothing old uses it.")
    static let apiRemoved = DiffRule(
        "api-removed", "A spec was removed: its client module is gone", wire: .breaking, swift: .breaking,
        "Old apps still call its API; code importing its module no longer compiles.")
    static let resourceAssigned = DiffRule(
        "resource-assigned", "An operation joined a resource", wire: .safe, swift: .safe, additive: true,
        "The operation's own method stays; the resource's member (`client.orders.get`) is new.")
    static let resourceChanged = DiffRule(
        "resource-changed", "An operation moved to another resource, took another name in it, or left it",
        wire: .safe, swift: .breaking,
        "The request is the same; code that calls it through the old resource member (`client.orders.get`) no "
            + "longer compiles.")
    static let unexplainedWireChange = DiffRule(
        "unexplained-wire-change", "A wire difference no other rule explains", wire: .breaking, swift: .safe,
        "Reported so that no change goes unseen, and breaking until a rule of its own says otherwise; please report "
            + "it so the catalogue can name it.")
    static let unexplainedSwiftChange = DiffRule(
        "unexplained-swift-change", "A change of the generated Swift API no other rule explains", wire: .safe,
        swift: .breaking,
        "Reported so that no change goes unseen, and breaking until a rule of its own says otherwise; please report "
            + "it so the catalogue can name it.")

    /// The rules that change only the Swift API: they explain no wire fact but those they name.
    static let swiftOnly: Set<String> = [
        nullabilityChanged.id, sensitivityChanged.id, redactionRemoved.id, mockHandlerChanged.id, enumCaseRenamed.id,
        modelRenamedInSwift.id, errorCaseRenamed.id,
        apiRenamed.id, errorTypeChanged.id, resourceAssigned.id, resourceChanged.id, propertiesReordered.id,
        parametersReordered.id, authSchemesReordered.id, defaultServerChanged.id, declarationOrderChanged.id,
    ]

    /// The rules that explain nothing on the wire or in the Swift API, so they never account for a difference
    /// there.
    static let notExplaining: Set<String> = [
        documentationChanged.id, deprecated.id, unexplainedWireChange.id, unexplainedSwiftChange.id,
    ]
}
