import Foundation
import SpecgenFixtureLedger
import SpecgenMock
import SpecgenRuntime
import SpecgenTestSupport
import SpecgenWire
import Testing

/// The Ledger fixture's data shapes through its generated client: unions with and without a discriminator,
/// composition, open objects and constant tags, read from hand-written answers over real sockets (including
/// variants and fields the client does not know) and sent to servers that record the bytes.
struct DataShapeTests {
    static let card = """
        {"object": "card", "id": "card_1", "created": 1793527200, "brand": "visa", "last4": "4242",
         "exp_month": 12, "exp_year": 2030}
        """
    static let bank = """
        {"object": "bank_account", "id": "ba_1", "created": 1793527200, "bank_name": "Girobank",
         "last4": "6789", "livemode": true}
        """
    static let sepa = """
        {"object": "sepa_debit", "id": "src_3", "iban_last4": "3000", "mandate": {"reference": "M-1", "at": null},
         "amount": 9007199254740993}
        """

    static func json(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test func discriminatedUnionsDecodeEachVariantAndKeepUnknownOnes() async throws {
        var sources: [PaymentSource] = []
        _ = try await withTestServer({ _ in .json("[\(Self.card), \(Self.bank), \(Self.sepa)]") }) { url async throws in
            sources = try await LedgerClient(baseURL: url, secretKey: "sk").listSources(id: "cus_1")
        }
        try #require(sources.count == 3)
        guard case .card(let card) = sources[0], case .bankAccount(let bank) = sources[1],
            case .undocumented(let unknown) = sources[2]
        else {
            Issue.record("decoded \(sources)")
            return
        }
        #expect(card.id == "card_1" && card.last4 == "4242" && card.expYear == 2030 && card.livemode == false)
        #expect(card.object == "card")
        #expect(bank.bankName == "Girobank" && bank.livemode)
        #expect(unknown.json == (try Self.json(Self.sepa)))
        #expect(unknown.reasons == ["'object' is 'sepa_debit'"])
        // The unknown variant encodes back exactly, the 2^53 + 1 amount included.
        let encoded = try JSONCoding.encoder().encode(sources[2])
        #expect(String(decoding: encoded, as: UTF8.self).contains("\"amount\":9007199254740993"))
        #expect(try JSONDecoder().decode(JSONValue.self, from: encoded) == (try Self.json(Self.sepa)))
        // A known variant encodes with its tag.
        let again = try JSONCoding.decoder().decode(
            PaymentSource.self, from: try JSONCoding.encoder().encode(sources[0]))
        #expect(again == sources[0])
    }

    @Test func aKnownTagWithABrokenVariantIsADecodingFailureWithItsStatus() async throws {
        do {
            _ = try await withTestServer({ _ in .json(#"[{"object": "card", "id": "card_1"}]"#) }) { url async throws in
                _ = try await LedgerClient(baseURL: url, secretKey: "sk").listSources(id: "cus_1")
            }
            Issue.record("a card without its fields decoded")
        } catch LedgerError.failure(.decoding(let operation, let status, let path, let message)) {
            #expect(operation == "Ledger.listSources" && status == 200)
            #expect(path == "[0]")
            #expect(message == "missing key 'created'")
        }
    }

    @Test func undiscriminatedUnionsTryTheVariantsInOrderAndSayWhyNoneFitted() async throws {
        let payment = { (customer: String) in
            """
            {"object": "payment", "id": "pay_1", "created": 1793527200, "amount": 1999, "currency": "eur",
             "status": "succeeded", "source": \(Self.card), "metadata": {}, "customer": \(customer)}
            """
        }
        let answers = [
            payment(#""cus_1""#),
            payment(
                #"{"object": "customer", "id": "cus_2", "created": 1793527200, "email": "a@b.c","#
                    + #" "metadata": {"order_id": "o_9", "tier": "gold"}}"#),
            payment("42"),
            payment("null"),
        ]
        var payments: [Payment] = []
        for answer in answers {
            _ = try await withTestServer({ _ in .json(answer) }) { url async throws in
                payments.append(try await LedgerClient(baseURL: url, secretKey: "sk").getPayment(id: "pay_1"))
            }
        }
        #expect(payments[0].customer == .id("cus_1"))
        guard case .expanded(let customer)? = payments[1].customer else {
            Issue.record("decoded \(String(describing: payments[1].customer))")
            return
        }
        #expect(customer.email == "a@b.c" && customer.metadata.orderID == "o_9")
        #expect(customer.metadata.additionalProperties == ["tier": "gold"])
        guard case .undocumented(let unknown)? = payments[2].customer else {
            Issue.record("decoded \(String(describing: payments[2].customer))")
            return
        }
        #expect(unknown.json == .integer(42))
        #expect(unknown.reasons.count == 2)
        #expect(unknown.reasons.first?.hasPrefix("string: ") == true)
        #expect(unknown.reasons.last?.hasPrefix("Customer: ") == true)
        #expect(payments[3].customer == nil)
        #expect(payments[0].amount == 1999 && payments[0].currency == .eur)
        #expect(payments[0].created == Date(timeIntervalSince1970: 1_793_527_200))
        #expect(payments[0].riskLevel == .normal)
    }

    @Test func integerEnumsEpochDatesAndLargeIntegersRoundTrip() throws {
        let payment = """
            {"object": "payment", "id": "pay_1", "created": 1793527200, "amount": 9007199254740993, "currency": "usd",
             "status": "pending", "source": \(Self.card), "metadata": {}, "risk_level": 7}
            """
        let decoded = try JSONCoding.decoder().decode(Payment.self, from: Data(payment.utf8))
        #expect(decoded.amount == 9_007_199_254_740_993)
        #expect(decoded.riskLevel == .undocumented(7))
        #expect(RiskLevel(rawValue: 2) == .highest && RiskLevel.highest.rawValue == 2)
        let encoded = String(decoding: try JSONCoding.encoder().encode(decoded), as: UTF8.self)
        #expect(encoded.contains("\"amount\":9007199254740993"))
        #expect(encoded.contains("\"risk_level\":7"))
        #expect(encoded.contains("\"created\":1793527200"))
        #expect(!encoded.contains("\"customer\""))

        let event = """
            {"object": "event", "id": "evt_1", "created": 1793527200.5, "type": "payment.created",
             "data": \(payment), "delivered": 1793527200123}
            """
        let decodedEvent = try JSONCoding.decoder().decode(Event.self, from: Data(event.utf8))
        #expect(decodedEvent.created == Date(timeIntervalSince1970: 1_793_527_200.5))
        #expect(decodedEvent.delivered == Date(timeIntervalSince1970: 1_793_527_200.123))
        let again = String(decoding: try JSONCoding.encoder().encode(decodedEvent), as: UTF8.self)
        #expect(again.contains("\"delivered\":1793527200123"), "\(again)")
        #expect(again.contains("\"created\":1793527200.5"), "\(again)")
        // A quoted epoch, as some servers send, is read too; text that is no number is a decoding error.
        let quoted = event.replacingOccurrences(of: "1793527200123", with: "\"1793527200123\"")
        #expect(
            try JSONCoding.decoder().decode(Event.self, from: Data(quoted.utf8)).delivered == decodedEvent.delivered)
        let broken = event.replacingOccurrences(of: "1793527200123", with: "\"yesterday\"")
        #expect(throws: DecodingError.self) { try JSONCoding.decoder().decode(Event.self, from: Data(broken.utf8)) }
    }

    @Test func queryArraysMapsFormsAndHeadersOfEveryScalarTravelAsDocumented() async throws {
        let event = """
            {"object": "event", "id": "evt_1", "created": 1793527200, "type": "account.updated",
             "data": {"object": "account", "id": "acct_1", "created": 1793527200, "name": "Shop", "currency": "usd",
             "settings": {}}}
            """
        let refund =
            #"{"object": "refund", "id": "re_1", "created": 1793527200, "payment": "pay_1", "amount": 500,"#
            + #" "metadata": {"case": "c-1"}}"#
        let requests = try await withTestServer({ request in
            switch request.path {
            case "/payments": .json(#"{"data": [], "has_more": false}"#)
            case "/refunds": .json(refund, status: 201)
            default: .json(event)
            }
        }) { url async throws in
            let client = LedgerClient(baseURL: url, secretKey: "sk")
            _ = try await client.listPayments(
                status: [.pending, .failed], ids: ["pay_1", "pay_2"], metadata: ["order_id": "o 1", "b": "x&y"],
                createdAfter: Date(timeIntervalSince1970: 1_800_000_000), risk: .elevated,
                where: PaymentQuery(amountGte: 500, currency: "usd"))
            let event = try await client.getEvent(
                id: "evt_1", ledgerVersion: Date(timeIntervalSince1970: 1_793_491_200), xPriority: 3, xDryRun: true,
                xTraceID: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF"), xRisk: .highest, xSampling: 0.25)
            #expect(
                event.data
                    == .account(
                        try JSONCoding.decoder().decode(
                            Account.self,
                            from: Data(
                                #"{"id": "acct_1", "created": 1793527200, "name": "Shop", "currency": "usd", "settings": {}}"#
                                    .utf8))))
            let made = try await client.createRefund(
                NewRefund(payment: "pay_1", amount: 500, reasons: ["duplicate", "fraud"], metadata: ["case": "c-1"]))
            #expect(made.amount == 500 && made.metadata == ["case": "c-1"])
        }
        try #require(requests.count == 3)
        // A model sent as JSON text in the query meets its constraints before anything is sent.
        do throws(LedgerError) {
            _ = try await LedgerClient(baseURL: URL(filePath: "/"), secretKey: "sk").listPayments(
                where: PaymentQuery(amountGte: -1))
            Issue.record("a search for amounts from -1 was sent")
        } catch .failure(.validation(let operation, let failure)) {
            #expect(operation == "Ledger.listPayments")
            #expect(failure.description == "'PaymentQuery.amount_gte' does not satisfy minimum 0")
        } catch {
            Issue.record("\(error)")
        }
        #expect(
            requests[0].rawQuery
                == "limit=10&status=pending&status=failed&ids=pay_1,pay_2&metadata%5Bb%5D=x%26y"
                + "&metadata%5Border_id%5D=o%201&created_after=1800000000&risk=1"
                + "&where=%7B%22amount_gte%22%3A500%2C%22currency%22%3A%22usd%22%7D")
        let headers = requests[1].headers
        #expect(headers["ledger-version"] == "2026-11-01")
        #expect(headers["x-priority"] == "3" && headers["x-dry-run"] == "true" && headers["x-risk"] == "2")
        #expect(headers["x-trace-id"] == "6F9619FF-8B86-D011-B42D-00C04FC964FF" && headers["x-sampling"] == "0.25")
        #expect(
            String(decoding: requests[2].body, as: UTF8.self)
                == "payment=pay_1&amount=500&reasons=duplicate&reasons=fraud&metadata%5Bcase%5D=c-1")
    }

    @Test func aDefaultErrorKeepsItsStatusAndReadsEitherErrorShape() async throws {
        let answers: [CannedResponse] = [
            .json(#"{"error": "upstream down", "status": 503}"#, status: 503),
            .json(#"{"code": "teapot", "message": "No coffee."}"#, status: 418),
            .json(#"{"code": "missing", "message": "No such payment."}"#, status: 404),
            CannedResponse(
                status: 502, headers: ["Content-Type": "text/html"], body: Data("<html>Bad gateway</html>".utf8)),
        ]
        var errors: [LedgerError] = []
        for answer in answers {
            _ = try await withTestServer({ _ in answer }) { url async throws in
                do throws(LedgerError) {
                    _ = try await LedgerClient(baseURL: url, secretKey: "sk", retryPolicy: nil).getPayment(id: "pay_1")
                } catch {
                    errors.append(error)
                }
            }
        }
        try #require(errors.count == 4)
        guard case .unexpected(let status, let body) = errors[0] else {
            Issue.record("\(errors[0])")
            return
        }
        #expect(status == 503 && body.value == .gatewayError(GatewayError(error: "upstream down", status: 503)))
        guard case .unexpected(418, let teapot) = errors[1] else {
            Issue.record("\(errors[1])")
            return
        }
        #expect(teapot.value == .problem(Problem(code: "teapot", message: "No coffee.")))
        guard case .notFound(let missing) = errors[2] else {
            Issue.record("\(errors[2])")
            return
        }
        #expect(missing.value?.code == "missing")
        guard case .unexpected(502, let html) = errors[3] else {
            Issue.record("\(errors[3])")
            return
        }
        #expect(html.value == nil)
    }

    @Test func operationsWithTheSameErrorsThrowOneTypeUnderTheirOwnNames() async throws {
        // capturePayment and cancelPayment document the same 409, so cancelPayment's error type is an alias.
        #expect(CancelPaymentError.self == CapturePaymentError.self)
        #expect(CancelPaymentError.self != LedgerError.self)
        let conflict = CannedResponse.json(#"{"error": "captured", "status": 409}"#, status: 409)
        var errors: [CancelPaymentError] = []
        _ = try await withTestServer({ _ in conflict }) { url async throws in
            let client = LedgerClient(baseURL: url, secretKey: "sk", retryPolicy: nil)
            do throws(CapturePaymentError) {
                _ = try await client.capturePayment(id: "pay_1")
            } catch {
                errors.append(error)
            }
            do throws(CancelPaymentError) {
                _ = try await client.cancelPayment(id: "pay_1")
            } catch {
                errors.append(error)
            }
        }
        try #require(errors.count == 2)
        for error in errors {
            switch error {
            case .alreadyCaptured(let body):
                #expect(body.value == .gatewayError(GatewayError(error: "captured", status: 409)))
            case .invalidRequest, .notFound, .unexpected, .failure:
                Issue.record("\(error)")
            }
        }
        #expect(errors[0] == errors[1])
    }

    @Test func undiscriminatedReasonsNameTheFieldPathInsideTheVariant() throws {
        let value = try JSONCoding.decoder().decode(
            [String: CustomerReference].self,
            from: Data(#"{"ref": {"object": "customer", "id": "cus_2", "created": 1793527200}}"#.utf8))
        guard case .undocumented(let unknown)? = value["ref"] else {
            Issue.record("decoded \(value)")
            return
        }
        #expect(unknown.reasons.count == 2)
        #expect(unknown.reasons.last?.contains("missing key 'email'") == true, "\(unknown.reasons)")
    }

    @Test func openObjectsKeepUndeclaredPropertiesAndSendThemBack() async throws {
        let settings = #"{"statement_descriptor": "LEDGER", "dark_mode": true, "limits": {"daily": 500}}"#
        var echoed: AccountSettings?
        let requests = try await withTestServer({ request in
            .json(String(decoding: request.body, as: UTF8.self))
        }) { url async throws in
            let client = LedgerClient(baseURL: url, secretKey: "sk")
            var current = try JSONCoding.decoder().decode(AccountSettings.self, from: Data(settings.utf8))
            #expect(current.statementDescriptor == "LEDGER" && current.payoutsPaused == false)
            #expect(
                current.additionalProperties == ["dark_mode": .bool(true), "limits": .object(["daily": .integer(500)])])
            current.payoutsPaused = true
            echoed = try await client.updateAccountSettings(current)
        }
        let sent = try JSONDecoder().decode(JSONValue.self, from: try #require(requests.first).body)
        #expect(
            sent
                == .object([
                    "statement_descriptor": .string("LEDGER"), "payouts_paused": .bool(true), "dark_mode": .bool(true),
                    "limits": .object(["daily": .integer(500)]),
                ]))
        #expect(echoed?.additionalProperties["dark_mode"] == .bool(true))
        #expect(echoed?.payoutsPaused == true)
    }

    @Test func compositionFlattensIncludedPropertiesIntoOneStruct() throws {
        let account = try JSONCoding.decoder().decode(
            Account.self,
            from: Data(
                (#"{"object": "account", "id": "acct_1", "created": 1793527200, "name": "Shop","#
                    + #" "currency": "usd", "settings": {}}"#).utf8))
        #expect(account.id == "acct_1" && account.livemode == false && account.name == "Shop")
        #expect(account.settings == AccountSettings())
    }

    @Test func inlineObjectVariantsAreStructsOfTheirOwn() async throws {
        let payment = { (action: String) in
            """
            {"object": "payment", "id": "pay_1", "created": 1793527200, "amount": 1999, "currency": "eur",
             "status": "pending", "source": \(Self.card), "metadata": {}, "next_action": \(action)}
            """
        }
        let redirect = #"{"type": "redirect", "url": "https://bank.example/3ds"}"#
        let unknown = #"{"type": "use_sdk", "sdk": {"name": "bank", "version": 9007199254740993}}"#
        var payments: [Payment] = []
        let answers = [payment(redirect), payment(unknown)]
        let attempts = AttemptCount()
        _ = try await withTestServer({ _ in .json(answers[(attempts.next() - 1) % 2]) }) { url async throws in
            let client = LedgerClient(baseURL: url, secretKey: "sk")
            payments = [try await client.getPayment(id: "pay_1"), try await client.getPayment(id: "pay_1")]
        }
        try #require(payments.count == 2)
        let url = try #require(URL(string: "https://bank.example/3ds"))
        #expect(payments[0].nextAction == .redirect(NextActionRedirect(type: "redirect", url: url)))
        guard case .undocumented(let kept)? = payments[1].nextAction else {
            Issue.record("decoded \(String(describing: payments[1].nextAction))")
            return
        }
        #expect(kept.json == (try Self.json(unknown)))
        #expect(kept.reasons == ["'type' is 'use_sdk'"])
        // Each encodes back as it came: the known one with its tag, the unknown one byte for byte.
        let microdeposits = NextAction.microdeposits(
            NextActionMicrodeposits(type: "verify_with_microdeposits", arrivalDate: Date(timeIntervalSince1970: 1e9)))
        let encoded = try JSONDecoder().decode(JSONValue.self, from: try JSONCoding.encoder().encode(microdeposits))
        #expect(encoded == (try Self.json(#"{"type": "verify_with_microdeposits", "arrival_date": 1000000000}"#)))
        let again = String(decoding: try JSONCoding.encoder().encode(payments[1].nextAction), as: UTF8.self)
        #expect(again.contains("9007199254740993"))
    }

    /// A variant of several tags is chosen by any of them, and encodes with the one its value holds.
    @Test func aVariantOfSeveralTagsKeepsTheTagItCameWith() throws {
        for kind in ["verify_card", "verify_bank_account"] {
            let json = #"{"type": "\#(kind)", "code_length": 6}"#
            let action = try JSONCoding.decoder().decode(NextAction.self, from: Data(json.utf8))
            #expect(action == .verify(NextActionVerify(type: Verification(rawValue: kind), codeLength: 6)))
            let encoded = try JSONDecoder().decode(JSONValue.self, from: try JSONCoding.encoder().encode(action))
            #expect(encoded == (try Self.json(json)))
        }
    }

    @Test func aUnionInARequestBodyIsSentWithItsTag() async throws {
        let card = Card(
            id: "card_9", created: Date(timeIntervalSince1970: 1_800_000_000), brand: "visa", last4: "1111",
            expMonth: 1, expYear: 2031)
        var answer: PaymentSource?
        let requests = try await withTestServer({ request in
            .json(String(decoding: request.body, as: UTF8.self), status: 201)
        }) { url async throws in
            answer = try await LedgerClient(baseURL: url, secretKey: "sk").attachSource(id: "cus_1", body: .card(card))
        }
        let sent = try JSONDecoder().decode(JSONValue.self, from: try #require(requests.first).body)
        #expect(sent["object"] == .string("card"))
        #expect(sent["exp_year"] == .integer(2031))
        #expect(sent["created"] == .integer(1_800_000_000))
        #expect(answer == .card(card))

        // The variant's constraints are checked before anything is sent.
        var expired = card
        expired.expMonth = 13
        do throws(LedgerError) {
            _ = try await LedgerClient(baseURL: URL(filePath: "/"), secretKey: "sk").attachSource(
                id: "cus_1", body: .card(expired))
            Issue.record("a card with month 13 was sent")
        } catch .failure(.validation(let operation, let failure)) {
            #expect(operation == "Ledger.attachSource")
            #expect(failure.description == "'Card.exp_month' does not satisfy maximum 12")
        } catch {
            Issue.record("\(error)")
        }
    }
}
