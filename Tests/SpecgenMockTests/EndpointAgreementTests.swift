import Chatist
import DocumentAI
import Foundation
import Gista
import Joyfill
import Keyz
import SpecgenMock
import SpecgenRuntime
import SpecgenSpec
import SpecgenWire
import Testing

/// Every endpoint of the five specs, called through its generated client with inputs the mock synthesizes from
/// the spec: the mock's request validation and the client's encoding must agree on all of them.
struct EndpointAgreementTests {
    /// Checks that the calls reached every endpoint of the spec and the mock found nothing to reject.
    private func expectEveryEndpointAccepted(_ service: MockService) {
        let history = service.history
        let problems = history.flatMap(\.problems)
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
        let reached = Set(history.flatMap(\.matchingOperations))
        let missing = service.spec.endpoints.map(\.name).filter { !reached.contains($0) }
        #expect(missing.isEmpty, "not called: \(missing)")
    }

    @Test func chatist() async throws {
        try await Mocks.with("Chatist") { url, service in
            let api = ChatistClient(baseURL: url, apiKey: "test-key")
            let file = MultipartFile(filename: "a.png", contentType: "image/png", data: Data([1, 2, 3]))
            _ = try await api.getBranding()
            _ = try await api.getBranding(updatedAt: "2023-11-14 22:13:20")
            _ = try await api.createTicket(
                data: try Mocks.sample(CreateTicket.self, "CreateTicket", in: service),
                attachments: [file, file])
            _ = try await api.createTicket(
                data: try Mocks.sample(CreateTicket.self, "CreateTicket", in: service),
                attachments: nil)
            _ = try await api.getTicket("ticket_1")
            _ = try await api.getTickets()
            _ = try await api.sendMessage("ticket_1", body: SendMessage(message: "hello", attachments: [file]))
            _ = try await api.sendMessage("ticket/2", body: SendMessage(message: "hi"))
            try await api.updateCustomer(try Mocks.sample(UpdateCustomer.self, "UpdateCustomer", in: service))
            try await api.updateCustomer(UpdateCustomer())
            try await api.updateDevice(try Mocks.sample(UpdateDevice.self, "UpdateDevice", in: service))
            expectEveryEndpointAccepted(service)
        }
    }

    @Test func documentAI() async throws {
        try await Mocks.with("DocumentAI") { url, service in
            let api = DocumentAIClient(baseURL: url)
            let id = UUID()
            _ = try await api.uploadDocument(
                file: MultipartFile(
                    filename: "a.pdf", contentType: "application/pdf",
                    data: Data("%PDF".utf8)))
            try await api.processDocument(documentID: id)
            _ = try await api.getDocument(documentID: id)
            try await api.submitValues(
                documentID: id,
                values: [try Mocks.sample(FieldValueInput.self, "FieldValueInput", in: service)])
            try await api.composePDF(documentID: id)
            _ = try await api.getDownloadURL(documentID: id)
            expectEveryEndpointAccepted(service)
        }
    }

    @Test func gista() async throws {
        try await Mocks.with("Gista") { url, service in
            let api = GistaClient(
                baseURL: url, bearer: "token", retryPolicy: RetryPolicy(initialDelay: 0.01, jitter: false))
            let anonymous = GistaClient(baseURL: url, retryPolicy: RetryPolicy(initialDelay: 0.01, jitter: false))
            let user = try await api.createUser(
                try Mocks.sample(CreateUserRequest.self, "CreateUserRequest", in: service))
            _ = try await api.updateUser(
                user.userID, body: try Mocks.sample(UpdateUserRequest.self, "UpdateUserRequest", in: service))
            _ = try await api.updateUser(user.userID, body: UpdateUserRequest(displayName: .null))
            try await api.deleteUser(user.userID)
            _ = try await api.storeArticle(try Mocks.sample(StoreLinkRequest.self, "StoreLinkRequest", in: service))
            _ = try await anonymous.getUserArticles(user.userID)
            _ = try await api.getGist(gistID: "gist 1")
            _ = try await api.createGist(try Mocks.sample(CreateGistRequest.self, "CreateGistRequest", in: service))
            try await api.deleteGist(gistID: "gist_1")
            expectEveryEndpointAccepted(service)
        }
    }

    @Test func joyfill() async throws {
        try await Mocks.with("Joyfill") { url, service in
            let api = JoyfillClient(baseURL: url, bearer: "token")
            _ = try await api.fetchDocuments(identifier: nil, page: 1, limit: 25)
            _ = try await api.fetchDocuments(identifier: "template_1", page: 2, limit: 100)
            _ = try await api.fetchDocumentSubmissions(identifier: "template_1")
            _ = try await api.fetchTemplates(page: 1, limit: 1)
            _ = try await api.fetchJoyDoc(identifier: "doc_1")
            _ = try await api.fetchGroups()
            _ = try await api.retrieveGroup(identifier: "group_1")
            _ = try await api.fetchListAllUsers()
            _ = try await api.retrieveUser(identifier: "user_1")
            _ = try await api.createDocument(.object(["name": .string("Inspection")]))
            _ = try await api.saveChangelog(
                identifier: "doc_1",
                body: try Mocks.sample(ChangelogRequest.self, "ChangelogRequest", in: service))
            _ = try await api.saveDocument(
                identifier: "doc_1",
                body: try Mocks.sample(SaveDocumentRequest.self, "SaveDocumentRequest", in: service))
            _ = try await api.convertPDFToPNGs()
            expectEveryEndpointAccepted(service)
        }
    }

    @Test func keyz() async throws {
        try await Mocks.with("Keyz") { url, service in
            let api = KeyzClient(baseURL: url)
            _ = try await api.registerUser(try Mocks.sample(RegisterModel.self, "RegisterModel", in: service))
            _ = try await api.loginUser(email: "ada@example.com", password: "p+a/s=s&w%rd")
            _ = try await api.requestToken(
                TokenRequest(grantType: .password, username: "ada@example.com", password: "p+a/s=s&w%rd"))
            _ = try await api.requestToken(TokenRequest(grantType: .refreshToken, refreshToken: "r/+="))
            try await api.login(email: "ada@example.com", password: "secret")
            _ = try await api.authorizedRequest(resource: "properties")
            expectEveryEndpointAccepted(service)
        }
    }
}
