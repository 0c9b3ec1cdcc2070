import Chatist
import Foundation
import SpecgenMock
import SpecgenTestSupport
import Testing

/// The generated Chatist client over `MockTransport`: a ticket created through the stateful mock, in memory, is there
/// for the next read, and one never created is the documented `404`, as over a socket.
struct MockTransportTests {
    @Test func aGeneratedClientRunsAStatefulFlowInMemory() async throws {
        let service = try MockService(contentsOf: PackagePaths.url("Specs/Chatist.yaml").path, stateful: true)
        let client = ChatistClient(
            baseURL: try #require(URL(string: "https://chatist.mock")), apiKey: "key", transport: MockTransport(service)
        )
        let device = DeviceInfo(
            deviceModel: "iPhone", deviceName: "Ada's", osVersion: "26.0", appVersion: "1.0", appBuild: "1",
            screenWidth: 390, screenHeight: 844, batteryLevel: 0.5, batteryState: "unplugged", locale: "en_GB",
            timezone: "Europe/London")
        let created = try await client.createTicket(
            data: CreateTicket(message: "It broke.", channel: "app", deviceInfo: device))
        let read = try await client.getTicket(created.id)
        #expect(read == created)
        await #expect(throws: ChatistError.self) { _ = try await client.getTicket("t_never") }
        #expect(service.history.map(\.status) == [201, 200, 404])
        #expect(service.history.map(\.operation) == ["createTicket", "getTicket", "getTicket"])
    }
}
