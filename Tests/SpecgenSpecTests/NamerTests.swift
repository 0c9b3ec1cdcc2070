import Testing

@testable import SpecgenSpec

struct NamerTests {
    @Test(arguments: [
        ("ticket_id", "ticketID"), ("access_token", "accessToken"), ("filledPdfUrl", "filledPDFURL"),
        ("default", "`default`"), ("2fa_code", "_2faCode"), ("self", "selfValue"), ("X-API-Key", "xAPIKey"),
        ("isRead", "isRead"), ("URLSession", "urlSession"), ("in-progress", "inProgress"), ("_id", "id"),
        ("imageURLs", "imageURLs"), ("🙂", "unnamed"), ("", "unnamed"), ("Type", "type"), ("type", "type"),
    ])
    func memberName(raw: String, expected: String) {
        #expect(Namer().memberName(raw) == expected)
    }

    /// ASCII names are split byte by byte, the others character by character; both split the same way, and a
    /// character that is not ASCII (`é`, even written as `e` and a combining accent) separates words.
    @Test(arguments: [
        ("PNGsAndURLs", ["PNGs", "And", "URLs"]), ("ticket2Fa", ["ticket2", "Fa"]), ("X-API-Key", ["X", "API", "Key"]),
        ("getHTTPResponse", ["get", "HTTP", "Response"]), ("__", []), ("café_au_lait", ["caf", "au", "lait"]),
        ("naïveURLs", ["na", "ve", "URLs"]), ("e\u{301}tat_ID", ["tat", "ID"]),
    ])
    func words(raw: String, expected: [String]) {
        #expect(Namer().words(raw) == expected)
    }

    @Test(arguments: [
        ("field_region", "FieldRegion"), ("FieldRegionDTO", "FieldRegionDTO"), ("pdf_page", "PDFPage"),
        ("Data", "DataModel"), ("Error", "ErrorModel"), ("3d_model", "_3dModel"), ("ticket", "Ticket"),
        ("JSONValue", "JSONValueModel"),
    ])
    func typeName(raw: String, expected: String) {
        #expect(Namer().typeName(raw) == expected)
    }

    @Test(arguments: [
        ("convertPDFToPNGs", "convertPDFToPNGs"), ("get-data", "getData"), ("GetTicket", "getTicket"),
        ("fetchJoyDoc", "fetchJoyDoc"), ("return", "`return`"),
    ])
    func methodName(raw: String, expected: String) {
        #expect(Namer().methodName(raw) == expected)
    }
}

extension NamerTests {
    /// A member's `swiftName` may be a keyword, which the generator escapes (`` `default` ``); `self`, `Self`, `Type`
    /// and `Protocol` name something else even escaped, and a type's name is never a keyword.
    @Test func membersMayTakeKeywordsThatBackticksEscape() throws {
        #expect(Namer.isMemberIdentifier("default") && Namer.isMemberIdentifier("public"))
        #expect(!Namer.isMemberIdentifier("self") && !Namer.isMemberIdentifier("Type"))
        #expect(!Namer.isMemberIdentifier("2x") && !Namer.isMemberIdentifier("a-b"))
        #expect(!Namer.isIdentifier("default"))
        let spec = """
            specgen: 1
            name: Keys
            version: "1"
            models:
              Level:
                enum: [{value: "0", swiftName: default}, {value: "1", swiftName: self}]
            endpoints:
              get:
                request: GET /levels
                response: Level
            """
        let loaded = Spec.load(bytes: Array(spec.utf8), path: "keys.yaml")
        #expect(
            loaded.diagnostics.filter(\.isError).map(\.description) == [
                "keys.yaml:6:46: error: swiftName 'self' of enum value '1' is not a Swift identifier; write a name of "
                    + "letters, digits and underscores that does not start with a digit"
            ])
    }
}
