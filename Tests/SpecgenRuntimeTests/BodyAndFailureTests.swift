import Foundation
import HTTPTypes
import SpecgenRuntime
import SpecgenTestSupport
import Testing

/// JSON bodies and files over real sockets, transport failures, and the constraint checks builders run.
struct BodyAndFailureTests {
    struct Message: Codable, Equatable {
        var text: String
        var sentAt: Date
    }

    @Test func jsonBodyArrivesWithSortedKeysAndISODates() async throws {
        let server = try TestHTTPServer { _ in .json("{}") }
        let client = APIClient(baseURL: try await server.start())
        let message = Message(text: "a \"quoted\" / slash", sentAt: Date(timeIntervalSince1970: 1_700_000_000.5))
        var request = HTTPRequestData(
            method: .post, path: "/messages",
            body: try client.encode(message, operation: "Chatist.sendMessage"))
        request.headerFields[.contentType] = "application/json"
        _ = try await client.send(request, operation: "Chatist.sendMessage")
        let received = try #require(await server.requests.first)
        #expect(
            String(decoding: received.body, as: UTF8.self)
                == #"{"sentAt":"2023-11-14T22:13:20.500Z","text":"a \"quoted\" / slash"}"#)
        #expect(try JSONCoding.decoder().decode(Message.self, from: received.body) == message)
        await server.stop()
    }

    @Test func connectionRefusedIsATransportError() async throws {
        // Start a server to learn a free port, then stop it so nothing listens there.
        let server = try TestHTTPServer { _ in CannedResponse(status: 200) }
        let url = try await server.start()
        await server.stop()
        let client = APIClient(baseURL: url)
        let error = await #expect(throws: ClientError.self) {
            _ = try await client.send(HTTPRequestData(method: .get, path: "/"), operation: "Gista.fetchUser")
        }
        guard case .transport(let operation, _) = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(operation == "Gista.fetchUser")
    }

    @Test func multipartFileFromDiskMatchesTheBytesOnDisk() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("specgen-\(UUID().uuidString).bin")
        let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try MultipartFile(contentsOf: url, contentType: "application/octet-stream")
        #expect(file.filename == url.lastPathComponent)
        var multipart = MultipartBody()
        multipart.append("file", file: file)
        let server = try TestHTTPServer { _ in .json("{}") }
        let client = APIClient(baseURL: try await server.start())
        let (body, contentType) = multipart.encoded()
        var request = HTTPRequestData(method: .post, path: "/upload", body: body)
        request.headerFields[.contentType] = contentType
        _ = try await client.send(request, operation: "DocumentAI.uploadDocument")
        let received = try #require(await server.requests.first)
        #expect(received.body.range(of: bytes) != nil)
        await server.stop()
        #expect(throws: (any Error).self) {
            _ = try MultipartFile(contentsOf: url.appendingPathExtension("missing"), contentType: "text/plain")
        }
    }

    @Test func multipartPartsAreWrittenExactlyWithHostileNamesEscaped() throws {
        var multipart = MultipartBody()
        multipart.append("note", text: "héllo")
        multipart.append("a\"b\r\nc\\d", json: Data(#"{"k":1}"#.utf8))
        multipart.append(
            "file",
            file: MultipartFile(filename: "x\".txt", contentType: "text/plain\r\nX-Evil: 1", data: Data("abc".utf8)))
        let (body, contentType) = multipart.encoded()
        let boundary = try #require(contentType.split(separator: "=", maxSplits: 1).last.map(String.init))
        #expect(contentType == "multipart/form-data; boundary=\(boundary)")
        let expected =
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhéllo\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"a%22b%0D%0Ac\\\\d\"\r\n"
            + "Content-Type: application/json\r\n\r\n{\"k\":1}\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"x%22.txt\"\r\n"
            + "Content-Type: text/plainX-Evil: 1\r\n\r\nabc\r\n--\(boundary)--\r\n"
        #expect(String(decoding: body, as: UTF8.self) == expected)
        // Written to a file, the same parts give the same bytes around a boundary of their own.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("specgen-\(UUID().uuidString).body")
        defer { try? FileManager.default.removeItem(at: url) }
        let fileContentType = try multipart.write(to: url)
        let fileBoundary = try #require(fileContentType.split(separator: "=", maxSplits: 1).last.map(String.init))
        let written = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(written == expected.replacingOccurrences(of: boundary, with: fileBoundary))
    }

    @Test(arguments: [
        ("user_123e4567-e89b-12d3-a456-426614174000", true),
        ("user", false),
        ("user_123e4567-e89b-12d3-a456-426614174000\nDROP", false),
    ])
    func patternMatchesTheWholeValue(value: String, valid: Bool) {
        let check = { () throws(ValidationFailure) in
            try Validation.pattern(value, "^.+_[0-9a-f-]{36}$", field: "userId")
        }
        if valid {
            #expect(throws: Never.self) { try check() }
        } else {
            #expect(throws: ValidationFailure(field: "userId", rule: "pattern ^.+_[0-9a-f-]{36}$")) { try check() }
        }
    }

    @Test func theBuildersInitializerSetsAcceptAndOnlyA2XXIsASuccess() {
        let request = HTTPRequestData(.get, path: "/orders", accept: "application/json")
        #expect(request.headerFields[.accept] == "application/json")
        #expect(HTTPRequestData(.get, path: "/orders").headerFields[.accept] == nil)
        let successes = [199, 200, 204, 299, 300, 404].map { HTTPResponseData(status: .init(code: $0)).isSuccessful }
        #expect(successes == [false, true, true, true, false, false])
    }

    @Test func lengthRangeAndItemBounds() {
        #expect(throws: ValidationFailure(field: "name", rule: "minLength 1")) {
            try Validation.length("", min: 1, field: "name")
        }
        #expect(throws: ValidationFailure(field: "limit", rule: "maximum 100")) {
            try Validation.range(101, min: 1, max: 100, field: "limit")
        }
        #expect(throws: ValidationFailure(field: "score", rule: "minimum 0.5")) {
            try Validation.range(0.25, min: 0.5, field: "score")
        }
        #expect(throws: ValidationFailure(field: "tags", rule: "maxItems 2")) {
            try Validation.items(["a", "b", "c"], max: 2, field: "tags")
        }
        #expect(throws: Never.self) {
            try Validation.length("ok", min: 1, max: 2, field: "name")
            try Validation.range(Int64(50), min: 1, max: 100, field: "limit")
        }
        #expect(
            ValidationFailure(field: "password", rule: "minLength 8").description
                == "'password' does not satisfy minLength 8")
    }
}
