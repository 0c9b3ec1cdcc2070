import Foundation
import SpecgenEmitter
import SpecgenTestSupport
import Testing

/// A generated client in a module whose default isolation is the main actor (an Xcode 26 app target,
/// `.defaultIsolation(MainActor.self)`), with warnings as errors: its top-level types are `nonisolated`, so it
/// compiles and means the same there. App code beside it calls the client and decodes every model, on the main actor
/// and in a detached task.
struct DefaultIsolationTests {
    /// The seed APIs, the fixture clients (paging, auth and streams, unions and formatted dates, an import) and one
    /// with webhooks.
    static let specs = SeedAPIs.specPaths + FixtureAPIs.specPaths + ["Tests/Fixtures/Todos/Todos.yaml"]

    @Test(arguments: specs)
    func theClientCompilesWhereTheMainActorIsTheDefault(_ path: String) async throws {
        let text = try String(contentsOf: PackagePaths.url(path), encoding: .utf8)
        let module = URL(filePath: path).deletingPathExtension().lastPathComponent
        let files = try #require(Generator.generate(bytes: Array(text.utf8), path: path).files)
        let declarations = files.flatMap(\.declarations)
        let client = try #require(
            files.first { $0.name == "Client.swift" }?.declarations.first { $0.keyword == "struct" })
        // Every operation; `with(_:)`, overloaded for options, redirects and limits, is not one.
        let methods = declarations.filter { $0.owner == client.name && $0.keyword == "func" && $0.name != "with" }
        let calls = methods.compactMap { Self.call($0.name, $0.signature) }
        #expect(!calls.isEmpty)
        let models = files.filter { $0.name.hasPrefix("Models") }.flatMap(\.declarations).filter {
            $0.owner == nil && $0.keyword == "struct" && $0.signature.contains("Codable")
        }
        #expect(!models.isEmpty)
        let decodings = models.map { "    _ = try? JSONDecoder().decode(\($0.name).self, from: data)" }
        let app = """
            import Foundation

            func onTheMainActor(_ client: \(client.name), data: Data) async -> any Sendable {
                await callAll(client)
                decodeAll(data)
                return client
            }

            func detached(_ client: \(client.name), data: Data) async -> Bool {
                await Task.detached { [client] in
                    await callAll(client)
                    decodeAll(data)
                    return true
                }.value
            }

            /// Stands for any argument: the code is type-checked, never run.
            nonisolated func placeholder<T>() -> T { fatalError() }

            nonisolated func callAll(_ client: \(client.name)) async {
            \(calls.map { "    _ = try? await client.\($0)" }.joined(separator: "\n"))
            }

            nonisolated func decodeAll(_ data: Data) {
            \(decodings.joined(separator: "\n"))
            }
            """
        let compilation = try await GeneratedModule.typecheck(
            files.map { ($0.name, $0.contents) }, sources: [("App.swift", app)], module: module,
            flags: GeneratedModule.targetFlags + ["-default-isolation", "MainActor"])
        #expect(compilation.succeeded, "\(compilation.diagnostics.prefix(3000))")
    }

    /// A call of `name` with a placeholder for each argument without a default, from its signature
    /// `(_ id: String, limit: Int? = nil) async throws(E) -> T`: `name(placeholder())`; nil for a generic function.
    static func call(_ name: String, _ signature: String) -> String? {
        guard signature.hasPrefix("(") else { return nil }
        var depth = 0
        var parameter = ""
        var parameters: [String] = []
        var previous: Character = " "
        for character in signature.dropFirst() {
            defer { previous = character }
            if depth == 0 && (character == "," || character == ")") {
                if !parameter.trimmingCharacters(in: .whitespaces).isEmpty { parameters.append(parameter) }
                parameter = ""
                if character == ")" { break }
                continue
            }
            if "(<[".contains(character) { depth += 1 }
            if ")]".contains(character) || (character == ">" && previous != "-") { depth -= 1 }
            parameter.append(character)
        }
        let arguments = parameters.filter { !$0.contains(" = ") }.map { parameter in
            // A keyword is escaped as a parameter (`\`where\``), not as a label in a call.
            let label = parameter.split(separator: ":")[0].split(separator: " ")[0].filter { $0 != "`" }
            return label == "_" ? "placeholder()" : "\(label): placeholder()"
        }
        return "\(name)(\(arguments.joined(separator: ", ")))"
    }

    @Test func aCallPassesAPlaceholderForEachArgumentWithoutADefault() {
        #expect(Self.call("list", "() async throws(E) -> T") == "list()")
        #expect(Self.call("list", "(limit: Int? = nil, tags: [String: Int] = [:]) async throws(E) -> T") == "list()")
        #expect(
            Self.call("get", "(id: String, limit: Int? = nil) async throws(E) -> T") == "get(id: placeholder())")
        #expect(
            Self.call("send", "(_ body: Pair<A, B>, on progress: @escaping (P) -> Void) async throws(E) -> T")
                == "send(placeholder(), on: placeholder())")
        #expect(Self.call("name", ": String") == nil)
    }
}
