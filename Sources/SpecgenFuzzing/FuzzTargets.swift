import Chatist
import DocumentAI
import Foundation
import Gista
import HTTPTypes
import Joyfill
import Keyz
import SpecgenDiff
import SpecgenEmitter
import SpecgenMock
import SpecgenOpenAPI
import SpecgenRuntime
import SpecgenSpec
import SpecgenWire
import SpecgenYAML

/// The inputs Specgen takes from people it does not control, each as one function of raw bytes: what
/// `Benchmarks/fuzz.sh` runs under libFuzzer, and what `FuzzCorpusTests` replays from the committed corpus. None of
/// them may crash, whatever the bytes.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// YAML → spec → plan → Swift: a spec file as a user or an editor wrote it.
    case generator
    /// The mock server's request validation: a request as a client sent it (`METHOD /path?query`, headers, a
    /// blank line, the body), against a spec with every body kind.
    case mock
    /// A generated client's response decoding: a body as a server sent it, read as every seed API's models and
    /// error payloads.
    case decoding
    /// The OpenAPI import: a document as another team published it (YAML or JSON, any version), read into a spec
    /// that is then loaded and linted; `$ref`s to other files read nothing.
    case importer
    /// `specgen diff` with its wire proofs: two versions of a spec as a pull request brings them, the old one, a
    /// line `--- new ---`, then the new one, every change tried with its exchanges; without that line, the spec
    /// against itself, which must change nothing.
    case diff
    /// The diff's completeness: a spec as a user wrote it, given random single edits (drawn from the input's bytes),
    /// each diffed both ways; a difference no rule explains, or a breaking verdict for an edit that changes neither
    /// the wire nor the Swift API, stops the run.
    case mutation
    /// The import's stable names: an OpenAPI document given random additions and removals of schemas and
    /// operations (drawn from the input's bytes), each imported before and after; a model or operation of one
    /// import that the other names or defines otherwise stops the run (`NameStabilityCheck`).
    case stability

    /// Runs the target on one input.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .generator: Self.generate(bytes)
        case .mock: Self.validate(bytes)
        case .decoding: Self.decode(bytes)
        case .importer: Self.importDocument(bytes)
        case .diff: Self.compare(bytes)
        case .mutation: Self.mutate(bytes)
        case .stability: Self.stabilize(bytes)
        }
    }

    /// Edits per input of the stability target: 4 while fuzzing, `SPECGEN_STABILITY_EDITS` when replaying a corpus.
    static let stabilityEdits = ProcessInfo.processInfo.environment["SPECGEN_STABILITY_EDITS"].flatMap(Int.init) ?? 4

    private static func stabilize(_ bytes: [UInt8]) {
        let path = YAMLDocument.looksLikeJSON(bytes) ? "openapi.json" : "openapi.yaml"
        guard let check = NameStabilityCheck(bytes: bytes, path: path) else { return }
        // FNV-1a of the input: the same input draws the same edits.
        var random = SplitMix64(
            seed: bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 })
        for _ in 0..<stabilityEdits {
            guard let outcome = check.check(using: &random), !outcome.problems.isEmpty else { continue }
            preconditionFailure("\(outcome.kind) moved names: " + outcome.problems.joined(separator: "; "))
        }
    }

    private static func mutate(_ bytes: [UInt8]) {
        // FNV-1a of the input: the same input draws the same edits.
        let seed = bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        let check = DiffMutationCheck(text: String(decoding: bytes, as: UTF8.self), path: "fuzz.yaml")
        let problems = check.run(edits: 4, seed: seed).flatMap(\.problems)
        precondition(problems.isEmpty, "the diff missed or misjudged an edit: \(problems[0])")
    }

    private static func compare(_ bytes: [UInt8]) {
        let separator = Array("\n--- new ---\n".utf8)
        var old = bytes
        var new = bytes
        if let start = (0...max(0, bytes.count - separator.count)).first(where: {
            bytes.count >= separator.count && Array(bytes[$0..<($0 + separator.count)]) == separator
        }) {
            old = Array(bytes[..<start])
            new = Array(bytes[(start + separator.count)...])
        }
        guard let before = Spec.load(bytes: old, path: "old.yaml").spec,
            let after = Spec.load(bytes: new, path: "new.yaml").spec
        else { return }
        let findings = SpecDiff.findings(old: before, new: after)
        if old == new { precondition(findings.isEmpty, "a spec differs from itself: \(findings.map(\.rule.id))") }
    }

    private static func importDocument(_ bytes: [UInt8]) {
        let path = bytes.first == UInt8(ascii: "{") ? "openapi.json" : "openapi.yaml"
        let result = OpenAPIImporter(name: "Fuzz").importDocument(at: path) { $0 == path ? bytes : nil }
        let summary = result.summary
        precondition(
            summary.endpoints + summary.skippedOperations == summary.documentOperations,
            "an operation was lost without being counted")
        guard let spec = result.spec else { return }
        // The import's contract: a spec it writes loads, as lint reads it, without an error.
        let loaded = Spec.load(bytes: Array(spec.utf8), path: "imported.yaml")
        precondition(
            !loaded.hasErrors, "the import wrote a spec that does not load: \(loaded.diagnostics.filter(\.isError))")
    }

    private static func generate(_ bytes: [UInt8]) {
        let result = Generator.generate(bytes: bytes, path: "fuzz.yaml")
        guard let files = result.files else { return }
        // Every file is text the compiler will read: it must at least be as long as its header.
        precondition(files.allSatisfy { !$0.contents.isEmpty }, "an empty generated file")
    }

    private static let mockService: MockService? = {
        guard let spec = Spec.load(bytes: Array(mockSpec.utf8), path: "mock.yaml").spec else { return nil }
        return MockService(spec: spec)
    }()

    private static func validate(_ bytes: [UInt8]) {
        guard let service = mockService else { preconditionFailure("the fuzz spec no longer loads") }
        let data = Data(bytes)
        let separator = Data("\r\n\r\n".utf8)
        let headEnd = data.range(of: separator)
        let head = String(decoding: headEnd.map { data[..<$0.lowerBound] } ?? data, as: UTF8.self)
        let body = headEnd.map { Data(data[$0.upperBound...]) } ?? Data()
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let requestLine = lines.isEmpty ? "" : lines.removeFirst()
        let parts = requestLine.split(separator: " ", maxSplits: 1).map(String.init)
        let target = parts.count > 1 ? parts[1] : "/"
        let pathAndQuery = target.split(separator: "?", maxSplits: 1).map(String.init)
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (
                String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            )
        }
        let request = MockRequest(
            method: parts.first ?? "", path: pathAndQuery.first ?? "/",
            query: pathAndQuery.count > 1 ? pathAndQuery[1] : "", headers: headers, body: body)
        let exchange = service.respond(to: request)
        precondition((100...599).contains(exchange.response.status), "the mock answered an impossible status")
        service.reset()
    }

    private static func decode(_ bytes: [UInt8]) {
        let response = HTTPResponseData(status: .ok, body: Data(bytes))
        let client = APIClient(baseURL: URL(filePath: "/"))
        func read<Failure: ClientFailure, Value: Decodable & Hashable & Sendable>(
            _ type: Value.Type, as failure: Failure.Type
        ) {
            let call = OperationCall<Failure>(client: client, operation: "Fuzz.decode")
            _ = try? call.decode(type, from: response)
            _ = call.errorPayload(type, from: response).description
        }
        read([TicketPreview].self, as: ChatistError.self)
        read(Chatist.Ticket.self, as: ChatistError.self)
        read(Branding.self, as: ChatistError.self)
        read(DocumentDetailResponse.self, as: DocumentAIError.self)
        read(Gist.self, as: GistaError.self)
        read(Gista.ErrorBody.self, as: GistaError.self)
        read(DocumentListResponse.self, as: JoyfillError.self)
        read(JoyDoc.self, as: JoyfillError.self)
        read(TokenResponse.self, as: LoginUserError.self)
        _ = Redaction.bodyPreview(response.body, limit: 1024)
    }

    /// A spec with every body kind, parameter place and constraint, for the mock target.
    static let mockSpec = """
        specgen: 1
        name: Fuzz
        version: 1.0.0
        servers: {production: "https://fuzz.example.com"}
        auth:
          key: {type: apiKey, in: header, name: X-Key}
        security: key
        models:
          Kind: {enum: [a, b_c]}
          Item:
            properties:
              id: {type: string, pattern: "^[a-z]{1,8}$"}
              count: {type: int, minimum: 0, maximum: 10}
              kind: Kind
              tags: {type: "[string]?", maxItems: 3}
              when: datetime?
              day: date?
              note: "string??"
              extra: "{string: int}?"
              raw: json?
        endpoints:
          getItem:
            request: "GET /items/{id}"
            path: {id: {type: string, minLength: 2}}
            query: {page: {type: int, default: 1, minimum: 1}, kind: Kind?}
            headers: {X-Trace: {type: uuid?}}
            response: Item
          putItem: {request: "PUT /items/{id}", path: {id: string}, body: Item, response: Item}
          login:
            request: POST /token
            body: {form: {user: string, code: int?}}
            response: empty
          upload:
            request: POST /files
            body: {multipart: {file: file, meta: Item, names: "[string]"}}
            response: empty
          send:
            request: POST /raw
            body: binary
            response: binary
        """
}
