import Foundation
import SpecgenEmitter
import SpecgenTestSupport
import Testing

/// A generated client in a module whose default isolation is the main actor (an Xcode 26 app target,
/// `.defaultIsolation(MainActor.self)`), with warnings as errors: its top-level types are `nonisolated`, so it
/// compiles and means the same there. App code beside it uses the client on the main actor and in a detached task.
struct DefaultIsolationTests {
    /// The specs whose clients compile there: every model of theirs stores plain properties. A model with a formatted
    /// date or an out-of-line property is stored through a property wrapper, which Swift 6.3 does not let a
    /// `nonisolated` struct hold; those models (Ledger's, PayDesk's) stay on the module's default isolation.
    static let specs =
        SeedAPIs.specPaths + ["Shelf", "Relay"].map { "Tests/Fixtures/\($0)/\($0).yaml" }
        + ["Tests/Fixtures/Todos/Todos.yaml"]

    @Test(arguments: specs)
    func theClientCompilesWhereTheMainActorIsTheDefault(_ path: String) async throws {
        let text = try String(contentsOf: PackagePaths.url(path), encoding: .utf8)
        let module = URL(filePath: path).deletingPathExtension().lastPathComponent
        let files = try #require(Generator.generate(bytes: Array(text.utf8), path: path).files)
        let client = try #require(
            files.first { $0.name == "Client.swift" }?.declarations.first { $0.keyword == "struct" })
        let app = """
            import Foundation

            func onTheMainActor(_ client: \(client.name)) -> any Sendable { client }

            func detached(_ client: \(client.name)) async -> Bool {
                await Task.detached { [client] in _ = client; return true }.value
            }
            """
        let compilation = try await GeneratedModule.typecheck(
            files.map { ($0.name, $0.contents) }, sources: [("App.swift", app)], module: module,
            flags: GeneratedModule.targetFlags + ["-default-isolation", "MainActor"])
        #expect(compilation.succeeded, "\(compilation.diagnostics.prefix(3000))")
    }
}
