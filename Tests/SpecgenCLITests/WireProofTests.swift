import Foundation
import SpecgenDiff
import SpecgenSpec
import SpecgenTestSupport
import Testing

/// The wire verdicts proven by exchanges: requests the old app can send, checked by a server of the new spec, and
/// answers of the new server, decoded as the old client decodes them.
struct WireProofTests {
    /// Each rule's verdict is what the exchanges find on its case, for every rule whose changes are tried.
    @Test(arguments: DiffRuleTests.cases)
    func theExchangesAgreeWithTheRule(_ testCase: DiffRuleTests.Case) async throws {
        let rule = try #require(DiffRule.catalogue.first { $0.id == testCase.rule })
        for finding in try await DiffRuleTests.findingsOffThePool(of: testCase) where finding.rule.id == testCase.rule {
            guard let proof = finding.proof else { continue }
            #expect(proof.verdict == rule.wire, "\(finding.message): \(proof.summary)")
            #expect(finding.wire == rule.wire)
            // Nothing tried means that no exchange of the old app carries the change, which leaves it safe.
            #expect(proof.requests + proof.answers > 0 || proof.verdict == .safe, "something was tried")
        }
    }

    /// Every rule's case is proven by exchanges: changes to a model's values and to an operation's requests and
    /// answers by the exchanges they touch, the others (documentation, helpers, servers, auth schemes, models
    /// added or removed) by every exchange of the operations they touch, or by none carrying them at all.
    @Test func everyRuleIsProven() async throws {
        // The catch-alls have no case (no edit reaches them) and stay breaking: no exchange proves a change no rule
        // understands. A whole API added or removed is judged by the rule: its exchanges are all new, or all gone.
        let rules = DiffRule.catalogue.map(\.id).filter {
            !$0.hasPrefix("unexplained-") && !["api-added", "api-removed"].contains($0)
        }
        let proven = try await Self.provenRules()
        #expect(proven == rules.sorted(), "not proven: \(Set(rules).subtracting(proven).sorted())")
    }

    /// The rules whose case's findings all carry a proof, worked out on a thread of its own (a hundred diffs).
    static func provenRules() async throws -> [String] {
        let cases = DiffRuleTests.cases.map { (rule: $0.rule, versions: $0.versions) }
        return try await offThePool {
            var proven: [String] = []
            for testCase in cases {
                let findings = try DiffRuleTests.findingsThrowing(
                    old: testCase.versions.old, new: testCase.versions.new
                )
                .filter { $0.rule.id == testCase.rule }
                if !findings.isEmpty && findings.allSatisfy({ $0.proof != nil }) { proven.append(testCase.rule) }
            }
            return proven.sorted()
        }
    }

    static let tags = """
        specgen: 1
        name: Tags
        version: 1.0.0
        servers:
          production: https://tags.example
        models:
          Tag:
            enum: [red, blue]
          Label:
            properties:
              tags: "[string]"
          NewLabel:
            properties:
              tags: "[string]"
        endpoints:
          getLabel:
            request: GET /labels/{id}
            path:
              id: string
            response: Label
          createLabel:
            request: POST /labels
            body: NewLabel
            response: empty

        """

    /// ``tags`` with both models' tags typed `[Tag]`.
    static let enumTags = tags.replacingOccurrences(of: "tags: \"[string]\"", with: "tags: \"[Tag]\"")

    /// `[string]` to `[Tag]`: old apps read every tag the new server sends, as the enum is open; a new server
    /// rejects the text an old app sends.
    @Test func anArrayOfStringsBecomingAnEnumArrayIsSafeInAnswersAndBreaksRequests() throws {
        let findings = try DiffRuleTests.findings(old: Self.tags, new: Self.enumTags)
        #expect(findings.map(\.rule.id) == ["property-type-changed", "property-type-changed"])
        let answer = try #require(findings.first { $0.symbols == ["Label.tags"] }?.proof)
        #expect(answer.verdict == .safe)
        #expect(answer.evidence == nil)
        #expect(answer.requests == 0)
        #expect(answer.answers == 3)
        #expect(answer.summary == "tried 3 answers of the new server; every one worked")
        let request = try #require(findings.first { $0.symbols == ["NewLabel.tags"] }?.proof)
        #expect(request.verdict == .breaking)
        #expect(request.answers == 0)
        let evidence = try #require(request.evidence)
        #expect(evidence.direction == .request)
        #expect(evidence.json == #"{"tags":["tags_1"]}"#)
        #expect(evidence.failure == #"body.tags[0] is "tags_1", not one of Tag's values: red, blue"#)
        #expect(evidence.operation == "createLabel")
        #expect(findings.map(\.wire) == [.safe, .breaking] || findings.map(\.wire) == [.breaking, .safe])
    }

    /// A required property removed from an answer: the old client's decoding error is the evidence.
    @Test func aRemovedResponsePropertyShowsTheDecodingError() throws {
        let findings = try DiffRuleTests.findings(
            old: DiffRuleTests.base, new: DiffRuleTests.base.replacingOccurrences(of: "      total: double\n", with: "")
        )
        let finding = try #require(
            findings.first { $0.rule.id == "response-property-removed" })
        let evidence = try #require(finding.proof?.evidence)
        #expect(evidence.direction == .answer)
        #expect(evidence.failure == "missing key 'total'")
        #expect(evidence.json.hasPrefix(#"{"id":"id_1""#))
    }

    /// A limit the old spec did not have: the old app may send a longer value, which the new server refuses. The
    /// old spec's own values never reach the new bound; the value just past it does.
    @Test func aNewMaximumLengthIsProvenWithAValueJustPastIt() throws {
        let named = Self.tags.replacingOccurrences(
            of: "  NewLabel:\n    properties:\n      tags: \"[string]\"",
            with: "  NewLabel:\n    properties:\n      tags: \"[string]\"\n      name: string")
        let findings = try DiffRuleTests.findings(
            old: named,
            new: named.replacingOccurrences(of: "      name: string", with: "      name: {type: string, maxLength: 8}"))
        let finding = try #require(findings.first)
        #expect(finding.rule.id == "request-constraint-tightened")
        let evidence = try #require(finding.proof?.evidence)
        #expect(evidence.json == #"{"tags":["tags_1"],"name":"xxxxxxxxx"}"#)
        #expect(evidence.failure == "body.name is 9 characters long, longer than 8")
    }

    /// A renamed operation sends the same requests: every one the old app sends is accepted by the new server,
    /// with what the client adds to each call (Chatist's default header, Ledger's idempotency key, the credential)
    /// and each body value worth trying.
    @Test(arguments: [
        ("Specs/Chatist.yaml", "  getBranding:", "  fetchBranding:"),
        ("Tests/Fixtures/Ledger/Ledger.yaml", "  createPayment:", "  makePayment:"),
    ])
    func aRenamedOperationsRequestsAreAllAccepted(_ path: String, _ name: String, _ renamed: String) throws {
        let text = try String(contentsOf: PackagePaths.url(path), encoding: .utf8)
        let findings = try DiffRuleTests.findings(
            old: text, new: text.replacingOccurrences(of: name, with: renamed), oldPath: path, newPath: path)
        let finding = try #require(findings.first { $0.rule.id == "operation-renamed" })
        let proof = try #require(finding.proof)
        #expect(proof.evidence == nil, "\(proof.summary)")
        #expect(proof.requests >= 2)
    }

    static let sheets = """
        specgen: 1
        name: Sheets
        version: 1.0.0
        servers:
          production: https://sheets.example
        models:
          State:
            enum: [DRAFT, DONE]
          Sheet:
            properties:
              Title: {type: string?, swiftName: title}
              state: State?
          Page:
            properties:
              items: "[Sheet]?"
          Other:
            properties:
              count: int?
        endpoints:
          getSheet:
            request: GET /sheets/{id}
            path:
              id: string
            response: Sheet
          listSheets:
            request: GET /sheets
            response: Page
          putSheet:
            request: PUT /sheets/{id}
            path:
              id: string
            body: Sheet
            response: empty

        """

    /// Answers that decode but say nothing to the old app break it all the same: a property sent under its new key
    /// reads as absent, and an answer of another type whose keys the old one declares none of reads as empty.
    @Test func answersTheOldAppReadsAsAbsentAreBreaking() throws {
        let findings = try DiffRuleTests.findings(
            old: Self.sheets,
            new: Self.sheets.replacingOccurrences(of: "Title: {type: string?", with: "title: {type: string?")
                .replacingOccurrences(of: "    response: Page", with: "    response: Other"))
        let renamed = try #require(findings.first { $0.rule.id == "property-json-key-renamed" }?.proof?.evidence)
        #expect(renamed.failure == "reads 'Title' as absent; the answer sends it as 'title'")
        let retyped = try #require(findings.first { $0.rule.id == "response-type-changed" }?.proof?.evidence)
        #expect(retyped.json == #"HTTP 200 {"count":1}"#)
        #expect(retyped.failure == "reads none of the answer's keys ('count'): every property is absent")
    }

    /// An enum value's finding is judged by the exchanges that carry that value: sending `DRAFT` as `Draft` (the same
    /// Swift case) breaks the old app's requests with `DRAFT`.
    @Test func eachEnumValueIsJudgedByItsOwnExchanges() throws {
        let findings = try DiffRuleTests.findings(
            old: Self.sheets, new: Self.sheets.replacingOccurrences(of: "[DRAFT, DONE]", with: "[Draft, DONE]"))
        #expect(findings.map(\.rule.id) == ["enum-value-wire-changed"])
        #expect(findings.map(\.wire) == [.breaking])
        #expect(findings.last?.proof?.evidence?.failure == #"body is "DRAFT", not one of State's values: Draft, DONE"#)
    }

    static let tenders = """
        specgen: 1
        name: Tenders
        version: 1.0.0
        servers:
          production: https://tenders.example
        models:
          Card:
            properties:
              last4: string
          Wallet:
            properties:
              provider: string
          Tender:
            oneOf: [Card, Wallet]
            discriminator: kind
          Receipt:
            properties:
              tender: Tender
        endpoints:
          getReceipt:
            request: GET /receipts/{id}
            path:
              id: string
            response: Receipt

        """

    /// A retagged variant decodes in old apps, as `undocumented`: the meaning is lost though nothing throws.
    @Test func aRetaggedVariantIsReadAsUndocumented() throws {
        let findings = try DiffRuleTests.findings(
            old: Self.tenders,
            new: Self.tenders.replacingOccurrences(of: "[Card, Wallet]", with: "[{type: Card, tag: credit}, Wallet]"))
        let finding = try #require(findings.first { $0.rule.id == "union-tag-changed" })
        let evidence = try #require(finding.proof?.evidence)
        #expect(evidence.direction == .answer)
        #expect(evidence.json == #"{"last4":"last4_1","kind":"credit"}"#)
        #expect(evidence.failure == "read as undocumented, not 'Card'")
        #expect(finding.wire == .breaking)
    }

    /// A constant that tells an undiscriminated union's variants apart: the old client reads the variant with the
    /// new constant as another one, though the variant alone decodes.
    @Test func aChangedConstantLosesTheVariantInAnUndiscriminatedUnion() throws {
        let findings = try DiffRuleTests.findings(
            old: DiffRuleTests.base,
            new: DiffRuleTests.base.replacingOccurrences(of: "const: voucher}", with: "const: coupon}"))
        let finding = try #require(
            findings.first { $0.rule.id == "property-constant-changed" })
        let evidence = try #require(finding.proof?.evidence)
        #expect(evidence.type == "Ref")
        #expect(evidence.failure == "read as undocumented, not 'Voucher' ('kind' is not 'voucher')")
    }

    static let people = """
        specgen: 1
        name: People
        version: 1.0.0
        servers:
          production:
            url: https://{region}.people.example/v1
            variables:
              region: {default: eu, enum: [eu, us]}
        models:
          Who:
            enum: [me, them]
          Person:
            properties:
              name: string
        endpoints:
          getPerson:
            request: GET /people/{who}
            path:
              who: Who
            response: Person
          listPeople:
            request: GET /people
            query:
              tags: {type: "[string]?", style: comma}
              limit: {type: int?, maximum: 100}
            response: "[Person]"

        """

    /// A new operation whose path an old one's request also fits takes that request: the old app's `getPerson`
    /// for `me` reaches `getMe`, which the rule alone calls safe.
    @Test func anAddedOperationThatTakesAnOldRequestIsBreaking() throws {
        let findings = try DiffRuleTests.findings(
            old: Self.people,
            new: Self.people.replacingOccurrences(
                of: "  listPeople:", with: "  getMe:\n    request: GET /people/me\n    response: Person\n  listPeople:")
        )
        let finding = try #require(findings.first { $0.rule.id == "operation-added" })
        #expect(finding.wire == .breaking)
        let evidence = try #require(finding.proof?.evidence)
        #expect(evidence.json == "GET /people/me")
        #expect(evidence.failure == "200 from 'getMe': the new server takes it for another operation")
    }

    /// A comma-joined parameter sent repeated, or the other way round, is read as other items: the evidence is the
    /// new server's reading of the old app's request.
    @Test func aParameterInAnotherStyleIsReadAsOtherItems() throws {
        let findings = try DiffRuleTests.findings(
            old: Self.people,
            new: Self.people.replacingOccurrences(of: #"{type: "[string]?", style: comma}"#, with: #""[string]?""#))
        let evidence = try #require(findings.first { $0.rule.id == "parameter-style-changed" }?.proof?.evidence)
        #expect(evidence.json == "GET /people?tags=tags_1,tags_1")
        #expect(evidence.failure == #"the new server reads tags as ["tags_1,tags_1"], not ["tags_1", "tags_1"]"#)
    }

    /// A parameter sent as JSON text, or no longer, is read by the new server as other text: `tags=a,b` is not
    /// JSON, and `["a","b"]` is one item.
    @Test func aParameterSentAsJSONTextOrNoLongerIsBreaking() throws {
        let comma = #"{type: "[string]?", style: comma}"#
        let json = #"{type: "[string]?", style: json}"#
        let toJSON = try DiffRuleTests.findings(
            old: Self.people, new: Self.people.replacingOccurrences(of: comma, with: json))
        let finding = try #require(toJSON.first { $0.rule.id == "parameter-style-changed" })
        #expect(finding.wire == .breaking)
        #expect(finding.proof?.evidence?.json == "GET /people?tags=tags_1,tags_1")
        #expect(finding.proof?.evidence?.failure == "400: query.tags is not JSON text ([string])")
        let fromJSON = try DiffRuleTests.findings(
            old: Self.people.replacingOccurrences(of: comma, with: json),
            new: Self.people.replacingOccurrences(of: comma, with: #""[string]?""#))
        let evidence = try #require(fromJSON.first { $0.rule.id == "parameter-style-changed" }?.proof?.evidence)
        #expect(evidence.json == #"GET /people?tags=%5B%22tags_1%22,%22tags_1%22%5D"#)
        #expect(evidence.failure == #"the new server reads tags as ["["tags_1","tags_1"]"], not ["tags_1", "tags_1"]"#)
    }

    /// A server variable that loses a value leaves the old apps that picked it without a server; one that gains a
    /// value, or a server added, leaves every old app's URL served.
    @Test func aServerVariableThatLosesAValueStrandsTheAppsThatPickedIt() throws {
        let narrowed = try DiffRuleTests.findings(
            old: Self.people, new: Self.people.replacingOccurrences(of: "[eu, us]", with: "[eu]"))
        let finding = try #require(narrowed.first { $0.rule.id == "server-variables-changed" })
        #expect(finding.proof?.requests == 4)
        let evidence = try #require(finding.proof?.evidence)
        #expect(evidence.json == "GET https://us.people.example/v1/people")
        #expect(
            evidence.failure
                == "no server of the new spec is at https://us.people.example/v1; 'listPeople' is at "
                + "https://{region}.people.example/v1/people")
        let widened = try DiffRuleTests.findings(
            old: Self.people, new: Self.people.replacingOccurrences(of: "[eu, us]", with: "[eu, us, ap]"))
        let proof = try #require(widened.first { $0.rule.id == "server-variables-changed" }?.proof)
        #expect(proof.verdict == .safe)
        #expect(proof.summary == "tried 4 requests of the old app; every one worked")
    }

    /// A model nothing carries yet: no exchange of the old app involves it, which the proof says.
    @Test func aModelNoExchangeCarriesIsSafeWithNothingTried() throws {
        let findings = try DiffRuleTests.findings(
            old: Self.people,
            new: Self.people.replacingOccurrences(
                of: "  Person:\n", with: "  Team:\n    properties:\n      name: string\n  Person:\n"))
        let proof = try #require(findings.first { $0.rule.id == "model-added" }?.proof)
        #expect(proof.requests + proof.answers == 0)
        #expect(proof.summary == "no request of the old app and no answer of the new server carries it")
    }

    /// A change that touches the wire only through others takes none of their evidence: a deprecated operation whose
    /// parameter became required is safe, the parameter's change breaking.
    @Test func aChangeWithoutWireEffectTakesNoOtherChangesEvidence() throws {
        let findings = try DiffRuleTests.findings(
            old: DiffRuleTests.base,
            new: DiffRuleTests.base.replacingOccurrences(
                of: "    request: GET /orders/{id}\n",
                with: "    request: GET /orders/{id}\n    deprecated: Use find.\n"
            ).replacingOccurrences(of: "      expand: string?", with: "      expand: string"))
        #expect(findings.map(\.rule.id) == ["deprecated", "parameter-made-required"])
        #expect(findings.map(\.wire) == [.safe, .breaking])
        #expect(
            findings.first?.proof?.summary
                == "tried 5 requests of the old app and 8 answers of the new server; every one worked")
    }

    /// A parameter's new bound is proven with the value just past it, which the old bound allows.
    @Test func aParameterWithALowerMaximumRefusesTheValueJustPastIt() throws {
        let findings = try DiffRuleTests.findings(
            old: Self.people, new: Self.people.replacingOccurrences(of: "maximum: 100", with: "maximum: 50"))
        let finding = try #require(findings.first)
        #expect(finding.rule.id == "request-constraint-tightened")
        let evidence = try #require(finding.proof?.evidence)
        #expect(evidence.json == "GET /people?limit=51")
        #expect(evidence.failure == "400: query.limit is 51, more than 50")
    }
}
