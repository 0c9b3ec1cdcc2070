// Makes N calls through the generated Chatist client (`getTicket`, a ticket of 20 messages) at concurrency C against
// `soak-server`, checks every answer (the ticket's ID is the one asked for, with its 20 messages), and samples this
// process's resident memory and the C heap's bytes in use after every tenth of the calls. Prints one JSON object:
// the samples, the latency percentiles and the counts. `Benchmarks/soak.py` starts the server, runs this once per
// transport and writes the table.
//
// Usage: soak-bench --server URL [--calls 1000000] [--concurrency 200] [--transport urlsession|async-http-client]
import CHeapBytes  // Tests/CHeapCounter, the heap counter RuntimeMemoryTests uses
import Chatist
import Foundation
import SpecgenAsyncHTTPClient
import SpecgenRuntime
import Synchronization

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
guard let serverText = option("--server"), let server = URL(string: serverText) else {
    FileHandle.standardError.write(Data("usage: soak-bench --server URL [--calls N] [--concurrency C]\n".utf8))
    exit(64)
}
let calls = option("--calls").flatMap(Int.init) ?? 1_000_000
let concurrency = option("--concurrency").flatMap(Int.init) ?? 200
let transportName = option("--transport") ?? "urlsession"

/// Resident memory of this process, in bytes, from `/proc/self/statm`.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Latencies in a fixed log-linear histogram (64 buckets per power of two of microseconds, about 1.1% wide), so
/// recording a call allocates nothing and the measurement does not grow with the run.
final class Latencies: Sendable {
    private static let perOctave = 64
    private let buckets: Mutex<[Int]>

    init() {
        buckets = Mutex([Int](repeating: 0, count: 40 * Self.perOctave))
    }

    private static func bucket(_ micros: Int) -> Int {
        guard micros >= Self.perOctave else { return max(micros, 0) }
        let octave = Int.bitWidth - micros.leadingZeroBitCount - 7  // micros >> octave is in 64..<128
        return (octave + 1) * Self.perOctave + (micros >> octave) - Self.perOctave
    }

    private static func lowerBound(_ bucket: Int) -> Int {
        guard bucket >= Self.perOctave else { return bucket }
        let octave = bucket / Self.perOctave - 1
        return (bucket % Self.perOctave + Self.perOctave) << octave
    }

    func record(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let micros = Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000)
        let index = min(Self.bucket(micros), 40 * Self.perOctave - 1)
        buckets.withLock { $0[index] += 1 }
    }

    /// The latency below which `fraction` of the calls fell, in milliseconds.
    func percentile(_ fraction: Double) -> Double {
        buckets.withLock { counts in
            let total = counts.reduce(0, +)
            let wanted = Int((Double(total) * fraction).rounded(.up))
            var seen = 0
            for (index, count) in counts.enumerated() {
                seen += count
                if seen >= max(wanted, 1) { return Double(Self.lowerBound(index)) / 1000 }
            }
            return 0
        }
    }
}

let transport: any Transport =
    switch transportName {
    case "async-http-client": AsyncHTTPClientTransport()
    default: URLSessionTransport()
    }
let client = ChatistClient(baseURL: server, apiKey: "key_soak", transport: transport)
let latencies = Latencies()
let next = Atomic<Int>(0)
let done = Atomic<Int>(0)
let errors = Atomic<Int>(0)
let wrong = Atomic<Int>(0)
let samples = Mutex<[(calls: Int, bytes: Int, heap: Int)]>([(0, residentBytes(), specgen_heap_bytes_in_use())])
let firstError = Mutex<String?>(nil)
let clock = ContinuousClock()
let started = clock.now

await withTaskGroup(of: Void.self) { group in
    for _ in 0..<concurrency {
        group.addTask {
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < calls else { return }
                let id = "t\(index)"
                let start = clock.now
                do {
                    let ticket = try await client.getTicket(id)
                    if ticket.id != id || ticket.messages.count != 20 { wrong.add(1, ordering: .relaxed) }
                } catch {
                    errors.add(1, ordering: .relaxed)
                    firstError.withLock { $0 = $0 ?? "\(error)" }
                }
                latencies.record(clock.now - start)
                let count = done.add(1, ordering: .relaxed).newValue
                if count % max(calls / 10, 1) == 0 {
                    let bytes = residentBytes()
                    let heap = specgen_heap_bytes_in_use()
                    samples.withLock { $0.append((count, bytes, heap)) }
                }
            }
        }
    }
}

let seconds = Double((clock.now - started).components.seconds)
    + Double((clock.now - started).components.attoseconds) / 1e18
let report: [String: Any] = [
    "transport": transportName,
    "calls": calls,
    "concurrency": concurrency,
    "errors": errors.load(ordering: .relaxed),
    "wrong": wrong.load(ordering: .relaxed),
    "first_error": firstError.withLock { $0 } ?? "",
    "seconds": seconds,
    "samples": samples.withLock { $0.sorted { $0.calls < $1.calls }.map { [$0.calls, $0.bytes, $0.heap] } },
    "p50_ms": latencies.percentile(0.5),
    "p90_ms": latencies.percentile(0.9),
    "p99_ms": latencies.percentile(0.99),
    "max_ms": latencies.percentile(1),
]
let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
print(String(decoding: json, as: UTF8.self))
