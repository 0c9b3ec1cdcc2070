import SpecgenEmitter
import SpecgenTestSupport
import Testing

/// Each generated file imports a module publicly only when its public declarations name the module's types: a
/// model that keeps dates in the runtime's private storage, alone in its file, imports the runtime internally; one
/// that declares a date format type (a `DateFormatSpecifier`) imports it publicly. Both compile with warnings as
/// errors.
struct ImportVisibilityTests {
    static let spec = """
        specgen: 1
        name: Stamps
        servers: {default: "https://stamps.example.com"}
        models:
          Stamp:
            properties:
              at: {type: datetime, format: epoch-seconds}
              day: date
          Entry:
            properties:
              at: {type: datetime, format: "dd.MM.yyyy HH:mm"}
        endpoints:
          getStamp: {request: GET /stamp, response: Stamp}
          getEntry: {request: GET /entry, response: Entry}
        """

    @Test func privateStorageImportsTheRuntimeInternally() async throws {
        let result = Generator.generate(bytes: Array(Self.spec.utf8), path: "stamps.yaml")
        let files = try #require(result.files, "\(result.diagnostics)")
        let stamp = try #require(files.first { $0.contents.contains("struct Stamp: ") })
        let entry = try #require(files.first { $0.contents.contains("struct Entry: ") })
        #expect(stamp.name != entry.name)
        #expect(stamp.contents.contains("\nimport SpecgenRuntime\n"))
        #expect(entry.contents.contains("\npublic import SpecgenRuntime\n"))
        let compilation = try await GeneratedModule.typecheck(
            files.map { ($0.name, $0.contents) }, module: "Stamps", flags: GeneratedModule.targetFlags)
        #expect(compilation.succeeded, "\(compilation.diagnostics.prefix(2000))")
    }
}
