import Foundation
import SpecgenFixtureLedger
import SpecgenMock
import SpecgenRuntime
import SpecgenTestSupport
import SpecgenWire
import Testing

/// Every Ledger endpoint called through the generated client against specgen-mock: the mock serves each data shape
/// the client decodes, and finds no problem in what the client sends.
struct LedgerMockTests {
    static let spec = "Tests/Fixtures/Ledger/Ledger.yaml"

    @Test func everyEndpointAgainstTheMock() async throws {
        try await Mocks.with("Ledger", path: Self.spec) { url, service async throws in
            let client = LedgerClient(baseURL: url, secretKey: "sk_test")
            let account = try await client.getAccount()
            #expect(account.object == "account")
            var settings = account.settings
            settings.additionalProperties["theme"] = .string("dark")
            _ = try await client.updateAccountSettings(settings)
            let customer = try await client.getCustomer(id: "cus_1")
            #expect(customer.object == "customer")
            var customers: [Customer] = []
            for try await item in client.listCustomersPages(limit: 3, email: "a@b.c", created: ["gte": 1_700_000_000])
                .items
            {
                customers.append(item)
            }
            #expect(!customers.isEmpty)
            let created = try await client.createCustomerWithHeaders(
                NewCustomer(email: "a@b.c", metadata: Metadata(orderID: "o_1", additionalProperties: ["tier": "gold"])))
            #expect(created.status == 201 && created.body.object == "customer")
            #expect(created.headers.location.absoluteString == "https://example.com/Location")
            _ = try await client.updateCustomer(id: "cus_1", body: CustomerUpdate(name: .null))
            try await client.deleteCustomer(id: "cus_1")
            let sources = try await client.listSources(id: "cus_1")
            guard case .card(let card)? = sources.first else {
                Issue.record("the mock's first source is \(sources)")
                return
            }
            #expect(try await client.attachSource(id: "cus_1", body: .card(card)) == .card(card))
            var paid: [Payment] = []
            for try await payment in client.listPaymentsPages(limit: 2).items { paid.append(payment) }
            #expect(!paid.isEmpty)
            let payment = try await client.createPayment(NewPayment(amount: 1999, currency: .eur, source: card.id))
            #expect(payment.object == "payment")
            let read = try await client.getPaymentWithHeaders(id: payment.id)
            #expect(read.headers.eTag == "ETag_1")
            #expect(read.headers.lastModified == Date(timeIntervalSince1970: 1_735_732_800))
            let posted = try await client.createPaymentWithHeaders(NewPayment(amount: 5, currency: .usd, source: "c"))
            #expect(posted.headers.xRateLimitRemaining == 1)
            #expect(posted.headers.xRateLimitReset == Date(timeIntervalSince1970: 1_735_732_800))
            try await client.tagPayment(id: payment.id, body: PaymentTags(tag1Name: "order", tag1Value: "o_1"))
            let capture = try await client.capturePaymentWithHeaders(id: payment.id)
            #expect(capture.status == 202 && capture.headers.retryAfter == 1)
            _ = try await client.cancelPayment(id: payment.id)
            let balance = try await client.getBalanceWithHeaders()
            #expect(balance.body.object == "balance" && balance.headers.xLive == true)
            #expect(balance.headers.xBalanceTier == .normal && balance.headers.xRequestID != nil)
            let statement = try await client.downloadStatementWithHeaders(month: "2026-10")
            #expect(!statement.body.isEmpty && statement.headers.contentDisposition == "Content-Disposition_1")
            var events: [Event] = []
            for try await event in client.listEventsPages(limit: 2).items { events.append(event) }
            #expect(!events.isEmpty)
            _ = try await client.listPayments(
                status: [.pending, .succeeded], ids: ["pay_1", "pay_2"], metadata: ["order_id": "o_1"],
                createdAfter: Date(timeIntervalSince1970: 1_700_000_000), risk: .normal,
                where: PaymentQuery(amountGte: 100, currency: "eur"))
            let refund = try await client.createRefund(
                NewRefund(payment: payment.id, amount: 100, reasons: ["duplicate"], metadata: ["case": "c-1"]))
            #expect(refund.object == "refund")
            #expect(try await client.getRefundWithHeaders(id: refund.id).headers.eTag == "ETag_1")
            let event = try await client.getEvent(
                id: "evt_1", ledgerVersion: Date(timeIntervalSince1970: 1_793_491_200), xPriority: 1, xDryRun: false,
                xTraceID: UUID(), xRisk: .elevated, xSampling: 0.5)
            guard case .payment = event.data else {
                Issue.record("the mock's event is about \(event.data)")
                return
            }
            let problems = service.history.flatMap(\.problems)
            #expect(problems.isEmpty, "\(problems)")
            #expect(service.history.allSatisfy { (200..<300).contains($0.status) }, "\(service.history.map(\.status))")
            // 20 single calls, and listings of seven items: payments and events two a page, customers three.
            #expect(service.history.count == 31)
        }
    }

    @Test func theMockRejectsWrongShapesAndSaysWhichVariantFailedWhy() async throws {
        try await Mocks.with("Ledger", path: Self.spec) { url, _ async throws in
            let auth = ["Authorization": "Bearer sk_test", "Content-Type": "application/json"]
            let unknownTag = try await send(
                "POST", url.appending(path: "customers/cus_1/sources"), headers: auth,
                body: Data(#"{"object": "sepa_debit", "id": "src_1"}"#.utf8))
            // Ledger documents its 400 body, so the mock answers in that shape, the problems in `message`.
            #expect(unknownTag.status == 400)
            #expect(
                unknownTag.object?["message"] as? String
                    == "body.object is \"sepa_debit\", not one of PaymentSource's variants: card, bank_account")

            let badCard = try await send(
                "POST", url.appending(path: "customers/cus_1/sources"), headers: auth,
                body: Data(#"{"object": "card", "id": "card_1", "created": "yesterday"}"#.utf8))
            #expect(badCard.status == 400)
            let cardProblems = badCard.object?["message"] as? String ?? ""
            #expect(cardProblems.contains("body.created") && cardProblems.contains("body.brand"), "\(cardProblems)")

            let settings = try await send(
                "PUT", url.appending(path: "account/settings"), headers: auth,
                body: Data(#"{"payouts_paused": true, "anything": {"goes": [1, 2]}}"#.utf8))
            #expect(settings.status == 200)

            var query = URLComponents(url: url.appending(path: "payments"), resolvingAgainstBaseURL: false)
            query?.percentEncodedQuery = "status=pending&status=lost&ids=a,b&metadata%5Border_id%5D=o_1&risk=9"
            let listing = try await send("GET", try #require(query?.url), headers: auth)
            #expect(listing.status == 400)
            let listingProblems = listing.object?["message"] as? String ?? ""
            #expect(listingProblems.contains("query.status") && listingProblems.contains("query.risk"))
            #expect(!listingProblems.contains("query.ids") && !listingProblems.contains("query.metadata"))

            // A parameter sent as JSON text is read as JSON and checked against its model.
            for (text, problem) in [
                ("amount_gte=5", "query.where is not JSON text (PaymentQuery)"),
                (#"{"amount_gte": -1, "currency": "EUR"}"#, "query.where.amount_gte"),
            ] {
                query?.percentEncodedQuery =
                    "where=" + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
                let searched = try await send("GET", try #require(query?.url), headers: auth)
                #expect(searched.status == 400)
                let message = searched.object?["message"] as? String ?? ""
                #expect(message.contains(problem), "\(message)")
            }
            query?.percentEncodedQuery = "where=%7B%22currency%22%3A%22eur%22%7D"
            #expect(try await send("GET", try #require(query?.url), headers: auth).status == 200)
            // Spaces encoded as a form encodes them (`+`), as Python's requests does, beside an encoded `+` (`1e+2`).
            query?.percentEncodedQuery = "where=%7B%22currency%22%3A+%22eur%22%2C+%22amount_gte%22%3A+1e%2B2%7D"
            #expect(try await send("GET", try #require(query?.url), headers: auth).status == 200)
        }
    }
}
