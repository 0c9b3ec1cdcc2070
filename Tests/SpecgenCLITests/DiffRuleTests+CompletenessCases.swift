import Foundation
import SpecgenDiff
import SpecgenSpec
import SpecgenTestSupport
import Testing

extension DiffRuleTests {
    /// A route of the base spec that `auth-scheme-*` cases make use the key scheme.
    static let keyedRoute = [
        ("    request: GET /skus/{sku}\n    auth: none\n", "    request: GET /skus/{sku}\n    auth: key\n")
    ]

    /// The rules that name what the first catalogue passed over: date formats, nullability, the API's name, thrown
    /// types, response constraints, Swift-only and wire-only changes.
    static let completenessCases: [Case] = [
        Case(
            rule: "resource-assigned", edits: [("  getOrder:\n", "  getOrder:\n    resource: orders.get\n")],
            symbol: "ShopAPI.getOrder"),
        Case(
            rule: "resource-changed", edits: [("resource: orders.cancel", "resource: billing.cancel")],
            symbol: "ShopAPI.cancelOrder"),
        Case(
            rule: "format-changed",
            edits: [("{type: datetime, format: epoch-seconds}", "{type: datetime, format: epoch-milliseconds}")],
            symbol: "Order.placed",
            shared: [
                (
                    "      note: string?\n",
                    "      note: string?\n      placed: {type: datetime, format: epoch-seconds}\n"
                )
            ]
        ),
        Case(
            rule: "nullability-changed", edits: [("      note: string?\n", "      note: \"string??\"\n")],
            symbol: "Order.note"),
        Case(rule: "api-renamed", edits: [("name: Shop\n", "name: Store\n")], symbol: "ShopAPI"),
        Case(
            rule: "operation-error-type-changed",
            edits: [
                (
                    "    path:\n      sku: SKU\n    response: empty\n",
                    "    path:\n      sku: SKU\n    response: empty\n    errors:\n      410: {case: gone}\n"
                )
            ],
            symbol: "ShopAPI.findSKU"),
        Case(
            rule: "response-constraint-tightened",
            edits: [("{type: double, maximum: 100}", "{type: double, maximum: 50}")],
            symbol: "Order.total", shared: [("      total: double\n", "      total: {type: double, maximum: 100}\n")]),
        Case(rule: "enum-value-wire-changed", edits: [("enum: [red, blue]", "enum: [RED, blue]")], symbol: "Color.red"),
        Case(
            rule: "sensitivity-changed",
            edits: [("      note: string?\n", "      note: {type: string?, sensitive: true}\n")],
            symbol: "Order.note"),
        Case(
            rule: "mock-handler-changed",
            edits: [
                (
                    "    request: POST /orders\n    body: NewOrder\n",
                    "    request: POST /orders\n    query: {body: string?}\n    body: NewOrder\n"
                )
            ],
            symbol: "ShopMock.CreateOrderHandler"),
        // The model's one sensitive value made plain: the old spec is the edited one.
        Case(
            rule: "redaction-removed",
            edits: [("      note: string?\n", "      note: {type: string?, sensitive: true}\n")],
            symbol: "Order.note", reversed: true),
        Case(
            rule: "auth-scheme-details-changed", edits: [("in: header, name: X-Key", "in: header, name: X-Shop-Key")],
            symbol: "ShopClient.init", shared: keyedRoute),
        Case(
            rule: "error-case-renamed",
            edits: [("404: {case: notFound, body: Problem}", "404: {case: missing, body: Problem}")],
            symbol: "ShopError.missing", count: 3),
        Case(
            rule: "enum-case-renamed", edits: [("enum: [red, blue]", "enum: [{value: red, swiftName: crimson}, blue]")],
            symbol: "Color.crimson"),
        Case(
            rule: "stream-terminator-changed", edits: [("until: \"[DONE]\"", "until: \"[END]\"")],
            symbol: "ShopAPI.streamOrders",
            shared: [
                (
                    "  cancelOrder:\n",
                    "  streamOrders:\n    request: GET /orders/stream\n    response:\n      200: {stream: events, body: Order, until: \"[DONE]\"}\n  cancelOrder:\n"
                )
            ]),
        Case(
            rule: "pagination-walk-changed", edits: [("paginate: {link: next}", "paginate: {link: more}")],
            symbol: "ShopAPI.listTagsPages",
            shared: [
                (
                    "  cancelOrder:\n",
                    "  listTags:\n    request: GET /tags\n    response: \"[string]\"\n    paginate: {link: next}\n  cancelOrder:\n"
                )
            ]),
        Case(
            rule: "server-defaults-changed",
            edits: [("{default: eu, enum: [eu, us]}", "{default: us, enum: [eu, us]}")],
            symbol: "ShopServer.production",
            shared: [
                (
                    "  production: https://api.shop.example/v1\n",
                    "  production:\n    url: https://{region}.shop.example/v1\n    variables:\n      region: {default: eu, enum: [eu, us]}\n"
                )
            ]),
        Case(
            rule: "wire-type-changed", edits: [("      day: date\n", "      day: datetime\n")], symbol: "Order.day",
            shared: [("      note: string?\n", "      note: string?\n      day: date\n")]),
        Case(
            rule: "operations-reordered",
            edits: [
                (
                    "  findSKU:\n    request: GET /skus/{sku}\n    auth: none\n    path:\n      sku: SKU\n    response: empty\n",
                    ""
                ),
                (
                    "  createOrder:\n",
                    "  findSKU:\n    request: GET /skus/{sku}\n    auth: none\n    path:\n      sku: SKU\n    response: empty\n  createOrder:\n"
                ),
            ], symbol: "ShopMock.init"),
        Case(
            rule: "model-renamed-in-swift",
            edits: [("  Coupon:\n    properties:", "  Coupon:\n    swiftName: Discount\n    properties:")],
            symbol: "Discount"),
        // An error body and a request body renamed in the spec, each keeping its Swift name.
        Case(
            rule: "model-renamed-in-spec",
            edits: [
                ("  Problem:\n    properties:", "  Issue:\n    swiftName: Problem\n    properties:"),
                ("body: Problem", "body: Issue"),
                ("  NewOrder:\n    properties:", "  OrderDraft:\n    swiftName: NewOrder\n    properties:"),
                ("body: NewOrder", "body: OrderDraft"),
            ],
            symbol: "Problem", count: 2),
        Case(
            rule: "properties-reordered",
            edits: [
                (
                    "      id: string\n      status: Status\n      note",
                    "      status: Status\n      id: string\n      note"
                )
            ],
            symbol: "Order.init"),
        Case(
            rule: "parameters-reordered",
            edits: [
                (
                    "      expand: string?\n      locale: string\n      page: {type: int, default: 1}\n",
                    "      page: {type: int, default: 1}\n      locale: string\n      expand: string?\n"
                )
            ], symbol: "ShopAPI.getOrder"),
        Case(
            rule: "auth-schemes-reordered",
            edits: [
                (
                    "  token: {type: bearer}\n  key: {type: apiKey, in: header, name: X-Key}\n",
                    "  key: {type: apiKey, in: header, name: X-Key}\n  token: {type: bearer}\n"
                )
            ], symbol: "ShopClient.init"),
        Case(
            rule: "default-server-changed",
            edits: [
                (
                    "  production: https://api.shop.example/v1\n  staging: https://staging.shop.example/v1\n",
                    "  staging: https://staging.shop.example/v1\n  production: https://api.shop.example/v1\n"
                )
            ], symbol: "ShopClient.init",
            shared: [
                (
                    "  production: https://api.shop.example/v1\n",
                    "  production: https://api.shop.example/v1\n  staging: https://staging.shop.example/v1\n"
                )
            ]),
        Case(rule: "declaration-order-changed", edits: [("enum: [red, blue]", "enum: [blue, red]")]),
    ]

    /// The catch-alls fire where no rule speaks: the completeness pass alone, with no rule's finding, names each
    /// difference of the wire model and of the Swift API at its place.
    @Test func theCatchAllsNameEveryDifferenceNoRuleExplains() throws {
        let old = try Self.load(Self.base, path: "old.yaml")
        let new = try Self.load(
            Self.base.replacingOccurrences(of: "      note: string?\n", with: "      note: \"string??\"\n"),
            path: "new.yaml")
        let gaps = SpecDiff.unexplained(old: old, new: new)
        #expect(
            gaps.map(\.rule.id) == ["unexplained-wire-change"] + Array(repeating: "unexplained-swift-change", count: 2))
        #expect(gaps.first?.message == "model Order.note: presence optional → nullable")
        #expect(gaps.first?.location.line == 24)
        // `Order` now spells out its coding (for `Nullable`), which is no change of its API: it was Codable before.
        #expect(gaps.dropFirst().map(\.symbols) == [["Order.init"], ["Order.note"]])
        #expect(gaps.allSatisfy { $0.rule.wire == .breaking || $0.rule.swift == .breaking })
        // With the rules, the same edit is explained.
        #expect(SpecDiff.findings(old: old, new: new).map(\.rule.id) == ["nullability-changed"])
    }

    /// Date formats travel: every change of one is wire-breaking, in properties, parameters and response headers.
    @Test(arguments: [
        ("format: epoch-seconds}", "format: epoch-milliseconds}"), ("format: epoch-milliseconds}", "}"),
        ("format: http-date}", "}"), ("{type: datetime, format: epoch-seconds}", "{type: datetime}"),
    ])
    func dateFormatChangesBreakTheWire(_ before: String, _ after: String) throws {
        let spec = """
            specgen: 1
            name: Clock
            version: 1.0.0
            servers:
              production: https://clock.example
            models:
              Tick:
                properties:
                  at: {type: datetime, format: epoch-milliseconds}
            endpoints:
              ticks:
                request: GET /ticks
                query:
                  since: {type: datetime, format: epoch-seconds}
                response:
                  200:
                    body: "[Tick]"
                    headers:
                      Last-Modified: {type: datetime, format: http-date}

            """
        let findings = try Self.findings(old: spec, new: spec.replacingOccurrences(of: before, with: after))
        #expect(findings.map(\.rule.id) == ["format-changed"], "\(findings.map(\.message))")
        #expect(findings.allSatisfy { $0.wire == .breaking && $0.swift == .safe })
    }
}

extension DiffRuleTests {
    /// An example that does not fit its own type is a lint warning and never a value the old app sends: a
    /// description-only edit of a spec with one stays safe.
    @Test func anIllTypedExampleIsNeverEvidence() throws {
        let spec = """
            specgen: 1
            name: Tags
            version: 1.0.0
            servers:
              production: https://tags.example
            models:
              Label:
                properties:
                  tags: {type: "[string]", example: red}
                  name: string
            endpoints:
              putLabel:
                request: PUT /labels
                body: Label
                response: Label

            """
        let loaded = Spec.load(bytes: Array(spec.utf8), path: "tags.yaml")
        #expect(
            loaded.diagnostics.map(\.description) == [
                "tags.yaml:9:7: warning: example at 'models.Label.properties.tags' does not fit its type: the value does "
                    + "not match type '[string]'; it is not used; write an example of type '[string]'"
            ])
        let edited = spec.replacingOccurrences(of: "  Label:\n", with: "  Label:\n    description: A label.\n")
        let findings = try Self.findings(old: spec, new: edited)
        #expect(findings.map(\.rule.id) == ["documentation-changed"])
        #expect(findings.map(\.wire) == [.safe])
        #expect(findings.first?.proof?.evidence == nil)
    }
}

extension DiffRuleTests {
    /// Each failing exchange belongs to the change that makes it: an operation removed beside one added takes the
    /// removed one's 404 as its own, and the addition stays safe; an error case and a server's move name the
    /// operations they reach.
    @Test func eachFailureBelongsToTheChangeThatMakesIt() throws {
        let removedAndAdded = try Self.findings(
            old: Self.base,
            new: Self.base.replacingOccurrences(of: "POST /orders/{id}/cancel", with: "POST /orders/{id}/void")
                .replacingOccurrences(of: "  cancelOrder:", with: "  voidOrder:"))
        #expect(Set(removedAndAdded.map(\.rule.id)) == ["operation-removed", "operation-added"])
        let removal = try #require(removedAndAdded.first { $0.rule.id == "operation-removed" })
        let addition = try #require(removedAndAdded.first { $0.rule.id == "operation-added" })
        #expect(removal.wire == .breaking && addition.wire == .safe)
        #expect(removal.proof?.evidence?.failure.hasPrefix("404") == true)
        #expect(addition.proof?.evidence == nil)
        // Both travel alike under another path and name: the comment pairs them as a likely rename.
        #expect(removal.likelyRename == "likely renamed to POST /orders/{id}/void (voidOrder)")
        #expect(addition.likelyRename == "likely the rename of POST /orders/{id}/cancel (cancelOrder)")

        let errorAdded = try Self.findings(
            old: Self.base,
            new: Self.base.replacingOccurrences(of: "errors:\n  404:", with: "errors:\n  429: {case: slowDown}\n  404:")
        )
        let shopError = try #require(errorAdded.first { $0.symbols == ["ShopError.slowDown"] })
        #expect(shopError.operations == ["getOrder", "findSKU", "browseOrders", "payOrder"])

        let moved = try Self.findings(
            old: Self.base,
            new: Self.base.replacingOccurrences(of: "https://api.shop.example/v1", with: "https://shop.example/v2"))
        #expect(moved.map(\.rule.id) == ["server-url-changed"])
        #expect(moved.first?.operations.count == 6)
    }
}

extension DiffRuleTests {
    /// A property removed beside one added to the same model that travels alike is paired as a likely rename; one
    /// of another type, or two candidates of one shape, pair nothing; the verdicts stay those of a removal.
    @Test func aRemovalBesideAnAdditionOfTheSameShapeIsALikelyRename() throws {
        let renamed = try Self.findings(
            old: Self.base,
            new: Self.base.replacingOccurrences(of: "      note: string?", with: "      remark: string?"))
        #expect(
            renamed.map(\.rule.id).sorted() == [
                "response-optional-property-removed", "response-property-added-optional",
            ])
        let removal = try #require(renamed.first { $0.rule.id == "response-optional-property-removed" })
        let addition = try #require(renamed.first { $0.rule.id == "response-property-added-optional" })
        #expect(removal.likelyRename == "likely renamed to property 'remark'")
        #expect(addition.likelyRename == "likely the rename of property 'note'")
        #expect(removal.swift == .breaking)
        let report = DiffReport(api: "Shop", findings: renamed)
        #expect(report.markdown.contains("; **likely renamed to property 'remark'**"))
        #expect(report.text.contains("\n    likely the rename of property 'note'\n"))

        let retyped = try Self.findings(
            old: Self.base, new: Self.base.replacingOccurrences(of: "      note: string?", with: "      remark: int?"))
        #expect(retyped.count == 2)
        #expect(retyped.allSatisfy { $0.likelyRename == nil })

        let twoCandidates = try Self.findings(
            old: Self.base,
            new: Self.base.replacingOccurrences(
                of: "      note: string?", with: "      remark: string?\n      comment: string?"))
        #expect(twoCandidates.count == 3)
        #expect(twoCandidates.allSatisfy { $0.likelyRename == nil })
    }
}

extension DiffRuleTests {
    /// Edits the mutation test found unexplained or misjudged, each now explained by the rule that names it: the
    /// last operation of a resource removed takes the resource's struct along; renaming an API with webhooks renames
    /// its webhook types; a `date` parameter sent as `datetime` keeps its Swift type (`Date`); a Swift name given to
    /// a page walk's limit changes no walk; a renamed enum case renames the defaults that name it; a parameter made
    /// optional moves in the signature; webhook events listed in another order; a response header's Swift name; a
    /// constant removed.
    @Test(arguments: [
        ("base", "  cancelOrder:\n    resource: orders.cancel\n", "  cancelOrder:\n", ["resource-changed"]),
        (
            "base", "  cancelOrder:\n    resource: orders.cancel\n    request: POST", "  dropped:\n    request: PUT",
            ["operation-removed", "operation-added"]
        ),
        (
            "diff-mutations/kiosk.yaml", "name: Kiosk\n", "name: Stall\n",
            ["api-renamed", "operation-error-type-changed", "pagination-changed"]
        ),
        ("diff-mutations/shop.yaml", "      until: datetime?\n", "      until: date?\n", ["wire-type-changed"]),
        (
            "diff-mutations/kiosk.yaml", "      per_page: int?\n",
            "      per_page: {type: int?, swiftName: pageSize}\n",
            ["parameter-renamed-in-swift"]
        ),
        (
            "Ledger/Ledger.yaml", "      - {value: 0, swiftName: normal}\n", "      - 0\n",
            ["enum-case-renamed"]
        ),
        // A parameter made optional moves after the required ones: a call passing both must reorder them.
        (
            "base", "      locale: string\n", "      locale: string?\n",
            ["parameter-made-optional", "parameters-reordered"]
        ),
        // Webhook events listed in another order.
        (
            "Relay/Relay.yaml",
            "    message.delivered:\n      summary: A message reached its recipient.\n      payload: MessageEvent\n"
                + "    message.failed:\n      summary: A message could not be delivered.\n      payload: MessageEvent\n"
                + "      headers: {Relay-Attempt: int}\n      answer: 204\n",
            "    message.failed:\n      summary: A message could not be delivered.\n      payload: MessageEvent\n"
                + "      headers: {Relay-Attempt: int}\n      answer: 204\n"
                + "    message.delivered:\n      summary: A message reached its recipient.\n      payload: MessageEvent\n",
            ["declaration-order-changed"]
        ),
        // A constant removed: the initializer's argument loses its default (`kind: String = "voucher"`).
        (
            "diff-mutations/shop.yaml", "      kind: {type: string, const: voucher}\n", "      kind: string\n",
            ["property-default-removed"]
        ),
        // A response header given a Swift name: its property in the headers struct is renamed.
        (
            "Ledger/Ledger.yaml", "description: When the window starts over.}",
            "description: When the window starts over., swiftName: resetsAt}", ["property-renamed-in-swift"]
        ),
    ])
    func editsTheMutationTestFoundAreExplained(
        _ spec: String, _ before: String, _ after: String, _ rules: [String]
    ) throws {
        let text =
            spec == "base"
            ? Self.base
            : String(
                decoding: try Data(contentsOf: PackagePaths.url("Tests/Fixtures/\(spec)")),
                as: UTF8.self)
        #expect(text.contains(before))
        let edited = text.replacingOccurrences(of: before, with: after)
        let findings = try Self.findings(old: text, new: edited)
        #expect(Set(findings.map(\.rule.id)) == Set(rules), "\(findings.map(\.message))")
        let back = try Self.findings(old: edited, new: text)
        #expect(!(findings + back).contains { $0.rule.id.hasPrefix("unexplained-") }, "\(back.map(\.message))")
        if rules == ["wire-type-changed"] { #expect(findings.allSatisfy { $0.wire == .breaking && $0.swift == .safe }) }
        if rules == ["parameter-renamed-in-swift"] { #expect(findings.allSatisfy { $0.wire == .safe }) }
    }
}
