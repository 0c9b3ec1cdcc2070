import Chatist
import Foundation
import SpecgenRuntime

/// Chatist: branding (and its "no update" nil), a ticket with an image attachment, a message, the ticket list,
/// and the customer's and device's details.
public enum ChatistFlow {
    /// Runs the flow against the server at `context.baseURL`, recording each step in `context`.
    public static func run(_ context: FlowContext) async throws {
        let chatist = ChatistClient(baseURL: context.baseURL, apiKey: "demo-chatist-api-key")

        guard let branding = try await chatist.getBranding() else {
            throw FlowFailure("the first branding request returned nil")
        }
        context.step("branding: primary \(branding.primaryLight), updated \(branding.updatedAt)")

        // Asking again with the same updatedAt: the server answers 204 and the client returns nil.
        let unchanged = try await ChatistClient(
            baseURL: context.baseURL, apiKey: "demo-chatist-api-key",
            middlewares: [PreferStatus(204)]
        )
        .getBranding(updatedAt: branding.updatedAt)
        context.step(
            unchanged == nil ? "branding unchanged since then: nil, nothing to download" : "branding changed again")

        let device = DeviceInfo(
            deviceModel: "iPhone14,2", deviceName: "Ada's iPhone", osVersion: "18.1", appVersion: "2.4.0",
            appBuild: "412", screenWidth: 390, screenHeight: 844, batteryLevel: 0.8,
            batteryState: "unplugged", locale: "en_GB", timezone: "Europe/London")
        let screenshot = MultipartFile(
            filename: "screenshot.png", contentType: "image/png",
            data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 1024))
        let ticket = try await chatist.createTicket(
            data: CreateTicket(message: "The export button does nothing.", channel: "ios", deviceInfo: device),
            attachments: [screenshot])
        context.step("opened ticket \(ticket.id) (\(ticket.state.rawValue)) with \(screenshot.filename) attached")

        let reply = try await chatist.sendMessage(
            ticket.id, body: SendMessage(message: "It happens on every document."))
        context.step("sent message \(reply.id) to ticket \(reply.ticketID)")

        let tickets = try await chatist.getTickets()
        context.step(
            "listed \(tickets.count) ticket(s); the last message is from \(tickets.first?.lastMessage.sender.name ?? "nobody")"
        )

        try await chatist.updateCustomer(UpdateCustomer(email: "ada@example.com", originalID: "user-1815"))
        try await chatist.updateDevice(UpdateDevice(originalID: "device-1815", deviceToken: "apns-device-token"))
        context.step("updated the customer's email and the device's push token")
    }
}
