/// Whether a change breaks old apps on the wire, or old app code at compile time.
package enum Verdict: String, Hashable, Sendable {
    case safe, breaking
}

/// A kind of change, with its two verdicts.
///
/// - **wire**: does an app built from the old spec still work against a server of the new spec?
/// - **swift**: does app code written against the old generated client still compile against the new one?
///
/// The verdicts follow Specgen's code generation: enums are forward-compatible (`undocumented(String)`), so an
/// added response value decodes in old apps; structs have memberwise initializers, so a new required property
/// breaks code that builds the model; error enums are switched over, so a new case breaks exhaustive `switch`es.
package struct DiffRule: Hashable, Sendable {
    /// The stable identifier, such as `response-property-removed`.
    package var id: String
    /// What changed.
    package var title: String
    /// The wire verdict.
    package var wire: Verdict
    /// The Swift verdict.
    package var swift: Verdict
    /// Whether it adds something (a minor version) rather than only changing documentation or behaviour.
    package var additive: Bool
    /// Why the verdicts are what they are.
    package var rationale: String

    init(_ id: String, _ title: String, wire: Verdict, swift: Verdict, additive: Bool = false, _ rationale: String) {
        self.id = id
        self.title = title
        self.wire = wire
        self.swift = swift
        self.additive = additive
        self.rationale = rationale
    }
}

extension DiffRule {
    // MARK: Operations
    static let operationRemoved = DiffRule(
        "operation-removed", "An operation was removed", wire: .breaking, swift: .breaking,
        "Old apps still call it; its method is gone from the client.")
    static let operationAdded = DiffRule(
        "operation-added", "An operation was added", wire: .safe, swift: .safe, additive: true,
        "Nothing old uses it. Types that conform to the API protocol themselves must add the method.")
    static let operationRenamed = DiffRule(
        "operation-renamed", "An operation was renamed (same method and path)", wire: .safe, swift: .breaking,
        "The request is the same; every Swift call site names the old method.")
    static let methodChanged = DiffRule(
        "operation-method-changed", "An operation's HTTP method changed", wire: .breaking, swift: .safe,
        "Old apps send the old method; the Swift call is unchanged.")
    static let pathChanged = DiffRule(
        "operation-path-changed", "An operation's path changed", wire: .breaking, swift: .safe,
        "Old apps request the old path; the Swift call is unchanged.")
    static let parameterAddedRequired = DiffRule(
        "parameter-added-required", "A required parameter was added", wire: .breaking, swift: .breaking,
        "Old apps do not send it; calls must pass a new argument.")
    static let parameterAddedOptional = DiffRule(
        "parameter-added-optional", "An optional parameter was added", wire: .safe, swift: .safe, additive: true,
        "Old apps omit it; the argument defaults to nil or its default.")
    static let parameterRemoved = DiffRule(
        "parameter-removed", "A parameter was removed", wire: .safe, swift: .breaking,
        "Servers ignore a parameter they no longer read; calls that pass it no longer compile.")
    static let parameterMadeRequired = DiffRule(
        "parameter-made-required", "A parameter became required", wire: .breaking, swift: .breaking,
        "Old apps may omit it; its Swift type loses the optional and default.")
    static let parameterMadeOptional = DiffRule(
        "parameter-made-optional", "A parameter became optional", wire: .safe, swift: .safe,
        "Old apps still send it; a non-optional argument still converts.")
    static let parameterTypeChanged = DiffRule(
        "parameter-type-changed", "A parameter's type changed", wire: .breaking, swift: .breaking,
        "Old apps send the old type; calls pass the old Swift type.")
    static let parameterRenamedInSwift = DiffRule(
        "parameter-renamed-in-swift", "A parameter's Swift label changed (same wire name)", wire: .safe,
        swift: .breaking,
        "The request is the same; call sites use the old label.")
    static let parameterWireNameChanged = DiffRule(
        "parameter-wire-name-changed", "A parameter's wire name changed (same Swift label)", wire: .breaking,
        swift: .safe,
        "Old apps send the old name; the Swift call is unchanged.")
    static let parameterDefaultChanged = DiffRule(
        "parameter-default-changed", "A parameter's default changed", wire: .safe, swift: .safe,
        "Old apps keep sending the old default; rebuilt apps send the new one without a code change.")
    static let parameterStyleChanged = DiffRule(
        "parameter-style-changed", "A parameter's style changed (repeated or comma-joined)", wire: .breaking,
        swift: .safe,
        "Old apps send the items the old way; the Swift argument is the same.")
    static let requestBodyAdded = DiffRule(
        "request-body-added", "A request body was added", wire: .breaking, swift: .breaking,
        "Old apps send no body; calls must pass one.")
    static let requestBodyRemoved = DiffRule(
        "request-body-removed", "A request body was removed", wire: .safe, swift: .breaking,
        "Servers ignore an unexpected body; calls that pass it no longer compile.")
    static let requestBodyEncodingChanged = DiffRule(
        "request-body-encoding-changed", "A request body's encoding changed", wire: .breaking, swift: .safe,
        "Old apps send the old content type; the Swift call is unchanged.")
    static let requestBodyTypeChanged = DiffRule(
        "request-body-type-changed", "A request body's type changed", wire: .breaking, swift: .breaking,
        "Old apps send the old shape; calls pass the old type.")
    static let successStatusRemoved = DiffRule(
        "success-status-removed", "A success status was removed", wire: .safe, swift: .safe,
        "Old apps still understand the remaining statuses.")
    static let successStatusAdded = DiffRule(
        "success-status-added", "A success status was added", wire: .breaking, swift: .safe,
        "Old apps report the new status as unexpectedStatus.")
    static let responseTypeChanged = DiffRule(
        "response-type-changed", "A response's type changed", wire: .breaking, swift: .breaking,
        "Old apps decode the old type; call sites use the old return type.")
    static let responseHeadersDeclared = DiffRule(
        "response-headers-declared", "An operation's answers declare headers for the first time", wire: .safe,
        swift: .safe, additive: true,
        "Old apps ignore them; the client gains a method that returns them and a struct that holds them.")
    static let responseHeaderAddedRequired = DiffRule(
        "response-header-added-required", "A required response header was declared", wire: .safe, swift: .breaking,
        additive: true,
        "Old apps ignore it; code that builds the headers value (tests, mocks) must pass it.")
    static let responseHeaderAddedOptional = DiffRule(
        "response-header-added-optional", "An optional response header was declared", wire: .safe, swift: .safe,
        additive: true, "Old apps ignore it; the headers value's initializer defaults it to nil.")
    static let responseHeaderRemovedRequired = DiffRule(
        "response-header-removed-required", "A required response header was removed", wire: .breaking,
        swift: .breaking,
        "Old apps reading headers fail when the server stops sending it; its property is gone.")
    static let responseHeaderRemovedOptional = DiffRule(
        "response-header-removed-optional", "An optional response header was removed", wire: .safe, swift: .breaking,
        "Old apps read nil, as they must already handle; its property is gone.")
    static let responseHeaderMadeOptional = DiffRule(
        "response-header-made-optional", "A response header became optional", wire: .breaking, swift: .breaking,
        "Old apps reading headers fail when it is absent; the property becomes optional.")
    static let responseHeaderMadeRequired = DiffRule(
        "response-header-made-required", "A response header became required", wire: .safe, swift: .breaking,
        "Old apps read it as before; optional chaining on it no longer compiles.")
    static let responseHeaderTypeChanged = DiffRule(
        "response-header-type-changed", "A response header's type changed", wire: .breaking, swift: .breaking,
        "Old apps parse the old type; the property's type changed.")
    static let authAdded = DiffRule(
        "operation-auth-added", "An operation now requires authentication", wire: .breaking, swift: .safe,
        "Old apps send no credential; the Swift call is unchanged.")
    static let authRemoved = DiffRule(
        "operation-auth-removed", "An operation no longer requires authentication", wire: .safe, swift: .safe,
        "Old apps send a credential the server ignores.")
    static let authSchemeChanged = DiffRule(
        "operation-auth-changed", "An operation uses another auth scheme", wire: .breaking, swift: .safe,
        "Old apps send the old scheme's credential.")
    static let authAlternativeAdded = DiffRule(
        "operation-auth-alternative-added", "An operation accepts another auth scheme", wire: .safe, swift: .safe,
        additive: true, "Old apps send a credential the server still accepts.")
    static let authAlternativeRemoved = DiffRule(
        "operation-auth-alternative-removed", "An operation no longer accepts one of its auth schemes",
        wire: .breaking, swift: .safe, "Old apps configured with only that scheme's credential are turned away.")
    static let helperRemoved = DiffRule(
        "helper-removed", "A pagination or polling helper was removed", wire: .safe, swift: .breaking,
        "The helper method is gone from the client.")
    static let paginationChanged = DiffRule(
        "pagination-changed", "A pagination helper walks the collection another way", wire: .safe, swift: .breaking,
        "The requests are judged on their own; the helper's parameters or sequence type changed.")
    static let helperAdded = DiffRule(
        "helper-added", "A pagination or polling helper was added", wire: .safe, swift: .safe, additive: true,
        "A new method in a protocol extension.")

    // MARK: Models
    static let modelRemoved = DiffRule(
        "model-removed", "A model was removed", wire: .safe, swift: .breaking,
        "Code naming the type no longer compiles; wire effects show as their own findings on operations.")
    static let modelAdded = DiffRule(
        "model-added", "A model was added", wire: .safe, swift: .safe, additive: true, "Nothing old uses it.")
    static let modelRenamed = DiffRule(
        "model-renamed", "A model was renamed (same properties)", wire: .safe, swift: .breaking,
        "JSON has no type names; code naming the type no longer compiles.")
    static let modelKindChanged = DiffRule(
        "model-kind-changed", "A model changed kind (struct, enum, alias)", wire: .breaking, swift: .breaking,
        "A different JSON shape and a different Swift type.")
    static let requestPropertyAddedRequired = DiffRule(
        "request-property-added-required", "A required property was added to a request model", wire: .breaking,
        swift: .breaking,
        "Old apps do not send it; the memberwise initializer gains a parameter.")
    static let requestPropertyAddedOptional = DiffRule(
        "request-property-added-optional", "An optional property was added to a request model", wire: .safe,
        swift: .safe, additive: true,
        "Old apps omit it; the initializer parameter defaults to nil.")
    static let requestPropertyRemoved = DiffRule(
        "request-property-removed", "A property was removed from a request model", wire: .safe, swift: .breaking,
        "Servers ignore a key they no longer read; code that sets it no longer compiles.")
    static let requestPropertyMadeRequired = DiffRule(
        "request-property-made-required", "A request model's property became required", wire: .breaking,
        swift: .breaking,
        "Old apps may omit it; the initializer parameter loses its default.")
    static let requestPropertyMadeOptional = DiffRule(
        "request-property-made-optional", "A request model's property became optional", wire: .safe, swift: .breaking,
        "Old apps still send it; code reading the property now gets an optional.")
    static let responsePropertyAddedRequired = DiffRule(
        "response-property-added-required", "A required property was added to a response model", wire: .safe,
        swift: .breaking,
        "Old apps ignore the new key; code that builds the model (tests, previews, mocks) must pass it.")
    static let responsePropertyAddedOptional = DiffRule(
        "response-property-added-optional", "An optional property was added to a response model", wire: .safe,
        swift: .safe, additive: true,
        "Old apps ignore the new key; the initializer parameter defaults to nil.")
    static let responsePropertyRemoved = DiffRule(
        "response-property-removed", "A required property was removed from a response model", wire: .breaking,
        swift: .breaking,
        "Old apps fail to decode answers without it; code reading it no longer compiles.")
    static let responseOptionalPropertyRemoved = DiffRule(
        "response-optional-property-removed", "An optional property was removed from a response model", wire: .safe,
        swift: .breaking,
        "Old apps read nil; code reading it no longer compiles.")
    static let responsePropertyMadeOptional = DiffRule(
        "response-property-made-optional", "A response model's property became optional", wire: .breaking,
        swift: .breaking,
        "Old apps fail to decode answers that omit it; code reading it now gets an optional.")
    static let responsePropertyMadeRequired = DiffRule(
        "response-property-made-required", "A response model's property became required", wire: .safe, swift: .breaking,
        "Old apps decode it as before; optional chaining on it no longer compiles.")
    static let propertyTypeChanged = DiffRule(
        "property-type-changed", "A property's type changed", wire: .breaking, swift: .breaking,
        "The JSON and the Swift type both differ.")
    static let propertyJSONKeyRenamed = DiffRule(
        "property-json-key-renamed", "A property's JSON key changed (same Swift name)", wire: .breaking, swift: .safe,
        "Old apps read and write the old key; Swift code is unchanged.")
    static let propertyRenamedInSwift = DiffRule(
        "property-renamed-in-swift", "A property's Swift name changed (same JSON key)", wire: .safe, swift: .breaking,
        "The JSON is the same; code naming the property no longer compiles.")
    static let propertyDefaultChanged = DiffRule(
        "property-default-changed", "A property's default changed", wire: .safe, swift: .safe,
        "Old apps keep the old default; rebuilt apps get the new one.")
    static let propertyDefaultRemoved = DiffRule(
        "property-default-removed", "A required property lost its default or constant", wire: .breaking,
        swift: .breaking,
        "Old apps may leave the value out of what they send; the initializer's argument for it has no default any "
            + "more, so calls that leave it out no longer compile.")
    static let constraintTightened = DiffRule(
        "request-constraint-tightened", "A request value's constraint was tightened", wire: .breaking, swift: .safe,
        "Old apps may send values the new spec rejects; the Swift API is unchanged.")
    static let constraintLoosened = DiffRule(
        "constraint-loosened", "A constraint was loosened or removed", wire: .safe, swift: .safe,
        "Every value that was valid still is.")
    static let enumValueAdded = DiffRule(
        "enum-value-added", "An enum value was added", wire: .safe, swift: .breaking,
        "Old apps decode it as undocumented(String); a new case breaks exhaustive switches.")
    static let enumValueRemovedRequest = DiffRule(
        "enum-value-removed-request", "An enum value used in requests was removed", wire: .breaking, swift: .breaking,
        "Old apps may still send it; the case is gone.")
    static let enumValueRemovedResponse = DiffRule(
        "enum-value-removed-response", "An enum value used only in responses was removed", wire: .safe,
        swift: .breaking,
        "Old apps just never see it; the case is gone.")
    static let unionVariantAdded = DiffRule(
        "union-variant-added", "A union variant was added", wire: .safe, swift: .breaking, additive: true,
        "Old apps keep it as undocumented(UndocumentedVariant); a new case breaks exhaustive switches.")
    static let unionVariantRemovedRequest = DiffRule(
        "union-variant-removed-request", "A union variant used in requests was removed", wire: .breaking,
        swift: .breaking,
        "Old apps may still send it; the case is gone.")
    static let unionVariantRemovedResponse = DiffRule(
        "union-variant-removed-response", "A union variant used only in responses was removed", wire: .safe,
        swift: .breaking,
        "Old apps just never see it; the case is gone.")
    static let unionTagChanged = DiffRule(
        "union-tag-changed", "A union's discriminator or a variant's tag changed", wire: .breaking, swift: .safe,
        "Old apps read and write the old tag, so they take the variant for an undocumented one; Swift is unchanged.")
    static let unionCaseRenamed = DiffRule(
        "union-case-renamed", "A union variant's Swift case name changed", wire: .safe, swift: .breaking,
        "The JSON is the same; code matching the old case no longer compiles.")
    static let unionOrderChanged = DiffRule(
        "union-variant-order-changed", "An undiscriminated union tries its variants in another order",
        wire: .breaking, swift: .safe,
        "A value that fits two variants decodes as another case in old apps; Swift is unchanged.")
    static let modelOpened = DiffRule(
        "model-opened", "A model keeps the properties it does not declare", wire: .safe, swift: .safe, additive: true,
        "Old apps ignore them; the new additionalProperties dictionary defaults to empty in the initializer.")
    static let modelClosed = DiffRule(
        "model-closed", "A model no longer keeps undeclared properties", wire: .safe, swift: .breaking,
        "Old apps keep what the server still sends; code using additionalProperties no longer compiles.")
    static let modelNoLongerCodable = DiffRule(
        "model-no-longer-codable", "A struct no longer travels as JSON, so it is no longer Codable", wire: .safe,
        swift: .breaking,
        "Its fields go out as parameters or form fields as before; app code that JSON-codes the struct no longer "
            + "compiles.")
    static let modelNowCodable = DiffRule(
        "model-now-codable", "A struct now travels as JSON, so it is Codable", wire: .safe, swift: .safe,
        additive: true, "Nothing old depends on it; the struct gains Codable.")
    static let additionalPropertiesTypeChanged = DiffRule(
        "additional-properties-type-changed", "The type of a model's undeclared properties changed", wire: .breaking,
        swift: .breaking,
        "Old apps decode and send the old type; the dictionary's Swift type differs.")
    static let propertyConstantChanged = DiffRule(
        "property-constant-changed", "A property's constant value changed", wire: .breaking, swift: .safe,
        "Old apps send and expect the old value; the Swift property's type is the same.")
    static let aliasTypeChanged = DiffRule(
        "alias-type-changed", "A type alias's target changed", wire: .breaking, swift: .breaking,
        "The JSON and the Swift type both differ.")

    // MARK: Errors
    static let errorCaseAdded = DiffRule(
        "error-case-added", "A documented error was added", wire: .safe, swift: .breaking,
        "Old apps see the status as unexpectedStatus; a new case breaks exhaustive switches over the error.")
    static let errorCaseRemoved = DiffRule(
        "error-case-removed", "A documented error was removed", wire: .safe, swift: .breaking,
        "Old apps handle a status the server no longer sends; code matching the case no longer compiles.")
    static let errorStatusChanged = DiffRule(
        "error-status-changed", "A documented error's status changed", wire: .breaking, swift: .safe,
        "Old apps map the new status to unexpectedStatus instead of the case.")
    static let errorBodyChanged = DiffRule(
        "error-body-changed", "A documented error's body type changed", wire: .breaking, swift: .breaking,
        "Old apps decode the old body; the case's payload type differs.")
    static let errorTypeShared = DiffRule(
        "error-type-shared", "Operations' error types became one type (the same errors)", wire: .safe, swift: .safe,
        "Each operation keeps its error type's name, now a typealias of one enum, and its cases are unchanged; only "
            + "app code that declares the same extension or overload for two of them stops compiling.")
    static let errorTypeUnshared = DiffRule(
        "error-type-unshared", "Operations' error types are no longer one type", wire: .safe, swift: .breaking,
        "Each name is still there, but app code that passes one operation's error where another's type is expected "
            + "no longer compiles.")

    // MARK: API
    static let serverURLChanged = DiffRule(
        "server-url-changed", "A server's URL changed", wire: .breaking, swift: .safe,
        "Old apps call the old URL.")
    static let serverVariablesChanged = DiffRule(
        "server-variables-changed", "A server's variables or other URLs changed", wire: .breaking, swift: .breaking,
        "A changed default or URL sends old apps elsewhere; a new, removed or renamed variable or value changes the "
            + "case's associated values.")
    static let operationServerChanged = DiffRule(
        "operation-server-changed", "An operation is sent to another server URL", wire: .breaking, swift: .safe,
        "Old apps call it at the old URL.")
    static let serverRemoved = DiffRule(
        "server-removed", "A server was removed", wire: .breaking, swift: .breaking,
        "Old apps call it; its case is gone.")
    static let serverAdded = DiffRule(
        "server-added", "A server was added", wire: .safe, swift: .breaking, additive: true,
        "A new case of the server enum breaks exhaustive switches over it.")
    static let authSchemeAdded = DiffRule(
        "auth-scheme-added", "An auth scheme was added", wire: .safe, swift: .breaking,
        "The client's initializer takes its credential.")
    static let authSchemeRemoved = DiffRule(
        "auth-scheme-removed", "An auth scheme was removed", wire: .safe, swift: .breaking,
        "The initializer no longer takes its credential.")
    static let authSchemeKindChanged = DiffRule(
        "auth-scheme-kind-changed", "An auth scheme changed kind or location", wire: .breaking, swift: .breaking,
        "Old apps send the credential the old way; the initializer's parameter differs.")
    static let behaviourChanged = DiffRule(
        "behaviour-changed", "Retry, timeout, cache or default headers changed", wire: .safe, swift: .safe,
        "Old apps keep their behaviour; rebuilt apps get the new one.")
    static let deprecated = DiffRule(
        "deprecated", "Something was deprecated", wire: .safe, swift: .safe,
        "Call sites get a warning, not an error.")
    static let documentationChanged = DiffRule(
        "documentation-changed", "A description or summary changed", wire: .safe, swift: .safe,
        "Doc comments only.")

    /// Every rule, in catalogue order.
    package static let catalogue: [DiffRule] = [
        operationRemoved, operationAdded, operationRenamed, methodChanged, pathChanged, parameterAddedRequired,
        parameterAddedOptional, parameterRemoved, parameterMadeRequired, parameterMadeOptional, parameterTypeChanged,
        parameterRenamedInSwift, parameterWireNameChanged, parameterDefaultChanged, parameterStyleChanged,
        requestBodyAdded,
        requestBodyRemoved,
        requestBodyEncodingChanged, requestBodyTypeChanged, successStatusRemoved, successStatusAdded,
        responseTypeChanged, responseHeadersDeclared, responseHeaderAddedRequired, responseHeaderAddedOptional,
        responseHeaderRemovedRequired,
        responseHeaderRemovedOptional, responseHeaderMadeOptional, responseHeaderMadeRequired,
        responseHeaderTypeChanged,
        authAdded, authRemoved, authSchemeChanged, authAlternativeAdded, authAlternativeRemoved, helperRemoved,
        helperAdded, paginationChanged,
        modelRemoved, modelAdded, modelRenamed, modelKindChanged, requestPropertyAddedRequired,
        requestPropertyAddedOptional, requestPropertyRemoved, requestPropertyMadeRequired, requestPropertyMadeOptional,
        responsePropertyAddedRequired, responsePropertyAddedOptional, responsePropertyRemoved,
        responseOptionalPropertyRemoved, responsePropertyMadeOptional, responsePropertyMadeRequired,
        propertyTypeChanged,
        propertyJSONKeyRenamed, propertyRenamedInSwift, propertyDefaultChanged, propertyDefaultRemoved,
        constraintTightened, constraintLoosened,
        enumValueAdded, enumValueRemovedRequest, enumValueRemovedResponse, unionVariantAdded,
        unionVariantRemovedRequest, unionVariantRemovedResponse, unionTagChanged, unionCaseRenamed, unionOrderChanged,
        modelOpened,
        modelClosed, modelNoLongerCodable, modelNowCodable, additionalPropertiesTypeChanged, propertyConstantChanged,
        aliasTypeChanged,
        errorCaseAdded, errorCaseRemoved, errorStatusChanged, errorBodyChanged, errorTypeShared, errorTypeUnshared,
        serverURLChanged, serverVariablesChanged, operationServerChanged, serverRemoved, serverAdded, authSchemeAdded,
        authSchemeRemoved, authSchemeKindChanged,
        behaviourChanged, deprecated, documentationChanged, formatChanged, nullabilityChanged, apiRenamed,
        errorTypeChanged, responseConstraintTightened, enumValueWireChanged, sensitivityChanged,
        redactionRemoved, mockHandlerChanged,
        authSchemeDetailsChanged, errorCaseRenamed, enumCaseRenamed,
        streamTerminatorChanged, paginationWalkChanged, serverDefaultsChanged, wireTypeChanged, modelRenamedInSwift,
        modelRenamedInSpec,
        operationsReordered, propertiesReordered, parametersReordered, authSchemesReordered, defaultServerChanged,
        declarationOrderChanged, apiAdded, apiRemoved, resourceAssigned, resourceChanged,
        webhookAdded, webhookRemoved, webhookPayloadChanged, webhookAnswerChanged, webhookHeaderAdded,
        webhookHeaderChanged, webhookSigningChanged, webhookSigningDeclared,
        unexplainedWireChange, unexplainedSwiftChange,
    ]
}
