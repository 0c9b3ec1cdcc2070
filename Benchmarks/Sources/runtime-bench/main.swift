// Times one call through each client with the network replaced by memory: Specgen's generated client, the same
// call written by hand in the seeds' style (URLRequest + JSONDecoder), and swift-openapi-generator's client.
//
// Usage: runtime-bench [--json] [--rounds N] [--round-ms MS]
// Each round times a calibrated batch of calls per implementation, interleaving the implementations so machine
// noise hits all of them alike; the figure is the median over rounds of (batch time / calls).
import Foundation

/// Keeps a value alive so the optimizer cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withUnsafePointer(to: value) { _ = $0 }
}

struct Contender {
    var name: String
    var call: () async throws -> Void
}

struct Scenario {
    var name: String
    var contenders: [Contender]
}

struct Figure: Encodable {
    var scenario: String
    var implementation: String
    var medianNanoseconds: Double
    var minNanoseconds: Double
    var p90Nanoseconds: Double
    var callsPerRound: Int
    var rounds: Int
}

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

func time(_ calls: Int, _ call: () async throws -> Void) async throws -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<calls { try await call() }
    return nanoseconds(clock.now - start)
}

func run(_ scenario: Scenario, rounds: Int, roundNanoseconds: Double) async throws -> [Figure] {
    // Warm up caches and lazy state, then size each batch to about one round's duration.
    var batch: [Int] = []
    for contender in scenario.contenders {
        _ = try await time(50, contender.call)
        let single = try await time(200, contender.call) / 200
        batch.append(max(10, Int(roundNanoseconds / max(single, 1))))
    }
    var samples = Array(repeating: [Double](), count: scenario.contenders.count)
    for _ in 0..<rounds {
        for (index, contender) in scenario.contenders.enumerated() {
            samples[index].append(try await time(batch[index], contender.call) / Double(batch[index]))
        }
    }
    return scenario.contenders.enumerated().map { index, contender in
        let sorted = samples[index].sorted()
        return Figure(
            scenario: scenario.name, implementation: contender.name, medianNanoseconds: sorted[sorted.count / 2],
            minNanoseconds: sorted[0], p90Nanoseconds: sorted[min(sorted.count - 1, sorted.count * 9 / 10)],
            callsPerRound: batch[index], rounds: rounds)
    }
}

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
        let parsed = Int(arguments[index + 1])
    else { return value }
    return parsed
}
let json = arguments.contains("--json")
let rounds = option("--rounds", default: 21)
let roundNanoseconds = Double(option("--round-ms", default: 40)) * 1e6

let specgen = SpecgenCalls()
let handwritten = HandwrittenCalls()
let peer = PeerCalls()
let scenarios = [
    Scenario(
        name: "Chatist getTicket (20 messages)",
        contenders: [
            Contender(name: "handwritten", call: handwritten.getTicket),
            Contender(name: "specgen", call: specgen.getTicket),
            Contender(name: "peer", call: peer.getTicket),
        ]),
    Scenario(
        name: "Keyz loginUser (form-urlencoded)",
        contenders: [
            Contender(name: "handwritten", call: handwritten.loginUser),
            Contender(name: "specgen", call: specgen.loginUser),
            Contender(name: "peer", call: peer.loginUser),
        ]),
    Scenario(
        name: "Chatist sendMessage (multipart, 1 MiB)",
        contenders: [
            Contender(name: "handwritten", call: handwritten.sendMessage),
            Contender(name: "specgen", call: specgen.sendMessage),
            Contender(name: "peer", call: peer.sendMessage),
        ]),
]

var figures: [Figure] = []
for scenario in scenarios {
    figures += try await run(scenario, rounds: rounds, roundNanoseconds: roundNanoseconds)
}
if json {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    print(String(decoding: try encoder.encode(figures), as: UTF8.self))
} else {
    for scenario in scenarios {
        print(scenario.name)
        let base =
            figures.first { $0.scenario == scenario.name && $0.implementation == "handwritten" }?.medianNanoseconds ?? 1
        for figure in figures where figure.scenario == scenario.name {
            let micros = String(format: "%9.2f", figure.medianNanoseconds / 1000)
            let ratio = String(format: "%.2f", figure.medianNanoseconds / base)
            print(
                "  \(figure.implementation.padding(toLength: 12, withPad: " ", startingAt: 0)) \(micros) µs/call  \(ratio)x"
            )
        }
    }
}
