import Foundation
import SpecgenMock
import SpecgenMockServer
import SpecgenSpec
import SpecgenTestSupport
import SpecgenWire
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `specgen-mock --stateful` over real sockets: what a `POST` creates is there to read, list, update and delete, and
/// a deleted or never created item is the documented 404. Every answer fits the spec, patterns included.
struct StatefulMockTests {
    static let spec = "Tests/Fixtures/Todos/Todos.yaml"

    /// Sends one request with the token, and returns the status and the JSON body.
    static func send(
        _ method: String, _ url: URL, _ path: String, body: String? = nil
    ) async throws -> (status: Int, body: SpecValue?) {
        var headers = ["Authorization": "Bearer todo-token"]
        if body != nil { headers["Content-Type"] = "application/json" }
        let response = try await SpecgenMockTests.send(
            method, url.appending(path: path), headers: headers, body: body.map { Data($0.utf8) })
        return (response.status, response.body.isEmpty ? nil : JSONText.parse(response.body))
    }

    /// Serves `service` for the duration of `body`.
    static func serving(_ service: MockService, _ body: (URL) async throws -> Void) async throws {
        let (server, url) = try await Mocks.serve(service)
        do {
            try await body(url)
        } catch {
            await server.stop(timeout: 0)
            throw error
        }
        await server.stop(timeout: 0)
    }

    static func field(_ value: SpecValue?, _ key: String) -> SpecValue? {
        guard case .object(let entries)? = value else { return nil }
        return entries.first { $0.key == key }?.value
    }

    @Test func createdItemsAreReadListedUpdatedAndDeleted() async throws {
        let service = try MockService(contentsOf: PackagePaths.url(Self.spec).path, stateful: true)
        try await Self.serving(service) { url in try await Self.walk(url, service) }
    }

    /// The items the store starts with: getTodo's `overdue` and `finished` examples, in the spec's order.
    static let seeded: [SpecValue] = [
        JSONText.parse(
            Data(
                (#"{"id":"t_late1","project":"prj_ABC12","title":"File the taxes","priority":"urgent","#
                    + #""due":"2026-04-15T09:00:00Z","done":false,"createdAt":"2026-03-01T08:00:00Z"}"#).utf8)),
        JSONText.parse(
            Data(
                (#"{"id":"t_done1","project":"prj_ABC12","title":"Water the plants","priority":"low","done":true,"#
                    + #""createdAt":"2026-03-02T08:00:00Z"}"#).utf8)),
    ].compactMap(\.self)

    static func walk(_ url: URL, _ service: MockService) async throws {
        let start = try await Self.send("GET", url, "todos")
        #expect(start.status == 200 && Self.field(start.body, "data") == .array(seeded))
        #expect(seeded.count == 2)
        #expect(try await Self.send("GET", url, "todos/t_late1").body == seeded.first)

        let created = try await Self.send(
            "POST", url, "todos", body: #"{"project": "prj_ABC12", "title": "Buy milk", "priority": "urgent"}"#)
        #expect(created.status == 201)
        let id = try #require(Self.field(created.body, "id"))
        #expect(id == .string("t_b"))
        #expect(Self.field(created.body, "title") == .string("Buy milk"))
        #expect(Self.field(created.body, "priority") == .string("urgent"))
        let second = try await Self.send("POST", url, "todos", body: #"{"project": "prj_XYZ99", "title": "Walk"}"#)
        #expect(Self.field(second.body, "id") == .string("t_c"))

        let read = try await Self.send("GET", url, "todos/t_b")
        #expect(read.status == 200 && read.body == created.body)
        let listed = try await Self.send("GET", url, "todos")
        // A page holds three: the seeded two, then the first created; the second is on the next page.
        #expect(Self.field(listed.body, "data") == .array(seeded + [try #require(created.body)]))
        #expect(Self.field(listed.body, "nextCursor") == .string("cur_3"))

        // An action on the item's path answers as specified, and the stored item is unchanged by it.
        #expect(try await Self.send("POST", url, "todos/t_b/complete").status == 200)

        #expect(try await Self.send("DELETE", url, "todos/t_b").status == 204)
        let gone = try await Self.send("GET", url, "todos/t_b")
        #expect(gone.status == 404 && Self.field(gone.body, "message") == .string("No such todo."))
        #expect(try await Self.send("DELETE", url, "todos/t_b").status == 404)
        #expect(try await Self.send("GET", url, "todos/t_never").status == 404)
        #expect(try await Self.send("DELETE", url, "todos/t_late1").status == 204)
        let remaining = try await Self.send("GET", url, "todos")
        #expect(Self.field(remaining.body, "data") == .array([seeded[1], try #require(second.body)]))
        // A reset brings back the seeded items, and only them.
        service.reset()
        #expect(Self.field(try await Self.send("GET", url, "todos").body, "data") == .array(seeded))

        // Every answer fits the spec: the identifiers meet `^t_[a-z0-9]+$` and the project's pattern.
        let check = ServerValueCheck(spec: service.spec)
        for answer in [created, second, read] {
            #expect(check.problems(in: try #require(answer.body), as: .named("Todo")).isEmpty)
        }
        #expect(service.history.map(\.status) == [200])
    }

    @Test func anUpdateKeepsWhatTheAppSentAndTheIdentifier() async throws {
        // Todos has no update operation; a spec with PATCH on the item path gets one.
        let text = """
            specgen: 1
            name: Notes
            models:
              Note:
                properties:
                  id: {type: string, pattern: "^n_[a-z]+$"}
                  text: {type: string, maxLength: 20}
              NoteEdit:
                properties:
                  text: string?
            endpoints:
              createNote: {request: POST /notes, body: NoteEdit, response: {201: Note}}
              getNote: {request: "GET /notes/{id}", path: {id: string}, response: Note}
              editNote: {request: "PATCH /notes/{id}", path: {id: string}, body: NoteEdit, response: Note}
            """
        let loaded = Spec.load(bytes: Array(text.utf8), path: "Notes.yaml")
        let service = MockService(spec: try #require(loaded.spec, "\(loaded.diagnostics)"), stateful: true)
        try await Self.serving(service) { url in try await Self.edit(url) }
    }

    static func edit(_ url: URL) async throws {
        let created = try await Self.send("POST", url, "notes", body: #"{"text": "first"}"#)
        #expect(Self.field(created.body, "id") == .string("n_b"))
        let edited = try await Self.send("PATCH", url, "notes/n_b", body: #"{"text": "second", "id": "n_zz"}"#)
        #expect(edited.status == 200)
        #expect(Self.field(edited.body, "text") == .string("second") && Self.field(edited.body, "id") == .string("n_b"))
        // A value the item's field refuses (longer than 20) is not kept.
        let refused = try await Self.send(
            "PATCH", url, "notes/n_b", body: #"{"text": "\#(String(repeating: "x", count: 30))"}"#)
        #expect(Self.field(refused.body, "text") == .string("second"))
        #expect(try await Self.send("GET", url, "notes/n_b").body == edited.body)
    }
}
