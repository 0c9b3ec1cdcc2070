import Foundation
import SpecgenTestSupport
import Testing

/// `specgen export-openapi`: each spec as an OpenAPI 3.1 document that `openapi-spec-validator` (installed by
/// `.ci/install-deps`) accepts, in YAML and JSON, with the wire details the generated client relies on.
struct ExportOpenAPITests {
    static let apis = SeedAPIs.names

    static func temporaryFolder() throws -> URL { try makeTemporaryFolder("export") }

    /// The whole YAML document of each spec, byte for byte: any change to the export shows up as a reviewed diff.
    @Test(arguments: SeedAPIs.names)
    func exportMatchesItsGolden(api: String) async throws {
        let run = try await ProcessRun.specgen(["export-openapi", "Specs/\(api).yaml"])
        #expect(run.status == 0, "\(run.stderr)")
        expectGolden(run.stdout, matches: Fixtures.url(api, "openapi.yaml"))
    }

    /// The JSON document of a spec, parsed.
    static func document(_ api: String, path: String? = nil) async throws -> [String: Any] {
        let run = try await LintCommandTests.specgen([
            "export-openapi", path ?? "Specs/\(api).yaml", "--format", "json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        return try #require(object as? [String: Any])
    }

    static func value(_ root: Any, _ path: String...) -> Any? {
        var current: Any? = root
        for key in path {
            if let array = current as? [Any], let index = Int(key), array.indices.contains(index) {
                current = array[index]
            } else {
                current = (current as? [String: Any])?[key]
            }
        }
        return current
    }

    @Test func everySpecExportsADocumentTheValidatorAccepts() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for (api, spec) in zip(Self.apis + FixtureAPIs.names, SeedAPIs.specPaths + FixtureAPIs.specPaths) {
            for suffix in ["yaml", "json"] {
                let output = folder.appendingPathComponent("\(api).\(suffix)").path
                let run = try await LintCommandTests.specgen(["export-openapi", spec, "-o", output])
                #expect(run.status == 0, "\(run.stderr)")
                files.append(output)
            }
        }
        let validation = try await ProcessRun.run("python3", ["Tests/Scripts/validate_openapi.py"] + files)
        #expect(validation.status == 0, "\(validation.stdout)\(validation.stderr)")
        #expect(validation.stdout.components(separatedBy: ": valid\n").count == files.count + 1, "\(validation.stdout)")
    }

    @Test func aDocumentTheValidatorRejectsIsReported() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.yaml")
        try "openapi: 3.1.0\ninfo: {title: Broken}\npaths: {}\n".write(to: broken, atomically: true, encoding: .utf8)
        let validation = try await ProcessRun.run("python3", ["Tests/Scripts/validate_openapi.py", broken.path])
        #expect(validation.status == 1)
        #expect(validation.stdout.contains("broken.yaml: invalid"), "\(validation.stdout)")
    }

    @Test func theOutputIsByteStableAndWrittenOnlyWhenItChanges() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Chatist.yaml")
        _ = try await LintCommandTests.specgen(["export-openapi", "Specs/Chatist.yaml", "-o", output.path])
        let first = try Data(contentsOf: output)
        let stamp = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        try await Task.sleep(for: .milliseconds(50))
        _ = try await LintCommandTests.specgen(["export-openapi", "Specs/Chatist.yaml", "-o", output.path])
        #expect(try Data(contentsOf: output) == first)
        #expect(try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date == stamp)
        let stdout = try await LintCommandTests.specgen(["export-openapi", "Specs/Chatist.yaml"])
        #expect(Data(stdout.stdout.utf8) == first)
    }

    @Test func securitySchemesCarryTheOAuth2PasswordFlowAPIKeysAndBearer() async throws {
        let keyz = try await Self.document("Keyz")
        let flow = Self.value(keyz, "components", "securitySchemes", "keyz", "flows", "password") as? [String: Any]
        #expect(flow?["tokenUrl"] as? String == "https://dev.space.keyz-app.fr/auth/token/")
        #expect(flow?["refreshUrl"] as? String == "https://dev.space.keyz-app.fr/auth/token/")
        #expect(Self.value(keyz, "security", "0", "keyz") != nil)
        // Registration needs no credentials.
        #expect((Self.value(keyz, "paths", "/auth/register/", "post", "security") as? [Any])?.isEmpty == true)

        let chatist = try await Self.document("Chatist")
        let apiKey = Self.value(chatist, "components", "securitySchemes", "apiKey") as? [String: Any]
        #expect(apiKey?["type"] as? String == "apiKey")
        #expect(apiKey?["in"] as? String == "header")
        #expect(apiKey?["name"] as? String == "X-API-Key")

        let gista = try await Self.document("Gista")
        #expect(Self.value(gista, "components", "securitySchemes", "bearer", "scheme") as? String == "bearer")
    }

    @Test func basicAuthAndClientCredentialsBecomeTheirSecuritySchemes() async throws {
        let relay = try await Self.document("Relay", path: "Tests/Fixtures/Relay/Relay.yaml")
        let schemes = Self.value(relay, "components", "securitySchemes")
        #expect(Self.value(schemes as Any, "account", "type") as? String == "http")
        #expect(Self.value(schemes as Any, "account", "scheme") as? String == "basic")
        let flow = Self.value(schemes as Any, "partner", "flows", "clientCredentials") as? [String: Any]
        #expect(flow?["tokenUrl"] as? String == "https://eu.api.relay.example/v1/oauth/token")
        #expect((flow?["scopes"] as? [String: String])?.keys.sorted() == ["messages.read", "messages.write"])
        #expect(Self.value(relay, "paths", "/messages", "get", "security", "0", "partner") != nil)
        // Alternatives are one requirement object each, in the spec's order.
        let alternatives = Self.value(relay, "paths", "/messages", "post", "security") as? [[String: [String]]]
        #expect(alternatives == [["session": []], ["account": []]])
    }

    @Test func bodiesKeepTheirEncodings() async throws {
        let chatist = try await Self.document("Chatist")
        let create = Self.value(chatist, "paths", "/tickets", "post", "requestBody", "content", "multipart/form-data")
        #expect(Self.value(create as Any, "encoding", "data", "contentType") as? String == "application/json")
        #expect(
            Self.value(create as Any, "schema", "properties", "attachments", "items", "contentMediaType") as? String
                == "application/octet-stream")
        #expect(
            Self.value(
                chatist, "paths", "/tickets/{ticketID}/messages", "post", "requestBody", "content",
                "multipart/form-data", "schema", "$ref") as? String == "#/components/schemas/SendMessage")

        let keyz = try await Self.document("Keyz")
        // loginUser and requestToken share POST /auth/token/: one operation accepts either form.
        let token = Self.value(keyz, "paths", "/auth/token/", "post") as? [String: Any]
        #expect(token?["operationId"] as? String == "loginUser")
        // Each is also kept whole, for import-openapi.
        let shared = token?["x-specgen-operations"] as? [[String: Any]]
        #expect(shared?.map { $0["operationId"] as? String } == ["loginUser", "requestToken"])
        #expect(
            Self.value(
                shared?.last as Any, "requestBody", "content", "application/x-www-form-urlencoded", "schema", "$ref")
                as? String == "#/components/schemas/TokenRequest")
        let form = Self.value(token as Any, "requestBody", "content", "application/x-www-form-urlencoded", "schema")
        let properties = (Self.value(form as Any, "properties") as? [String: Any]).map { Set($0.keys) }
        #expect(properties == ["grant_type", "username", "password", "refresh_token"])
        #expect(Self.value(form as Any, "properties", "password", "format") as? String == "password")
    }

    @Test func responsesErrorsAndModelsKeepTheirDetails() async throws {
        let keyz = try await Self.document("Keyz")
        let register = Self.value(keyz, "paths", "/auth/register/", "post", "responses") as? [String: Any]
        #expect(register.map { Set($0.keys) } == ["201", "400", "401", "409"])
        #expect(Self.value(register as Any, "409", "x-specgen-case") as? String == "emailAlreadyExists")
        #expect(Self.value(register as Any, "401", "$ref") as? String == "#/components/responses/unauthorized")
        let email = Self.value(keyz, "components", "schemas", "RegisterModel", "properties", "email") as? [String: Any]
        // The document says only that empty fields are refused (400): no pattern is assumed.
        #expect(email?["pattern"] == nil)
        #expect(email?["minLength"] as? Int == 1)
        #expect(
            Self.value(keyz, "components", "schemas", "GrantType", "enum") as? [String] == [
                "password", "refresh_token",
            ])

        let gista = try await Self.document("Gista")
        // `string??`: absent, null or a value.
        let update = Self.value(gista, "components", "schemas") as? [String: Any]
        let nullable = update?.values.compactMap { Self.value($0, "properties", "displayName", "type") as? [String] }
        #expect(nullable?.first == ["string", "null"])

        let chatist = try await Self.document("Chatist")
        let branding = Self.value(chatist, "paths", "/branding", "get", "responses") as? [String: Any]
        #expect(branding?["200"] != nil && branding?["204"] != nil)
        #expect(Self.value(branding as Any, "204", "content") == nil)
        // The document types `updatedAt` as a plain string, and so does the spec.
        #expect(
            Self.value(chatist, "components", "schemas", "Branding", "properties", "updatedAt", "type") as? String
                == "string")
        let hostile = try await Self.document("HostileNames", path: Fixtures.path("HostileNames", "HostileNames.yaml"))
        #expect(
            Self.value(hostile, "components", "schemas", "Moment", "properties", "format", "x-specgen-date-format")
                as? String == "yyyy-MM-dd HH:mm:ss")
        #expect(
            Self.value(keyz, "components", "schemas", "RegisterModel", "properties", "password", "minLength")
                as? Int == 1)
    }

    @Test func aBrokenSpecIsReportedWithItsLocation() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("Broken.yaml")
        try "specgen: 1\nname: Broken\nendpoints:\n  ping:\n    request: GET /ping\n    response: Missing\n"
            .write(to: spec, atomically: true, encoding: .utf8)
        let run = try await LintCommandTests.specgen(["export-openapi", spec.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("Broken.yaml:6:"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }
}
