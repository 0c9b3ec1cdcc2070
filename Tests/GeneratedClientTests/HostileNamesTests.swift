import Foundation
import HostileNames
import SpecgenRuntime
import SpecgenTestSupport
import Testing

/// The client generated from hostile names compiles (the target builds with warnings as errors) and behaves.
struct HostileNamesTests {
    @Test func wireNamesSurviveEscaping() throws {
        let value = Kind(default: "d", self_: "s", class: .null, upperID: "U", id: "u", _2faCode: "123456\")")
        let json = String(decoding: try JSONCoding.encoder().encode(value), as: UTF8.self)
        #expect(json == #"{"2fa_code":"123456\")","ID":"U","class":null,"default":"d","emoji 🎉":true,"id":"u","quote\"key":[],"self":"s"}"#)
        #expect(try JSONCoding.decoder().decode(Kind.self, from: Data(json.utf8)) == value)
        #expect(Mode(rawValue: "a\"b\\c") == .aBC)
        #expect(Mode.allCases.map(\.rawValue) == ["in", "2x", "a\"b\\c", "Self", "OPEN", "open"])
    }

    @Test func requestsEscapePathsQueriesAndPatterns() async throws {
        let body = Kind(default: "d", upperID: "U", id: "u", _2faCode: "123456\")")
        let requests = try await withTestServer({ request in
            request.path == "/things" ? .json("[]") : CannedResponse(status: 204)
        }) { url async throws in
            let client = HostileNamesClient(baseURL: url, key: "k&\"=")
            _ = try await client.import(for: "a/b", body, in: .in, request: "r", value: 3)
            _ = try await client.getThings(pageSize: 5)
            await #expect(throws: HostileNamesError.failure(.validation(operation: "HostileNames.import", failure: ValidationFailure(field: "value", rule: "minimum 1")))) {
                try await client.import(for: "a", body, value: 0)
            }
            var bad = body
            bad._2faCode = "12"
            await #expect(throws: HostileNamesError.self) { try await client.import(for: "a", bad) }
        }
        #expect(requests.count == 2)
        #expect(requests[0].path == "/things/a%2Fb/x%22y")
        #expect(requests[0].rawQuery == "in=in&request=r&value=3&api%20key%22=k%26%22%3D")
        #expect(requests[1].rawQuery == "page%20size=5&api%20key%22=k%26%22%3D")
    }
}
