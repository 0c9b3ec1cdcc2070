import Foundation
import HTTPTypes
import SpecgenRuntime
import Testing

/// Response decoding through an in-memory transport: every bad body is a typed error, never a crash.
struct DecodingTests {
    struct Fixed: Transport {
        var response: HTTPResponseData
        func send(_ request: HTTPRequestData, context: OperationContext) async throws -> HTTPResponseData { response }
    }

    struct Token: Decodable, Equatable {
        var accessToken: String
        var expiresIn: Int
        var properties: Properties
        struct Properties: Decodable, Equatable { var id: String }

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case expiresIn = "expires_in"
            case properties
        }
    }

    func decode(_ body: [UInt8]) -> Result<Token, ClientError> {
        let client = APIClient(baseURL: URL(string: "https://example.com")!)
        let response = HTTPResponseData(status: .ok, body: Data(body))
        return Result { () throws(ClientError) -> Token in
            try client.decode(Token.self, from: response, operation: "Keyz.loginUser")
        }
    }

    @Test func validBodyDecodes() throws {
        let token = try decode(Array(#"{"access_token":"t","expires_in":5,"properties":{"id":"u"}}"#.utf8)).get()
        #expect(token.properties.id == "u")
    }

    @Test(arguments: [
        (
            #"{"expires_in":5,"properties":{"id":"u"}}"#,
            "Keyz.loginUser failed at response decoding of a 200 answer: missing key 'access_token'"
        ),
        (
            #"{"access_token":"t","expires_in":"5","properties":{"id":"u"}}"#,
            "Keyz.loginUser failed at response decoding of a 200 answer: expected Int at 'expires_in'"
        ),
        (
            #"{"access_token":"t","expires_in":5,"properties":{"id":null}}"#,
            "Keyz.loginUser failed at response decoding of a 200 answer: expected String, found null at 'properties.id'"
        ),
        (
            #"{"access_token":"t","expi"#,
            "Keyz.loginUser failed at response decoding of a 200 answer: the body is not valid JSON"
        ),
        ("", "Keyz.loginUser failed at response decoding of a 200 answer: the body is not valid JSON"),
    ])
    func malformedBodiesAreTypedErrors(body: String, description: String) {
        guard case .failure(let error) = decode(Array(body.utf8)) else {
            Issue.record("decoding \(body) should fail")
            return
        }
        #expect(error.description == description)
    }

    @Test func nonUTF8AndHugeBodiesAreTypedErrors() {
        guard case .failure(let error) = decode([0x7B, 0xFF, 0xFE, 0x7D]), case .decoding = error else {
            Issue.record("a non-UTF-8 body must be a decoding error")
            return
        }
        let huge = Array("[".utf8) + Array(repeating: UInt8(ascii: "1"), count: 5_000_000) + Array("]".utf8)
        guard case .failure(let hugeError) = decode(huge), case .decoding = hugeError else {
            Issue.record("a huge wrong-typed body must be a decoding error")
            return
        }
    }

    @Test func unexpectedStatusKeepsARedactedBoundedPreview() {
        let client = APIClient(baseURL: URL(string: "https://example.com")!)
        let body = #"{"error":"boom","refresh_token":"secret-r","detail":"\#(String(repeating: "x", count: 5000))"}"#
        let error = client.unexpectedStatus(
            HTTPResponseData(status: .init(code: 418), body: Data(body.utf8)),
            operation: "Keyz.requestToken")
        guard case .unexpectedStatus(_, let status, let preview) = error else {
            Issue.record("expected unexpectedStatus")
            return
        }
        #expect(status == 418)
        #expect(!preview.contains("secret-r"))
        #expect(preview.utf8.count < 1100)
    }

    @Test func datesDecodeWithAndWithoutFractionalSecondsAndExplicitFormats() throws {
        struct Stamp: Decodable { var at: Date }
        let decoder = JSONCoding.decoder()
        let plain = try decoder.decode(Stamp.self, from: Data(#"{"at":"2025-01-01T12:00:00Z"}"#.utf8)).at
        let fractional = try decoder.decode(Stamp.self, from: Data(#"{"at":"2025-01-01T12:00:00.250Z"}"#.utf8)).at
        #expect(fractional.timeIntervalSince(plain) == 0.25)
        #expect(DateFormat.pattern("yyyy-MM-dd HH:mm:ss").date(from: "2025-01-01 12:00:00") == plain)
        #expect(DateFormat.pattern("yyyy-MM-dd HH:mm:ss").string(from: plain) == "2025-01-01 12:00:00")
        #expect(DateFormat.iso8601.string(from: plain) == "2025-01-01T12:00:00Z")
        #expect(throws: DecodingError.self) {
            _ = try decoder.decode(Stamp.self, from: Data(#"{"at":"yesterday"}"#.utf8))
        }
    }

    @Test func jsonValueRoundTrips() throws {
        let text = #"{"a":[1,true,null,"s"],"b":{"c":2.5}}"#
        let value = try JSONCoding.decoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value["b"]?["c"] == .number(2.5))
        let again = try JSONCoding.decoder().decode(JSONValue.self, from: try JSONCoding.encoder().encode(value))
        #expect(again == value)
    }
}

/// ISO 8601 as servers send it: every common variant of one instant reads as that instant, and broken dates do not.
struct ISO8601ReadingTests {
    static let instant = 1_735_732_800.0  // 2025-01-01T12:00:00Z

    @Test(arguments: [
        ("2025-01-01T12:00:00Z", instant), ("2025-01-01T12:00:00.250Z", instant + 0.25),
        ("2025-01-01T12:00:00.123456Z", instant + 0.123456), ("2025-01-01 12:00:00Z", instant),
        ("2025-01-01t12:00:00z", instant), ("2025-01-01T14:00:00+02:00", instant),
        ("2025-01-01T14:00:00+0200", instant),
        ("2025-01-01T14:00:00+02", instant), ("2025-01-01T07:30:00-04:30", instant), ("2025-01-01T12:00:00", instant),
        ("2025-01-01 12:00:00", instant), ("2025-01-01T12:00Z", instant), ("2025-01-01", instant - 43_200),
        ("2024-02-29T00:00:00Z", 1_709_164_800), ("1969-12-31T23:59:59Z", -1),
    ])
    func variantsReadAsTheSameInstant(text: String, seconds: Double) throws {
        let date = try #require(DateFormat.iso8601.date(from: text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_001)
    }

    @Test(arguments: [
        "", "2025", "2025-13-01T00:00:00Z", "2025-02-30T00:00:00Z", "2025-01-01T24:00:00Z", "2025-01-01T12:60:00Z",
        "2025-01-01T12:00:00+2", "2025-01-01T12:00:00Zjunk", "2025-01-01T12:00:00.Z", "yesterday",
        "2025-01-01X12:00:00Z",
    ])
    func brokenDatesAreRefused(text: String) {
        #expect(DateFormat.iso8601.date(from: text) == nil)
    }

    @Test func datesAreWrittenInOneForm() {
        #expect(DateFormat.iso8601.string(from: Date(timeIntervalSince1970: Self.instant)) == "2025-01-01T12:00:00Z")
        #expect(
            DateFormat.iso8601.string(from: Date(timeIntervalSince1970: Self.instant + 0.25))
                == "2025-01-01T12:00:00.250Z")
    }
}

/// Response headers read as the spec's types: `bytes` as base64 text, as they travel wherever they are text.
struct HeaderReadingTests {
    static func reader(_ name: String, _ value: String) -> ResponseHeaderReader {
        var fields = HTTPFields()
        if let field = HTTPField.Name(name) { fields[field] = value }
        return ResponseHeaderReader(
            HTTPResponseData(status: .ok, headerFields: fields, body: Data()), operation: "Tests.read")
    }

    @Test func bytesAreReadFromBase64() throws {
        let reader = Self.reader("X-Digest", "aGVsbG8=")
        #expect(try reader.required("X-Digest", as: Data.self) == Data("hello".utf8))
        #expect(try reader.optional("X-Other", as: Data.self) == nil)
    }

    @Test func textThatIsNoBase64IsATypedError() {
        let reader = Self.reader("X-Digest", "not base64!")
        #expect(throws: ClientError.self) { try reader.optional("X-Digest", as: Data.self) }
    }
}
