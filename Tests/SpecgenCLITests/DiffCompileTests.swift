import Foundation
import SpecgenDiff
import SpecgenEmitter
import SpecgenTestSupport
import Testing

/// Compiles app code written against the old generated client against the new one, for rules on both sides of
/// the Swift verdict: the call site must fail to compile exactly when `diff` says the change breaks Swift.
struct DiffCompileTests {
    /// Call sites against the client of `DiffRuleTests.base`, one per rule; each touches the symbol the rule names.
    static let callSites: [String: String] = [
        "operation-renamed":
            "func operationRenamed(_ api: ShopClient) async throws { _ = try await api.getOrder(id: \"1\", locale: \"en\") }",
        "parameter-renamed-in-swift":
            "func parameterRenamed(_ api: ShopClient) async throws { _ = try await api.getOrder(id: \"1\", locale: \"en\") }",
        "request-property-added-required":
            "func newOrder() -> NewOrder { NewOrder(item: \"a\", quantity: 1, color: .red) }",
        "enum-value-added": """
        func describe(_ status: Status) -> String {
            switch status {
            case .pending: "pending"
            case .shipped: "shipped"
            case .undocumented(let raw): raw
            }
        }
        """,
        "error-case-added": """
        func message(_ error: ShopError) -> String {
            switch error {
            case .notFound: "not found"
            case .failure: "failed"
            }
        }
        """,
        "property-renamed-in-swift": "func total(_ order: Order) -> Double { order.total }",
        "properties-reordered": "func orderInOrder() -> Order { Order(id: \"1\", status: .pending, total: 1) }",
        "parameters-reordered": """
        func orderWithAll(_ api: ShopClient) async throws {
            _ = try await api.getOrder(id: "1", locale: "en", expand: "a", page: 2)
        }
        """,
        "auth-schemes-reordered": "func client() -> ShopClient { ShopClient(token: \"t\", key: \"k\") }",
        "default-server-changed": "func defaultClient() -> ShopClient { ShopClient(token: \"t\") }",
        "model-renamed": "func coupon(_ code: String) -> Coupon { Coupon(code: code) }",
        "mock-handler-changed": """
        func mockOrders() -> ShopMock {
            ShopMock(createOrder: { call in Order(id: call.body.item, status: .pending, total: 1) })
        }
        """,
        // Against a client whose NewOrder defaults its quantity (the case is reversed).
        "property-default-removed": "func oneOrder() -> NewOrder { NewOrder(item: \"a\", color: .red) }",
        // Against a client whose Order has a sensitive note (the case is reversed).
        "redaction-removed": "func orderText(_ order: Order) -> String { order.description }",
        "model-renamed-in-spec": """
        func problemMessage(_ problem: Problem) -> String { problem.message }
        func draft(_ api: ShopClient, _ order: NewOrder) async throws { _ = try await api.createOrder(order) }
        """,
        "property-json-key-renamed": "func totalByKey(_ order: Order) -> Double { order.total }",
        "operation-path-changed": "func sku(_ api: ShopClient) async throws { try await api.findSKU(\"ABC\") }",
        // A test's closure for the mock keeps compiling too: it receives the arguments in one value.
        "parameter-added-optional": """
        func orderWithOptional(_ api: ShopClient) async throws { _ = try await api.getOrder(id: "1", locale: "en") }
        func mockOrder() -> ShopMock {
            ShopMock(getOrder: { call in Order(id: call.id + (call.expand ?? ""), status: .pending, total: 1) })
        }
        """,
        "server-url-changed": "func production() -> URL { ShopServer.production.url }",
        "resource-changed": "func cancel(_ api: ShopClient) async throws { try await api.orders.cancel(id: \"1\") }",
        "resource-assigned":
            "func fetch(_ api: some ShopAPI) async throws { _ = try await api.getOrder(id: \"1\", locale: \"en\") }",
        "response-property-added-optional": "func order() -> Order { Order(id: \"1\", status: .pending, total: 1) }",
        "enum-value-removed-response": "func isShipped(_ status: Status) -> Bool { status == .shipped }",
        "error-type-shared": """
        func cancelled(_ api: ShopClient) async -> String {
            do throws(CancelOrderError) {
                try await api.cancelOrder(id: "1")
                return "cancelled"
            } catch {
                switch error {
                case .duplicate: return "paid already"
                case .notFound: return "not found"
                case .failure(let failure): return failure.description
                }
            }
        }
        """,
        // Against a client whose cancelOrder throws the same type as createOrder (the case is reversed).
        "error-type-unshared": """
        func cancelFailure(_ api: ShopClient) async -> CreateOrderError? {
            do throws(CancelOrderError) {
                try await api.cancelOrder(id: "1")
                return nil
            } catch {
                return error
            }
        }
        """,
    ]

    /// Type-checks the client generated from `spec` with `callSite` beside it, against the built SpecgenRuntime.
    static func typecheck(spec: String, callSite: String) async throws -> GeneratedModule.Compilation {
        let result = try await offThePool { Generator.generate(bytes: Array(spec.utf8), path: "Shop.yaml") }
        let files = try #require(result.files, "\(result.diagnostics)")
        return try await GeneratedModule.typecheck(
            files.map { ($0.name, $0.contents) },
            sources: [("CallSite.swift", "import Foundation\n\n" + callSite + "\n")], module: "Shop")
    }

    /// The rules whose case makes the base spec the new one; their call sites are checked against the edited spec.
    static let reversed = Set(DiffRuleTests.cases.filter(\.reversed).map(\.rule))

    @Test func everyCallSiteCompilesAgainstTheOldClient() async throws {
        let compilation = try await Self.typecheck(
            spec: DiffRuleTests.base,
            callSite: Self.callSites.keys.sorted().filter { !Self.reversed.contains($0) }.compactMap {
                Self.callSites[$0]
            }.joined(separator: "\n\n"))
        #expect(compilation.succeeded, "\(compilation.diagnostics)")
    }

    @Test(arguments: callSites.keys.sorted())
    func theCallSiteBreaksExactlyWhenDiffSaysSwiftBreaks(_ ruleID: String) async throws {
        let testCase = try #require(DiffRuleTests.cases.first { $0.rule == ruleID })
        let (old, new) = testCase.versions
        // Diffing and generating hold a thread for a while: off the pool the tests that time real sockets need.
        let findings = try await DiffRuleTests.findingsOffThePool(of: testCase)
        let finding = try #require(findings.first { $0.rule.id == ruleID })
        let callSite = try #require(Self.callSites[ruleID])
        if testCase.reversed {
            let before = try await Self.typecheck(spec: old, callSite: callSite)
            #expect(before.succeeded, "the call site does not compile against the old client: \(before.diagnostics)")
        }
        let compilation = try await Self.typecheck(spec: new, callSite: callSite)
        if finding.rule.swift == .breaking {
            #expect(!compilation.succeeded, "diff says \(ruleID) breaks Swift, but the old call site compiles")
            // The errors are in the app's code, not in the generated client.
            let errorLines = compilation.diagnostics.split(separator: "\n").filter { $0.contains(": error:") }
            #expect(
                !errorLines.isEmpty && errorLines.allSatisfy { $0.contains("CallSite.swift") },
                "\(compilation.diagnostics)")
        } else {
            #expect(compilation.succeeded, "diff says \(ruleID) is Swift-safe, but: \(compilation.diagnostics)")
        }
    }
}
