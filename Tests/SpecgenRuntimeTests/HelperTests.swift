import Foundation
import SpecgenRuntime
import SpecgenTestSupport
import Testing

struct HelperTests {
    actor Counter {
        var value = 0
        func next() -> Int {
            value += 1
            return value
        }
    }

    @Test func pollingStopsOnSuccessFailureOrExhaustion() async throws {
        let counter = Counter()
        let ready = try await poll(
            every: 2, maxAttempts: 60, until: { $0 == "ready" }, failWhen: { $0 == "failed" },
            sleep: { _ in }
        ) { () async throws(ClientError) in
            await counter.next() < 3 ? "processing" : "ready"
        }
        #expect(ready == "ready")
        #expect(await counter.value == 3)
        await #expect(throws: PollingError<ClientError, String>.failed("failed")) {
            _ = try await poll(
                every: 2, maxAttempts: 60, until: { $0 == "ready" }, failWhen: { $0 == "failed" },
                sleep: { _ in }
            ) { () throws(ClientError) in "failed" }
        }
        await #expect(throws: PollingError<ClientError, String>.exhausted(attempts: 4)) {
            _ = try await poll(every: 2, maxAttempts: 4, until: { $0 == "ready" }, sleep: { _ in }) {
                () throws(ClientError) in "processing"
            }
        }
        await #expect(throws: PollingError<ClientError, String>.call(.timedOut(operation: "DocumentAI.getDocument"))) {
            _ = try await poll(every: 2, maxAttempts: 4, until: { $0 == "ready" }, sleep: { _ in }) {
                () throws(ClientError) -> String in throw .timedOut(operation: "DocumentAI.getDocument")
            }
        }
    }

    @Test func imagesLoadFromDataURIsFilesAndHTTP() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47])
        #expect(try await loadImageData(from: "data:image/png;base64,\(png.base64EncodedString())") == png)
        #expect(try await loadImageData(from: png.base64EncodedString()) == png)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("specgen-\(UUID().uuidString).png")
        try png.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try await loadImageData(from: file.absoluteString) == png)
        let server = try TestHTTPServer { _ in CannedResponse(status: 200, body: png) }
        let base = try await server.start()
        #expect(try await loadImageData(from: base.appendingPathComponent("logo.png").absoluteString) == png)
        await server.stop()
        await #expect(throws: URLError.self) { _ = try await loadImageData(from: "data:image/png;base64,!!!") }
        await #expect(throws: URLError.self) { _ = try await loadImageData(from: "ftp://x/y.png") }
    }
}
