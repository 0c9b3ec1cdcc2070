import Foundation
import SpecgenFixtureHostileNames
import SpecgenRuntime
import SpecgenTestSupport
import Testing

/// The client generated from hostile names compiles (the target builds with warnings as errors) and behaves.
struct HostileNamesTests {
    @Test func wireNamesSurviveEscaping() throws {
        let value = Kind(default: "d", selfValue: "s", class: .null, upperID: "U", id: "u", _2faCode: "123456\")")
        let json = String(decoding: try JSONCoding.encoder().encode(value), as: UTF8.self)
        #expect(
            json
                == #"{"2fa_code":"123456\")","ID":"U","class":null,"default":"d","emoji 🎉":true,"id":"u","quote\"key":[],"self":"s"}"#
        )
        #expect(try JSONCoding.decoder().decode(Kind.self, from: Data(json.utf8)) == value)
        #expect(Mode(rawValue: "a\"b\\c") == .aBC)
        #expect(Mode.allCases.map(\.rawValue) == ["in", "2x", "a\"b\\c", "Self", "OPEN", "open", "standard"])
        // Keywords a spec gives as Swift names are escaped: a case `default`, a property `public`.
        #expect(Mode(rawValue: "standard") == .default)
        var withAccess = value
        withAccess.public = "p"
        let withAccessJSON = String(decoding: try JSONCoding.encoder().encode(withAccess), as: UTF8.self)
        #expect(withAccessJSON.contains(#""access":"p""#))
    }

    @Test func requestsEscapePathsQueriesAndPatterns() async throws {
        let body = Kind(default: "d", upperID: "U", id: "u", _2faCode: "123456\")")
        let requests = try await withTestServer({ request in
            request.path == "/things" ? .json("[]") : CannedResponse(status: 204)
        }) { url async throws in
            let client = HostileNamesClient(baseURL: url, key: "k&\"=")
            _ = try await client.import(for: "a/b", body: body, in: .in, request: "r", value: 3)
            _ = try await client.getThings(pageSize: 5)
            await #expect(
                throws: HostileNamesError.failure(
                    .validation(
                        operation: "HostileNames.import", failure: ValidationFailure(field: "value", rule: "minimum 1"))
                )
            ) {
                try await client.import(for: "a", body: body, value: 0)
            }
            var bad = body
            bad._2faCode = "12"
            await #expect(throws: HostileNamesError.self) { try await client.import(for: "a", body: bad) }
        }
        #expect(requests.count == 2)
        #expect(requests[0].path == "/things/a%2Fb/x%22y")
        #expect(requests[0].rawQuery == "in=in&request=r&value=3&api%20key%22=k%26%22%3D")
        #expect(requests[1].rawQuery == "page%20size=5&api%20key%22=k%26%22%3D")
    }

    /// Dates in a pattern or as calendar dates keep their formats through property wrappers, in models and in
    /// inline bodies; absent optional dates stay absent.
    @Test func formattedDatesRoundTrip() async throws {
        let json = #"{"date":"2026-11-23","format":"2026-11-23 09:30:00","since":"01/02/2026"}"#
        let moment = try JSONCoding.decoder().decode(Moment.self, from: Data(json.utf8))
        #expect(moment.date == Date(timeIntervalSince1970: 1_795_392_000))
        #expect(moment.format == Date(timeIntervalSince1970: 1_795_426_200))
        #expect(moment.until == nil)
        #expect(moment.since == Date(timeIntervalSince1970: 1_769_904_000))
        #expect(String(decoding: try JSONCoding.encoder().encode(moment), as: UTF8.self) == json)

        let wrong = #"{"date":"2026-11-23T00:00:00Z","format":"2026-11-23 09:30:00"}"#
        #expect(throws: DecodingError.self) { try JSONCoding.decoder().decode(Moment.self, from: Data(wrong.utf8)) }

        let requests = try await withTestServer({ _ in .json(json) }) { url async throws in
            let client = HostileNamesClient(baseURL: url, key: "k")
            let answer = try await client.schedule(day: moment.date, at: moment.format)
            #expect(answer == moment)
        }
        #expect(
            String(decoding: try #require(requests.first).body, as: UTF8.self)
                == #"{"at":"09:30 23.11.2026","day":"2026-11-23"}"#)
    }

    /// Parameters, fields, models, enum cases and auth schemes named like what generated code uses itself (`client`,
    /// `call`, `logger`, `chain`, `Validation`, `Mirror`, `URLSessionTransport`, a mock's `validateHandler`) are
    /// renamed where they would shadow it, and the call still sends and reads exactly the spec's wire names.
    @Test func namesLikeTheGeneratedCodesOwnAreKeptApart() async throws {
        let answer = #"{"at":"09:30","transport":"tcp"}"#
        let requests = try await withTestServer({ _ in .json(answer) }) { url async throws in
            let client = HostileNamesClient(baseURL: url, key: "k", loggerCredential: "bearer-1")
            let body = ValidationModel(
                client: "c", call: "x", chain: Date(timeIntervalSince1970: 0))
            let mirror = try await client.validate(
                client: "c 1", body: body, call: .urlSessionTransport, logger: "l", chainHandler: "h",
                validateHandler: "v")
            #expect(mirror.transport == "tcp")
            #expect(Mirror(reflecting: mirror).children.map(\.label) == ["at", "transport"])
            #expect(PollingErrorModel.allCases == [.client, .call, .mirror, .urlSessionTransport])
        }
        #expect(requests.map(\.path) == ["/validations/c%201"])
        // The first scheme the app has a credential for: the bearer token, so no API key in the query.
        #expect(requests.first?.rawQuery == "call=URLSessionTransport&logger=l&chainHandler=h&validateHandler=v")
        #expect(requests.first?.headers["authorization"] == "Bearer bearer-1")
        #expect(
            requests.first.map { String(decoding: $0.body, as: UTF8.self) }
                == #"{"call":"x","chain":"01.01.1970 00:00","client":"c"}"#)
    }

    /// `print`, `dump` and the debugger's `po` show a model's fields by their names and values, not the property
    /// wrappers that store formatted dates (`_format: FormattedDate<FormatFormat>`).
    @Test func aModelWithFormattedDatesShowsItsFieldsByName() {
        let moment = Moment(date: Date(timeIntervalSince1970: 0), format: Date(timeIntervalSince1970: 60))
        #expect(Mirror(reflecting: moment).children.map(\.label) == ["date", "format", "until", "since"])
        var dumped = ""
        dump(moment, to: &dumped)
        #expect(!dumped.contains("FormattedDate") && !dumped.contains("_format"), "\(dumped)")
        #expect(dumped.contains("▿ format: 1970-01-01 00:01:00 +0000"), "\(dumped)")
        #expect(String(describing: moment).hasPrefix("Moment(date: 1970-01-01 00:00:00 +0000, format: "))
    }

    @Test func mockClosuresNamedLikeItsOwnLocalsAreKeptAndRun() async throws {
        let moment = Moment(date: Date(timeIntervalSince1970: 0), format: Date(timeIntervalSince1970: 60))
        let kept = Kept()
        let mock = HostileNamesMock(
            handlers: { _ in moment },
            keep: { call in await kept.append(call.handlers + (call.argumentsValue ?? "")) })
        #expect(try await mock.handlers() == moment)
        try await mock.keep(handlers: "h")
        try await mock.keep(handlers: "h", arguments: "+a")
        #expect(await kept.values == ["h", "h+a"])
        await #expect(throws: HostileNamesError.failure(HostileNamesMock.unimplemented("HostileNames.schedule"))) {
            _ = try await mock.schedule(day: moment.date, at: moment.format)
        }
    }
}

/// The arguments a mock closure was called with.
private actor Kept {
    var values: [String] = []

    func append(_ value: String) { values.append(value) }
}
