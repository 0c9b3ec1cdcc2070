import Foundation
package import SpecgenSpec

/// How any server of a spec judges one request: the endpoint whose path and method it fits, and what that endpoint
/// refuses in it. The mock answers from the verdict; the diff's proofs ask it what a server of the new spec does
/// with what the old app sends.
package struct RequestJudge: Sendable {
    /// The query parameter of the mock's own `Link` URLs, which a link-paginated endpoint accepts: a server of the
    /// spec issues its next-page links as it likes.
    package static let pageLinkParameter = "specgen_page"

    package let spec: Spec
    package let types: TypeResolver
    let routes: [Route]
    /// Server URL paths (`["", "v1"]`), tried as a prefix when a path matches no route as sent.
    let serverPathPrefixes: [[String]]
    /// The credentials accepted; empty accepts any well-formed credential.
    let credentials: Set<String>
    /// Whether query parameters and bodies the spec does not declare are ignored rather than refused.
    let ignoresUndeclared: Bool

    /// What a server of the spec does with a request.
    package enum Verdict {
        /// No path of the spec fits (404).
        case unknownPath(WireProblem)
        /// The path is declared, not for this method (405); `allowed` are the methods it is declared for.
        case methodNotAllowed(WireProblem, allowed: [String])
        /// Accepted by `endpoint`, which answers: the first, in spec order, of every endpoint whose declaration the
        /// request satisfies (`matching`, more than one when endpoints share a route), with the body properties no
        /// declaration names, which a server ignores.
        case accepted(Endpoint, matching: [Endpoint], ignored: [String])
        /// The request fits `endpoint` best and breaks its declaration: why, each problem, and what was ignored.
        case refused(Endpoint, RequestRejection, problems: [WireProblem], ignored: [String])

        /// The problems: the route's, or the refusing endpoint's; none when accepted.
        package var problems: [WireProblem] {
            switch self {
            case .unknownPath(let problem), .methodNotAllowed(let problem, _): [problem]
            case .accepted: []
            case .refused(_, _, let problems, _): problems
            }
        }
    }

    package init(spec: Spec, types: TypeResolver, credentials: Set<String> = [], ignoresUndeclared: Bool = false) {
        self.spec = spec
        self.types = types
        self.credentials = credentials
        self.ignoresUndeclared = ignoresUndeclared
        routes = spec.endpoints.map(Route.init)
        // Every base URL of every server, with its variables at their defaults and at each of their values.
        serverPathPrefixes = spec.servers.flatMap { server in
            ([server.url] + server.urls.map(\.url)).flatMap { template in
                ServerVariable.expansions(of: template, variables: server.variables)
            }
        }
        .compactMap { url in
            guard let path = URL(string: url)?.path, path.count > 1 else { return nil }
            return [""] + Route.segments(of: path).filter { !$0.isEmpty }
        }
    }

    /// The status a server of the spec answers a verdict with, when it refuses the request; nil when it accepts.
    package func refusalStatus(_ verdict: Verdict) -> Int? {
        switch verdict {
        case .unknownPath: 404
        case .methodNotAllowed: 405
        case .accepted: nil
        case .refused(let endpoint, let rejection, _, _): spec.rejectionStatus(rejection, of: endpoint).status
        }
    }

    /// Judges one request.
    package func judge(_ request: WireRequest) -> Verdict {
        let segments = Route.segments(of: request.path)
        var matches = matches(segments)
        guard !matches.isEmpty else { return .unknownPath(unknownPath(request, segments: segments)) }
        // As OpenAPI matches paths: the most specific template wins, so `/documents/init-upload` is that path only,
        // never `/documents/{documentId}` too.
        let literals = matches.map(\.0.literalCount).max() ?? 0
        matches = matches.filter { $0.0.literalCount == literals }
        let sameMethod = matches.filter { $0.0.endpoint.method.rawValue == request.method.uppercased() }
        guard !sameMethod.isEmpty else {
            let allowed = Array(Set(matches.map { $0.0.endpoint.method.rawValue })).sorted()
            let problem = WireProblem(
                field: "method",
                message: "\(request.method) is not declared for this path; use \(allowed.joined(separator: ", "))",
                location: matches[0].0.endpoint.requestLocation)
            return .methodNotAllowed(problem, allowed: allowed)
        }
        // Among endpoints sharing a route, the first the request satisfies wins.
        var best: (Route, RequestValidator)?
        var valid: [(Endpoint, RequestValidator)] = []
        for (route, pathValues) in sameMethod {
            var validator = RequestValidator(
                spec: spec, types: types, endpoint: route.endpoint, credentials: credentials,
                ignoresUndeclared: ignoresUndeclared)
            validator.validate(request, pathValues: pathValues)
            if request.method == "POST", let (scheme, flow) = tokenFlow(at: request.path),
                request.header("Content-Type")?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
            {
                // A declared token endpoint judges by RFC 6749 as well as by its declared form.
                validator.addUnreported(Self.tokenRequestProblems(request, flow: flow, scheme: scheme))
            }
            if validator.problems.isEmpty {
                valid.append((route.endpoint, validator))
            } else if validator.problems.count < best?.1.problems.count ?? Int.max {
                best = (route, validator)
            }
        }
        if let (endpoint, validator) = valid.first {
            return .accepted(endpoint, matching: valid.map(\.0), ignored: validator.ignored)
        }
        guard let (route, validator) = best else {
            return .accepted(sameMethod[0].0.endpoint, matching: [sameMethod[0].0.endpoint], ignored: [])
        }
        return .refused(route.endpoint, validator.rejection, problems: validator.problems, ignored: validator.ignored)
    }

    /// The routes `segments` fits, as sent or, when none does, without one of the server URL paths in front.
    func matches(_ segments: [String]) -> [(Route, [String: String])] {
        let matches = routes.compactMap { route in route.bind(segments).map { (route, $0) } }
        guard matches.isEmpty else { return matches }
        // A client may use a server URL with its path (`https://host/v1`); try without that prefix too.
        for prefix in serverPathPrefixes where segments.starts(with: prefix) {
            let rest = [""] + Array(segments.dropFirst(prefix.count))
            let matches = routes.compactMap { route in route.bind(rest).map { (route, $0) } }
            if !matches.isEmpty { return matches }
        }
        return []
    }

    /// The 404 problem for a path no endpoint has; when the path with its trailing slash added or removed is an
    /// endpoint's, it names that path, since real servers tell the two apart.
    func unknownPath(_ request: WireRequest, segments: [String]) -> WireProblem {
        let toggled = segments.last == "" && segments.count > 2 ? Array(segments.dropLast()) : segments + [""]
        let message = "'\(request.path)' matches no endpoint of \(spec.name)"
        guard let near = matches(toggled).first?.0.endpoint else {
            return WireProblem(field: "path", message: message, location: spec.location)
        }
        let slash = toggled.last == "" ? "with a trailing slash" : "without a trailing slash"
        return WireProblem(
            field: "path", message: message + "; the spec declares '\(near.path)', \(slash)",
            location: near.requestLocation)
    }

    /// The OAuth2 scheme whose token URL is `path`, with its flow.
    package func tokenFlow(at path: String) -> (AuthScheme, OAuth2Flow)? {
        for scheme in spec.authSchemes {
            if case .oauth2(let flow) = scheme.kind, Route.segments(of: flow.tokenURL) == Route.segments(of: path) {
                return (scheme, flow)
            }
        }
        return nil
    }

    /// What a request to a flow's token URL lacks: a grant the flow allows, and the fields of the grant it means.
    /// When `grant_type` is not one the flow allows, the grant meant is the allowed one whose fields the request
    /// carries most of (the only one, when the flow allows one), so a missing password is named beside the grant.
    package static func tokenRequestProblems(
        _ request: WireRequest, flow: OAuth2Flow, scheme: AuthScheme
    ) -> [WireProblem] {
        let form = FormPairs(String(decoding: request.body, as: UTF8.self), plusIsSpace: true)
        let authorization = request.header("Authorization")
        let allowed = flow.grants.map(\.rawValue)
        if let grant = form.values("grant_type").first, allowed.contains(grant) {
            return tokenRequestProblems(
                grant: grant, form: form, authorization: authorization, flow: flow, scheme: scheme)
        }
        let problem = WireProblem(
            field: "body.grant_type", message: "must be one of \(allowed.joined(separator: ", "))",
            location: scheme.location)
        let candidates = allowed.map { grant in
            let fields = grantFields(grant, flow: flow)
            return (grant, carried: fields.filter { !(form.values($0).first ?? "").isEmpty }.count)
        }
        let meant =
            allowed.count == 1
            ? allowed.first
            : candidates.filter { $0.carried > 0 }.max { $0.carried < $1.carried }?.0
        guard let meant else { return [problem] }
        return [problem]
            + tokenRequestProblems(grant: meant, form: form, authorization: authorization, flow: flow, scheme: scheme)
    }

    /// The form fields a grant needs (RFC 6749 sections 4.1.3, 4.3.2 and 6).
    static func grantFields(_ grant: String, flow: OAuth2Flow) -> [String] {
        switch OAuth2Grant(rawValue: grant) {
        case .password: [flow.usernameField, "password"]
        case .refreshToken: ["refresh_token"]
        case .authorizationCode: ["code", "redirect_uri"]
        case .clientCredentials, nil: []
        }
    }

    /// The fields a grant needs (RFC 6749 sections 4.1.3, 4.3.2 and 6), and for the client credentials grant the
    /// client's id and secret, sent the way the spec says.
    static func tokenRequestProblems(
        grant: String, form: FormPairs, authorization: String?, flow: OAuth2Flow, scheme: AuthScheme
    ) -> [WireProblem] {
        var problems = grantFields(grant, flow: flow).filter { (form.values($0).first ?? "").isEmpty }.map {
            WireProblem(field: "body.\($0)", message: "is required by the \(grant) grant", location: scheme.location)
        }
        guard grant == OAuth2Grant.clientCredentials.rawValue else { return problems }
        switch flow.clientAuthentication {
        case .basic:
            if authorization.flatMap(AuthorizationHeader.basicPair) == nil {
                problems.append(
                    WireProblem(
                        field: "header.Authorization",
                        message: "must be 'Basic <base64 of client_id:client_secret>' (auth scheme '\(scheme.name)')",
                        location: scheme.location))
            }
        case .body:
            for name in ["client_id", "client_secret"] where (form.values(name).first ?? "").isEmpty {
                problems.append(
                    WireProblem(
                        field: "body.\(name)", message: "is required: the scheme authenticates its client in the body",
                        location: scheme.location))
            }
        }
        return problems
    }
}

/// An endpoint's path template, split into segments.
package struct Route: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case placeholder(String)
    }

    package let endpoint: Endpoint
    let segments: [Segment]

    package init(_ endpoint: Endpoint) {
        self.endpoint = endpoint
        segments = Self.segments(of: endpoint.path).map { segment in
            if segment.hasPrefix("{"), segment.hasSuffix("}"), segment.count > 2 {
                return .placeholder(String(segment.dropFirst().dropLast()))
            }
            return .literal(segment)
        }
    }

    package var literalCount: Int { segments.filter { if case .literal = $0 { true } else { false } }.count }

    /// `/a/{b}/` → `["", "a", "{b}", ""]`: a trailing slash is significant, as on real servers.
    package static func segments(of path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    /// The decoded path values by placeholder, or nil when the path does not fit the template.
    package func bind(_ path: [String]) -> [String: String]? {
        guard path.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, raw) in zip(segments, path) {
            let decoded = raw.removingPercentEncoding ?? raw
            switch segment {
            case .literal(let literal): if literal != decoded { return nil }
            case .placeholder(let name):
                if decoded.isEmpty { return nil }
                values[name] = decoded
            }
        }
        return values
    }
}

extension Spec {
    /// The query item names of the API keys sent in the query.
    package var apiKeyQueryNames: [String] {
        authSchemes.compactMap { scheme in
            if case .apiKey(let name, .query) = scheme.kind { return name }
            return nil
        }
    }
}
