import SpecgenEmitter
import Testing

/// YAML in, Swift out: one small spec per construct and the code it must produce.
struct SnippetTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var yaml: String
        /// The file name, or `Models` or `Operations` for any of the models or operations files.
        var file: String
        var expected: String
        var testDescription: String { name }
    }

    static let header = "specgen: 1\nname: Shop\nversion: 1.0.0\nservers:\n  production: https://shop.example.com\n"

    static let cases: [Case] = [
        Case(
            name: "a union a value can hold again inside itself is stored indirect",
            yaml: """
                models:
                  Condition: {oneOf: [Leaf, All]}
                  Leaf: {properties: {field: string}}
                  All: {properties: {first: Condition, rest: "[Condition]"}}
                  Plain: {oneOf: [Leaf, string]}
                endpoints:
                  check: {request: POST /check, body: Condition, response: Plain}
                """, file: "Models",
            expected: """
                public indirect enum Condition: Codable, Hashable, Sendable {
                """),
        Case(
            name: "a struct stores a model heavier than sixteen values out of line, a lighter one inline",
            yaml: """
                models:
                  Heavy:
                    properties:
                      {f1: string, f2: string, f3: string, f4: string, f5: string, f6: string, f7: string,
                      f8: string, f9: string, f10: string, f11: string, f12: string, f13: string,
                      f14: string, f15: string, f16: string, f17: string}
                  Light:
                    properties:
                      {f1: string, f2: string, f3: string, f4: string, f5: string, f6: string, f7: string,
                      f8: string, f9: string, f10: string, f11: string, f12: string, f13: string,
                      f14: string, f15: string, f16: string}
                  Holder: {properties: {heavy: Heavy?, light: Light?, heavies: "[Heavy]"}}
                endpoints:
                  getHolder: {request: GET /holder, response: Holder}
                """, file: "Models",
            expected: """
                    /// The `heavy` field of `models.Holder`.
                    @Indirect
                    public var heavy: Heavy?
                    /// The `light` field of `models.Holder`.
                    public var light: Light?
                    /// The `heavies` field of `models.Holder`.
                    public var heavies: [Heavy]
                """),
        Case(
            name: "a union stores a heavy variant indirect, counting a nested union's variants",
            yaml: """
                models:
                  Pair: {properties: {a: string, b: string}}
                  Either: {oneOf: [Pair, string]}
                  Nested: {properties: {one: Either, two: Either, three: Either, four: Either, five: Either}}
                  Choice: {oneOf: [Nested, Pair]}
                endpoints:
                  choose: {request: GET /choice, response: Choice}
                """, file: "Models",
            expected: """
                    /// A `Nested`.
                    indirect case nested(Nested)
                    /// A `Pair`.
                    case pair(Pair)
                """),
        Case(
            name: "an idempotency key makes a POST retryable; the client sends one key per call",
            yaml: """
                models:
                  Order: {properties: {id: string}}
                endpoints:
                  createOrder: {request: POST /orders, body: Order, response: Order, idempotencyKey: Idempotency-Key}
                """, file: "Operations",
            expected: """
                        let call = OperationCall<ShopError>(
                            client: client,
                            context: OperationContext("Shop.createOrder", isRetryable: true, idempotencyKeyHeader: "Idempotency-Key"))
                """),
        Case(
            name: "a cursor in a nested field pages lazily with typed throws",
            yaml: """
                models:
                  Order: {properties: {id: string}}
                  Meta: {properties: {next_cursor: string?}}
                  OrderList: {properties: {orders: "[Order]", meta: Meta?, has_more: bool}}
                endpoints:
                  listOrders:
                    request: GET /orders
                    query: {cursor: string?, limit: int?}
                    response: OrderList
                    paginate: {cursor: cursor, nextCursor: meta.next_cursor, items: orders, hasMore: has_more}
                """, file: "Operations",
            expected: """
                    public func listOrdersPages(limit: Int? = nil) -> PageSequence<OrderList, Order, ShopError> {
                        .cursors(
                            items: { $0.orders }, hasMore: { $0.hasMore }, nextCursor: { $0.meta?.nextCursor }
                        ) { cursor async throws(ShopError) in
                            try await self.listOrders(cursor: cursor, limit: limit)
                        }
                    }
                """),
        Case(
            name: "a Link header walk passes every parameter to the first page",
            yaml: """
                models:
                  Repo: {properties: {id: int}}
                endpoints:
                  listRepos:
                    request: GET /repos
                    query: {per_page: int?}
                    response: "[Repo]"
                    paginate: {link: next}
                """, file: "Operations",
            expected: """
                    public func listReposPages(perPage: Int? = nil) -> PageSequence<[Repo], Repo, ShopError> {
                        .links(items: { $0 }) { link async throws(ShopError) in
                            try await self.with(link).listRepos(perPage: perPage)
                        }
                    }
                """),
        Case(
            name: "wire names get coding keys",
            yaml: """
                models:
                  Order: {properties: {order_id: string, total: double}}
                endpoints:
                  getOrder: {request: GET /orders, response: Order}
                """, file: "Models",
            expected: """
                    private enum CodingKeys: String, CodingKey {
                        case orderID = "order_id"
                        case total
                    }
                """),
        Case(
            name: "string?? is Nullable and decoded by hand",
            yaml: """
                models:
                  Patch: {properties: {name: "string??"}}
                endpoints:
                  patch: {request: PATCH /x, body: Patch, response: empty}
                """, file: "Models",
            expected: """
                        self.name = try container.decodeNullable(String.self, forKey: .name)
                """),
        Case(
            name: "formatted dates and defaults",
            yaml: """
                models:
                  Event:
                    properties:
                      at: {type: datetime, format: "yyyy-MM-dd HH:mm:ss"}
                      live: {type: bool, default: false}
                endpoints:
                  getEvent: {request: GET /e, response: Event}
                """, file: "Models",
            expected: """
                    /// The `at` field of `models.Event`.
                    @FormattedDate<AtFormat>
                    public var at: Date
                    /// The `live` field of `models.Event`.
                    public var live: Bool

                    /// The format of `at`.
                    public enum AtFormat: DateFormatSpecifier {
                        /// `.pattern("yyyy-MM-dd HH:mm:ss")`
                        public static var format: DateFormat { .pattern("yyyy-MM-dd HH:mm:ss") }
                    }
                """),
        Case(
            name: "formatted dates decode through their wrappers in handwritten Codable",
            yaml: """
                models:
                  Event:
                    properties:
                      at: {type: datetime, format: "yyyy-MM-dd HH:mm:ss"}
                      live: {type: bool, default: false}
                endpoints:
                  getEvent: {request: GET /e, response: Event}
                """, file: "Models",
            expected: """
                        self._at = try container.decode(FormattedDate<AtFormat>.self, forKey: .at)
                        self.live = try container.decodeIfPresent(Bool.self, forKey: .live) ?? false
                """),
        Case(
            name: "enums keep unknown values",
            yaml: """
                models:
                  State: {enum: [open, in_progress]}
                endpoints:
                  getState: {request: GET /s, response: State}
                """, file: "Models",
            expected: """
                        case "in_progress": self = .inProgress
                        default: self = .undocumented(rawValue)
                """),
        Case(
            name: "aliases and their constraints",
            yaml: """
                models:
                  Code: {type: string, pattern: "^[A-Z]{3}$"}
                endpoints:
                  getCode: {request: "GET /codes/{code}", path: {code: Code}, response: empty}
                """, file: "Operations",
            expected: """
                    public static func getCode(_ code: Code) throws(ClientError) -> HTTPRequestData {
                        try Validation.check("Shop.getCode") { () throws(ValidationFailure) in
                            try Validation.pattern(code, "^[A-Z]{3}$", field: "code")
                        }
                """),
        Case(
            name: "a body that is all there is to check is checked by its model's own method",
            yaml: Self.checkedOrder, file: "Operations",
            expected: """
                    public static func createOrder(_ body: Order) throws(ClientError) -> HTTPRequestData {
                        try Validation.check("Shop.createOrder", body.validate)
                        var request = HTTPRequestData(.post, path: "/orders")
                        try request.setJSONBody(body, operation: "Shop.createOrder")
                """),
        Case(
            name: "a model checks its constraints in a method of its own body",
            yaml: Self.checkedOrder, file: "Models",
            expected: """
                        self.code = code
                    }

                    /// Checks the constraints `models.Order` declares; request builders call it before sending.
                    public func validate() throws(ValidationFailure) {
                        try Validation.pattern(code, "^[A-Z]{3}$", field: "Order.code")
                    }
                }
                """),
        Case(
            name: "a union checks the variant it holds in a method of its own body",
            yaml: """
                models:
                  Card: {properties: {exp_month: {type: int, minimum: 1, maximum: 12}}}
                  Cash: {properties: {amount: int}}
                  Source: {oneOf: [Card, Cash]}
                endpoints:
                  addSource: {request: POST /sources, body: Source, response: empty}
                """, file: "Models",
            expected: """
                        case .undocumented(let value): try value.encode(to: encoder)
                        }
                    }

                    /// Checks the constraints of the variant it holds; request builders call it before sending.
                    public func validate() throws(ValidationFailure) {
                        switch self {
                        case .card(let value): try value.validate()
                        default: break
                        }
                    }
                }
                """),
        Case(
            name: "form bodies",
            yaml: """
                endpoints:
                  login:
                    request: POST /token
                    body: {form: {user_name: string, code: int?}}
                    response: empty
                """, file: "Operations",
            expected: """
                        var form = FormBody()
                        form.append("user_name", userName)
                        if let value = code {
                            form.append("code", value.description)
                        }
                        request.setFormBody(form)
                """),
        Case(
            name: "basic auth and OAuth2 client credentials become initializer parameters and middlewares",
            yaml: """
                auth:
                  account: {type: basic}
                  partner: {type: oauth2, tokenUrl: /oauth/token, grants: [client_credentials], scopes: [read]}
                security: account
                endpoints:
                  me: {request: GET /me, response: empty}
                  feed: {request: GET /feed, response: empty, auth: partner}
                """, file: "Client.swift",
            expected: """
                        var chain: [any Middleware] = []
                        chain.append(BasicAuthMiddleware(scheme: "account", credentials: account))
                        partnerTokens = OAuth2TokenFlow(
                            tokenPath: "/oauth/token", usernameField: "username", leeway: 30,
                            store: partnerTokenStore,
                            clientCredentials: partnerCredentials,
                            scopes: ["read"],
                            client: APIClient(baseURL: baseURL, transport: transport, logger: logger))
                        chain.append(OAuth2Middleware(scheme: "partner", flow: partnerTokens))
                """),
        Case(
            name: "a token URL below the server's follows the client's base URL, as the operations do",
            yaml: """
                auth:
                  partner: {type: oauth2, tokenUrl: "https://shop.example.com/oauth/token", grants: [client_credentials]}
                security: partner
                endpoints:
                  feed: {request: GET /feed, response: empty}
                """, file: "Client.swift",
            expected: """
                            tokenPath: "/oauth/token", usernameField: "username", leeway: 30,
                            store: partnerTokenStore,
                            clientCredentials: partnerCredentials,
                            client: APIClient(baseURL: baseURL, transport: transport, logger: logger))
                """),
        Case(
            name: "client credentials of an OAuth2 scheme used only beside another are optional",
            yaml: """
                auth:
                  account: {type: basic}
                  partner: {type: oauth2, tokenUrl: /oauth/token, grants: [client_credentials]}
                endpoints:
                  feed: {request: GET /feed, response: empty, auth: [partner, account]}
                """, file: "Client.swift",
            expected: """
                        server: ShopServer = .production, account: BasicCredentials? = nil,
                        partnerCredentials: ClientCredentials? = nil, partnerTokenStore: any TokenStore = InMemoryTokenStore(),
                """),
        Case(
            name: "alternative schemes ride on the call's context, and each one's credential becomes optional",
            yaml: Self.alternatives, file: "Operations",
            expected: """
                        let call = OperationCall<ShopError>(
                            client: client, context: OperationContext("Shop.send", authScheme: "token", authAlternatives: ["account"]))
                """),
        Case(
            name: "an initializer takes every alternative's credential as an optional parameter",
            yaml: Self.alternatives, file: "Client.swift",
            expected: """
                        server: ShopServer = .production, token: TokenProvider? = nil, account: BasicCredentials? = nil,
                """),
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
                        self.theme = try container.decodeIfPresent(String.self, forKey: .theme)
                        self.additionalProperties = try OpenObject.decode(
                            JSONValue.self, from: decoder, declared: CodingKeys.allCases.map(\\.stringValue))
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
                    @FormattedDate<EpochSecondsFormat>
                    public var created: Date
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
                public enum Action: Codable, Hashable, Sendable {
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
            yaml: """
                models:
                  Code: {enum: [v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23, v24, v25, v26, v27, v28, v29, v30, v31, v32, v33, v34, v35, v36, v37, v38, v39, v40, v41, v42, v43, v44, v45, v46, v47, v48, v49, v50, v51, v52, v53, v54, v55, v56, v57, v58, v59, v60, v61, v62, v63, v64]}
                endpoints:
                  ping: {request: GET /ping, response: empty}
                """, file: "Models",
            expected: """
                import SpecgenRuntime

                /// The `models.Code` enum.
                """),
        Case(
            name: "a large enum's table maps each wire form to its case",
            yaml: """
                models:
                  Code: {enum: [v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23, v24, v25, v26, v27, v28, v29, v30, v31, v32, v33, v34, v35, v36, v37, v38, v39, v40, v41, v42, v43, v44, v45, v46, v47, v48, v49, v50, v51, v52, v53, v54, v55, v56, v57, v58, v59, v60, v61, v62, v63, v64]}
                endpoints:
                  ping: {request: GET /ping, response: empty}
                """, file: "Models",
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

    static let alternatives = """
        auth:
          token: {type: bearer}
          account: {type: basic}
        endpoints:
          send: {request: POST /messages, response: empty, auth: [token, account]}
        """

    /// A body model with a constraint.
    static let checkedOrder = """
        models:
          Order: {properties: {code: {type: string, pattern: "^[A-Z]{3}$"}}}
        endpoints:
          createOrder: {request: POST /orders, body: Order, response: empty}
        """

    static let responseHeaders = """
        models:
          Order: {properties: {id: string}}
        endpoints:
          createOrder:
            request: POST /orders
            body: Order
            response:
              201:
                body: Order
                headers:
                  Location: url
                  Last-Modified: {type: datetime?, format: http-date}
        """

    @Test(arguments: cases)
    func construct(_ test: Case) throws {
        let result = Generator.generate(bytes: Array((Self.header + test.yaml).utf8), path: "Specs/Shop.yaml")
        let files = try #require(result.files, "\(result.diagnostics)")
        // `Models` and `Operations` name the four files of each: what the case checks is in one of them.
        let named = files.filter {
            $0.name == test.file || ["Models", "Operations"].contains(test.file) && $0.name.hasPrefix(test.file)
        }
        try #require(!named.isEmpty)
        #expect(named.contains { $0.contents.contains(test.expected) }, "\(named.map(\.contents))")
    }
}
