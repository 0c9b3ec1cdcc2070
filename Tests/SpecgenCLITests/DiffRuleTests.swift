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
          Stamp:
            properties:
              code: string
          Pick:
            oneOf: [Stamp, Voucher]
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
            resource: orders.cancel
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
        /// Edits made to both versions first, for a change to something the base spec does not have.
        var shared: [(String, String)] = []
        var testDescription: String { rule }

        /// The two versions of ``base`` the case compares.
        var versions: (old: String, new: String) {
            func apply(_ edits: [(String, String)], to text: String) -> String {
                var edited = text
                for (old, new) in edits {
                    #expect(edited.contains(old), "the edit for \(rule) does not apply")
                    edited = edited.replacingOccurrences(of: old, with: new)
                }
                return edited
            }
            let base = apply(shared, to: DiffRuleTests.base)
            let edited = apply(edits, to: base)
            return reversed ? (edited, base) : (base, edited)
        }
    }

    static func load(_ text: String, path: String) throws -> Spec {
        let loaded = Spec.load(bytes: Array(text.utf8), path: path)
        let errors = loaded.diagnostics.filter(\.isError)
        #expect(errors.isEmpty, "\(errors)")
        return try #require(loaded.spec)
    }

    /// The findings of a case's edit.
    static func findings(of testCase: Case) throws -> [Finding] {
        let (old, new) = testCase.versions
        return try findings(old: old, new: new)
    }

    /// The findings of two versions of a spec, each of which must load without errors.
    static func findings(
        old: String, new: String, oldPath: String = "old.yaml", newPath: String = "new.yaml"
    )
        throws -> [Finding]
    {
        SpecDiff.findings(old: try load(old, path: oldPath), new: try load(new, path: newPath))
    }

    /// The findings of a case, worked out on a thread of its own: a hundred cases of diffs and proofs would hold the
    /// concurrency pool's two threads for half a minute, while the tests beside them time real sockets.
    static func findingsOffThePool(of testCase: Case) async throws -> [Finding] {
        let (old, new) = testCase.versions
        return try await offThePool { try Self.findingsThrowing(old: old, new: new) }
    }

    /// The findings of two versions, for code off the test's task: a version that does not load throws, as no
    /// expectation can be recorded there.
    static func findingsThrowing(old: String, new: String) throws -> [Finding] {
        let specs = try [(old, "old.yaml"), (new, "new.yaml")].map { text, path in
            let loaded = Spec.load(bytes: Array(text.utf8), path: path)
            guard let spec = loaded.spec, !loaded.hasErrors else {
                throw CaseFailure(description: "\(path) has errors: \(loaded.diagnostics.filter(\.isError))")
            }
            return spec
        }
        return SpecDiff.findings(old: specs[0], new: specs[1])
    }

    /// A case whose versions do not load.
    struct CaseFailure: Error, CustomStringConvertible {
        var description: String
    }

    @Test(arguments: cases)
    func ruleIsReportedWithItsVerdictsAndSymbol(_ testCase: Case) async throws {
        let findings = try await Self.findingsOffThePool(of: testCase)
        let rule = try #require(DiffRule.catalogue.first { $0.id == testCase.rule }, "no rule \(testCase.rule)")
        let matching = findings.filter { $0.rule.id == testCase.rule }
        #expect(matching.count == testCase.count, "\(findings.map { "\($0.rule.id): \($0.message)" })")
        for finding in matching { #expect(finding.rule.wire == rule.wire && finding.rule.swift == rule.swift) }
        if let symbol = testCase.symbol {
            #expect(matching.contains { $0.symbols.contains(symbol) }, "\(matching.map(\.symbols))")
        }
        let unexplained = findings.filter { $0.rule.id.hasPrefix("unexplained-") && $0.rule.id != testCase.rule }
        #expect(unexplained.isEmpty, "\(unexplained.map(\.message))")
    }

    @Test func everyRuleHasAFixture() {
        // The catch-alls have none: no edit may reach them (DiffMutationTests), and
        // `theCatchAllsNameEveryDifferenceNoRuleExplains` shows them firing without the rules. A whole spec added or
        // removed is no edit of one spec: DiffWorkflowTests runs them in a pull request.
        let covered = Set(
            Self.cases.map(\.rule) + [
                "unexplained-wire-change", "unexplained-swift-change", "api-added", "api-removed",
            ])
        let missing = DiffRule.catalogue.map(\.id).filter { !covered.contains($0) }
        #expect(missing.isEmpty, "rules without a case: \(missing)")
        #expect(DiffRule.catalogue.count == 131)
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
