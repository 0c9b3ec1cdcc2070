import SpecgenSpec
import Testing

/// The format version line: `specgen: 1`, however it is quoted; any other version is refused, located.
struct FormatVersionTests {
    static func errors(_ first: String) -> [String] {
        let text =
            first + "\nname: Todo\nversion: \"1\"\nendpoints:\n  ping:\n    request: GET /ping\n"
            + "    response: {204: empty}\n"
        return Spec.load(bytes: Array(text.utf8), path: "todo.yaml").diagnostics.filter(\.isError).map(\.description)
    }

    @Test(arguments: ["specgen: 1", "specgen: \"1\"", "specgen: '1'"])
    func versionOneIsReadHoweverItIsQuoted(_ line: String) {
        #expect(Self.errors(line) == [])
    }

    @Test func anotherVersionIsRefused() {
        #expect(
            Self.errors("specgen: \"2\"") == [
                "todo.yaml:1:10: error: unsupported spec format '2'; this specgen reads 'specgen: 1'"
            ])
    }
}
