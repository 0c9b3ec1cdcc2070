import SpecgenYAML
import Testing

/// JSON read by JSON's rules into the node tree YAML gives, with every fault located.
struct JSONReaderTests {
    static func parse(_ text: String) throws(YAMLError) -> YAMLNode? {
        try YAMLDocument(parsingJSON: Array(text.utf8), path: "doc.json").root
    }

    static func error(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func valuesKeepTheirKindAndPlace() throws {
        let root = try #require(try Self.parse("{\n  \"a\": [1, -2.5e3, true, null],\n  \"b\": \"x\"\n}\n"))
        #expect(root.mark == YAMLMark(line: 1, column: 1))
        let a = try #require(root["a"])
        #expect(a.mark == YAMLMark(line: 2, column: 8))
        #expect(a.items?.map(\.scalar) == ["1", "-2.5e3", "true", "null"])
        #expect(a.items?[0].int == 1)
        #expect(a.items?[1].double == -2500)
        #expect(a.items?[2].bool == true)
        #expect(a.items?[3].isNull == true)
        let b = try #require(root["b"])
        #expect(b.content == .scalar("x", .doubleQuoted))
        #expect(b.mark == YAMLMark(line: 3, column: 8))
        #expect(b.bool == nil)
    }

    /// What YAML 1.1 refuses or folds is plain JSON: C1 controls, U+2028, surrogate pairs, keys past 1,024 bytes.
    @Test func jsonCharactersAreKept() throws {
        let key = String(repeating: "k", count: 2_000)
        let text =
            "{\"c1\": \"\u{85}\u{9F}\", \"ls\": \"a\u{2028}b\", \"emoji\": \"\\ud83d\\ude00\", \"\(key)\": \"\\u00e9\\/\"}"
        let root = try #require(try Self.parse(text))
        #expect(root["c1"]?.scalar == "\u{85}\u{9F}")
        #expect(root["ls"]?.scalar == "a\u{2028}b")
        #expect(root["emoji"]?.scalar == "😀")
        #expect(root[key]?.scalar == "é/")
        #expect(try Self.parse("\"\\ud800\"")?.scalar == "\u{FFFD}")
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "doc.json:1:9: error: expected a quoted key, found '}'"),
        (
            "{\"a\": 1, \"a\": 2}",
            "doc.json:1:10: error: duplicate key 'a' (first defined at line 1, column 2); remove one of them or rename it"
        ),
        ("[1 2]", "doc.json:1:4: error: expected ',' or ']', found '2'"),
        ("{\"a\": 01}", "doc.json:1:7: error: expected a JSON value, found '0'"),
        (
            "{\"a\": \"x\ny\"}",
            "doc.json:1:9: error: a control character (byte 0xA) stands in a string; write it as an escape such as \\n or \\u000A"
        ),
        ("{\"a\": [1}", "doc.json:1:9: error: expected ',' or ']', found '}'"),
        ("{\"a\": 1} x", "doc.json:1:10: error: unexpected 'x' after the JSON value; a document holds one JSON value"),
        ("{\"a\": \"\\q\"}", "doc.json:1:8: error: '\\q' is not a JSON escape"),
        ("{\"a\": tru}", "doc.json:1:7: error: expected a JSON value, found 't'"),
        ("{\"a\":", "doc.json:1:6: error: the JSON text ends before its value closes"),
    ])
    func faultsAreLocated(text: String, message: String) {
        #expect(Self.error(text) == message)
    }

    @Test func invalidUTF8IsNamed() {
        let bytes: [UInt8] = Array("{\"a\":\n \"".utf8) + [0xC3, 0x28] + Array("\"}".utf8)
        #expect(throws: YAMLError.self) { try YAMLDocument(parsingJSON: bytes, path: "doc.json") }
        do {
            _ = try YAMLDocument(parsingJSON: bytes, path: "doc.json")
        } catch {
            #expect(
                error.description == "doc.json:2:3: error: byte 0xC3 is not valid UTF-8; save the document as UTF-8")
        }
    }

    @Test func depthIsBounded() throws {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(Self.error(deep) == "doc.json:1:201: error: nesting is deeper than 200 levels")
        let empty = try Self.parse("  \n")
        #expect(empty == nil)
    }
}
