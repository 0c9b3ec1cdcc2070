// The three benchmarked calls written by hand in the seeds' style: a URLRequest built in place, the body encoded
// by hand (JSON, form-urlencoded or multipart with a boundary), and the response decoded with JSONDecoder. It is the
// baseline both generated clients are compared with.
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends a request and returns the response, as `URLSession.data(for:)` does; the benchmark answers from memory.
public typealias SendRequest = @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)

/// Failures of the handwritten calls.
public enum HandwrittenError: Error {
    case badURL
    case status(Int)
}

public struct SenderDto: Codable, Sendable {
    public var id: String
    public var name: String
}

public struct MessageDto: Codable, Sendable {
    public var id: String
    public var ticketId: String
    public var sender: SenderDto
    public var content: String
    public var isRead: Bool
    public var timestamp: Date
    public var attachments: [URL]?
}

public struct ScheduleDto: Codable, Sendable {
    public var id: String
    public var action: String
    public var scheduledAt: Date
}

public struct TicketDto: Codable, Sendable {
    public var id: String
    public var state: String
    public var assignee: String
    public var messages: [MessageDto]
    public var schedules: [ScheduleDto]
}

public struct UserPropertiesDto: Codable, Sendable {
    public var id: String
    public var role: String
}

public struct TokenResponseDto: Codable, Sendable {
    public var access_token: String
    public var refresh_token: String
    public var token_type: String
    public var expires_in: Int
    public var properties: UserPropertiesDto
}

/// A file part of a multipart body.
public struct AttachmentDto: Sendable {
    public var name: String
    public var mimeType: String
    public var data: Data

    public init(name: String, mimeType: String, data: Data) {
        self.name = name
        self.mimeType = mimeType
        self.data = data
    }
}

/// The seeds' `APIClient`: one method per call, each building its URLRequest by hand.
public struct HandwrittenClient: Sendable {
    let baseURL: URL
    let apiKey: String
    let send: SendRequest

    public init(baseURL: URL, apiKey: String, send: @escaping SendRequest) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.send = send
    }

    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    private func checked(_ response: (Data, HTTPURLResponse)) throws -> Data {
        guard (200..<300).contains(response.1.statusCode) else { throw HandwrittenError.status(response.1.statusCode) }
        return response.0
    }

    /// Chatist `getTicket`: `GET /tickets/{ticketID}` with the API key header, decoding a `TicketDto`.
    public func getTicket(_ ticketID: String) async throws -> TicketDto {
        var request = URLRequest(url: baseURL.appendingPathComponent("tickets").appendingPathComponent(ticketID))
        request.httpMethod = "GET"
        request.setValue(apiKey, forHTTPHeaderField: "X-API-Key")
        request.setValue("ios", forHTTPHeaderField: "X-Chatist-Platform")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let data = try checked(try await send(request))
        return try Self.decoder().decode(TicketDto.self, from: data)
    }

    /// Chatist `sendMessage`: a multipart body with a `message` part and file parts.
    public func sendMessage(
        _ ticketID: String, message: String, attachments: [AttachmentDto]
    ) async throws -> MessageDto {
        let url = baseURL.appendingPathComponent("tickets").appendingPathComponent(ticketID)
            .appendingPathComponent("messages")
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        let boundary = "Boundary-\(UUID().uuidString)"
        request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        request.setValue(apiKey, forHTTPHeaderField: "X-API-Key")
        request.setValue("ios", forHTTPHeaderField: "X-Chatist-Platform")
        var body = Data()
        body.append(Data("--\(boundary)\r\n".utf8))
        body.append(Data("Content-Disposition: form-data; name=\"message\"\r\n\r\n".utf8))
        body.append(Data("\(message)\r\n".utf8))
        for attachment in attachments {
            body.append(Data("--\(boundary)\r\n".utf8))
            body.append(
                Data("Content-Disposition: form-data; name=\"attachments\"; filename=\"\(attachment.name)\"\r\n".utf8))
            body.append(Data("Content-Type: \(attachment.mimeType)\r\n\r\n".utf8))
            body.append(attachment.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        request.httpBody = body
        let data = try checked(try await send(request))
        return try Self.decoder().decode(MessageDto.self, from: data)
    }

    /// Keyz `loginUser`: the password grant, form-urlencoded, decoding a `TokenResponseDto`.
    public func loginUser(email: String, password: String) async throws -> TokenResponseDto {
        var request = URLRequest(url: baseURL.appendingPathComponent("auth/token/"))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        func encode(_ value: String) -> String { value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value }
        let form = "grant_type=password&username=\(encode(email))&password=\(encode(password))"
        request.httpBody = Data(form.utf8)
        let data = try checked(try await send(request))
        return try JSONDecoder().decode(TokenResponseDto.self, from: data)
    }
}
