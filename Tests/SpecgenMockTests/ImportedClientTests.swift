import Foundation
import SpecgenFixturePayDesk
import SpecgenMock
import SpecgenRuntime
import SpecgenTestSupport
import SpecgenWire
import Testing

/// The client of an imported OpenAPI document (`Tests/Fixtures/PayDesk/openapi.yaml`, imported as `PayDesk.yaml`
/// and built by the plugin), every operation called against specgen-mock over a real socket: the mock serves each
/// answer the document describes, the client decodes it, and the mock finds nothing wrong in what the client sends.
struct ImportedClientTests {
    static let spec = "Tests/Fixtures/PayDesk/PayDesk.yaml"

    @Test func everyOperationOfTheImportedClientAgainstTheMock() async throws {
        try await Mocks.with("PayDesk", path: Self.spec, credentials: ["tok_live"]) { url, service async throws in
            let client = PayDeskClient(
                baseURL: url, bearerAuth: "tok_live",
                partnerCredentials: ClientCredentials(id: "paydesk app", secret: "s3cret"))

            let page = try await client.listCustomersWithHeaders(limit: 2, ids: ["cus_1", "cus_2"], xRequestID: UUID())
            #expect(page.status == 200 && page.headers.xRateLimitRemaining == 1)
            var customers: [Customer] = []
            for try await customer in client.listCustomersPages(limit: 2).items { customers.append(customer) }
            #expect(!customers.isEmpty)
            #expect(customers.allSatisfy { $0.object == "customer" && !$0.email.isEmpty })

            let created = try await client.postCustomers(
                PostCustomersRequest(email: "ada@example.com", tags: ["vip"], metadata: ["order": "o_1"]))
            #expect(created.object == "customer")
            let read = try await client.getCustomer(customerID: created.id)
            #expect(read.object == "customer")
            try await client.deleteCustomer(customerID: created.id, body: DeleteCustomerRequest())

            let payment = try await client.createPayment(
                amount: 1999, source: .card(Card(last4: "4242")), capture: false)
            #expect(!payment.id.isEmpty)

            let receipt = try await client.downloadReceipt(id: payment.id)
            #expect(!receipt.isEmpty)

            let upload = try await client.uploadDocument(
                file: MultipartFile(filename: "id.pdf", contentType: "application/pdf", data: Data("%PDF-1.7".utf8)),
                purpose: .identity)
            #expect(!upload.id.isEmpty)

            var events: [Event] = []
            for try await event in try await client.streamEvents() { events.append(event) }
            #expect(!events.isEmpty && events.allSatisfy { !$0.type.isEmpty })

            let problems = service.history.flatMap(\.problems)
            #expect(problems.isEmpty, "\(problems)")
            #expect(service.history.allSatisfy { (200..<300).contains($0.status) }, "\(service.history.map(\.status))")
            // Every operation of the document was called: each of its routes is in the mock's history.
            let routes = Set(service.history.map { "\($0.method) \($0.operation ?? "none")" })
            #expect(
                routes == [
                    "GET listCustomers", "POST postCustomers", "GET getCustomer", "DELETE deleteCustomer",
                    "POST createPayment", "GET downloadReceipt", "POST uploadDocument", "GET streamEvents",
                ], "\(routes)")
        }
    }
}
