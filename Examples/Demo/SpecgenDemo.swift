import ArgumentParser
import ExampleFlows
import Foundation
import SpecgenMock
import SpecgenMockServer
import SpecgenWire
import Synchronization

/// `specgen-demo`: starts a mock of each API from its spec on a free loopback port and runs the documented app
/// flows against them through the generated clients, printing each step and a summary.
@main
struct SpecgenDemo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "specgen-demo",
        abstract:
            "Run the five documented app flows through the generated clients against mocks served from the specs.",
        discussion: "Exits 1 when a flow fails or a request the clients send does not match its spec."
    )

    @Argument(help: "Flows to run (\(ExampleFlows.all.map(\.name).joined(separator: ", "))); all by default.")
    var flows: [String] = []

    @Option(help: "The folder holding <API>.yaml for each flow; ./Specs, else the package's own Specs folder.")
    var specs: String?

    @Flag(help: "Print the mock servers' request log (one redacted line per request).")
    var verbose = false

    func validate() throws {
        let known = ExampleFlows.all.map(\.name)
        for name in flows where !known.contains(where: { $0.lowercased() == name.lowercased() }) {
            throw ValidationError("unknown flow '\(name)'; choose from \(known.joined(separator: ", "))")
        }
    }

    func run() async throws {
        let folder = try specsFolder()
        let selected = ExampleFlows.all.filter { flow in
            flows.isEmpty || flows.contains { $0.lowercased() == flow.name.lowercased() }
        }
        var results: [FlowResult] = []
        for flow in selected {
            results.append(await run(flow, specPath: "\(folder)/\(flow.name).yaml"))
        }
        print("\nSummary")
        for result in results {
            let verdict = result.failure == nil ? "passed" : "FAILED"
            print(
                "  \(result.name.padding(toLength: 11, withPad: " ", startingAt: 0)) \(verdict)  "
                    + "\(result.steps) steps, \(result.requests) requests, \(result.mismatches) spec mismatches")
        }
        let failed = results.filter { $0.failure != nil }
        print(
            failed.isEmpty ? "All \(results.count) flows passed." : "\(failed.count) of \(results.count) flows failed.")
        if !failed.isEmpty { throw ExitCode(1) }
    }

    private struct FlowResult {
        var name: String
        var steps: Int
        var requests: Int
        var mismatches: Int
        var failure: String?
    }

    private func run(_ flow: ExampleFlows.Flow, specPath: String) async -> FlowResult {
        var result = FlowResult(name: flow.name, steps: 0, requests: 0, mismatches: 0)
        let service: MockService
        let server: MockHTTPServer
        let url: URL
        do {
            service = try MockService(contentsOf: specPath)
            var log: (@Sendable (String) -> Void)?
            if verbose { log = { line in print("      mock: \(line)") } }
            server = try MockHTTPServer(service: service, log: log)
            url = try await server.start()
        } catch {
            print("\n\(flow.name): cannot start its mock\n\(error)")
            result.failure = "\(error)"
            return result
        }
        print("\n\(flow.name): \(flow.summary)\n  mock of \(specPath) at \(url)")
        let steps = StepCounter()
        do {
            try await flow.run(
                FlowContext(baseURL: url) { line in
                    steps.increment()
                    print("  ✓ \(line)")
                })
        } catch {
            print("  ✗ \(error)")
            result.failure = "\(error)"
        }
        await server.stop(timeout: 0)
        let history = service.history
        result.steps = steps.value
        result.requests = history.count
        for record in history where !record.problems.isEmpty {
            result.mismatches += 1
            print(
                "  ✗ the mock rejected \(record.method) \(record.path): "
                    + record.problems.map(\.description).joined(separator: "; "))
        }
        if result.mismatches > 0, result.failure == nil { result.failure = "requests did not match the spec" }
        return result
    }

    /// `--specs`, else `./Specs`, else the Specs folder of the package this demo was built from.
    private func specsFolder() throws -> String {
        if let specs { return specs }
        if FileManager.default.fileExists(atPath: "Specs/Keyz.yaml") { return "Specs" }
        let packageSpecs = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Specs").path(percentEncoded: false)
        if FileManager.default.fileExists(atPath: packageSpecs + "/Keyz.yaml") { return packageSpecs }
        throw ValidationError("cannot find the specs; pass --specs <folder with Keyz.yaml and the others>")
    }
}

/// Counts completed steps; the report closure is called from the flow's task.
private final class StepCounter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
