import Chatist
import Foundation
import SpecgenRuntime
import SpecgenTestSupport
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Attachments uploaded from files and bodies downloaded to files, through generated clients over real sockets, with
/// the progress a chat app shows while they move.
struct FileTransferTests {
    /// Bytes no two offsets of which repeat within 251, so a shifted or dropped chunk shows.
    /// Made by repeating one cycle, not byte by byte: a debug build takes seconds of the concurrency pool to map 50 MB.
    static func pattern(_ count: Int) -> Data {
        let cycle = Data((0..<251).map { UInt8($0) })
        var data = Data(capacity: count)
        while data.count < count { data.append(cycle.prefix(count - data.count)) }
        return data
    }

    static func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    }

    /// Collects progress reports from the transport's thread.
    final class Reports: Sendable {
        private let list = Mutex<[TransferProgress]>([])
        func add(_ progress: TransferProgress) { list.withLock { $0.append(progress) } }
        var all: [TransferProgress] { list.withLock { $0 } }
    }

    @Test func anAttachmentFromAFileIsUploadedWholeWithItsProgress() async throws {
        let content = Self.pattern(3 << 20)
        let source = Self.temporaryFile("attachment")
        try content.write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        let file = try MultipartFile(contentsOf: source, filename: "scan.pdf", contentType: "application/pdf")
        #expect(file.fileURL == source)

        let reports = Reports()
        let requests = try await withTestServer({ _ in .json(ChatistClientTests.message, status: 201) }) {
            url async throws in
            let client = ChatistClient(baseURL: url, apiKey: "k", retryPolicy: nil)
            let message = try await TransferProgress.observing(reports.add) {
                try await client.sendMessage("t1", body: SendMessage(message: "See attached", attachments: [file]))
            }
            #expect(message.id == "m1")
        }
        #expect(requests.count == 1)
        let body = requests[0].body
        #expect(requests[0].headers["content-length"] == String(body.count))
        let head = Data(
            "Content-Disposition: form-data; name=\"attachments\"; filename=\"scan.pdf\"\r\nContent-Type: application/pdf\r\n\r\n"
                .utf8)
        let start = try #require(body.range(of: head)?.upperBound)
        #expect(body[start..<start + content.count] == content)
        #expect(body[(start + content.count)...].starts(with: Data("\r\n--".utf8)))
        #expect(String(decoding: body.prefix(400), as: UTF8.self).contains("name=\"message\"\r\n\r\nSee attached\r\n"))

        let uploads = reports.all.filter { $0.direction == .upload }
        #expect(uploads.count > 1)
        #expect(uploads.last?.completedBytes == Int64(body.count))
        #expect(uploads.last?.fractionCompleted == 1)
        #expect(zip(uploads, uploads.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes })
    }

    @Test func aBodyDownloadedToAFileIsExactAndReportsItsProgress() async throws {
        let content = Self.pattern(5 << 20)
        let destination = Self.temporaryFile("export")
        defer { try? FileManager.default.removeItem(at: destination) }
        try Data("stale".utf8).write(to: destination)
        let reports = Reports()
        let requests = try await withTestServer({ _ in
            CannedResponse(headers: ["Content-Type": "application/octet-stream"], body: content)
        }) { url async throws in
            let client = ChatistClient(baseURL: url, apiKey: "k", retryPolicy: nil)
            let request = HTTPRequestData(.get, path: "/export")
            let call = OperationCall<ChatistError>(client: client.client, operation: "Chatist.export")
            let written = try await TransferProgress.observing(reports.add) { () async throws(ChatistError) -> Int in
                let response = try await call.send(downloading: request, to: destination)
                #expect(response.bodyFile == destination)
                return try await call.save(response, to: destination)
            }
            #expect(written == content.count)
        }
        #expect(requests.map(\.path) == ["/export"])
        #expect(try Data(contentsOf: destination) == content)
        let downloads = reports.all.filter { $0.direction == .download }
        #expect(downloads.last?.completedBytes == Int64(content.count))
        #expect(downloads.last?.expectedBytes == Int64(content.count))
    }

    @Test func aFailedDownloadKeepsItsStatusAndBodyAndWritesNoFile() async throws {
        let destination = Self.temporaryFile("export")
        defer { try? FileManager.default.removeItem(at: destination) }
        _ = try await withTestServer({ _ in .json(#"{"message":"slow down"}"#, status: 429) }) { url async throws in
            let client = ChatistClient(baseURL: url, apiKey: "k", retryPolicy: nil)
            let call = OperationCall<ChatistError>(client: client.client, operation: "Chatist.export")
            let response = try await call.send(downloading: HTTPRequestData(.get, path: "/export"), to: destination)
            #expect(response.statusCode == 429)
            #expect(response.bodyFile == nil)
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"message":"slow down"}"#)
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    /// With a 64 KiB memory limit, a reader slower than loopback leaves most of a 4 MiB body in the spill file; it
    /// still arrives whole and in order.
    @Test func aSlowReaderGetsEveryByteInOrderPastTheMemoryLimit() async throws {
        let content = Self.pattern(4 << 20)
        _ = try await withTestServer({ _ in CannedResponse(body: content) }) { url async throws in
            var transport = URLSessionTransport()
            transport.streamMemoryLimit = 64 << 10
            var request = HTTPRequestData(.get, path: "/big")
            request.baseURL = url
            let response = try await transport.send(request, context: OperationContext("big", delivery: .streamed))
            var received = Data()
            var chunks = 0
            for try await chunk in response.chunks {
                received.append(chunk)
                chunks += 1
                if chunks.isMultiple(of: 8) { try await Task.sleep(for: .milliseconds(2)) }
            }
            #expect(received == content)
        }
    }
}
