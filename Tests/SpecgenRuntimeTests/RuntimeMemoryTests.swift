import Foundation
import SpecgenTestSupport
import Testing

/// A long-running process must not grow with its calls: no per-call object or buffer may stay behind, in the runtime or
/// in the transport under it. `Benchmarks/soak.py` shows it over a million calls per transport; this catches a
/// regression in seconds, counting with glibc's allocator in a process of its own (`runtime-memory-check`).
struct RuntimeMemoryTests {
    /// What `runtime-memory-check` reports.
    struct Report: Decodable {
        /// Heap bytes in use after the warm-up, then after each batch of calls.
        let heap: [Int]
        let calls: Int
        let errors: Int
        let hostCheckFixed: Bool
        /// Heap bytes in use before and after `hostCheckCalls` host checks.
        let hostCheckHeap: [Int]
        let hostCheckCalls: Int
        let hostCheckAnswers: [Bool]
    }

    /// One run for both tests: it keeps both cores busy while it counts, so the other suites' servers wait once.
    static let run = Task {
        try await ProcessRun.product("runtime-memory-check", ["--calls", "5000", "--batches", "3"])
    }

    func report() async throws -> Report {
        let run = try await Self.run.value
        #expect(run.status == 0, "\(run.stderr)")
        return try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
    }

    /// Calls through APIClient (middleware chain, call limit, logging, decoding) keep nothing once they have ended:
    /// 5,000 more calls leave the heap within 8 bytes a call of where it was.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm"), "glibc's counters: Linux only"))
    func callsLeaveNothingBehind() async throws {
        let report = try await report()
        #expect(report.errors == 0)
        #expect(report.heap.count == 4 && report.heap[0] > 100_000, "the allocator's counters are read: \(report.heap)")
        for (before, after) in zip(report.heap.dropLast(), report.heap.dropFirst()) {
            #expect(Double(after - before) / Double(report.calls) < 8, "heap after each batch: \(report.heap)")
        }
    }

    /// FoundationNetworking's host check, which runs before every URLSession request, resolves to the runtime's
    /// version, answers as Foundation's does, and keeps nothing: Foundation's own kept about 176 bytes a call here.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm"), "FoundationNetworking: Linux only"))
    func urlSessionHostCheckKeepsNothing() async throws {
        let report = try await report()
        #expect(report.hostCheckFixed)
        // An address and a name that match, another host, user info and IPv6, not a URL: as Foundation answers each.
        #expect(report.hostCheckAnswers == [true, true, false, true, false])
        let heap = try #require(report.hostCheckHeap.count == 2 ? report.hostCheckHeap : nil)
        #expect(Double(heap[1] - heap[0]) / Double(report.hostCheckCalls) < 1, "heap before and after: \(heap)")
    }
}
