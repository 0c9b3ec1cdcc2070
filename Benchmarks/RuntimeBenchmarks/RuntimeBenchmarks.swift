// One call through each client with the network replaced by memory, on ordo-one/package-benchmark: Specgen's
// generated client, the same call written by hand in the seeds' style (URLRequest + JSONDecoder), and the client
// swift-openapi-generator writes from the exported OpenAPI document, side by side in one run.
//
//     swift package benchmark                                                  # wall clock and mallocs per call
//     swift package benchmark thresholds check                                 # fail when a figure regressed
//     swift package --allow-writing-to-package-directory benchmark thresholds update   # accept the new figures
//
// The committed thresholds (Thresholds/) are the p90 of a run on the reference machine; a check fails when a
// benchmark allocates 2% more than them or takes 25% longer. Times depend on the machine: on another one, record
// its own thresholds from the main branch first (`thresholds update`), then check the change against them.
import Benchmark
import RuntimeCalls

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 100,
        maxDuration: .seconds(2),
        maxIterations: 20_000,
        thresholds: [
            .wallClock: BenchmarkThresholds(relative: [.p50: 25, .p90: 25]),
            .mallocCountTotal: BenchmarkThresholds(relative: [.p90: 2]),
        ]
    )

    let handwritten = HandwrittenCalls()
    let specgen = SpecgenCalls()
    let peer = PeerCalls()
    let contenders:
        [(
            name: String, getTicket: @Sendable () async throws -> Void,
            loginUser: @Sendable () async throws -> Void, sendMessage: @Sendable () async throws -> Void
        )] = [
            ("handwritten", handwritten.getTicket, handwritten.loginUser, handwritten.sendMessage),
            ("specgen", specgen.getTicket, specgen.loginUser, specgen.sendMessage),
            ("peer", peer.getTicket, peer.loginUser, peer.sendMessage),
        ]
    // Names without spaces: the thresholds check looks its files up by the names as written.
    for contender in contenders {
        Benchmark("Chatist_getTicket_20_messages-\(contender.name)") { benchmark in
            for _ in benchmark.scaledIterations { try await contender.getTicket() }
        }
        Benchmark("Keyz_loginUser_form-\(contender.name)") { benchmark in
            for _ in benchmark.scaledIterations { try await contender.loginUser() }
        }
        Benchmark("Chatist_sendMessage_1MiB_multipart-\(contender.name)") { benchmark in
            for _ in benchmark.scaledIterations { try await contender.sendMessage() }
        }
    }
}
