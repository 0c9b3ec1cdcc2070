import Chatist
import Foundation
import SpecgenRuntime
import SpecgenTestSupport
import Synchronization
import Testing

/// Every Chatist operation through the plugin-generated client against a real server on 127.0.0.1.
struct ChatistClientTests {
    static let message =
        #"{"id":"m1","ticketId":"ticket_1","sender":{"id":"u1","name":"Ana"},"content":"Hi","isRead":false,"timestamp":"2025-01-01T12:00:00.250Z"}"#
    static let ticket =
        #"{"id":"ticket_1","state":"open","assignee":"Ana","messages":[\#(message)],"schedules":[{"id":"s1","action":"close","scheduledAt":"2025-01-02T09:00:00Z"}]}"#

    static let device = DeviceInfo(
        deviceModel: "iPhone14,2", deviceName: "John's iPhone", osVersion: "18.1", appVersion: "2.0",
        appBuild: "42", screenWidth: 390, screenHeight: 844, batteryLevel: 0.5,
        batteryState: "charging", locale: "en_US", timezone: "Europe/Paris")

    func client(_ url: URL) -> ChatistClient { ChatistClient(baseURL: url, apiKey: "chat-key") }

    /// `updatedAt` is a `String` in the document: the client hands back exactly the text the server sent.
    @Test func getBrandingSendsBackTheServersUpdatedAtAndMaps204ToNil() async throws {
        let date = "2025-01-01 12:00:00"
        let requests = try await withTestServer({ request in
            request.rawQuery.isEmpty
                ? .json(
                    ##"{"primaryLight":"#fff","accentLight":"#f00","chatBackgroundLight":"#eee","fontColorBasicLight":"#000","logoDark":"https://cdn.chatist.app/dark.png","updatedAt":"2025-01-01 12:00:00"}"##
                )
                : CannedResponse(status: 204)
        }) { url async throws in
            let branding = try await client(url).getBranding()
            #expect(branding?.updatedAt == date)
            #expect(branding?.logoDark == URL(string: "https://cdn.chatist.app/dark.png"))
            #expect(branding?.primaryDark == nil)
            #expect(try await client(url).getBranding(updatedAt: date) == nil)
        }
        #expect(requests.map(\.path) == ["/branding", "/branding"])
        #expect(requests[0].rawQuery == "")
        #expect(requests[1].rawQuery == "updatedAt=2025-01-01%2012%3A00%3A00")
        #expect(requests[1].headers["x-api-key"] == "chat-key")
        #expect(requests[1].headers["x-chatist-platform"] == "ios")
    }

    @Test func createTicketSendsAJSONPartAndFileParts() async throws {
        let shot = MultipartFile(
            filename: "shot.png", contentType: "image/png", data: Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2]))
        let requests = try await withTestServer({ _ in .json(Self.ticket, status: 201) }) { url async throws in
            let ticket = try await client(url).createTicket(
                data: CreateTicket(message: "It crashes", channel: "ios", deviceInfo: Self.device), attachments: [shot])
            #expect(ticket.id == "ticket_1")
            #expect(ticket.messages.first?.sender.name == "Ana")
            #expect(ticket.state == .open)
        }
        let request = try #require(requests.first)
        #expect(request.method == "POST" && request.path == "/tickets")
        #expect(request.headers["content-type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(
            request.text.contains(
                #"Content-Disposition: form-data; name="data""# + "\r\nContent-Type: application/json\r\n\r\n{"))
        #expect(request.text.contains(#""batteryLevel":0.5"#))
        #expect(request.text.contains(#"name="attachments"; filename="shot.png""# + "\r\nContent-Type: image/png"))
        #expect(request.body.range(of: shot.data) != nil)
    }

    @Test func ticketsAndMessages() async throws {
        let requests = try await withTestServer({ request in
            switch (request.method, request.path) {
            case ("GET", "/tickets"): .json(#"[{"id":"ticket_1","state":"escalated","lastMessage":\#(Self.message)}]"#)
            case ("GET", _): .json(Self.ticket)
            default: .json(Self.message, status: 201)
            }
        }) { url async throws in
            let client = client(url)
            let previews = try await client.getTickets()
            // A state this client version does not know is kept, not a decoding failure.
            #expect(previews.first?.state == .undocumented("escalated"))
            #expect(previews.first?.assignee == nil)
            let ticket = try await client.getTicket("ticket 1/a")
            #expect(ticket.schedules.first?.action == "close")
            let message = try await client.sendMessage("ticket_1", body: SendMessage(message: "Thanks"))
            #expect(message.timestamp == "2025-01-01T12:00:00.250Z")
        }
        #expect(
            requests.map { "\($0.method) \($0.path)" }
                == ["GET /tickets", "GET /tickets/ticket%201%2Fa", "POST /tickets/ticket_1/messages"])
        #expect(requests[2].text.contains(#"name="message""# + "\r\n\r\nThanks\r\n"))
    }

    /// The resources' members send what the operations' own methods send, on the client over a socket, and reach
    /// the mock's closures, also through `any ChatistAPI`.
    @Test func resourcesCallTheirOperations() async throws {
        let requests = try await withTestServer({ request in
            switch (request.method, request.path) {
            case ("GET", "/tickets"): .json("[]")
            case ("GET", _): .json(Self.ticket)
            case ("POST", _): .json(Self.message, status: 201)
            default: CannedResponse(status: 204)
            }
        }) { url async throws in
            let client = client(url)
            #expect(try await client.tickets.list().isEmpty)
            #expect(try await client.tickets.get("ticket_1").schedules.first?.action == "close")
            let message = try await client.tickets.sendMessage("ticket_1", body: SendMessage(message: "Hi"))
            #expect(message.timestamp == "2025-01-01T12:00:00.250Z")
            try await client.customer.update(UpdateCustomer(email: "a@b.c"))
            try await client.customer.updateDevice(UpdateDevice(originalID: "dev-1", deviceToken: "t"))
        }
        #expect(
            requests.map { "\($0.method) \($0.path)" } == [
                "GET /tickets", "GET /tickets/ticket_1", "POST /tickets/ticket_1/messages", "PATCH /customer",
                "PUT /customer/device",
            ])
        let api: any ChatistAPI = ChatistMock(
            getTicket: { _ throws(ChatistError) in throw .notFound }, getTickets: { _ in [] })
        #expect(try await api.tickets.list().isEmpty)
        await #expect(throws: ChatistError.notFound) { try await api.tickets.get("x") }
    }

    @Test func customerAndDeviceUpdatesSendJSON() async throws {
        let requests = try await withTestServer({ _ in CannedResponse(status: 204) }) { url async throws in
            try await client(url).updateCustomer(UpdateCustomer(email: "a@b.c"))
            try await client(url).updateDevice(UpdateDevice(originalID: "dev-1", deviceToken: "apns-secret"))
        }
        #expect(requests.map { "\($0.method) \($0.path)" } == ["PATCH /customer", "PUT /customer/device"])
        #expect(requests[0].text == #"{"email":"a@b.c"}"#)
        #expect(requests[1].text == #"{"deviceToken":"apns-secret","originalId":"dev-1"}"#)
        #expect(requests[1].headers["content-type"] == "application/json")
        // The token is sensitive: a value's description never shows it.
        #expect(!String(describing: UpdateDevice(deviceToken: "apns-secret")).contains("apns-secret"))
    }

    @Test(arguments: [
        (
            400, #"{"message":"missing channel"}"#,
            ChatistError.invalidRequest(ErrorPayload(ErrorMessage(message: "missing channel")))
        ),
        (401, "", ChatistError.unauthorized),
        (404, "", ChatistError.notFound),
        (429, #"{"message":"slow down"}"#, ChatistError.rateLimited(ErrorPayload(ErrorMessage(message: "slow down")))),
        (
            503, #"{"message":"maintenance"}"#,
            ChatistError.serverError(status: 503, body: ErrorPayload(ErrorMessage(message: "maintenance")))
        ),
        (
            418, "teapot",
            ChatistError.failure(.unexpectedStatus(operation: "Chatist.getTicket", status: 418, body: "teapot"))
        ),
        (
            200, #"{"id":1}"#,
            ChatistError.failure(
                .decoding(operation: "Chatist.getTicket", status: 200, path: "id", message: "expected String"))
        ),
    ])
    func documentedErrorsBecomeTypedCases(status: Int, body: String, expected: ChatistError) async throws {
        _ = try await withTestServer({ _ in .json(body, status: status) }) { url async throws in
            await #expect(throws: expected) { try await client(url).getTicket("ticket_1") }
        }
    }

    @Test func mockAnswersWithoutANetwork() async throws {
        let mock = ChatistMock(
            getTicket: { arguments throws(ChatistError) in
                guard arguments.ticketID == "t_1" else { throw .notFound }
                return Ticket(id: "t_1", state: .open, assignee: "ana", messages: [], schedules: [])
            }, getTickets: { _ in [] })
        #expect(try await mock.getTickets().isEmpty)
        #expect(try await mock.getTicket("t_1").id == "t_1")
        await #expect(throws: ChatistError.notFound) { try await mock.getTicket("x") }
        await #expect(
            throws: ChatistError.failure(
                .transport(
                    operation: "Chatist.updateCustomer", message: "ChatistMock has no closure for this operation"))
        ) {
            try await mock.updateCustomer(UpdateCustomer())
        }
    }

    /// Arguments with defaults can be left out when the client or the mock is held as `any ChatistAPI`; the full
    /// call still reaches the conforming type's method.
    @Test func defaultsAreCallableThroughTheProtocol() async throws {
        let seen = Mutex<[String?]>([])
        let api: any ChatistAPI = ChatistMock(getBranding: { arguments in
            seen.withLock { $0.append(arguments.updatedAt) }
            return nil
        })
        #expect(try await api.getBranding() == nil)
        #expect(try await api.getBranding(updatedAt: "2025-01-01 12:00:00") == nil)
        #expect(seen.withLock { $0 } == [nil, "2025-01-01 12:00:00"])
    }
}
