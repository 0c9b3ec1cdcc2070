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

    /// A name that is not a Swift type name passes, with a warning that says the types it gives and a better name
    /// (`my-api` would make the protocol `MyAPIAPI`); one that does not start with a letter is refused.
    @Test(arguments: [
        (
            "my-api",
            "todo.yaml:2:7: warning: the API's name 'my-api' is not a Swift type name; its types are generated as "
                + "'MyAPIClient', 'MyAPIError' and the protocol 'MyAPIAPI'; write the name the types should carry, "
                + "such as 'My'"
        ),
        (
            "\"my api\"",
            "todo.yaml:2:7: warning: the API's name 'my api' is not a Swift type name; its types are generated as "
                + "'MyAPIClient', 'MyAPIError' and the protocol 'MyAPIAPI'; write the name the types should carry, "
                + "such as 'My'"
        ),
        (
            "\"5\"",
            "todo.yaml:2:7: error: the API's name '5' does not start with a letter, so it names no Swift type; start "
                + "the name with a letter, such as 'API5'"
        ),
    ])
    func aNameThatIsNotATypeNameSaysWhatItGives(_ name: String, _ diagnostic: String) {
        let text =
            "specgen: 1\nname: \(name)\nversion: \"1\"\nendpoints:\n  ping:\n    request: GET /ping\n"
            + "    response: {204: empty}\n"
        let loaded = Spec.load(bytes: Array(text.utf8), path: "todo.yaml")
        #expect(loaded.diagnostics.map(\.description) == [diagnostic])
        #expect((loaded.spec != nil) == diagnostic.contains(": warning: "))
    }
}
