import Foundation
import SpecgenSpec

/// Why a request was rejected, which decides the status of the problem answer.
enum ProblemKind: Int, Comparable {
    /// 422: parameters or body do not match.
    case content
    /// 415: the body's media type is not the declared encoding.
    case mediaType
    /// 401: the credential the endpoint requires is missing or malformed.
    case authentication

    static func < (lhs: ProblemKind, rhs: ProblemKind) -> Bool { lhs.rawValue < rhs.rawValue }

    var status: Int {
        switch self {
        case .content: 422
        case .mediaType: 415
        case .authentication: 401
        }
    }
}

/// Checks one request against one endpoint: path, query and header parameters, auth, content type and body.
struct RequestValidator {
    let spec: Spec
    let endpoint: Endpoint
    private var checker: ValueChecker
    private(set) var kind = ProblemKind.content

    init(spec: Spec, types: TypeResolver, endpoint: Endpoint) {
        self.spec = spec
        self.endpoint = endpoint
        checker = ValueChecker(spec: spec, types: types)
    }

    var problems: [MockProblem] { checker.problems }

    /// Runs every check; `pathValues` are the decoded path segments bound to their placeholders.
    mutating func validate(_ request: MockRequest, pathValues: [String: String]) {
        for parameter in endpoint.pathParameters {
            checker.checkTextField(
                pathValues[parameter.wireName].map { [$0] } ?? [], parameter,
                path: "path.\(parameter.wireName)")
        }
        let query = FormPairs(request.query, plusIsSpace: false)
        for parameter in endpoint.queryParameters {
            checker.checkTextField(query.values(parameter.wireName), parameter, path: "query.\(parameter.wireName)")
        }
        for name in query.names
        where !endpoint.queryParameters.contains(where: { $0.wireName == name })
            && !spec.apiKeyQueryNames.contains(name)
        {
            checker.report(
                "query.\(name)", "is not a query parameter of '\(endpoint.name)'", at: endpoint.requestLocation)
        }
        for parameter in endpoint.headerParameters {
            checker.checkTextField(
                request.header(parameter.wireName).map { [$0] } ?? [], parameter,
                path: "header.\(parameter.wireName)")
        }
        checkAuth(request, query: query)
        checkBody(request)
    }

    // MARK: Auth

    private mutating func checkAuth(_ request: MockRequest, query: FormPairs) {
        guard let requirement = endpoint.auth ?? spec.security, let name = requirement.scheme,
            let scheme = spec.authScheme(named: name)
        else { return }
        let before = problems.count
        defer { if problems.count > before { kind = max(kind, .authentication) } }
        switch scheme.kind {
        case .bearer, .oauth2:
            guard let value = request.header("Authorization") else {
                if !requirement.optional {
                    checker.report(
                        "header.Authorization", "is required: 'Bearer <token>' (auth scheme '\(name)')",
                        at: scheme.location)
                }
                return
            }
            let parts = value.split(separator: " ", maxSplits: 1)
            if parts.count != 2 || parts[0].lowercased() != "bearer"
                || parts[1].trimmingCharacters(in: .whitespaces).isEmpty
            {
                checker.report(
                    "header.Authorization", "must be 'Bearer <token>' (auth scheme '\(name)')", at: scheme.location)
            }
        case .apiKey(let keyName, let location):
            let value = location == .header ? request.header(keyName) : query.values(keyName).first
            if (value ?? "").isEmpty && !requirement.optional {
                checker.report(
                    "\(location == .header ? "header" : "query").\(keyName)",
                    "is required: the API key of auth scheme '\(name)'", at: scheme.location)
            }
        }
    }

    // MARK: Body

    private mutating func checkBody(_ request: MockRequest) {
        guard let body = endpoint.body else {
            if !request.body.isEmpty {
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
            kind = max(kind, .mediaType)
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
                checker.report(
                    "body.\(entry.key)", "is not a field of '\(endpoint.name)''s body", at: body.typeLocation)
            }
        }
    }

    private mutating func checkFormBody(_ data: Data, _ body: RequestBody) {
        let form = FormPairs(String(decoding: data, as: UTF8.self), plusIsSpace: true)
        let fields = checker.types.fields(of: body) ?? []
        for field in fields {
            checker.checkTextField(form.values(field.wireName), field, path: "body.\(field.wireName)")
        }
        for name in form.names where !fields.contains(where: { $0.wireName == name }) {
            checker.report("body.\(name)", "is not a field of '\(endpoint.name)''s form", at: body.typeLocation)
        }
    }

    private mutating func checkMultipartBody(_ request: MockRequest, _ body: RequestBody) {
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
            checker.report("body.\(part.name)", "is not a part of '\(endpoint.name)''s body", at: body.typeLocation)
        }
    }
}
