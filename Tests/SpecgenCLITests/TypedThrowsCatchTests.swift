import Foundation
import SpecgenEmitter
import SpecgenTestSupport
import Testing

/// Swift 6.3 crashes compiling a `catch` of one case of a typed error that lets the others propagate, when the error
/// type is not trivially copyable and the clause uses `??` or `!` ("Found outside of lifetime use?!"). These tests
/// hold the smallest program that shows it, the shapes a generated error type could take (each crashes: no shape
/// avoids it, so the clients keep their enums and typed throws), and the catch the docs teach, which compiles.
/// The day the compiler is fixed, the first test fails: then the docs' note can go.
struct TypedThrowsCatchTests {
    /// What compiling one file on to SIL, where the crash happens, gives.
    enum Outcome: Equatable {
        case compiles, crashes
        case fails(String)
    }

    static func outcome(_ source: String) async throws -> Outcome {
        try await outcome(GeneratedModule.typecheck([("Catch.swift", source)], module: "Catch", throughSIL: true))
    }

    static func outcome(_ compilation: GeneratedModule.Compilation) -> Outcome {
        if compilation.succeeded { return .compiles }
        return compilation.diagnostics.contains("fatal error encountered during compilation")
            ? .crashes : .fails(String(compilation.diagnostics.prefix(1500)))
    }

    static let smallest = """
        enum E: Error { case a(String?), b }
        func thrower() throws(E) {}
        func natural(_ s: String?) throws {
            do { try thrower() } catch .a { print(s ?? "?") }
        }
        """

    @Test func theSmallestProgramCrashesTheCompiler() async throws {
        #expect(try await Self.outcome(Self.smallest) == .crashes)
        // A trivially copyable payload, or a clause without `??`, compiles.
        #expect(
            try await Self.outcome(Self.smallest.replacingOccurrences(of: "String?), b", with: "Int), b")) == .compiles)
        #expect(
            try await Self.outcome(Self.smallest.replacingOccurrences(of: "s ?? \"?\"", with: "s as Any")) == .compiles)
    }

    /// The shapes an error type with a body could take, each with its natural catch: all crash.
    @Test(arguments: [
        "final class Body: Sendable { let message: String? = nil }\nenum E: Error { case a(Body), b }",
        "struct Body: Sendable { let message: String? }\nenum E: Error { case a(Body), b }",
        "struct Body: Sendable { let message: String? }\nindirect enum E: Error { case a(Body), b }",
    ])
    func everyShapeOfABodyCrashes(_ declaration: String) async throws {
        let source =
            declaration + """

                func thrower() throws(E) {}
                func natural() throws {
                    do { try thrower() } catch .a(let body) { print(body.message ?? "?") }
                }
                """
        #expect(try await Self.outcome(source) == .crashes)
    }

    /// The catch Docs/GeneratedCode.md teaches, against a generated client: the clause of one case, then a plain
    /// `catch` that rethrows the others. It compiles, in a function that throws untyped errors as app code does.
    @Test func theDocumentedCatchCompilesAgainstAGeneratedClient() async throws {
        let text = try String(contentsOf: PackagePaths.url("Specs/Keyz.yaml"), encoding: .utf8)
        let files = try #require(Generator.generate(bytes: Array(text.utf8), path: "Specs/Keyz.yaml").files)
        let app = """
            func register(_ keyz: KeyzClient, _ account: RegisterModel) async throws -> String {
                do {
                    return try await keyz.registerUser(account).id
                } catch .emailAlreadyExists(let body) {
                    return body.error ?? "This email is taken"
                } catch {
                    throw error
                }
            }
            """
        let compilation = try await GeneratedModule.typecheck(
            files.map { ($0.name, $0.contents) }, sources: [("App.swift", app)], module: "Keyz",
            throughSIL: true)
        #expect(Self.outcome(compilation) == .compiles)
        // Without the last clause, the same code crashes the compiler.
        let natural = app.replacingOccurrences(of: "\n    } catch {\n        throw error\n    }", with: "\n    }")
        #expect(natural != app)
        let crashed = try await GeneratedModule.typecheck(
            files.map { ($0.name, $0.contents) }, sources: [("App.swift", natural)], module: "Keyz",
            throughSIL: true)
        #expect(Self.outcome(crashed) == .crashes)
    }
}
