import Foundation
import SpecgenSpec
import SpecgenTestSupport
import Testing

/// Each documented API's operations, by the names its app uses, must be declared in its spec.
struct SeedCoverageTests {
    static let documented: [(api: String, operations: [String], models: [String])] = [
        (
            "Joyfill",
            [
                "fetchDocuments", "fetchDocumentSubmissions", "fetchTemplates", "fetchJoyDoc", "fetchGroups",
                "retrieveGroup",
                "fetchListAllUsers", "retrieveUser", "createDocument", "saveChangelog", "saveDocument",
                "convertPDFToPNGs",
            ],
            ["Document", "DocumentListResponse", "GroupResponse", "RetrieveGroup", "ListAllUsersResponse", "JoyDoc"]
        ),
        (
            "DocumentAI",
            ["uploadDocument", "processDocument", "getDocument", "submitValues", "composePDF", "getDownloadURL"],
            [
                "DocumentStatus", "FieldType", "DocumentSummary", "FieldComponent", "FieldRegionDTO",
                "DocumentDetailResponse",
                "FieldValueInput", "InitUploadResponse", "DownloadResponse",
            ]
        ),
        (
            "Keyz",
            ["registerUser", "loginUser", "requestToken", "authorizedRequest"],
            ["RegisterModel", "IdResponse", "ErrorResponse", "TokenResponse", "UserProperties"]
        ),
        (
            "Chatist",
            [
                "getBranding", "createTicket", "getTicket", "getTickets", "sendMessage", "updateCustomer",
                "updateDevice",
            ],
            [
                "Branding", "CreateTicket", "Ticket", "Message", "SendMessage", "UpdateCustomer", "UpdateDevice",
                "DeviceInfo",
                "TicketID", "TicketPreview", "Sender", "Schedule",
            ]
        ),
        (
            "Gista",
            [
                "createUser", "updateUser", "deleteUser", "storeArticle", "getUserArticles", "getGist", "createGist",
                "deleteGist",
            ],
            ["User", "Article", "Gist", "UserID"]
        ),
    ]

    static func load(_ api: String) throws -> Spec {
        let url = PackagePaths.url("Specs/\(api).yaml")
        let bytes = try #require(FileManager.default.contents(atPath: url.path))
        let loaded = Spec.load(bytes: Array(bytes), path: "Specs/\(api).yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.description))")
        return try #require(loaded.spec)
    }

    @Test(arguments: documented.map(\.api))
    func specDeclaresEveryDocumentedOperationAndModel(api: String) throws {
        let spec = try Self.load(api)
        let entry = try #require(Self.documented.first { $0.api == api })
        #expect(spec.name == api)
        for operation in entry.operations {
            #expect(spec.endpoint(named: operation) != nil, "\(api) does not declare \(operation)")
        }
        for model in entry.models {
            #expect(spec.model(named: model) != nil, "\(api) does not declare model \(model)")
        }
    }

    @Test func specsDeclareTheDocumentedBehaviours() throws {
        let joyfill = try Self.load("Joyfill")
        #expect(joyfill.endpoint(named: "fetchDocuments")?.pagination?.itemsField == "data")
        #expect(joyfill.endpoint(named: "fetchJoyDoc")?.responses.first?.body == .binary)
        #expect(joyfill.authSchemes.first?.kind == .bearer)

        let documentAI = try Self.load("DocumentAI")
        let polling = try #require(documentAI.endpoint(named: "getDocument")?.polling)
        #expect(polling.name == "pollUntilReady")
        #expect(polling.success == ["ready", "filled"] && polling.failure == ["failed"])
        #expect(polling.interval == 2 && polling.maxAttempts == 60)
        #expect(documentAI.endpoint(named: "uploadDocument")?.body?.encoding == .multipart)
        #expect(documentAI.authSchemes.isEmpty)

        let keyz = try Self.load("Keyz")
        guard case .oauth2(let flow) = keyz.authSchemes.first?.kind else {
            Issue.record("Keyz must use an OAuth2 scheme")
            return
        }
        #expect(flow.grants == [.password, .refreshToken])
        #expect(keyz.endpoint(named: "registerUser")?.auth?.isNone == true)
        #expect(keyz.endpoint(named: "registerUser")?.responses.map(\.status) == [.code(201)])
        #expect(keyz.endpoint(named: "registerUser")?.errors.map(\.caseName) == ["emptyFields", "emailAlreadyExists"])
        #expect(keyz.endpoint(named: "requestToken")?.body?.encoding == .form)
        #expect(keyz.model(named: "TokenResponse")?.fields.first?.sensitive == true)

        let chatist = try Self.load("Chatist")
        #expect(chatist.authSchemes.first?.kind == .apiKey(name: "X-API-Key", location: .header))
        #expect(chatist.endpoint(named: "getBranding")?.responses.map(\.body).contains(.empty) == true)
        let updatedAt = chatist.model(named: "Branding")?.fields.first { $0.wireName == "updatedAt" }
        // A `String` without a format in the document stays a string.
        #expect(updatedAt?.type == .primitive(.string))
        #expect(updatedAt?.format == nil)
        #expect(chatist.errors.map(\.caseName).contains("serverError"))

        let gista = try Self.load("Gista")
        #expect(gista.servers.map(\.name) == ["development", "production"])
        #expect(gista.security?.optional == true)
        #expect(gista.retry?.maxAttempts == 3)
        #expect(gista.requestSettings == RequestSettings(timeout: 30, cachePolicy: .useProtocolCachePolicy))
        guard case .alias(_, let constraints) = gista.model(named: "UserID")?.kind else {
            Issue.record("UserID must be an alias")
            return
        }
        #expect(constraints.pattern != nil)
        #expect(gista.model(named: "UpdateUserRequest")?.fields.first?.presence == .nullable)
    }
}

/// Specs/README.md says, for every model, operation and error case of the five specs, which passage of its document
/// states it or that it is assumed and how the client tolerates it: a spec that gains one without a row fails.
struct SeedAuditTests {
    static func section(_ api: String, of text: String) -> String {
        let start = text.components(separatedBy: "\n## \(api) ").dropFirst().first ?? ""
        return start.components(separatedBy: "\n## ").first ?? ""
    }

    @Test(arguments: SeedAPIs.names)
    func everyModelOperationAndErrorHasARow(_ api: String) throws {
        let text = try String(contentsOf: PackagePaths.url("Specs/README.md"), encoding: .utf8)
        let section = Self.section(api, of: text)
        #expect(!section.isEmpty, "Specs/README.md has no section for \(api)")
        let path = "Specs/\(api).yaml"
        let bytes = try #require(FileManager.default.contents(atPath: PackagePaths.url(path).path))
        let spec = try #require(Spec.load(bytes: Array(bytes), path: path).spec)
        let errors = spec.errors + spec.endpoints.flatMap(\.errors)
        let named =
            spec.models.map(\.name) + spec.endpoints.map(\.name) + errors.map(\.caseName)
            + spec.servers.map(\.name) + spec.authSchemes.map(\.name)
        let missing = Set(named).filter { !section.contains("`\($0)`") }
        #expect(missing.isEmpty, "Specs/README.md does not say where \(api)'s \(missing.sorted()) come from")
    }
}
