import Foundation
import SpecgenMock
import SpecgenMockServer
import SpecgenOpenAPI
import SpecgenSpec
import SpecgenTestSupport
import SpecgenWire
import Testing

/// `Prefer: example=<name>`, over real sockets: the answer is the example the spec names, of a response or of an
/// error, in the spec format and in an OpenAPI document served as it is (OpenAPI's `examples`); a name no answer
/// declares is a problem that lists the names there are.
struct PreferExampleTests {
    static let auth = ["Authorization": "Bearer t"]

    @Test func theSpecFormatsNamedExamplesAreServed() async throws {
        let service = try MockService(contentsOf: PackagePaths.url(StatefulMockTests.spec).path)
        let (server, url) = try await Mocks.serve(service)
        let answers = try await Self.askForExamples(url)
        await server.stop(timeout: 0)
        try Self.check(answers)
        let logged = service.respond(
            to: MockRequest(
                method: "GET", path: "/todos/t_a",
                headers: [("Authorization", "Bearer t"), ("Prefer", "example=deleted")]))
        #expect(logged.logLine == "GET /todos/t_a -> 404 getTodo (example: deleted)")
    }

    @Test func anOpenAPIDocumentsExamplesAreServed() async throws {
        let folder = try makeTemporaryFolder("mock-examples")
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = try MockService(contentsOf: PackagePaths.url(StatefulMockTests.spec).path).spec
        let document = folder.appendingPathComponent("openapi.yaml")
        try OpenAPIExporter(spec: spec).document().yaml.write(to: document, atomically: true, encoding: .utf8)
        let mock = try await MockProcess.start([document.path, "--port", "0"])
        let answers: [RawResponse]
        do {
            answers = try await Self.askForExamples(mock.url)
        } catch {
            await mock.stop()
            throw error
        }
        await mock.stop()
        try Self.check(answers)
        #expect(mock.log.contains("(example: finished)"), "\(mock.log)")
    }

    /// `overdue`, `"finished"` (quoted), the 404's `deleted`, `deleted` at status 200, and a name nobody declares.
    static func askForExamples(_ url: URL) async throws -> [RawResponse] {
        var answers: [RawResponse] = []
        for prefer in [
            "example=overdue", #"example="finished""#, "example=deleted", "code=200, example=deleted", "example=nope",
        ] {
            answers.append(
                try await send(
                    "GET", url.appending(path: "todos/t_a"), headers: auth.merging(["Prefer": prefer]) { $1 }))
        }
        return answers
    }

    static func check(_ answers: [RawResponse]) throws {
        // Each example as written, nothing added: the spec format keeps the keys' order, and so does the export.
        #expect(answers[0].status == 200)
        #expect(
            answers[0].text
                == #"{"id":"t_late1","project":"prj_ABC12","title":"File the taxes","priority":"urgent","#
                + #""due":"2026-04-15T09:00:00Z","done":false,"createdAt":"2026-03-01T08:00:00Z"}"#)
        #expect(answers[1].status == 200)
        #expect(
            answers[1].text
                == #"{"id":"t_done1","project":"prj_ABC12","title":"Water the plants","priority":"low","done":true,"#
                + #""createdAt":"2026-03-02T08:00:00Z"}"#)

        #expect(answers[2].status == 404)
        #expect(answers[2].text == #"{"message":"The todo was deleted."}"#)

        // Refused with the API's documented 400, whose `message` says what to ask for.
        let messages = try answers[3...].map { refused in
            #expect(refused.status == 400, "\(refused.text)")
            let object = try JSONSerialization.jsonObject(with: refused.body) as? [String: Any]
            return try #require(object?["message"] as? String, "\(refused.text)")
        }
        #expect(
            messages == [
                "header.Prefer asks for example 'deleted' at status 200, which 'getTodo' does not declare; "
                    + "use one of 'overdue', 'finished', 'deleted'",
                "header.Prefer asks for example 'nope', which 'getTodo' does not declare; "
                    + "use one of 'overdue', 'finished', 'deleted'",
            ])
    }
}
