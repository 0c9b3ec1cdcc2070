import SpecgenYAML
import Testing

struct YAMLDocumentTests {
    private func parse(_ text: String) throws -> YAMLNode {
        let document = try YAMLDocument(parsing: text, path: "test.yaml")
        return try #require(document.root)
    }

    private func error(_ text: String, limits: YAMLLimits = YAMLLimits()) -> YAMLError? {
        do {
            _ = try YAMLDocument(parsing: text, path: "test.yaml", limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func blockAndFlowCollectionsWithMarks() throws {
        let root = try parse(
            """
            name: Chatist   # a comment
            list:
              - a
              - [b, c]
            map: {x: 1, y: "two"}
            """)
        #expect(root["name"]?.scalar == "Chatist")
        #expect(root["name"]?.mark == YAMLMark(line: 1, column: 7))
        #expect(root["list"]?.items?.count == 2)
        #expect(root["list"]?.items?[1].items?.map(\.scalar) == ["b", "c"])
        #expect(root["list"]?.items?[1].mark == YAMLMark(line: 4, column: 5))
        #expect(root["map"]?["x"]?.int == 1)
        #expect(root["map"]?["y"]?.scalar == "two")
        #expect(root["map"]?["y"]?.int == nil, "a quoted scalar is a string, not a number")
    }

    @Test func scalarStylesAndMultilineStrings() throws {
        let root = try parse(
            """
            plain: hello world
            single: 'it''s'
            double: "tab\\tnew\\nline"
            literal: |
              line one
              line two
            folded: >
              folded
              text
            """)
        #expect(root["single"]?.scalar == "it's")
        #expect(root["double"]?.scalar == "tab\tnew\nline")
        #expect(root["literal"]?.scalar == "line one\nline two\n")
        #expect(root["folded"]?.scalar == "folded text", "clip chomping: no newline at the end of the file")
        if case .scalar(_, let style) = root["literal"]?.content { #expect(style == .literal) }
        if case .scalar(_, let style) = root["single"]?.content { #expect(style == .singleQuoted) }
    }

    @Test func coreSchemaScalars() throws {
        let root = try parse("a: true\nb: ~\nc: 0x1F\nd: -2.5\ne: 'true'\nf:\ng: !!str 12")
        #expect(root["a"]?.bool == true)
        #expect(root["b"]?.isNull == true)
        #expect(root["c"]?.int == 31)
        #expect(root["d"]?.double == -2.5)
        #expect(root["e"]?.bool == nil)
        #expect(root["f"]?.isNull == true)
        #expect(root["g"]?.int == nil, "an explicit !!str tag keeps the text a string")
    }

    @Test func anchorsAliasesAndMergeKeys() throws {
        let root = try parse(
            """
            base: &base {a: 1, b: 2}
            other: &other {c: 3}
            merged:
              <<: [*base, *other]
              b: 20
            copy: *base
            """)
        let merged = try #require(root["merged"])
        #expect(merged["a"]?.int == 1)
        #expect(merged["b"]?.int == 20, "an explicit key wins over a merged one")
        #expect(merged["c"]?.int == 3)
        #expect(merged.pairs?.map { $0.key.scalar } == ["b", "a", "c"])
        #expect(root["copy"]?["a"]?.int == 1)
        #expect(root["copy"]?.mark == YAMLMark(line: 6, column: 7), "an alias is located where it is used")
    }

    @Test func duplicateKeyIsLocatedAtTheSecondKey() throws {
        let failure = try #require(error("a: 1\nb: 2\na: 3\n"))
        #expect(failure.mark == YAMLMark(line: 3, column: 1))
        #expect(failure.message == "duplicate key 'a' (first defined at line 1, column 1)")
    }

    @Test func syntaxErrorIsLocated() throws {
        let failure = try #require(error("a: [1, 2\nb: 3\n"))
        #expect(failure.mark.line == 2)
        #expect(failure.description.hasPrefix("test.yaml:2:"))
    }

    /// Each common mistake gets one location, words about the spec rather than the parser, and the usual fix.
    @Test(arguments: [
        (
            "a: [1, 2\nb: 3\n",
            "test.yaml:2:2: error: expected ',' or ']' here, inside the '[' list that opens at line 1, column 4; "
                + "separate the items with ',' and close the list with ']', or quote an item that holds them"
        ),
        (
            "a:\n  b: 1\n c: 2\n",
            "test.yaml:3:2: error: this line does not continue the mapping that starts at line 1, column 1; "
                + "indent it like that mapping's other keys, or quote a value that holds ': ', '#', '[' or '{'"
        ),
        (
            "a:\n  - 1\n  x\n",
            "test.yaml:3:3: error: this text stands where a key is expected, but no ':' follows it; "
                + "end the key with ': ', make the line a '- ' item, or indent it as part of the value above"
        ),
        (
            "a: \"abc\n",
            "test.yaml:2:1: error: the quoted string that opens at line 1, column 4 is never closed; "
                + "close it with the quote it opens with"
        ),
        (
            #"a: "ab\qc""#,
            #"test.yaml:1:7: error: '\q' is not an escape YAML knows, in the double-quoted string that opens at "#
                + #"line 1, column 4; write '\\' for a backslash, or use single quotes, which have no escapes"#
        ),
        ("a: @x\n", "test.yaml:1:4: error: '@' cannot start a value; quote the value"),
        (
            "a: b: c\n",
            "test.yaml:1:5: error: a ': ' here would start a mapping inside a value; "
                + "quote the value that holds ': ', or indent this line like the keys beside it"
        ),
        (
            "b: [M]?\n",
            "test.yaml:1:7: error: a '?' here would start a mapping key inside a value; "
                + "quote the value that holds it: an optional list type is written \"[M]?\""
        ),
        (
            "a: - b\n",
            "test.yaml:1:4: error: a '- ' list item cannot start here; "
                + "start the list on the line after its key, each item on its own line"
        ),
        (
            "a:\n\tb: 1\n",
            "test.yaml:2:1: error: a tab indents this line; indent with spaces; YAML does not allow tabs there"
        ),
    ])
    func syntaxErrorsAreSaidInTheSpecsWords(text: String, expected: String) throws {
        let failure = try #require(error(text))
        #expect(failure.description == expected)
    }

    @Test func billionLaughsFailsFastInBoundedMemory() throws {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        let names = ["b", "c", "d", "e", "f", "g", "h", "i", "j"]
        var previous = "a"
        for name in names {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = name
        }
        let clock = ContinuousClock()
        let start = clock.now
        let failure = try #require(error(text))
        #expect(failure.message.contains("expands to more than"))
        #expect(clock.now - start < .seconds(5))
    }

    /// A document large on its own is not blamed on aliases it does not have.
    @Test func aLargeDocumentWithoutAliasesIsSaidToBeLarge() throws {
        let text = (1...200).map { "k\($0): [a, b, c, d, e]\n" }.joined()
        let failure = try #require(error(text, limits: YAMLLimits(maxExpandedNodes: 500)))
        #expect(
            failure.description
                == "test.yaml:72:7: error: the document holds more than 500 nodes; split it into files that '$ref' "
                + "each other, or remove what the API does not need")
        let aliased = "a: &a [x, y, z, w]\n" + (1...200).map { "k\($0): *a\n" }.joined()
        #expect(
            try #require(error(aliased, limits: YAMLLimits(maxExpandedNodes: 500))).message.contains("through aliases"))
    }

    @Test func recursiveAliasAndUndefinedAliasAreErrors() throws {
        #expect(error("a: &x [*x]\n")?.message.contains("has no anchor") == true)
        #expect(error("a: *nothing\n")?.mark == YAMLMark(line: 1, column: 4))
    }

    @Test func deepNestingIsRefused() throws {
        let failure = try #require(error(String(repeating: "[", count: 500), limits: YAMLLimits(maxDepth: 100)))
        #expect(failure.message.contains("deeper than 100"))
    }

    @Test func secondDocumentAndNonScalarKeysAreRefused() throws {
        #expect(error("a: 1\n---\nb: 2\n")?.mark.line == 2)
        #expect(error("? [a, b]\n: 1\n")?.message.contains("mapping key must be a plain string") == true)
    }

    @Test func invalidUTF8IsAnErrorNotACrash() throws {
        #expect(throws: YAMLError.self) {
            _ = try YAMLDocument(parsing: [0x61, 0x3A, 0x20, 0xFF, 0xFE, 0x0A], path: "bad.yaml")
        }
    }

    @Test func emptyDocumentHasNoRoot() throws {
        #expect(try YAMLDocument(parsing: "", path: "e.yaml").root == nil)
        #expect(try YAMLDocument(parsing: "# only a comment\n", path: "e.yaml").root == nil)
    }
}
