// Downloads a large body from a loopback server through URLSessionTransport (or, with --async-http-client,
// AsyncHTTPClientTransport) and prints the peak resident memory of the whole process. By default the body is read
// as a stream; with --to-file it is written to a temporary file as a generated `downloadX(to:)` method does
// (URLSession's download task); with --whole it is read into memory, for comparison. With --slow the stream's
// reader is slower than the server, so unread chunks wait (in memory up to 4 MiB, then in a spill file).
//
// Usage: download-bench [--mib 256] [--to-file | --whole] [--slow] [--async-http-client]
import Foundation
import SpecgenAsyncHTTPClient
import SpecgenRuntime

#if canImport(Glibc)
    import Glibc
#endif

let arguments = CommandLine.arguments
let mebibytes = arguments.firstIndex(of: "--mib").flatMap { Int(arguments[$0 + 1]) } ?? 256
let whole = arguments.contains("--whole")
let slow = arguments.contains("--slow")
let nio = arguments.contains("--async-http-client")
let toFile = arguments.contains("--to-file")

/// The download's failure type, as a generated client's error enum would be.
enum DownloadFailure: ClientFailure {
    case failure(ClientError)
}

/// Peak resident memory of this process, in MiB.
func peakMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// A loopback server that writes `mebibytes` MiB as fast as the client takes them, in 64 KiB chunks.
func startServer() throws -> (URL, Thread) {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    listen(listener, 4)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    let port = UInt16(bigEndian: address.sin_port)
    let thread = Thread {
        let connection = accept(listener, nil, nil)
        var byte: UInt8 = 0
        var head: [UInt8] = []
        while read(connection, &byte, 1) == 1 {
            head.append(byte)
            if head.suffix(4) == [13, 10, 13, 10] { break }
        }
        let total = mebibytes << 20
        let answer = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: \(total)\r\n\r\n"
        _ = answer.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        let chunk = [UInt8](repeating: 0x5A, count: 64 << 10)
        var sent = 0
        while sent < total {
            let written = chunk.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { break }
            sent += written
        }
        close(connection)
    }
    thread.start()
    return (URL(string: "http://127.0.0.1:\(port)")!, thread)  // A literal host and a numeric port always parse.
}

let (url, _) = try startServer()
let client = APIClient(
    baseURL: url, transport: nio ? AsyncHTTPClientTransport(maxResponseBytes: 1 << 30) : URLSessionTransport())
let request = HTTPRequestData(method: .get, path: "/download")
let start = ContinuousClock.now
var received = 0
if toFile {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("download-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: file) }
    let call = OperationCall<DownloadFailure>(client: client, operation: "download")
    let response = try await call.send(downloading: request, to: file)
    received = try await call.save(response, to: file)
} else {
    let response = try await client.send(
        request, context: OperationContext("download", delivery: whole ? .whole : .streamed))
    var chunks = 0
    for try await chunk in response.chunks {
        received += chunk.count
        chunks += 1
        // With --slow, a reader slower than loopback: about 1 ms per 16 chunks.
        if slow && chunks % 16 == 0 { try await Task.sleep(for: .milliseconds(1)) }
    }
}
let elapsed = ContinuousClock.now - start
let mode = toFile ? "to a file" : whole ? "whole body" : "streamed"
print(
    "\(nio ? "AsyncHTTPClient" : "URLSession"), \(mode)\(slow ? ", slow reader" : ""): "
        + "\(received >> 20) MiB in \(elapsed), peak resident memory "
        + String(format: "%.1f MiB", peakMiB()))
