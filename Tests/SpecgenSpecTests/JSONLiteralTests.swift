import SpecgenSpec
import SpecgenYAML
import Testing

/// A JSON string literal is also a YAML double-quoted scalar that reads back as the same text.
struct JSONLiteralTests {
    @Test(arguments: [
        ("plain", "\"plain\""),
        ("quote \" and \\", "\"quote \\\" and \\\\\""),
        ("tab\tnewline\n", "\"tab\\tnewline\\n\""),
        ("C1 \u{85}\u{9C}", "\"C1 \\u0085\\u009c\""),
        ("separators \u{2028}\u{2029}", "\"separators \\u2028\\u2029\""),
        ("mark \u{FEFF}, DEL \u{7F}", "\"mark \\ufeff, DEL \\u007f\""),
        ("Gdańsk 😀", "\"Gdańsk 😀\""),
    ])
    func escapesWhatYAMLCannotHoldRaw(text: String, literal: String) throws {
        #expect(JSONLiteral.string(text) == literal)
        let node = try YAMLDocument(parsing: "value: " + literal + "\n", path: "test.yaml").root
        #expect(node?["value"]?.scalar == text)
    }
}
