import Foundation
import SpecgenFixtureLedger
import SpecgenRuntime
import SpecgenTestSupport
import Testing

/// Typed response headers through the Ledger client over real sockets: each scalar type, the status, missing and
/// malformed headers, and the plain method that returns the body alone.
struct ResponseHeaderTests {
    static let payment = """
        {"object": "payment", "id": "pay_1", "created": 1793527200, "amount": 1999, "currency": "eur",
         "status": "pending", "metadata": {},
         "source": {"object": "card", "id": "card_1", "created": 1793527200, "brand": "visa", "last4": "4242",
                    "exp_month": 12, "exp_year": 2030}}
        """

    @Test func aCreatedPaymentComesWithItsLocationRateLimitAndStatus() async throws {
        let headers = [
            "Location": "https://api.ledger.example/v1/payments/pay_1", "X-RateLimit-Remaining": " 41 ",
            "X-RateLimit-Reset": "1793527260",
        ]
        var answer: ResponseWithHeaders<Payment, CreatePaymentResponseHeaders>?
        _ = try await withTestServer({ _ in .json(Self.payment, status: 201, headers: headers) }) { url async throws in
            answer = try await LedgerClient(baseURL: url, secretKey: "sk")
                .createPaymentWithHeaders(NewPayment(amount: 1999, currency: .eur, source: "card_1"))
        }
        let created = try #require(answer)
        #expect(created.status == 201)
        #expect(created.body.id == "pay_1" && created.body.amount == 1999)
        #expect(
            created.headers
                == CreatePaymentResponseHeaders(
                    location: try #require(URL(string: "https://api.ledger.example/v1/payments/pay_1")),
                    xRateLimitRemaining: 41, xRateLimitReset: Date(timeIntervalSince1970: 1_793_527_260)))
    }

    @Test func headersOfEveryScalarTypeAreParsed() async throws {
        let answers: [String: CannedResponse] = [
            "/payments/pay_1": .json(
                Self.payment, headers: ["ETag": #""v3""#, "Last-Modified": "Tue, 01 Dec 2026 09:20:00 GMT"]),
            "/balance": .json(
                #"{"object": "balance", "available": {"eur": 9007199254740993}, "pending": {}}"#,
                headers: [
                    "X-Request-ID": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "X-Live": "FALSE", "X-Balance-Tier": "2",
                ]),
            "/payments/pay_1/capture": CannedResponse(
                status: 202, headers: ["Location": "/payments/pay_1/captures/cap_1", "Retry-After": "5"]),
            "/statements/2026-11": CannedResponse(
                headers: ["Content-Disposition": "attachment; filename=2026-11.pdf"], body: Data("%PDF-1.7".utf8)),
            "/refunds/re_1": .json(
                #"{"object": "refund", "id": "re_1", "created": 1793527200, "payment": "pay_1", "amount": 5,"#
                    + #" "metadata": {}}"#),
        ]
        _ = try await withTestServer({ request in answers[request.path] ?? CannedResponse(status: 599) }) {
            url async throws in
            let client = LedgerClient(baseURL: url, secretKey: "sk")
            let payment = try await client.getPaymentWithHeaders(id: "pay_1")
            #expect(payment.headers.eTag == #""v3""#)
            #expect(payment.headers.lastModified == Date(timeIntervalSince1970: 1_796_116_800))

            let balance = try await client.getBalanceWithHeaders()
            #expect(balance.body.available == ["eur": 9_007_199_254_740_993])
            #expect(balance.headers.xRequestID == UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))
            #expect(balance.headers.xLive == false && balance.headers.xBalanceTier == .highest)

            // An empty body: the body is `Void`, the headers still arrive.
            let capture = try await client.capturePaymentWithHeaders(id: "pay_1")
            #expect(capture.status == 202 && capture.headers.retryAfter == 5)
            #expect(capture.headers.location.relativeString == "/payments/pay_1/captures/cap_1")

            let statement = try await client.downloadStatementWithHeaders(month: "2026-11")
            #expect(statement.body == Data("%PDF-1.7".utf8))
            #expect(statement.headers.contentDisposition == "attachment; filename=2026-11.pdf")

            // An optional header the answer leaves out is nil.
            let refund = try await client.getRefundWithHeaders(id: "re_1")
            #expect(refund.body.amount == 5 && refund.headers.eTag == nil)
        }
    }

    @Test func aMissingOrMalformedHeaderFailsWithItsStatusWhileThePlainMethodStillAnswers() async throws {
        let answers: [CannedResponse] = [
            .json(Self.payment),  // no ETag, which is required
            .json(Self.payment, headers: ["ETag": "v1", "Last-Modified": "yesterday"]),
            .json(Self.payment),
        ]
        let attempts = AttemptCount()
        _ = try await withTestServer({ _ in answers[min(attempts.next(), answers.count) - 1] }) { url async throws in
            let client = LedgerClient(baseURL: url, secretKey: "sk")
            for expected in [
                "Ledger.getPayment failed at response decoding of a 200 answer: missing required header 'ETag'",
                "Ledger.getPayment failed at response decoding of a 200 answer: header 'Last-Modified' is not a date "
                    + "in 'EEE, dd MMM yyyy HH:mm:ss 'GMT''",
            ] {
                do throws(LedgerError) {
                    _ = try await client.getPaymentWithHeaders(id: "pay_1")
                    Issue.record("a broken header was accepted")
                } catch .failure(let error) {
                    #expect(error.status == 200)
                    #expect(error.description == expected)
                } catch {
                    Issue.record("\(error)")
                }
            }
            // The method that returns the body alone reads no header, so the same answer works through it.
            #expect(try await client.getPayment(id: "pay_1").id == "pay_1")
        }
    }

    @Test func theClosureMockServesBothMethodsFromEitherClosure() async throws {
        let headers = CreatePaymentResponseHeaders(
            location: try #require(URL(string: "https://api.ledger.example/v1/payments/pay_9")), xRateLimitRemaining: 7)
        let payment = try JSONCoding.decoder().decode(Payment.self, from: Data(Self.payment.utf8))
        let withHeaders = LedgerMock(createPaymentWithHeaders: { _ in
            ResponseWithHeaders(body: payment, headers: headers, status: 201)
        })
        let order = NewPayment(amount: 1, currency: .usd, source: "card_1")
        #expect(try await withHeaders.createPayment(order) == payment)
        #expect(try await withHeaders.createPaymentWithHeaders(order).headers == headers)

        let plainOnly = LedgerMock(createPayment: { _ in payment })
        #expect(try await plainOnly.createPayment(order) == payment)
        do {
            _ = try await plainOnly.createPaymentWithHeaders(order)
            Issue.record("a mock without the headers closure made up headers")
        } catch {
            #expect(
                error.description
                    == "Ledger.createPaymentWithHeaders failed in transport: LedgerMock has no closure for this operation"
            )
        }
    }
}
