import Foundation
import SpecgenTestSupport
import Testing

/// The build plugins' tool, `specgen-generate`: what a package that generates its clients while it builds compiles.
struct PluginToolTests {
    /// The modules the built tool holds, found by their mangled names in its symbols (`11SpecgenDiff`): the spec
    /// reader and the emitter, never the diff, the importer, the surface, the wire semantics, the mock or a server.
    /// `specgen`, which holds them all, shows the search finds them.
    @Test func thePluginsToolLinksOnlyTheSpecReaderAndTheEmitter() throws {
        func modules(in product: String) throws -> [String] {
            let binary = try Data(contentsOf: PackagePaths.productsDirectory.appendingPathComponent(product))
            let names = [
                "SpecgenCommands", "SpecgenDiff", "SpecgenEmitter", "SpecgenMock", "SpecgenOpenAPI", "SpecgenSpec",
                "SpecgenSurface", "SpecgenWire", "SpecgenYAML", "FlyingFox",
            ]
            return names.filter { binary.range(of: Data("\($0.count)\($0)".utf8)) != nil }
        }
        #expect(
            try modules(in: "specgen-generate") == ["SpecgenCommands", "SpecgenEmitter", "SpecgenSpec", "SpecgenYAML"])
        #expect(
            try modules(in: "specgen") == [
                "SpecgenCommands", "SpecgenDiff", "SpecgenEmitter", "SpecgenOpenAPI", "SpecgenSpec", "SpecgenSurface",
                "SpecgenWire", "SpecgenYAML",
            ])
    }

    /// The tool writes, byte for byte, what `specgen generate` writes.
    @Test func thePluginsToolGeneratesWhatSpecgenGenerates() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-tool-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tool = folder.appendingPathComponent("tool").path
        let cli = folder.appendingPathComponent("cli").path
        let byTool = try await ProcessRun.product("specgen-generate", ["generate", "Specs/Chatist.yaml", "-o", tool])
        #expect(byTool.status == 0, "\(byTool.stderr)")
        let byCLI = try await ProcessRun.product("specgen", ["generate", "Specs/Chatist.yaml", "-o", cli])
        #expect(byCLI.status == 0, "\(byCLI.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: tool).sorted()
        #expect(names.count == 20)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli).sorted() == names)
        for name in names {
            let a = FileManager.default.contents(atPath: tool + "/" + name)
            #expect(a != nil && a == FileManager.default.contents(atPath: cli + "/" + name), "\(name)")
        }
    }
}
