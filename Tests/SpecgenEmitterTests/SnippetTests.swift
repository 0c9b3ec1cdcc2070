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

    static let cases = modelAndClientCases + callCases

    /// Models, their coding and checks, auth, servers and paging.
    static let modelAndClientCases: [Case] = [
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
                public nonisolated indirect enum Condition: Codable, Hashable, Sendable {
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
                    public var heavy: Heavy? {
                        get { _heavy.wrappedValue }
                        set { _heavy.wrappedValue = newValue }
                    }
                    private var _heavy: Indirect<Heavy?>

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
            name: "wire names are the coding keys, with no CodingKeys enum",
            yaml: """
                models:
                  Order: {properties: {order_id: string, total: double}}
                endpoints:
                  getOrder: {request: GET /orders, response: Order}
                """, file: "Models",
            expected: """
                    /// Decodes a value; absent fields with defaults take them.
                    public init(from decoder: any Decoder) throws {
                        let container = try decoder.container(keyedBy: AnyCodingKey.self)
                        self.orderID = try container.decode(String.self, forKey: "order_id")
                        self.total = try container.decode(Double.self, forKey: "total")
                    }

                    /// Encodes the value; absent optional fields are left out.
                    public func encode(to encoder: any Encoder) throws {
                        var container = encoder.container(keyedBy: AnyCodingKey.self)
                        try container.encodeProperty(orderID, forKey: "order_id")
                        try container.encodeProperty(total, forKey: "total")
                    }
                """),
        Case(
            name: "a model with no field is still sent as an object",
            yaml: """
                models:
                  Ping: {properties: {}}
                endpoints:
                  ping: {request: POST /ping, body: Ping, response: Ping}
                """, file: "Models",
            expected: """
                    /// Decodes a value; absent fields with defaults take them.
                    public init(from decoder: any Decoder) throws {
                    }

                    /// Encodes the value; absent optional fields are left out.
                    public func encode(to encoder: any Encoder) throws {
                        _ = encoder.container(keyedBy: AnyCodingKey.self)
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
                        self.name = try container.decodeNullable(String.self, forKey: "name")
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
                    public var at: Date {
                        get { _at.wrappedValue }
                        set { _at.wrappedValue = newValue }
                    }
                    private var _at: FormattedDate<AtFormat>

                    /// The `live` field of `models.Event`.
                    public var live: Bool

                    /// The format of `at`.
                    public enum AtFormat: DateFormatSpecifier {
                        /// `.pattern("yyyy-MM-dd HH:mm:ss")`
                        public static var format: DateFormat { .pattern("yyyy-MM-dd HH:mm:ss") }
                    }
                """),
        Case(
            name: "formatted dates decode into their storage in handwritten Codable",
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
                        self._at = try container.decode(FormattedDate<AtFormat>.self, forKey: "at")
                        self.live = try container.decodeIfPresent(Bool.self, forKey: "live") ?? false
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

                    /// Decodes a value; absent fields with defaults take them.
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

    /// An operation whose 201 carries typed headers.
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
