import Foundation
import SpecgenEmitter
import SpecgenSpec
import SpecgenTestSupport
import Testing

/// The spec a team writes first: a model named like the API, a `const` form field. It lints clean, and its client
/// compiles with warnings as errors beside app code that uses it.
struct FirstSpecTests {
    static let spec = """
        specgen: 1
        name: Todo
        servers: {default: "https://todo.example.com"}
        models:
          Todo: {properties: {id: string, title: string}}
          Token: {properties: {access_token: string}}
        endpoints:
          getTodo: {request: GET /todo, response: Todo}
          login:
            request: POST /login
            query: {v: {type: string, const: "2"}}
            body: {form: {grant_type: {type: string, const: password}, username: string}}
            response: Token
          loginJSON:
            request: POST /login.json
            body: {json: {grant_type: {type: string, const: password}, username: string}}
            response: Token
        """

    @Test func aModelNamedLikeTheAPIAndConstantFieldsCompile() async throws {
        let result = Generator.generate(bytes: Array(Self.spec.utf8), path: "todo.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let files = try #require(result.files)
        // A constant is no parameter: a caller could only send a value the server refuses.
        let methods = files.flatMap(\.declarations).filter { $0.owner == "TodoClient" && $0.keyword == "func" }
        #expect(
            methods.filter { $0.name.hasPrefix("login") }.map(\.text).sorted() == [
                "func TodoClient.login(username: String) async throws(TodoError) -> Token",
                "func TodoClient.loginJSON(username: String) async throws(TodoError) -> Token",
            ])
        let operations = files.filter { $0.name.hasPrefix("Operations") }.map(\.contents).joined()
        #expect(operations.contains("let grantType: String = \"password\"\n"))
        #expect(operations.contains("let v: String = \"2\"\n"))
        let app = """
            func show(_ client: TodoClient) async throws -> String {
                let todo: Todo = try await client.getTodo()
                _ = try await client.login(username: "ada")
                return todo.title + Todo(id: "t1", title: "Tea").title
            }
            """
        let compilation = try await GeneratedModule.typecheck(
            files.map { ($0.name, $0.contents) }, sources: [("App.swift", app)], module: "Todo",
            flags: GeneratedModule.targetFlags)
        #expect(compilation.succeeded, "\(compilation.diagnostics.prefix(2000))")
    }
}
