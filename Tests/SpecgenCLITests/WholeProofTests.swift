import Foundation
import SpecgenDiff
import SpecgenSpec
import Testing

/// After each finding's own exchanges, every operation the findings name is tried whole: a change that fails an
/// exchange somewhere its own proof did not look still makes the diff say it breaks old apps.
struct WholeProofTests {
    static let documents = """
        specgen: 1
        name: Docs
        version: 1.0.0
        servers:
          production: https://docs.example
        models:
          Document:
            properties:
              id: string
        endpoints:
          listDocuments:
            request: GET /documents
            query:
              template: string?
            response: "[Document]"
          listSubmissions:
            request: GET /documents
            query:
              template: string
            response: "[Document]"

        """

    /// Two operations share a route, told apart by a parameter: when its type changes, the new server takes the
    /// old app's request for the other operation. The request is not refused at the parameter, so the parameter's
    /// own proof saw nothing; the whole operation's exchanges do.
    @Test func aParameterWhoseRequestGoesToAnotherOperationBreaks() throws {
        let findings = try DiffRuleTests.findings(
            old: Self.documents,
            new: Self.documents.replacingOccurrences(of: "      template: string\n", with: "      template: bool\n"))
        #expect(findings.map(\.rule.id) == ["parameter-type-changed"])
        let finding = try #require(findings.first)
        #expect(finding.wire == .breaking)
        let evidence = try #require(finding.proof?.evidence)
        #expect(evidence.direction == .request)
        #expect(evidence.json == "GET /documents?template=template_1")
        #expect(evidence.failure == "200 from 'listDocuments': the new server takes it for another operation")
    }

    static let tickets = """
        specgen: 1
        name: Tickets
        version: 1.0.0
        servers:
          production: https://tickets.example
        models:
          Ticket:
            properties:
              id: string
          NewTicket:
            properties:
              title: string
        endpoints:
          createTicket:
            request: POST /tickets
            body: NewTicket
            response:
              201: Ticket
          listTickets:
            request: POST /tickets
            response: "[Ticket]"

        """

    /// An operation moved from POST to GET, where its old route is another operation's: the old app's request still
    /// reaches a server, and the answer it gets (201, a `Ticket`) is one it cannot read.
    @Test func aMethodChangeWhoseOldRouteAnswersOtherwiseBreaks() throws {
        let moved = Self.tickets.replacingOccurrences(
            of: "  listTickets:\n    request: POST /tickets", with: "  listTickets:\n    request: GET /tickets")
        let findings = try DiffRuleTests.findings(old: Self.tickets, new: moved)
        #expect(findings.map(\.rule.id) == ["operation-method-changed"])
        let finding = try #require(findings.first)
        #expect(finding.wire == .breaking)
        let evidence = try #require(finding.proof?.evidence)
        #expect(evidence.direction == .answer)
        #expect(evidence.json == "HTTP 201")
        #expect(evidence.failure == "unexpected status 201")
    }

    /// Each of two property changes is harmless alone, but together they leave no key the old client reads: the
    /// new server's every answer reads as empty to the old app. The whole operation's exchanges find it, and the
    /// first finding tried by exchanges carries that proof, against its rule.
    @Test func changesThatLeaveTheOldAppNothingToReadBreakTogether() throws {
        let old = Self.ticket.replacingOccurrences(
            of: "    properties:\n      id: string\n", with: "    properties:\n      id2: string?\n")
        let findings = try DiffRuleTests.findings(old: old, new: Self.ticket)
        #expect(
            findings.map(\.rule.id) == ["response-optional-property-removed", "response-property-added-required"])
        #expect(findings.map(\.wire) == [.breaking, .safe])
        let evidence = try #require(findings.first?.proof?.evidence)
        #expect(evidence.json == #"HTTP 200 {"id":"id_1"}"#)
        #expect(evidence.failure == "reads none of the answer's keys ('id'): every property is absent")
    }

    static let ticket = """
        specgen: 1
        name: Shop
        servers:
          production: https://api.example.com
        models:
          Ticket:
            properties:
              id: string
        endpoints:
          getTicket:
            request: GET /tickets/{id}
            path:
              id: string
            response: Ticket

        """

    /// An optional property added to an answer whose properties are all optional: the new server may leave the old
    /// one out, as the old server could; the old app reads such an answer as it always could, so nothing breaks
    /// and no finding of the catch-all appears.
    @Test func anAnswerWithoutTheOldOptionalKeysIsNotABreakWhenTheOldServerCouldSendIt() throws {
        let optional = """
            specgen: 1
            name: Notes
            version: 1.0.0
            servers:
              production: https://notes.example
            models:
              Note:
                properties:
                  text: string?
            endpoints:
              getNote:
                request: GET /notes/{id}
                path:
                  id: string
                response: Note

            """
        let findings = try DiffRuleTests.findings(
            old: optional,
            new: optional.replacingOccurrences(
                of: "      text: string?\n", with: "      text: string?\n      pinned: bool?\n"))
        #expect(findings.map(\.rule.id) == ["response-property-added-optional"])
        #expect(findings.map(\.wire) == [.safe])
    }
}
