package import SpecgenSpec

/// One operation: its method signature, request builder and response handling.
package struct OperationPlan: Hashable, Sendable {
    /// The method name, such as `getTicket`.
    package var name: String
    /// The spec's resource it belongs to and its name there (`repos` and `get`), when it has one.
    package var resourceMember: ResourceMemberPlan?
    /// The qualified name requests and errors carry, such as `Chatist.getTicket`.
    package var qualifiedName: String
    /// Its doc comment (summary, description, and a remark with method, path and key path).
    package var documentation: String
    /// Its deprecation message, if deprecated.
    package var deprecation: String?
    /// The parameters in signature order.
    package var parameters: [ParameterPlan]
    /// The `const` query items, headers and inline body fields, which the request builder writes without a
    /// parameter.
    package var constants: [ParameterPlan] = []
    /// The `HTTPRequest.Method` member, such as `get`.
    package var method: String
    /// The spec's path template, such as `/tickets/{ticketID}`.
    package var path: String
    /// The path as a Swift string literal, with percent-encoded interpolations.
    package var pathLiteral: String
    /// Query items.
    package var query: [ParameterPlan]
    /// Header parameters.
    package var headers: [ParameterPlan]
    /// The body, if any.
    package var body: BodyPlan?
    /// The checks to run before sending.
    package var validations: [ValidationPlan]
    /// The value whose own `validate()` is all there is to check (a required model body), or nil.
    package var validatedModel: String? {
        guard validations.count == 1, let only = validations.first, only.presence == .required,
            only.checks == [.nested]
        else { return nil }
        return only.value
    }
    /// The spec's auth schemes, alternatives in order of preference; empty for none.
    package var authSchemes: [String]
    /// Whether the request may go out without credentials.
    package var authOptional: Bool
    /// `isRetryable` when it differs from what the method implies.
    package var retryable: Bool?
    /// The arguments of a per-operation `RetryPolicy`.
    package var retryPolicy: [String]?
    /// A `RequestOptions` expression, if the spec sets a timeout or cache policy.
    package var options: String?
    /// The `Accept` header: `application/json` when a response or error is JSON, a stream's media type first.
    package var accept: String?
    /// The success responses.
    package var responses: [ResponsePlan]
    /// The return type, or nil for none.
    package var returnType: String?
    /// The modules the return type comes from.
    package var returnUsage: ModuleUsage
    /// The modules the parameters' types come from.
    package var parameterUsage: ModuleUsage { parameters.reduce(into: []) { $0.formUnion($1.usage) } }
    /// The error type the method throws.
    package var errorType: String
    /// The name of the closure type a mock takes for it, such as `GetTicketHandler`.
    package var handlerTypeName: String
    /// The name of the value the mock's closure receives the arguments in, such as `GetTicketArguments`: one value,
    /// so that an argument added keeps every closure a test wrote compiling.
    package var argumentsTypeName = ""
    /// Page iteration, if declared.
    package var pagination: PaginationPlan?
    /// The header the client puts a fresh idempotency key in, such as `Idempotency-Key`.
    package var idempotencyKeyHeader: String?
    /// The name of the server URL the spec sends it to (`server:`), or nil for the client's server.
    package var server: String?
    /// Whether its success is read as it arrives (a `stream:` response).
    /// For a bytes stream, the method that writes the body to a file instead; nil for other operations.
    package var fileDownload: FileDownloadPlan?
    /// The arguments of the call's `OperationContext` after the operation's name: auth, retries, idempotency key,
    /// server and options, each only when the spec sets it.
    package var contextArguments: [String] {
        var arguments: [String] = []
        if let scheme = authSchemes.first { arguments.append("authScheme: \(SwiftLiteral.string(scheme))") }
        if authSchemes.count > 1 {
            let alternatives = authSchemes.dropFirst().map(SwiftLiteral.string).joined(separator: ", ")
            arguments.append("authAlternatives: [\(alternatives)]")
        }
        if authOptional { arguments.append("authOptional: true") }
        if let retryable { arguments.append("isRetryable: \(retryable)") }
        if let retryPolicy { arguments.append("retryPolicy: RetryPolicy(\(retryPolicy.joined(separator: ", ")))") }
        if let header = idempotencyKeyHeader {
            arguments.append("idempotencyKeyHeader: \(SwiftLiteral.string(header))")
        }
        if let server { arguments.append("server: \(SwiftLiteral.string(server))") }
        if let options { arguments.append("options: \(options)") }
        return arguments
    }

    /// Whether this is a bytes stream's file download method, whose last parameter is the destination.
    package var savesToFile = false
    /// The method that writes the body to a file, as an operation: the parameters, then `to file: URL`; it returns
    /// the bytes written.
    package var fileDownloadMethod: OperationPlan? {
        guard let fileDownload else { return nil }
        var method = self
        method.documentation = fileDownload.documentation
        method.parameters.append(fileDownload.destination)
        method.returnType = "Int"
        method.returnUsage = []
        method.fileDownload = nil
        method.savesToFile = true
        return method
    }
    /// The typed headers the operation's answers declare; nil when they declare none. The headers method keeps it,
    /// to read them.
    package var responseHeaders: ResponseHeadersPlan?
    /// Whether this is the method that returns the body together with the headers.
    package var readsHeaders = false
    /// The request builder the method calls, when it is not the method's own name (the headers method's).
    package var builderName: String?
    /// The method that returns the body with the typed headers, as an operation: the same parameters, a
    /// `ResponseWithHeaders` result, and its own mock closure.
    package var headersMethod: OperationPlan? {
        guard let responseHeaders, !readsHeaders else { return nil }
        var method = self
        method.name = responseHeaders.methodName
        method.documentation = responseHeaders.methodDocumentation
        method.returnType = "ResponseWithHeaders<\(returnType ?? "Void"), \(responseHeaders.typeName)>"
        method.returnUsage.insert(.runtime)
        method.handlerTypeName = responseHeaders.handlerTypeName
        method.readsHeaders = true
        method.builderName = bareName
        method.fileDownload = nil
        method.pagination = nil
        method.polling = nil
        return method
    }
    package var streams: Bool {
        responses.contains { if case .stream = $0.result { true } else { false } }
    }
    /// A polling helper, if declared.
    package var polling: PollingPlan?

    /// The closure's inputs: `_ arguments: GetTicketArguments`.
    package var handlerInputs: [String] { ["_ arguments: \(argumentsTypeName)"] }

    /// What follows the closure's inputs: ` async throws(E) -> T`.
    package var handlerEffects: String { " async throws(\(errorType)) -> \(returnType ?? "Void")" }

    /// The parameter list of the method's declaration.
    package func declarationParameters(withDefaults: Bool) -> String {
        parameterDeclarations(withDefaults: withDefaults).joined(separator: ", ")
    }

    /// The parameters of the method's declaration.
    package func parameterDeclarations(withDefaults: Bool) -> [String] {
        parameters.map { parameter in
            let name =
                parameter.label == parameter.internalName.withoutBackticks
                ? parameter.internalName : "\(parameter.label) \(parameter.internalName)"
            let defaultValue = withDefaults ? parameter.defaultValue.map { " = \($0)" } ?? "" : ""
            return "\(name): \(parameter.type)\(defaultValue)"
        }
    }

    /// Whether some parameter has a default, so the protocol extension offers a call that leaves it out.
    package var hasDefaults: Bool { parameters.contains { $0.defaultValue != nil } }

    /// The argument list that passes the parameters on unchanged.
    package var forwardingArguments: String { forwardingArgumentList.joined(separator: ", ") }

    /// The arguments that pass the parameters on unchanged, one per parameter.
    package var forwardingArgumentList: [String] {
        parameters.map { $0.label == "_" ? $0.internalName : "\($0.label): \($0.internalName)" }
    }

    /// The method name without backticks, for building other names from it.
    package var bareName: String {
        name.withoutBackticks
    }

    /// The method's name with its argument labels, as documentation links write it: `getTicket(_:)`.
    package var selector: String {
        bareName + "(" + parameters.map { $0.label + ":" }.joined() + ")"
    }

    /// `async throws(E) -> T`
    package var effects: String {
        "async throws(\(errorType))" + (returnType.map { " -> \($0)" } ?? "")
    }
}

/// The struct an operation's typed response headers are read into.
package struct ResponseHeadersPlan: Hashable, Sendable {
    /// The struct's name, such as `CreatePaymentResponseHeaders`.
    package var typeName: String
    /// What the struct holds.
    package var documentation: String
    /// The method that returns them, such as `createPaymentWithHeaders`.
    package var methodName: String
    /// That method's documentation.
    package var methodDocumentation: String
    /// The mock's closure type for that method.
    package var handlerTypeName: String
    /// The headers, in the order the spec declares them.
    package var headers: [HeaderPlan]
    /// The modules the headers' types come from.
    package var usage: ModuleUsage
}

/// One typed response header.
package struct HeaderPlan: Hashable, Sendable {
    /// The Swift property, such as `rateLimitRemaining`.
    package var name: String
    /// The header's name on the wire, such as `X-RateLimit-Remaining`.
    package var wireName: String
    /// The Swift type, without the optional.
    package var type: String
    /// Whether an answer may leave it out.
    package var isOptional: Bool
    /// The spec's description.
    package var documentation: String?
    /// What follows the name in the reader call: `as: URL.self`, or `as: Date.self, format: .httpDate`.
    package var readArguments: String
}

/// The method of a bytes stream that writes the body to a file as it arrives (`downloadExport(to:)`).
package struct FileDownloadPlan: Hashable, Sendable {
    /// Its doc comment.
    package var documentation: String
    /// The `to file: URL` parameter.
    package var destination: ParameterPlan
}

/// A request body.
package enum BodyPlan: Hashable, Sendable {
    /// A JSON body: the body parameter, or a local struct of inline fields.
    case json(value: String, inlineFields: [PropertyPlan])
    /// A form body of fields; `prefix` is `body.` for a model body and empty for inline fields.
    case form(fields: [ParameterPlan], prefix: String)
    /// A multipart body.
    case multipart(fields: [ParameterPlan], prefix: String)
    /// Raw bytes with a content type.
    case binary(value: String, contentType: String)
}

/// One success response.
package struct ResponsePlan: Hashable, Sendable {
    /// What to return.
    package enum Result: Hashable, Sendable {
        case decode(String)
        case nothing
        case nilValue
        case bytes
        /// A `ResponseStream` over the body: its framing, its element type, whether each element is decoded from
        /// JSON (not for bytes or raw events), and an event stream's terminator.
        case stream(StreamedBody.Format, element: String, decoded: Bool, terminator: String?)
    }

    /// The statuses it stands for: `200`, or `2XX` when it is the operation's one success.
    package var status: StatusPattern
    /// What to return.
    package var result: Result

    /// A `switch` pattern: `200` or `200..<300`.
    package var statusPattern: String { status.switchPattern }
    /// Whether the pattern is a range, which the client tries after every exact status.
    package var isRange: Bool { status.isRange }
}

extension StatusPattern {
    /// A `switch` pattern for the status: `404`, or `500..<600` for `5XX`; `default` for any other status.
    package var switchPattern: String {
        switch self {
        case .code(let code): String(code)
        case .range(let hundred): "\(hundred * 100)..<\((hundred + 1) * 100)"
        case .other: "default"  // written as the switch's `default:`
        }
    }

    /// Whether it stands for more than one status.
    package var isRange: Bool {
        if case .code = self { false } else { true }
    }
}

/// Page iteration over a paginated operation: a `…Pages` method returning a `PageSequence`.
package struct PaginationPlan: Hashable, Sendable {
    /// How the next page is asked for, with the Swift names the helper uses.
    package enum Style: Hashable, Sendable {
        /// Page numbers from `first` in the parameter.
        case numbered(parameter: String, first: Int)
        /// Item offsets in the parameter.
        case offsets(parameter: String)
        /// A cursor read by `nextCursor` (an expression on `$0`, the page) into the parameter.
        case cursors(parameter: String, nextCursor: String)
        /// The last item's `idProperty` in the parameter.
        case afterItems(parameter: String, idProperty: String)
        /// The `Link` header's URL of this relation.
        case links(relation: String)

        /// The operation parameter the helper sets for each page; nil for links.
        package var parameter: String? {
            switch self {
            case .numbered(let parameter, _), .offsets(let parameter), .cursors(let parameter, _),
                .afterItems(let parameter, _):
                parameter
            case .links: nil
            }
        }
    }

    /// The method name, such as `fetchDocumentsPages`.
    package var methodName: String
    /// The style.
    package var style: Style
    /// The limit parameter's Swift name, if the operation has one.
    package var limitParameter: String?
    /// Whether the limit parameter is optional: without a limit, a page/offset walk ends on an empty page.
    package var limitIsOptional: Bool
    /// The expression of the items on `$0` (`$0.data`, or `$0` when the response is the array).
    package var items: String
    /// The expression of the `has_more` flag on `$0`, such as `$0.hasMore`.
    package var hasMore: String?
    /// The response type: a page.
    package var pageType: String
    /// The item type.
    package var itemType: String
    /// The spec's words for how the walk proceeds, for documentation.
    package var summary: String

    /// `PageSequence<Page, Item, Error>`.
    package func sequenceType(errorType: String) -> String { "PageSequence<\(pageType), \(itemType), \(errorType)>" }
}

/// An operation's place in one of the spec's resources.
package struct ResourceMemberPlan: Hashable, Sendable {
    /// The resource, such as `repos`.
    package var resource: String
    /// The operation's name in it, escaped if needed, such as `get`.
    package var name: String

    /// The member as the spec writes it: `orders.get`.
    package var written: String { "\(resource).\(name.withoutBackticks)" }

    /// The member as the surface and the diff name it: `ShopOrders.get`.
    package func symbol(in names: GeneratedNames) -> String {
        "\(names.resourceType(resource)).\(name.withoutBackticks)"
    }
}

/// A polling helper, such as DocumentAI's `pollUntilReady`.
package struct PollingPlan: Hashable, Sendable {
    /// The method name.
    package var methodName: String
    /// The Swift expression of the watched value on `$0`, such as `$0.document.status`.
    package var fieldPath: String
    /// The spec's field path, for docs.
    package var fieldDescription: String
    /// Expressions for success values, such as `.ready`.
    package var success: [String]
    /// Expressions for failure values.
    package var failure: [String]
    /// Seconds between attempts.
    package var interval: Double
    /// The most attempts.
    package var maxAttempts: Int
}

extension OperationPlan {
    /// The resource its path names, such as `Tickets` for `/tickets/{ticketID}/messages` (`Operations` when the path
    /// names none): the landing page lists operations under it, and the operations of one resource share a file.
    package var resource: String {
        let segments = path.split(separator: "/").filter { segment in
            !segment.hasPrefix("{") && segment != "api"
                && !(segment.first == "v" && segment.dropFirst().allSatisfy(\.isNumber) && segment.count > 1)
        }
        guard let first = segments.first else { return "Operations" }
        return first.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "." })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}
