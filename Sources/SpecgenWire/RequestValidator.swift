import Foundation
import SpecgenSpec

extension RequestRejection {
    /// When several checks fail, the answer names the most fundamental: credentials, then media type, then content.
    fileprivate var precedence: Int {
        switch self {
        case .content: 0
        case .mediaType: 1
        case .credentials: 2
        }
    }
}

/// Checks one request against one endpoint: path, query and header parameters, auth, content type and body.
struct RequestValidator {
    let spec: Spec
    let endpoint: Endpoint
    /// The credentials accepted; empty accepts any well-formed one.
    let credentials: Set<String>
    private var checker: ValueChecker
    /// Whether undeclared query parameters and bodies are ignored rather than refused.
    let ignoresUndeclared: Bool
    /// Why the request is turned away, when ``problems`` is not empty.
    private(set) var rejection = RequestRejection.content

    init(
        spec: Spec, types: TypeResolver, endpoint: Endpoint, credentials: Set<String>, ignoresUndeclared: Bool = false
    ) {
        self.spec = spec
        self.endpoint = endpoint
        self.credentials = credentials
        self.ignoresUndeclared = ignoresUndeclared
        checker = ValueChecker(spec: spec, types: types)
    }

    var problems: [WireProblem] { checker.problems }
    /// Body properties the spec does not declare, which the request may carry and the mock ignores.
    var ignored: [String] { checker.ignored }

    /// Adds problems found outside the endpoint's declaration, such as a token URL's grant rules, except on fields
    /// already reported.
    mutating func addUnreported(_ extra: [WireProblem]) {
        let reported = Set(problems.map(\.field))
        for problem in extra where !reported.contains(problem.field) {
            checker.report(problem.field, problem.message, at: problem.location)
        }
    }

    private mutating func reject(_ reason: RequestRejection) {
        if reason.precedence > rejection.precedence { rejection = reason }
    }

    /// Runs every check; `pathValues` are the decoded path segments bound to their placeholders.
    mutating func validate(_ request: WireRequest, pathValues: [String: String]) {
        for parameter in endpoint.pathParameters {
            checker.checkTextField(
                pathValues[parameter.wireName].map { [$0] } ?? [], parameter,
                path: "path.\(parameter.wireName)")
        }
        let query = FormPairs(request.query, plusIsSpace: false)
        var consumed: Set<String> = []
        for parameter in endpoint.queryParameters {
            consumed.formUnion(checker.checkItems(query, parameter, path: "query.\(parameter.wireName)"))
        }
        for name in query.names
        where !consumed.contains(name) && !spec.apiKeyQueryNames.contains(name) && !isMockPageLink(name) {
            if ignoresUndeclared {
                checker.ignore("query.\(name)")
                continue
            }
            checker.report(
                "query.\(name)", "is not a query parameter of '\(endpoint.name)'", at: endpoint.requestLocation)
        }
        for parameter in endpoint.headerParameters {
            checker.checkTextField(
                request.header(parameter.wireName).map { [$0] } ?? [], parameter,
                path: "header.\(parameter.wireName)")
        }
        if let key = endpoint.idempotencyKey, (request.header(key) ?? "").isEmpty {
            checker.report(
                "header.\(key)", "is required: a fresh idempotency key per call, the same on its retries",
                at: endpoint.location)
        }
        for header in spec.defaultHeaders {
            switch request.header(header.name) {
            case nil:
                checker.report(
                    "header.\(header.name)", "is required: every request sends '\(header.value)'", at: header.location)
            case let value? where value != header.value:
                checker.report("header.\(header.name)", "must be '\(header.value)'", at: header.location)
            default: break
            }
        }
        checkAuth(request, query: query)
        checkBody(request)
    }

    // MARK: Auth

    /// The parameter of the mock's own `Link` URLs, on an endpoint paginated by links.
    private func isMockPageLink(_ name: String) -> Bool {
        guard case .link? = endpoint.pagination?.style else { return false }
        return name == RequestJudge.pageLinkParameter
    }

    /// What one auth scheme makes of a request's credentials.
    private enum CredentialVerdict {
        case accepted
        /// The request carries no credential of the scheme; `field` and `message` say what it needs.
        case absent(field: String, message: String)
        case rejected(field: String, message: String)
    }

    /// Each alternative scheme is judged on its own: the request passes when one of them accepts its credential, or
    /// when it carries none and the credential is optional. Otherwise the first credential sent is reported, or
    /// what each alternative needs.
    private mutating func checkAuth(_ request: WireRequest, query: FormPairs) {
        guard let requirement = spec.authRequirement(of: endpoint) else { return }
        let schemes = requirement.schemes.compactMap { spec.authScheme(named: $0) }
        guard !schemes.isEmpty else { return }
        var rejected: (field: String, message: String, scheme: AuthScheme)?
        var absent: [(field: String, message: String, scheme: AuthScheme)] = []
        for scheme in schemes {
            switch verdict(scheme, request, query: query, alone: schemes.count == 1) {
            case .accepted: return
            case .rejected(let field, let message): if rejected == nil { rejected = (field, message, scheme) }
            case .absent(let field, let message): absent.append((field, message, scheme))
            }
        }
        if let rejected {
            checker.report(rejected.field, rejected.message, at: rejected.scheme.location)
        } else if requirement.optional {
            return
        } else {
            let alternatives = schemes.count > 1 ? " (one of: \(requirement.schemes.joined(separator: ", ")))" : ""
            for problem in absent {
                checker.report(problem.field, problem.message + alternatives, at: problem.scheme.location)
            }
        }
        reject(.credentials)
    }

    /// Whether `scheme` accepts the request's credential. An `Authorization` header of another scheme is `absent`
    /// for this one when the operation has alternatives (a `Basic` header on a bearer-or-basic operation).
    private func verdict(
        _ scheme: AuthScheme, _ request: WireRequest, query: FormPairs, alone: Bool
    ) -> CredentialVerdict {
        let name = scheme.name
        switch scheme.kind {
        case .bearer, .oauth2:
            let required = "is required: 'Bearer <token>' (auth scheme '\(name)')"
            guard let value = request.header("Authorization") else {
                return .absent(field: "header.Authorization", message: required)
            }
            guard let token = AuthorizationHeader.credential(value, scheme: "bearer") else {
                return alone
                    ? .rejected(
                        field: "header.Authorization", message: "must be 'Bearer <token>' (auth scheme '\(name)')")
                    : .absent(field: "header.Authorization", message: required)
            }
            return accepts(token)
                ? .accepted
                : .rejected(
                    field: "header.Authorization", message: "is not an accepted token (auth scheme '\(name)')")
        case .basic:
            let required = "is required: 'Basic <base64 of user:password>' (auth scheme '\(name)')"
            guard let value = request.header("Authorization") else {
                return .absent(field: "header.Authorization", message: required)
            }
            guard let pair = AuthorizationHeader.basicPair(value) else {
                let wrongScheme = AuthorizationHeader.credential(value, scheme: "basic") == nil
                return alone || !wrongScheme
                    ? .rejected(
                        field: "header.Authorization",
                        message: "must be 'Basic <base64 of user:password>' (auth scheme '\(name)')")
                    : .absent(field: "header.Authorization", message: required)
            }
            return accepts(pair)
                ? .accepted
                : .rejected(
                    field: "header.Authorization",
                    message: "is not an accepted user and password (auth scheme '\(name)')")
        case .apiKey(let keyName, let location):
            let value = location == .header ? request.header(keyName) : query.values(keyName).first
            let field = "\(location == .header ? "header" : "query").\(keyName)"
            guard let value, !value.isEmpty else {
                return .absent(field: field, message: "is required: the API key of auth scheme '\(name)'")
            }
            return accepts(value)
                ? .accepted : .rejected(field: field, message: "is not an accepted key (auth scheme '\(name)')")
        }
    }

    /// Whether a well-formed credential is accepted. The message never repeats it.
    private func accepts(_ credential: String) -> Bool {
        credentials.isEmpty || credentials.contains(credential)
    }

    // MARK: Body

    private mutating func checkBody(_ request: WireRequest) {
        guard let body = endpoint.body else {
            if ignoresUndeclared && !request.body.isEmpty {
                checker.ignore("body")
            } else if !request.body.isEmpty {
                checker.report(
                    "body", "is not expected: '\(endpoint.name)' declares no request body", at: endpoint.location)
            }
            return
        }
        let received = baseMediaType(request.header("Content-Type"))
        let expected: String
        switch body.encoding {
        case .json: expected = "application/json"
        case .form: expected = "application/x-www-form-urlencoded"
        case .multipart: expected = "multipart/form-data"
        case .binary: expected = body.contentType?.lowercased() ?? "application/octet-stream"
        }
        guard let received, Self.mediaType(received, conformsTo: expected) else {
            checker.report(
                "header.Content-Type", "is \(received.map { "'\($0)'" } ?? "missing"), expected '\(expected)'",
                at: body.location)
            reject(.mediaType)
            return
        }
        switch body.encoding {
        case .json: checkJSONBody(request.body, body)
        case .form: checkFormBody(request.body, body)
        case .multipart: checkMultipartBody(request, body)
        case .binary:
            if request.body.isEmpty {
                checker.report("body", "is empty, expected \(expected) bytes", at: body.location)
            }
        }
    }

    static func mediaType(_ received: String, conformsTo expected: String) -> Bool {
        if received == expected { return true }
        if expected == "application/json" { return received.hasSuffix("+json") }
        if expected.hasSuffix("/*") { return received.hasPrefix(String(expected.dropLast())) }
        return false
    }

    private mutating func checkJSONBody(_ data: Data, _ body: RequestBody) {
        guard let value = JSONText.parse(data) else {
            checker.report("body", "is not valid JSON", at: body.location)
            return
        }
        switch body.content {
        case .type(let type):
            checker.checkJSON(
                value, type, constraints: Constraints(), format: nil, path: "body", location: body.typeLocation)
        case .fields(let fields):
            guard case .object(let entries) = value else {
                checker.report("body", "expected an object, found \(checker.kind(of: value))", at: body.typeLocation)
                return
            }
            for field in fields { checker.checkField(value[field.wireName], field, path: "body.\(field.wireName)") }
            for entry in entries where !fields.contains(where: { $0.wireName == entry.key }) {
                checker.ignore("body.\(entry.key)")
            }
        }
    }

    private mutating func checkFormBody(_ data: Data, _ body: RequestBody) {
        let form = FormPairs(String(decoding: data, as: UTF8.self), plusIsSpace: true)
        let fields = checker.types.fields(of: body) ?? []
        var consumed: Set<String> = []
        for field in fields {
            consumed.formUnion(checker.checkItems(form, field, path: "body.\(field.wireName)"))
        }
        for name in form.names where !consumed.contains(name) {
            checker.ignore("body.\(name)")
        }
    }

    private mutating func checkMultipartBody(_ request: WireRequest, _ body: RequestBody) {
        let parts: [MultipartPart]
        do {
            parts = try MultipartParser.parse(request.body, contentType: request.header("Content-Type") ?? "")
        } catch {
            checker.report("body", "\(error)", at: body.location)
            return
        }
        let fields = checker.types.fields(of: body) ?? []
        for field in fields {
            let named = parts.filter { $0.name == field.wireName }
            let path = "body.\(field.wireName)"
            let kind = checker.types.partKind(field.type)
            switch kind {
            case .file, .files:
                let many = kind == .files
                if named.isEmpty {
                    if field.presence == .required {
                        checker.report(path, "is required: a file part", at: field.location)
                    }
                } else if !many && named.count > 1 {
                    checker.report(path, "is sent \(named.count) times but is one file", at: field.location)
                }
                for part in named where part.filename == nil {
                    checker.report(
                        path, "must be a file part, with a filename in Content-Disposition", at: field.typeLocation)
                }
            case .json:
                guard let part = named.first else {
                    checker.checkField(nil, field, path: path)
                    continue
                }
                if baseMediaType(part.contentType) != "application/json" {
                    checker.report(path, "must be a JSON part (Content-Type: application/json)", at: field.typeLocation)
                }
                guard let value = JSONText.parse(part.body) else {
                    checker.report(path, "is not valid JSON", at: field.typeLocation)
                    continue
                }
                checker.checkField(value, field, path: path)
            case .text:
                checker.checkTextField(named.map { String(decoding: $0.body, as: UTF8.self) }, field, path: path)
            }
        }
        for part in parts where !fields.contains(where: { $0.wireName == part.name }) {
            checker.ignore("body.\(part.name)")
        }
    }
}

/// Reads `Authorization` values: `<scheme> <credential>`, the scheme compared without case.
enum AuthorizationHeader {
    /// The credential after `scheme`, or nil when the value names another scheme or has none.
    static func credential(_ value: String, scheme: String) -> String? {
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == scheme else { return nil }
        let credential = parts[1].trimmingCharacters(in: .whitespaces)
        return credential.isEmpty ? nil : credential
    }

    /// The `user:password` of a `Basic` value, or nil when it is not one.
    static func basicPair(_ value: String) -> String? {
        guard let encoded = credential(value, scheme: "basic"), let data = Data(base64Encoded: encoded),
            let pair = String(data: data, encoding: .utf8), pair.contains(":")
        else { return nil }
        return pair
    }
}
