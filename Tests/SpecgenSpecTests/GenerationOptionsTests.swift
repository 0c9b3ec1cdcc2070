import Foundation
import SpecgenSpec
import SpecgenTestSupport
import Testing

/// The options file: what it reads, how it reports a mistake, and which operations and models a selection keeps.
struct GenerationOptionsTests {
    static let spec = """
        specgen: 1
        name: Todos
        servers: {default: "https://todos.example.com"}
        errors:
          404: {case: notFound, body: Problem}
        models:
          Problem: {properties: {message: string}}
          Todo: {properties: {id: string, owner: User}}
          User: {properties: {name: string}}
          Label: {properties: {name: string}}
          Stats: {properties: {count: int}}
        endpoints:
          listTodos: {request: GET /todos, tags: [todos, lists], response: "[Todo]"}
          getTodo: {request: "GET /todos/{id}", path: {id: string}, response: Todo}
          deleteTodo: {request: "DELETE /todos/{id}", path: {id: string}}
          listLabels: {request: "GET /todos/{id}/labels", path: {id: string}, response: "[Label]"}
          stats: {request: GET /stats, tags: admin, response: Stats}
        """

    static func options(_ text: String) -> (GenerationOptions?, [String]) {
        var diagnostics: [Diagnostic] = []
        let options = GenerationOptions.load(bytes: Array(text.utf8), path: "o.yaml", diagnostics: &diagnostics)
        return (options, diagnostics.map(\.description))
    }

    static func select(_ text: String) throws -> (operations: [String], models: [String], warnings: [String]) {
        let options = try #require(Self.options(text).0)
        let spec = try #require(Spec.load(bytes: Array(Self.spec.utf8), path: "todos.yaml").spec)
        let (selected, diagnostics) = spec.selecting(options)
        return (selected.endpoints.map(\.name), selected.models.map(\.name), diagnostics.map(\.description))
    }

    @Test func anEmptyFileAsksForTheDefaults() throws {
        let (options, diagnostics) = Self.options("")
        #expect(options == GenerationOptions())
        #expect(diagnostics.isEmpty)
        #expect(try Self.select("").operations == ["listTodos", "getTodo", "deleteTodo", "listLabels", "stats"])
    }

    @Test func everyMistakeIsReportedWhereItIsWritten() {
        let (options, diagnostics) = Self.options(
            """
            acess: internal
            access: pubic
            operations:
              include: [getTodo, "FETCH /todos", "todos/x", 3]
              exlude: [stats]
            """)
        #expect(options == nil)
        #expect(
            diagnostics == [
                "o.yaml:1:1: error: unknown key 'acess' in 'options'; did you mean 'access'?",
                "o.yaml:2:9: error: unknown access level 'pubic'; did you mean 'public'?",
                "o.yaml:5:3: error: unknown key 'exlude' in 'operations'; did you mean 'exclude'?",
                "o.yaml:4:22: error: cannot read 'FETCH /todos' in 'operations.include' as an operation name, a tag "
                    + "or a path; write a name such as 'getTodo', a tag such as 'tag:admin', a path such as "
                    + "'/todos/*', or a method and a path: 'GET /todos'",
                "o.yaml:4:38: error: cannot read 'todos/x' in 'operations.include' as an operation name, a tag or a "
                    + "path; write a name such as 'getTodo', a tag such as 'tag:admin', a path such as '/todos/*', or "
                    + "a method and a path: 'GET /todos'",
            ])
    }

    @Test func mockBuilds() {
        #expect(Self.options("").0?.mock == .debug)
        #expect(Self.options("mock: always").0?.mock == .always)
        #expect(
            Self.options("mock: release").1 == [
                "o.yaml:1:7: error: unknown value 'release' for 'mock'; write 'debug' (the mock only in debug builds) "
                    + "or 'always'"
            ])
    }

    @Test func accessLevels() {
        for access in GenerationOptions.Access.allCases {
            #expect(Self.options("access: \(access.rawValue)").0?.access == access)
        }
        #expect(GenerationOptions.Access.allCases.map(\.modifier) == ["public ", "package ", ""])
    }

    @Test func namesAndGlobsSelectOperationsAndTheModelsTheyReach() throws {
        let byName = try Self.select("operations: {include: [getTodo]}")
        #expect(byName.operations == ["getTodo"])
        // The API's errors come along: every operation may answer them.
        #expect(byName.models == ["Problem", "Todo", "User"])
        #expect(byName.warnings.isEmpty)

        #expect(try Self.select("operations: {include: [/todos/*]}").operations == ["getTodo", "deleteTodo"])
        #expect(
            try Self.select("operations: {include: [/todos/**]}").operations == [
                "listTodos", "getTodo", "deleteTodo", "listLabels",
            ])
        #expect(try Self.select("operations: {include: [GET /todos/*]}").operations == ["getTodo"])
        #expect(try Self.select("operations: {include: [\"get /todos/{id}\"]}").operations == ["getTodo"])
        let excluded = try Self.select("operations: {include: [/todos/**], exclude: [deleteTodo, /todos/*/labels]}")
        #expect(excluded.operations == ["listTodos", "getTodo"])
        #expect(excluded.models == ["Problem", "Todo", "User"])
        #expect(try Self.select("operations: {exclude: [/todos/**]}").models == ["Problem", "Stats"])
    }

    @Test func tagsSelectTheirOperations() throws {
        #expect(try Self.select("operations: {include: [\"tag:todos\"]}").operations == ["listTodos"])
        #expect(
            try Self.select("operations: {include: [\"tag:admin\", \"tag:lists\"]}").operations == [
                "listTodos", "stats",
            ])
        #expect(
            try Self.select("operations: {exclude: [\"tag:admin\"]}").operations == [
                "listTodos", "getTodo", "deleteTodo", "listLabels",
            ])
        #expect(
            try Self.select("operations: {include: [\"tag:todo\"]}").warnings.first
                == "o.yaml:1:24: warning: 'tag:todo' selects no operation of 'Todos'; did you mean 'tag:todos'?")
    }

    @Test func anEntryThatSelectsNothingIsAWarningWithTheClosestName() throws {
        let selection = try Self.select("operations: {include: [getTodos, /users/**]}")
        #expect(selection.operations.isEmpty)
        #expect(
            selection.warnings == [
                "o.yaml:1:24: warning: 'getTodos' selects no operation of 'Todos'; did you mean 'getTodo'?",
                "o.yaml:1:34: warning: '/users/**' selects no operation of 'Todos'; name an operation of the spec, "
                    + "or a path one of them has",
                "o.yaml:1:24: warning: the options select none of the 5 operations; include at least one operation, "
                    + "or exclude fewer",
            ])
    }
}

/// The options files `Docs/GeneratedCode.md` and the README show are real: each loads without a diagnostic and means
/// what the prose beside it says.
struct GenerationOptionsDocumentationTests {
    static func shownOptions(in document: String) throws -> [String] {
        let markdown = try String(contentsOf: PackagePaths.url(document), encoding: .utf8)
        return markdown.components(separatedBy: "```yaml\n# Sources/Shop/specgen-options.yaml\n").dropFirst().map {
            String($0[..<($0.range(of: "\n```")?.lowerBound ?? $0.endIndex)])
        }
    }

    @Test(arguments: ["Docs/GeneratedCode.md", "README.md"])
    func theShownOptionsLoad(_ document: String) throws {
        let shown = try Self.shownOptions(in: document)
        #expect(shown.count == 1)
        for text in shown {
            var diagnostics: [Diagnostic] = []
            let options = GenerationOptions.load(bytes: Array(text.utf8), path: document, diagnostics: &diagnostics)
            #expect(diagnostics.isEmpty, "\(diagnostics)")
            #expect(options?.access == .internal)
            #expect(options?.include.map(\.text) == ["getProduct", "GET /orders/**"])
        }
    }
}
