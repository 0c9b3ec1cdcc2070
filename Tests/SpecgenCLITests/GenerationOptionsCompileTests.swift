import Foundation
import SpecgenEmitter
import SpecgenSpec
import SpecgenTestSupport
import Testing

/// `specgen generate --options`: the access level the options ask for, and a large API cut to the operations an app
/// calls, each compiled with warnings as errors beside app code in the same module.
struct GenerationOptionsCompileTests {
    /// Every access level compiles for the clients of the seeds and a fixture, and declares nothing more visible.
    @Test(arguments: GenerationOptions.Access.allCases)
    func theClientCompilesAtEveryAccessLevel(_ access: GenerationOptions.Access) async throws {
        for path in ["Specs/Chatist.yaml", "Tests/Fixtures/Ledger/Ledger.yaml", "Tests/Fixtures/Todos/Todos.yaml"] {
            let folder = try makeTemporaryFolder("access")
            defer { try? FileManager.default.removeItem(at: folder) }
            let options = folder.appendingPathComponent("specgen-options.yaml")
            try "access: \(access.rawValue)\n".write(to: options, atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("out").path
            let run = try await ProcessRun.product(
                "specgen", ["generate", path, "--options", options.path, "-o", output])
            #expect(run.status == 0, "\(run.stderr)")
            let files = try Self.files(in: output)
            let lines: [Substring] = files.flatMap { file in
                file.contents.split(separator: "\n").map { line in line.drop { $0 == " " } }
            }
            let publicLines = lines.filter { $0.hasPrefix("public ") }
            let packageLines = lines.filter { $0.hasPrefix("package ") }
            switch access {
            case .public:
                #expect(!publicLines.isEmpty && packageLines.isEmpty)
            case .package:
                #expect(publicLines.isEmpty && !packageLines.isEmpty)
            case .internal:
                #expect(publicLines.isEmpty && packageLines.isEmpty, "\(publicLines.prefix(3))")
            }
            let module = URL(filePath: path).deletingPathExtension().lastPathComponent
            let client = module + "Client"
            // App code in the module, which sees the client at any access level.
            let app = "func makeClient(_ client: \(client)) -> any Sendable { client }\n"
            let compilation = try await GeneratedModule.typecheck(
                files, sources: [("App.swift", app)], module: module,
                flags: GeneratedModule.targetFlags + ["-package-name", "App"])
            #expect(compilation.succeeded, "\(path) \(access): \(compilation.diagnostics.prefix(2000))")
        }
    }

    /// A synthetic 800-operation API (40 resources of 20 operations, each answering a model of its own and sharing
    /// one per resource), cut to one resource's 20 operations: only what they reach is generated, and it compiles.
    @Test func eightHundredOperationsCutToTwentyCompileAlone() async throws {
        var spec = """
            specgen: 1
            name: Large
            servers: {default: "https://large.example.com"}
            errors:
              404: {case: notFound, body: Problem}
            models:
              Problem: {properties: {message: string}}

            """
        for resource in 0..<40 {
            spec += "  Owner\(resource): {properties: {name: string}}\n"
            for operation in 0..<20 {
                spec += "  Item\(resource)x\(operation): {properties: {id: string, owner: Owner\(resource)}}\n"
            }
        }
        spec += "endpoints:\n"
        for resource in 0..<40 {
            for operation in 0..<20 {
                spec +=
                    "  get\(resource)x\(operation): {request: GET /group\(resource)/items\(operation), "
                    + "response: Item\(resource)x\(operation)}\n"
            }
        }
        let folder = try makeTemporaryFolder("cut")
        defer { try? FileManager.default.removeItem(at: folder) }
        let specPath = folder.appendingPathComponent("Large.yaml")
        try spec.write(to: specPath, atomically: true, encoding: .utf8)
        let options = folder.appendingPathComponent("specgen-options.yaml")
        try "operations:\n  include: [/group7/**]\n  exclude: [get7x19]\n".write(
            to: options, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out").path
        let run = try await ProcessRun.product(
            "specgen",
            ["generate", specPath.path, "--options", options.path, "-o", output, "--source-name", "Large.yaml"])
        #expect(run.status == 0, "\(run.stderr)")

        // The same generation in process, for the declarations the emitters recorded.
        var diagnostics: [Diagnostic] = []
        let read = try #require(
            GenerationOptions.load(
                bytes: Array(try Data(contentsOf: options)), path: "o.yaml", diagnostics: &diagnostics))
        let generated = try #require(
            Generator.generate(bytes: Array(spec.utf8), path: "Large.yaml", options: read).files)
        let declarations = generated.flatMap(\.declarations)
        let models = Set(
            generated.filter { $0.name.hasPrefix("Models") }.flatMap(\.declarations).filter {
                $0.owner == nil && $0.keyword == "struct"
            }.map(\.name))
        #expect(models == Set(["Problem", "Owner7"] + (0..<19).map { "Item7x\($0)" }))
        let methods = declarations.filter { $0.owner == "LargeClient" && $0.keyword == "func" && $0.name != "with" }
        #expect(methods.map(\.name).sorted() == (0..<19).map { "get7x\($0)" }.sorted())

        let files = try Self.files(in: output)
        #expect(files.map(\.contents) == generated.map(\.contents))
        let compilation = try await GeneratedModule.typecheck(
            files, module: "Large", flags: GeneratedModule.targetFlags)
        #expect(compilation.succeeded, "\(compilation.diagnostics.prefix(2000))")
    }

    /// The mock is compiled in debug builds only, so a release binary carries none of it, unless the options say
    /// `mock: always`; both builds compile warning-free.
    @Test func theMockIsInDebugBuildsUnlessTheOptionsKeepIt() async throws {
        let text = try String(contentsOf: PackagePaths.url("Specs/Chatist.yaml"), encoding: .utf8)
        let usesMock = ("Preview.swift", "func preview() -> any ChatistAPI { ChatistMock() }\n")
        for builds in GenerationOptions.MockBuilds.allCases {
            var options = GenerationOptions()
            options.mock = builds
            let files = try #require(
                Generator.generate(bytes: Array(text.utf8), path: "Specs/Chatist.yaml", options: options).files
            ).map { ($0.name, $0.contents) }
            for release in [false, true] {
                let alone = try await GeneratedModule.typecheck(
                    files, module: "Chatist", flags: GeneratedModule.targetFlags, release: release)
                #expect(alone.succeeded, "\(builds) release: \(release): \(alone.diagnostics.prefix(1500))")
                let withMock = try await GeneratedModule.typecheck(
                    files, sources: [usesMock], module: "Chatist", flags: GeneratedModule.targetFlags,
                    release: release)
                #expect(withMock.succeeded == (builds == .always || !release), "\(builds) release: \(release)")
            }
        }
    }

    /// A mistake in the options file stops generation, located in the file.
    @Test func aBrokenOptionsFileStopsGeneration() async throws {
        let folder = try makeTemporaryFolder("bad-options")
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = folder.appendingPathComponent("specgen-options.yaml")
        try "access: open\n".write(to: options, atomically: true, encoding: .utf8)
        let run = try await ProcessRun.product(
            "specgen",
            ["generate", "Specs/Keyz.yaml", "--options", options.path, "-o", folder.appendingPathComponent("out").path])
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "\(options.path):1:9: error: unknown access level 'open'; write public, package or internal"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    static func files(in folder: String) throws -> [(name: String, contents: String)] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map {
            ($0, try String(contentsOfFile: folder + "/" + $0, encoding: .utf8))
        }
    }
}
