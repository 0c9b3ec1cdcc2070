import SpecgenEmitter
import Testing

extension SnippetTests {
    /// Servers and what calls send and read: streams, statuses and errors, query parameters, unions, headers, large
    /// enums.
    static let callCases: [Case] = [
        Case(
            name: "server variables become associated values with their defaults",
            yaml: """
                  eu:
                    url: https://{region}.shop.example/{version}
                    variables: {region: {default: eu, enum: [eu, us-west]}, version: {default: v1}}
                endpoints:
                  ping: {request: GET /ping, response: empty}
                """, file: "Client.swift",
            expected: """
                    case eu(region: Region = .eu, version: String = "v1")

                    /// The values of the server variable `region`.
                    public enum Region: String, CaseIterable, Hashable, Sendable {
                        case eu
                        case usWest = "us-west"
                    }

                    /// The server's URL as the spec writes it, with its variables substituted.
                    public var address: String {
                        switch self {
                        case .production: return "https://shop.example.com"
                        case .eu(let region, let version):
                            return "https://\\(WireForm.of(region)).shop.example/\\(PercentEncoding.encodeComponent(version))"
                        }
                    }
                """),
        Case(
            name: "a streamed answer is read as it arrives, with the operation's typed errors",
            yaml: """
                models:
                  Chunk: {properties: {text: string}}
                endpoints:
                  chat:
                    request: POST /chat
                    response:
                      200: {stream: events, body: Chunk, until: "[DONE]"}
                """, file: "Operations",
            expected: """
                    public func chat() async throws(ShopError) -> ResponseStream<Chunk, ShopError> {
                        let call = OperationCall<ShopError>(client: client, context: OperationContext("Shop.chat"))
                        let response = try await call.send(streaming: ShopRequests.chat())
                        guard response.isSuccessful else { throw .forStatus(of: response, in: call) }
                        return call.events(Chunk.self, from: response, terminator: "[DONE]")
                """),
        Case(
            name: "a bytes stream can also be downloaded straight to a file",
            yaml: """
                endpoints:
                  export:
                    request: GET /exports/{id}
                    path: {id: string}
                    response:
                      200: {stream: bytes}
                """, file: "Operations",
            expected: """
                    @discardableResult
                    public func export(id: String, to file: URL) async throws(ShopError) -> Int {
                        let call = OperationCall<ShopError>(client: client, context: OperationContext("Shop.export"))
                        let response = try await call.send(downloading: ShopRequests.export(id: id), to: file)
                        guard response.isSuccessful else { throw .forStatus(of: response, in: call) }
                        return try await call.save(response, to: file)
                """),
        Case(
            name: "range errors carry the status",
            yaml: """
                models:
                  Problem: {properties: {detail: string}}
                errors:
                  5XX: {case: serverError, body: Problem}
                endpoints:
                  ping: {request: GET /ping, response: empty}
                """, file: "Errors.swift",
            expected: """
                        switch response.statusCode {
                        case 500..<600:
                            return .serverError(status: response.statusCode, body: call.errorPayload(Problem.self, from: response))
                        default: return call.unexpectedStatus(response)
                        }
                """),
        Case(
            name: "a client method's one success stands for every 2XX; every other status is its error type's",
            yaml: """
                errors:
                  5XX: {case: serverError}
                endpoints:
                  ping: {request: GET /ping, response: empty}
                """, file: "Operations",
            expected: """
                    public func ping() async throws(ShopError) {
                        let call = OperationCall<ShopError>(client: client, context: OperationContext("Shop.ping"))
                        let response = try await call.send(ShopRequests.ping())
                        guard response.isSuccessful else { throw .forStatus(of: response, in: call) }
                    }
                """),
        Case(
            name: "several successes are matched exactly, and every other status is the error type's",
            yaml: """
                models:
                  Job: {properties: {id: string}}
                endpoints:
                  runJob:
                    request: POST /jobs
                    response:
                      200: Job
                      202: empty
                """, file: "Operations",
            expected: """
                        switch response.statusCode {
                        case 200: return try call.decode(Job.self, from: response)
                        case 202: return nil
                        default: throw .forStatus(of: response, in: call)
                        }
                """),
        Case(
            name: "per-operation errors get their own type",
            yaml: """
                endpoints:
                  reserve:
                    request: POST /reservations
                    response: empty
                    errors:
                      409: {case: taken}
                """, file: "Client.swift",
            expected: """
                    func reserve() async throws(ReserveError)
                """),
        Case(
            name: "query parameters with defaults",
            yaml: """
                endpoints:
                  list:
                    request: GET /items
                    query: {page: {type: int, default: 1}, q: string?}
                    response: empty
                """, file: "Operations",
            expected: """
                        request.query.append(QueryItem("page", page.description))
                        if let value = q {
                            request.query.append(QueryItem("q", value))
                        }
                """),
        Case(
            name: "a request with nothing to add is returned as built",
            yaml: """
                endpoints:
                  purge: {request: "DELETE /cache", response: binary}
                """, file: "Operations",
            expected: """
                    public static func purge() throws(ClientError) -> HTTPRequestData {
                        return HTTPRequestData(.delete, path: "/cache")
                    }
                """),
        Case(
            name: "a discriminated union reads its tag and keeps unknown variants",
            yaml: """
                models:
                  Card: {properties: {object: {type: string, const: card}, last4: string}}
                  Bank: {properties: {object: {type: string, const: bank}, iban: string}}
                  Source: {oneOf: [Card, Bank], discriminator: object}
                endpoints:
                  find: {request: GET /sources, response: "[Source]"}
                """, file: "Models",
            expected: """
                    public init(from decoder: any Decoder) throws {
                        let tag = UnionDecoding.tag("object", in: decoder)
                        switch tag {
                        case "card": self = .card(try Card(from: decoder))
                        case "bank": self = .bank(try Bank(from: decoder))
                        default:
                            self = .undocumented(try UnionDecoding.undocumented(tag: tag, key: "object", in: decoder))
                        }
                    }

                    /// Encodes the variant with its `object`.
                    public func encode(to encoder: any Encoder) throws {
                        switch self {
                        case .card(let value): try UnionDecoding.encode(value, tag: "card", key: "object", to: encoder)
                        case .bank(let value): try UnionDecoding.encode(value, tag: "bank", key: "object", to: encoder)
                        case .undocumented(let value): try value.encode(to: encoder)
                        }
                    }
                """),
        Case(
            name: "an undiscriminated union tries its variants in order, constants first",
            yaml: """
                models:
                  Card: {properties: {object: {type: string, const: card}, last4: string}}
                  Ref: {oneOf: [{type: Card, case: card}, {type: string, case: id}]}
                endpoints:
                  ref: {request: GET /ref, response: Ref}
                """, file: "Models",
            expected: """
                        var decoding = UnionDecoding(decoder)
                        if let value = decoding.attempt(Card.self, "Card", constants: ["object": "card"]) {
                            self = .card(value)
                            return
                        }
                        if let value = decoding.attempt(String.self, "string") {
                            self = .id(value)
                            return
                        }
                        self = .undocumented(try decoding.undocumented())
                """),
        Case(
            name: "an open object keeps undeclared properties",
            yaml: """
                models:
                  Settings: {properties: {theme: string?}, additionalProperties: json}
                endpoints:
                  save: {request: PUT /settings, body: Settings, response: Settings}
                """, file: "Models",
            expected: """
                        self.theme = try container.decodeIfPresent(String.self, forKey: "theme")
                        self.additionalProperties = try OpenObject.decode(JSONValue.self, from: decoder, declared: Self.declaredKeys)
                """),
        Case(
            name: "an open object's long list of declared keys is packed as swift-format packs an array",
            yaml: """
                models:
                  Settings:
                    properties:
                      {alpha_one: string?, beta_two: string?, gamma_three: string?, delta_four: string?,
                       epsilon_five: string?, zeta_six: string?, eta_seven: string?}
                    additionalProperties: json
                endpoints:
                  save: {request: PUT /settings, body: Settings, response: Settings}
                """, file: "Models",
            expected: """
                    private static let declaredKeys: [String] = [
                        "alpha_one", "beta_two", "gamma_three", "delta_four", "epsilon_five", "zeta_six", "eta_seven",
                    ]
                """),
        Case(
            name: "composition flattens included properties, and epoch dates use a runtime format",
            yaml: """
                models:
                  Resource: {properties: {id: string, created: {type: datetime, format: epoch-seconds}}}
                  Customer: {includes: [Resource], properties: {email: string}}
                endpoints:
                  get: {request: GET /customer, response: Customer}
                """, file: "Models",
            expected: """
                    /// The `id` field of `models.Customer`.
                    public var id: String

                    /// The `created` field of `models.Customer`.
                    public var created: Date {
                        get { _created.wrappedValue }
                        set { _created.wrappedValue = newValue }
                    }
                    private var _created: FormattedDate<EpochSecondsFormat>

                    /// The `email` field of `models.Customer`.
                    public var email: String
                """),
        Case(
            name: "an integer enum has Int raw values",
            yaml: """
                models:
                  Level: {enum: [{value: 0, swiftName: low}, {value: 1, swiftName: high}]}
                endpoints:
                  level: {request: GET /level, response: Level}
                """, file: "Models",
            expected: """
                    public init(rawValue: Int) {
                        switch rawValue {
                        case 0: self = .low
                        case 1: self = .high
                        default: self = .undocumented(rawValue)
                        }
                    }
                """),
        Case(
            name: "query arrays repeat or join by commas, and maps go as deepObject",
            yaml: """
                endpoints:
                  find:
                    request: GET /items
                    query:
                      tags: "[string]?"
                      ids: {type: "[int]", style: comma}
                      metadata: "{string: string}?"
                      counts: "{string: int}?"
                    response: empty
                """, file: "Operations",
            expected: """
                        if let value = tags {
                            for item in value {
                                request.query.append(QueryItem("tags", item))
                            }
                        }
                        request.query.append(QueryItem("ids", commaSeparated: ids.map { $0.description }))
                        if let value = metadata {
                            request.query.append(contentsOf: QueryItem.deepObject("metadata", value))
                        }
                        if let value = counts {
                            for (key, item) in QueryItem.entries(of: value) {
                                request.query.append(QueryItem("counts[\\(key)]", item.description))
                            }
                        }
                """),
        Case(
            name: "a default error keeps the status in place of unexpectedStatus",
            yaml: """
                errors:
                  404: {case: notFound}
                  default: {case: unexpected, body: string}
                endpoints:
                  get: {request: GET /thing, response: empty}
                """, file: "Errors.swift",
            expected: """
                        case 404: return .notFound
                        default: return .unexpected(status: response.statusCode, body: call.errorPayload(String.self, from: response))
                """),
        Case(
            name: "an inline object variant becomes a struct named after the union and its case",
            yaml: """
                models:
                  Action:
                    discriminator: type
                    oneOf:
                      - {case: redirect, properties: {type: {type: string, const: redirect}, url: url}}
                      - {case: wait, properties: {type: {type: string, const: wait}, seconds: int}}
                endpoints:
                  next: {request: GET /next, response: Action}
                """, file: "Models",
            expected: """
                public nonisolated enum Action: Codable, Hashable, Sendable {
                    /// `redirect`.
                    case redirect(ActionRedirect)
                    /// `wait`.
                    case wait(ActionWait)
                """),
        Case(
            name: "response headers are read into a struct, each by its type and format",
            yaml: Self.responseHeaders, file: "Models",
            expected: """
                    public init(_ reader: ResponseHeaderReader) throws(ClientError) {
                        location = try reader.required("Location", as: URL.self)
                        lastModified = try reader.optional("Last-Modified", as: Date.self, format: .httpDate)
                    }
                """),
        Case(
            name: "the headers method returns the body with the headers; the plain method the body alone",
            yaml: Self.responseHeaders, file: "Operations",
            expected: """
                        guard response.isSuccessful else { throw .forStatus(of: response, in: call) }
                        return try call.decode(Order.self, from: response)
                    }

                    /// Calls ``createOrder(_:)`` and returns the body together with the answer's typed headers and status.
                    ///
                    /// Throws `.failure(.decoding)` when a required header is missing or a header is not a value of its type;
                    /// ``createOrder(_:)`` reads the body alone and never fails over a header.
                    ///
                    /// - Remark: `POST /orders` (`endpoints.createOrder`)
                    public func createOrderWithHeaders(
                        _ body: Order
                    ) async throws(ShopError) -> ResponseWithHeaders<Order, CreateOrderResponseHeaders> {
                        let call = OperationCall<ShopError>(client: client, context: OperationContext("Shop.createOrder"))
                        let response = try await call.send(ShopRequests.createOrder(body))
                        guard response.isSuccessful else { throw .forStatus(of: response, in: call) }
                        let value = try call.decode(Order.self, from: response)
                        return try call.withHeaders(value, CreateOrderResponseHeaders.init, from: response)
                """),
        Case(
            name: "an enum of more than 64 cases finds values in a table, through the runtime it imports",
            yaml: Self.largeEnum, file: "Models",
            expected: """
                import SpecgenRuntime

                /// The `models.Code` enum.
                """),
        Case(
            name: "a large enum's table maps each wire form to its case",
            yaml: Self.largeEnum, file: "Models",
            expected: """
                    public init(rawValue: String) {
                        self = DocumentedCases.byWireForm[rawValue] ?? .undocumented(rawValue)
                    }

                    /// The documented cases by their wire forms, built once.
                    private enum DocumentedCases {
                        static let byWireForm = Dictionary(
                            Code.allCases.map { (WireForm.of($0), $0) }, uniquingKeysWith: { first, _ in first })
                    }
                """),
        Case(
            name: "deprecations",
            yaml: """
                endpoints:
                  old: {request: GET /old, response: empty, deprecated: "use new"}
                """, file: "Operations",
            expected: """
                    @available(*, deprecated, message: "use new")
                    public func old() async throws(ShopError) {
                """),
    ]

    /// An enum of 65 cases, one more than a `switch` of literals matches.
    static let largeEnum = """
        models:
          Code: {enum: [v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23, v24, v25, v26, v27, v28, v29, v30, v31, v32, v33, v34, v35, v36, v37, v38, v39, v40, v41, v42, v43, v44, v45, v46, v47, v48, v49, v50, v51, v52, v53, v54, v55, v56, v57, v58, v59, v60, v61, v62, v63, v64]}
        endpoints:
          ping: {request: GET /ping, response: empty}
        """
}
