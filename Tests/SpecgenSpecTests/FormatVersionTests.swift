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

    /// A name that is not a Swift type name passes, with a warning that says the module, client and protocol it
    /// gives, and a better name: `my-api` would make the protocol `MyAPIAPI`.
    @Test(arguments: [
        (
            "my-api",
            "todo.yaml:2:7: warning: the API's name 'my-api' is not a Swift type name; the module is generated as "
                + "'MyAPI', with 'MyAPIClient' and the protocol 'MyAPIAPI'; write the name the types should carry, such "
                + "as 'My'"
        ),
        (
            "\"5\"",
            "todo.yaml:2:7: warning: the API's name '5' is not a Swift type name; the module is generated as '_5', "
                + "with '_5Client' and the protocol '_5API'; start the name with a letter"
        ),
    ])
    func aNameThatIsNotATypeNameSaysWhatItGives(_ name: String, _ warning: String) {
        let text =
            "specgen: 1\nname: \(name)\nversion: \"1\"\nendpoints:\n  ping:\n    request: GET /ping\n"
            + "    response: {204: empty}\n"
        let loaded = Spec.load(bytes: Array(text.utf8), path: "todo.yaml")
        #expect(loaded.diagnostics.map(\.description) == [warning])
        #expect(loaded.spec != nil)
    }
}
