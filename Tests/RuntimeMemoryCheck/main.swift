// Counts the heap bytes that calls leave allocated, in a process of its own so that no other test's allocations are
// counted (RuntimeMemoryTests runs it). Two measurements, each after a warm-up, with glibc's allocator counters:
//
// - `calls`: calls through APIClient (its middlewares, the call limit, logging, decoding) and a transport that answers
//   from memory, in batches; the heap in use after the warm-up and after each batch. Nothing may stay behind.
// - `hostCheck`: FoundationNetworking's per-request host check, called as FoundationNetworking calls it (the symbol
//   it resolves), on a URL of each kind; the heap before and after, and what each call answered. On Linux the runtime
//   links a version that frees what it parses; Foundation's own keeps about 140 bytes a call.
//
// Usage: runtime-memory-check [--calls 2000] [--batches 3] [--warmup 1000] [--concurrency 8]
// Prints one line of JSON: heap, calls, errors, hostCheckFixed, hostCheckHeap, hostCheckCalls, hostCheckAnswers.
import CHeapCounter
import Foundation
import HTTPTypes
import SpecgenRuntime

#if canImport(Glibc)
    import Glibc
#endif

#if canImport(CURLSessionFixes)
    import CURLSessionFixes
    let hostCheckFixed = specgen_urlsession_host_check_is_fixed()
#else
    let hostCheckFixed = false
#endif

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let calls = option("--calls").flatMap(Int.init) ?? 2000
let batches = option("--batches").flatMap(Int.init) ?? 3
let warmup = option("--warmup").flatMap(Int.init) ?? 1000
let concurrency = option("--concurrency").flatMap(Int.init) ?? 8

/// The answer each call decodes.
struct Item: Decodable {
    let id: String
    let tags: [String]
}

/// Answers `GET /items/{id}` from memory, as a server would.
struct EchoTransport: Transport {
    func send(_ request: HTTPRequestData, context: OperationContext) async throws -> HTTPResponseData {
        let id = request.path.split(separator: "/").last.map(String.init) ?? ""
        return HTTPResponseData(
            status: .ok, headerFields: [.contentType: "application/json"],
            body: Data(#"{"id":"\#(id)","tags":["a","b"]}"#.utf8))
    }
}

let client = APIClient(baseURL: URL(filePath: "/"), transport: EchoTransport())

/// Runs `count` calls, `concurrency` at a time, and returns how many failed or answered wrong.
func batch(_ count: Int) async -> Int {
    await withTaskGroup(of: Int.self) { group in
        for worker in 0..<concurrency {
            group.addTask {
                var failures = 0
                for index in stride(from: worker, to: count, by: concurrency) {
                    let id = "i\(index)"
                    let request = HTTPRequestData(method: .get, path: "/items/\(id)")
                    do {
                        let response = try await client.send(request, operation: "Check.getItem")
                        let item = try client.decode(Item.self, from: response, operation: "Check.getItem")
                        if item.id != id || item.tags.count != 2 { failures += 1 }
                    } catch {
                        failures += 1
                    }
                }
                return failures
            }
        }
        return await group.reduce(0, +)
    }
}

var errors = await batch(warmup)
var heap = [specgen_heap_bytes_in_use()]
for _ in 0..<batches {
    errors += await batch(calls)
    heap.append(specgen_heap_bytes_in_use())
}

/// The host check FoundationNetworking calls before each request, found as its calls find it; nil off Linux.
typealias HostCheck = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Bool
var hostCheckHeap: [Int] = []
var hostCheckAnswers: [Bool] = []
let hostCheckCalls = 20_000
#if canImport(Glibc)
    _ = URLSessionTransport().session  // FoundationNetworking is loaded.
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "CFURLSessionCurlHostIsEqual") {
        let check = unsafeBitCast(symbol, to: HostCheck.self)
        let cases = [
            ("http://127.0.0.1:8080/items/1?q=a", "127.0.0.1"), ("https://api.example.com/v1", "api.example.com"),
            ("https://api.example.com/v1", "example.com"), ("https://user@[::1]:443/", "[::1]"), ("not a url", "x"),
        ]
        hostCheckAnswers = cases.map { url, host in check(url, host) }
        hostCheckHeap.append(specgen_heap_bytes_in_use())
        for index in 0..<hostCheckCalls {
            _ = check("http://127.0.0.1:8080/items/\(index % 16)?page=\(index % 7)", "127.0.0.1")
        }
        hostCheckHeap.append(specgen_heap_bytes_in_use())
    }
#endif

let report: [String: Any] = [
    "heap": heap, "calls": calls, "errors": errors, "hostCheckFixed": hostCheckFixed,
    "hostCheckHeap": hostCheckHeap, "hostCheckCalls": hostCheckCalls, "hostCheckAnswers": hostCheckAnswers,
]
let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
print(String(decoding: json, as: UTF8.self))
