import Foundation

/// The canned responses every client decodes, built once so each call pays only for its own work.
enum Fixtures {
    static let baseURL = URL(string: "https://api.example.com/v1")!  // A literal that always parses.

    /// A Chatist ticket with 20 messages (each with a sender and two attachment links) and two schedules.
    static let ticket: Data = {
        let messages = (0..<20).map { index in
            """
            {"id":"msg_\(index)","ticketId":"ticket_123","sender":{"id":"agent_\(index % 3)","name":"Agent \(index % 3)"},\
            "content":"Message number \(index): thanks for waiting, we are looking into the problem you reported.",\
            "isRead":\(index % 2 == 0),"timestamp":"2025-01-0\(1 + index % 9)T12:\(10 + index):00Z",\
            "attachments":["https://cdn.chatist.app/a/\(index)-1.png","https://cdn.chatist.app/a/\(index)-2.png"]}
            """
        }
        let schedules = (0..<2).map { index in
            #"{"id":"sch_\#(index)","action":"follow-up","scheduledAt":"2025-02-0\#(index + 1)T09:00:00Z"}"#
        }
        let json =
            #"{"id":"ticket_123","state":"open","assignee":"Ada","messages":["#
            + messages.joined(separator: ",") + #"],"schedules":["# + schedules.joined(separator: ",") + "]}"
        return Data(json.utf8)
    }()

    /// The message `sendMessage` answers with.
    static let message = Data(
        """
        {"id":"msg_99","ticketId":"ticket_123","sender":{"id":"customer","name":"Customer"},"content":"Here is the log.",\
        "isRead":false,"timestamp":"2025-01-09T12:00:00Z","attachments":["https://cdn.chatist.app/a/99.bin"]}
        """.utf8)

    /// The Keyz token response.
    static let tokens = Data(
        """
        {"access_token":"eyJhbGciOiJIUzI1NiJ9.access","refresh_token":"eyJhbGciOiJIUzI1NiJ9.refresh",\
        "token_type":"Bearer","expires_in":3600,"properties":{"id":"user_1","role":"tenant"}}
        """.utf8)

    /// A 1 MiB attachment.
    static let attachment = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
}

/// Keeps a value alive so the optimizer cannot drop the work that made it.
@inline(never)
package func blackHole<T>(_ value: T) {
    withUnsafePointer(to: value) { _ = $0 }
}
