import Foundation
import SpecgenMock
import SpecgenMockServer
import SpecgenSpec
import SpecgenTestSupport
import SpecgenWire
import Testing

/// `specgen-mock --proxy`: a real server answers, over real sockets, and every way its answers break the spec is
/// reported, located; the app gets the server's answers unchanged.
struct ProxyTests {
    @Test func aServerThatBreaksItsSpecInThreeWaysIsCaughtEachTime() async throws {
        let good =
            #"{"id":"t_b","project":"prj_ABC12","title":"Milk","priority":"low","done":false,"#
            + #""createdAt":"2025-01-01T12:00:00Z"}"#
        let backend = try await withTestServer({ request in
            switch (request.method, request.path) {
            // An identifier that breaks `^t_[a-z0-9]+$`, and a date that is not one.
            case ("GET", "/todos/t_a"):
                .json(
                    good.replacingOccurrences(of: "t_b", with: "T-1").replacingOccurrences(
                        of: "2025-01-01T12", with: "yesterday"))
            // A status the spec does not document.
            case ("DELETE", _): CannedResponse(status: 418)
            // A created todo without its title.
            case ("POST", "/todos"): .json(good.replacingOccurrences(of: #""title":"Milk","#, with: ""), status: 201)
            default: .json(good)
            }
        }) { upstream in
            let service = try MockService(contentsOf: PackagePaths.url(StatefulMockTests.spec).path)
            let server = try MockHTTPServer(service: service, upstream: upstream)
            let url = try await server.start(listenTimeout: .seconds(120))
            _ = ServedPorts.claim(url.port ?? 0)
            let token = ["Authorization": "Bearer t"]
            let read = try await send("GET", url.appending(path: "todos/t_a"), headers: token)
            let deleted = try await send("DELETE", url.appending(path: "todos/t_a"), headers: token)
            let created = try await send(
                "POST", url.appending(path: "todos"),
                headers: token.merging(["Content-Type": "application/json"]) { a, _ in a },
                body: Data(#"{"project":"prj_ABC12","title":"Milk"}"#.utf8))
            let fine = try await send("GET", url.appending(path: "todos/t_b"), headers: token)
            await server.stop(timeout: 0)

            // The app gets what the server said.
            #expect(read.status == 200 && read.text.contains("T-1"))
            #expect(deleted.status == 418 && created.status == 201 && fine.status == 200)
            let history = service.history
            #expect(history.map(\.operation) == ["getTodo", "deleteTodo", "createTodo", "getTodo"])
            #expect(
                history.map { $0.problems.map(\.field) } == [
                    ["answer.body.id", "answer.body.createdAt"], ["answer.status"], ["answer.body.title"], [],
                ])
            let messages = history.flatMap(\.problems).map(\.message)
            #expect(messages.contains("does not match the pattern ^t_[a-z0-9]+$"))
            #expect(
                messages.contains { $0.hasPrefix("is 418, which 'deleteTodo' does not document (it documents 204") })
            let location = try #require(history.first?.problems.first?.location)
            #expect(location.path.hasSuffix("Todos.yaml") && location.line == 15)
        }
        #expect(backend.map(\.method) == ["GET", "DELETE", "POST", "GET"])
        #expect(backend.first?.headers["authorization"] == "Bearer t")
    }
}
