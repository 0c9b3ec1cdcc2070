import Foundation
import SpecgenDiff
import SpecgenSpec
import SpecgenTestSupport
import Testing

/// One old/new pair per rule: a small spec, and one edit of it that the rule must report with its verdicts and
/// the Swift symbol it affects.
struct DiffRuleTests {
    static let base = """
        specgen: 1
        name: Shop
        version: 1.0.0
        servers:
          production: https://api.shop.example/v1
        auth:
          token: {type: bearer}
          key: {type: apiKey, in: header, name: X-Key}
        security: token
        errors:
          404: {case: notFound, body: Problem}
        models:
          Problem:
            properties:
              message: string
          Status:
            enum: [pending, shipped]
          Color:
            enum: [red, blue]
          Order:
            properties:
              id: string
              status: Status
              note: string?
              total: double
          NewOrder:
            properties:
              item: {type: string, minLength: 1}
              quantity: int
              color: Color
              gift: bool?
          Coupon:
            properties:
              code: string
          OrderList:
            properties:
              data: "[Order]"
              next: string?
          SKU:
            type: string
            pattern: "^[A-Z]+$"
          Card:
            properties:
              kind: {type: string, const: card}
              last4: string
          Wallet:
            properties:
              kind: {type: string, const: wallet}
              provider: string
          Voucher:
            properties:
              kind: {type: string, const: voucher}
              code: string
          Tender:
            oneOf: [Card, Wallet]
            discriminator: kind
          Receipt:
            oneOf: [Wallet, Card]
            discriminator: kind
          Ref:
            oneOf: [string, Voucher]
          Extras:
            properties:
              label: string?
            additionalProperties: string
          Payment:
            properties:
              receipt: Receipt
              ref: Ref
              extras: Extras
              voucher: Voucher?
        endpoints:
          getOrder:
            request: GET /orders/{id}
            path:
              id: string
            query:
              expand: string?
              locale: string
              page: {type: int, default: 1}
            response: Order
          createOrder:
            request: POST /orders
            body: NewOrder
            response:
              201: Order
            errors:
              409: {case: duplicate, body: Problem}
          findSKU:
            request: GET /skus/{sku}
            auth: none
            path:
              sku: SKU
            response: empty
          browseOrders:
            request: GET /orders
            query:
              page: int?
              limit: int?
              cursor: string?
              tags: "[string]?"
            response: OrderList
            paginate: {page: page, limit: limit, items: data}
          cancelOrder:
            request: POST /orders/{id}/cancel
            path:
              id: string
            response: empty
            errors:
              409: {case: duplicate, body: Problem, description: Paid already.}
          payOrder:
            request: POST /orders/{id}/pay
            path:
              id: string
            body:
              json:
                tender: Tender
            response:
              200:
                body: Payment
                headers:
                  ETag: string
                  X-Retry-In: int?

        """

    struct Case: CustomTestStringConvertible, Sendable {
        var rule: String
        var edits: [(String, String)]
        var symbol: String?
        /// Findings expected: one per owning type (an API-wide error case is new in each operation's error too).
        var count = 1
        /// Whether the edited spec is the old one (for removals of things the base spec does not have).
        var reversed = false
        var testDescription: String { rule }
    }

    static let cases: [Case] = [
        Case(
            rule: "operation-removed",
            edits: [
                (
                    "  findSKU:\n    request: GET /skus/{sku}\n    auth: none\n    path:\n      sku: SKU\n    response: empty\n",
                    ""
                )
            ], symbol: "ShopAPI.findSKU"),
        Case(
            rule: "operation-added",
            edits: [
                ("  cancelOrder:", "  listOrders:\n    request: GET /orders\n    response: \"[Order]\"\n  cancelOrder:")
            ], symbol: "ShopAPI.listOrders"),
        Case(rule: "operation-renamed", edits: [("  getOrder:", "  fetchOrder:")], symbol: "ShopAPI.getOrder"),
        Case(
            rule: "operation-method-changed", edits: [("request: POST /orders\n", "request: PUT /orders\n")],
            symbol: "ShopAPI.createOrder"),
        Case(
            rule: "operation-path-changed", edits: [("GET /skus/{sku}", "GET /catalog/{sku}")],
            symbol: "ShopAPI.findSKU"),
        Case(
            rule: "parameter-added-required",
            edits: [("      expand: string?", "      expand: string?\n      limit: int")], symbol: "ShopAPI.getOrder"),
        Case(
            rule: "parameter-added-optional",
            edits: [("      expand: string?", "      expand: string?\n      limit: int?")], symbol: "ShopAPI.getOrder"),
        Case(rule: "parameter-removed", edits: [("      expand: string?\n", "")], symbol: "ShopAPI.getOrder"),
        Case(
            rule: "parameter-made-required", edits: [("      expand: string?", "      expand: string")],
            symbol: "ShopAPI.getOrder"),
        Case(
            rule: "parameter-made-optional", edits: [("      locale: string", "      locale: string?")],
            symbol: "ShopAPI.getOrder"),
        Case(
            rule: "parameter-type-changed", edits: [("      locale: string", "      locale: int")],
            symbol: "ShopAPI.getOrder"),
        Case(
            rule: "parameter-renamed-in-swift",
            edits: [("      locale: string", "      locale: {type: string, swiftName: language}")],
            symbol: "ShopAPI.getOrder"),
        Case(
            rule: "parameter-wire-name-changed",
            edits: [("      locale: string", "      lang: {type: string, swiftName: locale}")],
            symbol: "ShopAPI.getOrder"),
        Case(
            rule: "parameter-style-changed",
            edits: [("tags: \"[string]?\"", "tags: {type: \"[string]?\", style: comma}")],
            symbol: "ShopAPI.browseOrders"),
        Case(
            rule: "parameter-default-changed", edits: [("{type: int, default: 1}", "{type: int, default: 2}")],
            symbol: "ShopAPI.getOrder"),
        Case(
            rule: "request-body-added",
            edits: [
                (
                    "    request: POST /orders/{id}/cancel\n",
                    "    request: POST /orders/{id}/cancel\n    body: Problem\n"
                )
            ], symbol: "ShopAPI.cancelOrder"),
        Case(rule: "request-body-removed", edits: [("    body: NewOrder\n", "")], symbol: "ShopAPI.createOrder"),
        Case(
            rule: "request-body-encoding-changed", edits: [("    body: NewOrder\n", "    body: {form: NewOrder}\n")],
            symbol: "ShopAPI.createOrder"),
        Case(
            rule: "request-body-type-changed", edits: [("    body: NewOrder\n", "    body: Problem\n")],
            symbol: "ShopAPI.createOrder"),
        Case(
            rule: "success-status-removed", edits: [("      201: Order", "      200: Order")],
            symbol: "ShopAPI.createOrder"),
        Case(
            rule: "success-status-added",
            edits: [("    response: Order\n", "    response:\n      200: Order\n      202: Order\n")],
            symbol: "ShopAPI.getOrder"),
        Case(
            rule: "response-type-changed", edits: [("    response: Order\n", "    response: Problem\n")],
            symbol: "ShopAPI.getOrder"),
        Case(rule: "operation-auth-added", edits: [("    auth: none\n", "")], symbol: "ShopAPI.findSKU"),
        Case(
            rule: "operation-auth-removed",
            edits: [("    request: GET /orders/{id}\n", "    request: GET /orders/{id}\n    auth: none\n")],
            symbol: "ShopAPI.getOrder"),
        Case(
            rule: "operation-auth-changed",
            edits: [("    request: GET /orders/{id}\n", "    request: GET /orders/{id}\n    auth: key\n")],
            symbol: "ShopAPI.getOrder"),
        Case(
            rule: "operation-auth-alternative-added",
            edits: [("    request: GET /orders/{id}\n", "    request: GET /orders/{id}\n    auth: [token, key]\n")],
            symbol: "ShopAPI.getOrder"),
        Case(
            rule: "operation-auth-alternative-removed",
            edits: [("    request: GET /orders/{id}\n", "    request: GET /orders/{id}\n    auth: [token, key]\n")],
            symbol: "ShopAPI.getOrder", reversed: true),
        Case(
            rule: "helper-added",
            edits: [
                (
                    "    response: Order\n",
                    "    response: Order\n    poll: {name: pollUntilShipped, field: status, success: [shipped]}\n"
                )
            ], symbol: "ShopAPI.pollUntilShipped"),
        Case(
            rule: "helper-removed",
            edits: [
                (
                    "    response: Order\n",
                    "    response: Order\n    poll: {name: pollUntilShipped, field: status, success: [shipped]}\n"
                )
            ], symbol: "ShopAPI.pollUntilShipped", reversed: true),
        Case(
            rule: "pagination-changed",
            edits: [
                (
                    "    paginate: {page: page, limit: limit, items: data}\n",
                    "    paginate: {cursor: cursor, nextCursor: next, items: data}\n"
                )
            ], symbol: "ShopAPI.browseOrdersPages"),
        Case(
            rule: "model-removed", edits: [("  Coupon:\n    properties:\n      code: string\n", "")], symbol: "Coupon"),
        Case(
            rule: "model-added",
            edits: [("  Coupon:\n", "  Refund:\n    properties:\n      amount: double\n  Coupon:\n")], symbol: "Refund"),
        Case(rule: "model-renamed", edits: [("  Coupon:\n", "  Discount:\n")], symbol: "Coupon"),
        Case(
            rule: "model-kind-changed",
            edits: [("  Coupon:\n    properties:\n      code: string\n", "  Coupon:\n    enum: [tenPercent]\n")],
            symbol: "Coupon"),
        Case(
            rule: "request-property-added-required",
            edits: [("      gift: bool?", "      gift: bool?\n      address: string")], symbol: "NewOrder.address"),
        Case(
            rule: "request-property-added-optional",
            edits: [("      gift: bool?", "      gift: bool?\n      address: string?")], symbol: "NewOrder.address"),
        Case(rule: "request-property-removed", edits: [("      gift: bool?\n", "")], symbol: "NewOrder.gift"),
        Case(
            rule: "request-property-made-required", edits: [("      gift: bool?", "      gift: bool")],
            symbol: "NewOrder.gift"),
        Case(
            rule: "request-property-made-optional", edits: [("      quantity: int", "      quantity: int?")],
            symbol: "NewOrder.quantity"),
        Case(
            rule: "response-property-added-required",
            edits: [("      total: double", "      total: double\n      placedAt: datetime")], symbol: "Order.placedAt"),
        Case(
            rule: "response-property-added-optional",
            edits: [("      total: double", "      total: double\n      placedAt: datetime?")], symbol: "Order.placedAt"
        ),
        Case(rule: "response-property-removed", edits: [("      total: double\n", "")], symbol: "Order.total"),
        Case(rule: "response-optional-property-removed", edits: [("      note: string?\n", "")], symbol: "Order.note"),
        Case(
            rule: "response-property-made-optional", edits: [("      total: double", "      total: double?")],
            symbol: "Order.total"),
        Case(
            rule: "response-property-made-required", edits: [("      note: string?", "      note: string")],
            symbol: "Order.note"),
        Case(
            rule: "property-type-changed", edits: [("      total: double", "      total: string")],
            symbol: "Order.total"),
        Case(
            rule: "property-json-key-renamed",
            edits: [("      total: double", "      grand_total: {type: double, swiftName: total}")],
            symbol: "Order.total"),
        Case(
            rule: "property-renamed-in-swift",
            edits: [("      total: double", "      total: {type: double, swiftName: amount}")], symbol: "Order.amount"),
        Case(
            rule: "property-default-changed",
            edits: [("      gift: bool?", "      gift: {type: bool?, default: false}")], symbol: "NewOrder.gift"),
        Case(
            rule: "request-constraint-tightened",
            edits: [("{type: string, minLength: 1}", "{type: string, minLength: 3}")], symbol: "NewOrder.item"),
        Case(rule: "constraint-loosened", edits: [("{type: string, minLength: 1}", "string")], symbol: "NewOrder.item"),
        Case(
            rule: "enum-value-added", edits: [("[pending, shipped]", "[pending, shipped, cancelled]")],
            symbol: "Status.cancelled"),
        Case(rule: "enum-value-removed-request", edits: [("[red, blue]", "[red]")], symbol: "Color.blue"),
        Case(
            rule: "enum-value-removed-response", edits: [("[pending, shipped]", "[pending]")], symbol: "Status.shipped"),
        Case(
            rule: "response-headers-declared",
            edits: [
                (
                    "/cancel\n    path:\n      id: string\n    response: empty\n",
                    "/cancel\n    path:\n      id: string\n    response:\n      204:\n        headers:\n"
                        + "          Location: url\n"
                )
            ],
            symbol: "ShopAPI.cancelOrderWithHeaders"),
        Case(
            rule: "response-header-added-required",
            edits: [("          X-Retry-In: int?\n", "          X-Retry-In: int?\n          X-Receipt: string\n")],
            symbol: "PayOrderResponseHeaders.xReceipt"),
        Case(
            rule: "response-header-added-optional",
            edits: [("          X-Retry-In: int?\n", "          X-Retry-In: int?\n          X-Receipt: string?\n")],
            symbol: "PayOrderResponseHeaders.xReceipt"),
        Case(
            rule: "response-header-removed-required", edits: [("          ETag: string\n", "")],
            symbol: "PayOrderResponseHeaders.eTag"),
        Case(
            rule: "response-header-removed-optional", edits: [("          X-Retry-In: int?\n", "")],
            symbol: "PayOrderResponseHeaders.xRetryIn"),
        Case(
            rule: "response-header-made-optional", edits: [("ETag: string\n", "ETag: string?\n")],
            symbol: "PayOrderResponseHeaders.eTag"),
        Case(
            rule: "response-header-made-required", edits: [("X-Retry-In: int?\n", "X-Retry-In: int\n")],
            symbol: "PayOrderResponseHeaders.xRetryIn"),
        Case(
            rule: "response-header-type-changed", edits: [("X-Retry-In: int?\n", "X-Retry-In: string?\n")],
            symbol: "PayOrderResponseHeaders.xRetryIn"),
        Case(
            rule: "union-variant-added", edits: [("[Wallet, Card]", "[Wallet, Card, Voucher]")],
            symbol: "Receipt.voucher"),
        Case(
            rule: "union-variant-removed-request", edits: [("oneOf: [Card, Wallet]", "oneOf: [Card]")],
            symbol: "Tender.wallet"),
        Case(
            rule: "union-variant-removed-response", edits: [("oneOf: [Wallet, Card]", "oneOf: [Card]")],
            symbol: "Receipt.wallet"),
        Case(
            rule: "union-tag-changed",
            edits: [("    discriminator: kind\n  Receipt:", "    discriminator: type\n  Receipt:")], symbol: "Tender"),
        Case(
            rule: "union-case-renamed",
            edits: [("oneOf: [Card, Wallet]", "oneOf: [{type: Card, case: credit}, Wallet]")],
            symbol: "Tender.card"),
        Case(rule: "union-variant-order-changed", edits: [("[string, Voucher]", "[Voucher, string]")], symbol: "Ref"),
        Case(
            rule: "model-no-longer-codable", edits: [("    body: NewOrder\n", "    body:\n      form: NewOrder\n")],
            symbol: "NewOrder"),
        Case(
            rule: "model-now-codable", edits: [("    body: NewOrder\n", "    body:\n      form: NewOrder\n")],
            symbol: "NewOrder", reversed: true),
        Case(
            rule: "model-opened",
            edits: [
                ("      code: string\n  OrderList:", "      code: string\n    additionalProperties: json\n  OrderList:")
            ],
            symbol: "Coupon.additionalProperties"),
        Case(
            rule: "model-closed", edits: [("    additionalProperties: string\n", "")],
            symbol: "Extras.additionalProperties"),
        Case(
            rule: "additional-properties-type-changed",
            edits: [("additionalProperties: string", "additionalProperties: int")],
            symbol: "Extras.additionalProperties"),
        Case(
            rule: "property-constant-changed", edits: [("const: voucher}", "const: coupon}")], symbol: "Voucher.kind"),
        Case(
            rule: "alias-type-changed", edits: [("    type: string\n    pattern: \"^[A-Z]+$\"\n", "    type: uuid\n")],
            symbol: "SKU"),
        Case(
            rule: "error-case-added",
            edits: [
                (
                    "  404: {case: notFound, body: Problem}",
                    "  404: {case: notFound, body: Problem}\n  500: {case: serverError, body: Problem}"
                )
            ], symbol: "ShopError.serverError", count: 3),
        Case(
            rule: "error-case-removed", edits: [("    errors:\n      409: {case: duplicate, body: Problem}\n", "")],
            symbol: "CreateOrderError.duplicate"),
        Case(
            rule: "error-status-changed",
            edits: [("      409: {case: duplicate, body: Problem}", "      422: {case: duplicate, body: Problem}")],
            symbol: "CreateOrderError.duplicate"),
        Case(
            rule: "error-body-changed",
            edits: [
                ("      409: {case: duplicate, body: Problem}", "      409: {case: duplicate, body: string}"),
                ("body: Problem, description: Paid already.}", "body: string, description: Paid already.}"),
            ], symbol: "CreateOrderError.duplicate", count: 2),
        Case(
            rule: "error-type-shared", edits: [("body: Problem, description: Paid already.}", "body: Problem}")],
            symbol: "CancelOrderError"),
        Case(
            rule: "error-type-unshared", edits: [("body: Problem, description: Paid already.}", "body: Problem}")],
            symbol: "CancelOrderError", reversed: true),
        Case(
            rule: "server-url-changed", edits: [("https://api.shop.example/v1", "https://api.shop.example/v2")],
            symbol: "ShopServer.production"),
        Case(
            rule: "server-variables-changed",
            edits: [
                (
                    "  production: https://api.shop.example/v1",
                    "  production: {url: https://api.shop.example/v1, urls: {media: https://media.shop.example}}"
                )
            ], symbol: "ShopServer.production"),
        Case(
            rule: "operation-server-changed",
            edits: [
                (
                    "  production: https://api.shop.example/v1",
                    "  production: {url: https://api.shop.example/v1, urls: {media: https://media.shop.example}}"
                ),
                (
                    "    request: POST /orders/{id}/cancel\n",
                    "    request: POST /orders/{id}/cancel\n    server: media\n"
                ),
            ], symbol: "ShopAPI.cancelOrder"),
        Case(
            rule: "server-added",
            edits: [
                (
                    "  production: https://api.shop.example/v1",
                    "  production: https://api.shop.example/v1\n  staging: https://staging.shop.example/v1"
                )
            ], symbol: "ShopServer.staging"),
        Case(
            rule: "server-removed",
            edits: [("  production: https://api.shop.example/v1", "  live: https://api.shop.example/v1")],
            symbol: "ShopServer.production"),
        Case(
            rule: "auth-scheme-added",
            edits: [
                (
                    "  key: {type: apiKey, in: header, name: X-Key}",
                    "  key: {type: apiKey, in: header, name: X-Key}\n  partner: {type: apiKey, in: header, name: X-Partner}"
                )
            ], symbol: "ShopClient.init"),
        Case(
            rule: "auth-scheme-removed", edits: [("  key: {type: apiKey, in: header, name: X-Key}\n", "")],
            symbol: "ShopClient.init"),
        Case(
            rule: "auth-scheme-kind-changed", edits: [("in: header, name: X-Key", "in: header, name: X-Shop-Key")],
            symbol: "ShopClient.init"),
        Case(
            rule: "behaviour-changed", edits: [("security: token\n", "security: token\ntimeout: 30\n")],
            symbol: "ShopClient"),
        Case(
            rule: "deprecated",
            edits: [
                ("    request: GET /orders/{id}\n", "    request: GET /orders/{id}\n    deprecated: Use fetchOrder.\n")
            ], symbol: "ShopAPI.getOrder"),
        Case(
            rule: "documentation-changed",
            edits: [("  Order:\n", "  Order:\n    description: An order as the shop keeps it.\n")], symbol: "Order"),
    ]

    static func load(_ text: String, path: String) throws -> Spec {
        let loaded = Spec.load(bytes: Array(text.utf8), path: path)
        let errors = loaded.diagnostics.filter(\.isError)
        #expect(errors.isEmpty, "\(errors)")
        return try #require(loaded.spec)
    }

    @Test(arguments: cases)
    func ruleIsReportedWithItsVerdictsAndSymbol(_ testCase: Case) throws {
        var edited = Self.base
        for (old, new) in testCase.edits {
            #expect(edited.contains(old), "the edit for \(testCase.rule) does not apply")
            edited = edited.replacingOccurrences(of: old, with: new)
        }
        let (old, new) = testCase.reversed ? (edited, Self.base) : (Self.base, edited)
        let findings = SpecDiff.findings(
            old: try Self.load(old, path: "old.yaml"), new: try Self.load(new, path: "new.yaml"))
        let rule = try #require(DiffRule.catalogue.first { $0.id == testCase.rule }, "no rule \(testCase.rule)")
        let matching = findings.filter { $0.rule.id == testCase.rule }
        #expect(matching.count == testCase.count, "\(findings.map { "\($0.rule.id): \($0.message)" })")
        for finding in matching { #expect(finding.rule.wire == rule.wire && finding.rule.swift == rule.swift) }
        if let symbol = testCase.symbol {
            #expect(matching.contains { $0.symbols.contains(symbol) }, "\(matching.map(\.symbols))")
        }
    }

    @Test func everyRuleHasAFixture() {
        let covered = Set(Self.cases.map(\.rule))
        let missing = DiffRule.catalogue.map(\.id).filter { !covered.contains($0) }
        #expect(missing.isEmpty, "rules without a case: \(missing)")
        #expect(DiffRule.catalogue.count == 92)
        #expect(Set(DiffRule.catalogue.map(\.id)).count == DiffRule.catalogue.count)
    }

    @Test func onlyTheErrorTypesThatLeaveOrJoinAGroupAreReported() throws {
        func spec(_ third: String) -> String {
            """
            specgen: 1
            name: Trio
            version: 1.0.0
            servers:
              production: https://trio.example
            errors:
              500: {case: serverError}
            endpoints:
              first:
                request: GET /first
                response: empty
                errors:
                  404: {case: notFound}
              second:
                request: GET /second
                response: empty
                errors:
                  404: {case: notFound}
              third:
                request: GET /third
                response: empty
                errors:
                  \(third)

            """
        }
        let together = try Self.load(spec("404: {case: notFound}"), path: "old.yaml")
        let apart = try Self.load(spec("404: {case: notFound}\n      409: {case: conflict}"), path: "new.yaml")
        let left = SpecDiff.findings(old: together, new: apart).filter { $0.rule.id.hasPrefix("error-type") }
        #expect(left.map(\.message) == ["'ThirdError' is no longer the same type as 'FirstError'"])
        #expect(left.map(\.symbols) == [["ThirdError"]])
        let joined = SpecDiff.findings(old: apart, new: together).filter { $0.rule.id.hasPrefix("error-type") }
        #expect(joined.map(\.message) == ["'ThirdError' is now the same type as 'FirstError'"])
        #expect(joined.map(\.rule.swift) == [.safe])
    }

    @Test func cosmeticEditsYieldOnlyDocumentationChanges() throws {
        let cosmetic = Self.base
            .replacingOccurrences(
                of: "  Order:\n    properties:\n",
                with: "  # The order.\n  Order:\n    description: An order.\n    properties:\n"
            )
            .replacingOccurrences(of: "    path:\n      id: string\n    query:\n", with: "    query:\n")
            .replacingOccurrences(
                of: "    request: GET /orders/{id}\n",
                with: "    request: GET /orders/{id}\n    path:\n      id: string\n")
        #expect(cosmetic != Self.base)
        let findings = SpecDiff.findings(
            old: try Self.load(Self.base, path: "old.yaml"),
            new: try Self.load(cosmetic, path: "new.yaml"))
        #expect(findings.map(\.rule.id) == ["documentation-changed"])
    }

    @Test(arguments: SeedAPIs.names)
    func eachSpecAgainstItselfYieldsNothing(_ api: String) throws {
        let text = try String(contentsOf: PackagePaths.url("Specs/\(api).yaml"), encoding: .utf8)
        let spec = try Self.load(text, path: "Specs/\(api).yaml")
        #expect(SpecDiff.findings(old: spec, new: spec).isEmpty)
    }
}
