import Testing

@testable import SpecgenYAML

/// Reading is linear in the text, however it is laid out: a document minified to one line (as APIs serve
/// `openapi.json`) costs what its pretty-printed form costs. The work is counted, not timed.
struct JSONReaderWorkTests {
    static func columnWork(_ text: String) throws -> (work: Int, root: YAMLNode?) {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer, path: "doc.json", limits: YAMLLimits())
            let root = try reader.read()
            return (reader.columnWork, root)
        }
    }

    @Test func columnsOnOneLongLineAreCountedOnce() throws {
        let items = (0..<20_000).map { "{\"id\":\"é\($0)\",\"n\":\($0)}" }
        let oneLine = "[" + items.joined(separator: ",") + "]"
        let (work, root) = try Self.columnWork(oneLine)
        // Each byte is counted once for the column of the marks after it.
        #expect(work <= oneLine.utf8.count)
        #expect(root?.items?.count == 20_000)
        // The marks are still exact: the last object opens after every byte before it, and `é` is one column.
        let last = try #require(root?.items?.last)
        let before = "[" + items.dropLast().joined(separator: ",") + ","
        #expect(last.mark == YAMLMark(line: 1, column: before.count + 1))
        #expect(last["n"]?.mark == YAMLMark(line: 1, column: before.count + 1 + "{\"id\":\"é19999\",\"n\":".count))

        let pretty = "[\n" + items.joined(separator: ",\n") + "\n]\n"
        #expect(try Self.columnWork(pretty).work <= pretty.utf8.count)
    }
}
