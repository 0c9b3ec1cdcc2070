import Foundation
import SpecgenFixtureLedger
import SpecgenMock
import SpecgenRuntime
import SpecgenTestSupport
import SpecgenWire
import Testing

/// The Ledger fixture's large shapes through its generated client over real sockets: wide structs coded in parts,
/// an enum of more cases than a `switch` matches, nested models stored out of line, and objects in the query.
struct LedgerScaleTests {
    @Test func largeNestedModelsStoredOutOfLineReadAndWriteAsPlainProperties() async throws {
        // A payment outweighs what a struct stores inline, so `Balance.lastPayment`, `Event.data`, `Event.previous`
        // and `EventObject.payment` hold it out of line; nothing a caller writes changes.
        let payment = """
            {"object": "payment", "id": "pay_1", "created": 1793527200, "amount": 1999, "currency": "eur",
             "status": "succeeded", "source": \(DataShapeTests.card), "metadata": {}}
            """
        let answers = [
            #"{"object": "balance", "available": {"eur": 1999}, "pending": {}, "last_payment": \#(payment)}"#,
            #"{"object": "balance", "available": {}, "pending": {}, "last_payment": null}"#,
        ]
        var balances: [Balance] = []
        for answer in answers {
            _ = try await withTestServer({ _ in .json(answer) }) { url async throws in
                balances.append(try await LedgerClient(baseURL: url, secretKey: "sk").getBalance())
            }
        }
        #expect(balances[0].lastPayment?.id == "pay_1" && balances[0].lastPayment?.amount == 1999)
        #expect(balances[1].lastPayment == nil)
        var changed = balances[0]
        changed.lastPayment?.amount = 500
        #expect(balances[0].lastPayment?.amount == 1999 && changed.lastPayment?.amount == 500)
        let encoded = String(decoding: try JSONCoding.encoder().encode(balances[1]), as: UTF8.self)
        #expect(!encoded.contains("last_payment"), "\(encoded)")

        let event = """
            {"object": "event", "id": "evt_1", "created": 1793527200, "type": "payment.updated",
             "data": \(payment), "previous": \(payment.replacingOccurrences(of: "succeeded", with: "pending"))}
            """
        var received: Event?
        _ = try await withTestServer({ _ in .json(event) }) { url async throws in
            received = try await LedgerClient(baseURL: url, secretKey: "sk").getEvent(id: "evt_1")
        }
        let decoded = try #require(received)
        guard case .payment(let now) = decoded.data, case .payment(let before)? = decoded.previous else {
            Issue.record("decoded \(decoded)")
            return
        }
        #expect(now.status == .succeeded && before.status == .pending && now.id == before.id)
        let again = try JSONCoding.decoder().decode(Event.self, from: try JSONCoding.encoder().encode(decoded))
        #expect(again == decoded)
        #expect(Set([again, decoded]).count == 1)
    }

    @Test func aWideFormStructComparesEveryFieldAndSendsOnlyThoseSet() throws {
        let tags = PaymentTags(tag1Name: "order", tag1Value: "o_1", tag35Value: "eu")
        var other = tags
        #expect(other == tags && other.hashValue == tags.hashValue)
        other.tag35Value = "us"
        #expect(other != tags)
        other.tag35Value = "eu"
        other.tag34Name = ""
        #expect(other != tags)
        let request = try LedgerRequests.tagPayment(id: "pay_1", body: tags)
        #expect(request.path == "/payments/pay_1/tags")
        #expect(
            String(decoding: request.body ?? Data(), as: UTF8.self) == "Tag1.Name=order&Tag1.Value=o_1&Tag35.Value=eu")
    }

    /// Objects go as `deepObject` items in key order, enums as their wire forms (an integer enum's number), numbers
    /// as their text, over a real socket.
    @Test func queryObjectsEnumsAndNumbersGoOutAsTheSpecSays() async throws {
        let requests = try await withTestServer({ _ in .json(#"{"data":[],"has_more":false}"#) }) { url async throws in
            let client = LedgerClient(baseURL: url, secretKey: "sk")
            _ = try await client.listPayments(
                limit: 5, startingAfter: nil, status: [.pending, .undocumented("on_hold")], ids: nil,
                metadata: ["order_id": "o 1", "cart": "c&2"], createdAfter: nil, risk: .elevated)
            _ = try await client.listCustomers(
                limit: 2, startingAfter: nil, email: nil, created: ["lte": 1_800_000_000, "gte": 1_700_000_000])
        }
        #expect(
            requests.map(\.rawQuery) == [
                "limit=5&status=pending&status=on_hold&metadata%5Bcart%5D=c%262&metadata%5Border_id%5D=o%201&risk=1",
                "limit=2&created%5Bgte%5D=1700000000&created%5Blte%5D=1800000000",
            ])
    }

    /// `Currency` has 69 cases, more than a `switch` of literals matches: known codes, one spelled like a keyword,
    /// and an unknown one come through its table as they would through a `switch`, and go back out unchanged.
    @Test func aLargeEnumReadsKnownAndUnknownValues() async throws {
        let payment = { (currency: String) in
            """
            {"object": "payment", "id": "pay_1", "created": 1793527200, "amount": 1999, "currency": "\(currency)",
             "status": "succeeded", "source": \(DataShapeTests.card), "metadata": {}}
            """
        }
        var currencies: [Currency] = []
        for code in ["usd", "uyu", "try", "xts"] {
            let answer = payment(code)
            _ = try await withTestServer({ _ in .json(answer) }) { url async throws in
                currencies.append(
                    try await LedgerClient(baseURL: url, secretKey: "sk").getPayment(id: "pay_1").currency)
            }
        }
        #expect(currencies == [.usd, .uyu, .try, .undocumented("xts")])
        #expect(currencies.map(\.rawValue) == ["usd", "uyu", "try", "xts"])
        #expect(Currency.allCases.count == 69 && Currency.allCases.allSatisfy { Currency(rawValue: $0.rawValue) == $0 })
    }

    /// `Evidence` has 47 fields, so its coding comes in parts: fields of every part, a default, `null` and a
    /// formatted date are read from the answer, and the body sent holds what was set and nothing else.
    @Test func aWideModelDecodesAndEncodesEveryPart() async throws {
        let answer = """
            {"id": "ev_1", "submitted": 1793527200, "note": null, "due": "2026-11-27",
             "exhibit_1": "receipt", "exhibit_25": "tracking", "exhibit_42": "letter"}
            """
        let submitted = Date(timeIntervalSince1970: 1_793_527_200)
        var filed: Evidence?
        let requests = try await withTestServer({ _ in .json(answer) }) { url async throws in
            let evidence = Evidence(id: "ev_1", submitted: submitted, note: .value("n"), exhibit1: "a", exhibit42: "z")
            filed = try await LedgerClient(baseURL: url, secretKey: "sk").submitEvidence(id: "dp_1", body: evidence)
        }
        let evidence = try #require(filed)
        #expect(evidence.id == "ev_1" && evidence.submitted == submitted && evidence.attempts == 0)
        #expect(evidence.note == .null)
        #expect(evidence.due.map { DateFormat.date.string(from: $0) } == "2026-11-27")
        #expect([evidence.exhibit1, evidence.exhibit25, evidence.exhibit42] == ["receipt", "tracking", "letter"])
        #expect(evidence.exhibit2 == nil && evidence.exhibit41 == nil)
        let sent = try #require(requests.first?.json)
        #expect(Set(sent.keys) == ["id", "submitted", "attempts", "note", "exhibit_1", "exhibit_42"])
        #expect(sent["submitted"] as? Int == 1_793_527_200 && sent["note"] as? String == "n")
        #expect(sent["exhibit_1"] as? String == "a" && sent["exhibit_42"] as? String == "z")
    }
}
