import Foundation
import SpecgenDiff
import SpecgenSpec
import SpecgenTestSupport
import Testing

extension DiffRuleTests {
    /// One edit of ``base`` per rule of the catalogue, but the catch-alls, which no edit may reach.
    static let cases: [Case] = firstCases + completenessCases + webhookCases

    /// The rules of the first catalogue.
    static let firstCases: [Case] = [
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
            rule: "property-default-removed",
            edits: [("      quantity: int\n", "      quantity: {type: int, default: 1}\n")],
            symbol: "NewOrder.quantity", reversed: true),
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
        Case(rule: "union-variant-order-changed", edits: [("[Stamp, Voucher]", "[Voucher, Stamp]")], symbol: "Pick"),
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
            rule: "server-variables-changed", edits: [("enum: [eu, us]", "enum: [eu]")],
            symbol: "ShopServer.production",
            shared: [
                (
                    "  production: https://api.shop.example/v1",
                    "  production:\n    url: https://{region}.shop.example/v1\n"
                        + "    variables:\n      region: {default: eu, enum: [eu, us]}"
                )
            ]),
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
            edits: [
                (
                    "  production: https://api.shop.example/v1",
                    "  production: https://api.shop.example/v1\n  staging: https://staging.shop.example/v1"
                )
            ], symbol: "ShopServer.staging", reversed: true),
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
            rule: "auth-scheme-kind-changed", edits: [("{type: apiKey, in: header, name: X-Key}", "{type: basic}")],
            symbol: "ShopClient.init",
            shared: [
                ("    request: GET /skus/{sku}\n    auth: none\n", "    request: GET /skus/{sku}\n    auth: key\n")
            ]),
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
}
