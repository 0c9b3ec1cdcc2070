/// Why a server turns a request away before running it. Each reason has the statuses servers use for it, in
/// order of preference; the mock answers with the first one the endpoint documents, and the OpenAPI export
/// documents the fallback wherever the spec documents none, so the two always agree.
public enum RequestRejection: Sendable, CaseIterable {
    /// The credential is missing, malformed or not accepted.
    case credentials
    /// The body's media type is not the declared encoding.
    case mediaType
    /// A parameter, default header or body does not match its declaration.
    case content

    /// The statuses that answer this rejection, best first.
    public var preferredStatuses: [Int] {
        switch self {
        case .credentials: [401, 403]
        case .mediaType: [415, 400, 422]
        case .content: [400, 422]
        }
    }

    /// The status used when the endpoint documents none of ``preferredStatuses``.
    public var fallbackStatus: Int { self == .credentials ? 401 : 400 }
}

extension Spec {
    /// An endpoint's documented errors: its own, then the API-wide ones for other statuses.
    public func errors(of endpoint: Endpoint) -> [ErrorResponse] {
        endpoint.errors + errors.filter { shared in !endpoint.errors.contains { $0.status == shared.status } }
    }

    /// The documented error that answers `status`: exact codes before ranges, as a generated client tests them.
    public func documentedError(_ status: Int, of endpoint: Endpoint) -> ErrorResponse? {
        errors(of: endpoint).sorted { $0.status < $1.status }.first { $0.status.matches(status) }
    }

    /// Every status or range the endpoint declares: its responses, its errors and the API-wide errors.
    public func declaredStatuses(of endpoint: Endpoint) -> [StatusPattern] {
        endpoint.responses.map(\.status) + errors(of: endpoint).map(\.status)
    }

    /// The reasons a server can turn this endpoint's requests away: credentials only when it declares auth.
    public func rejections(of endpoint: Endpoint) -> [RequestRejection] {
        let authenticated = !(authRequirement(of: endpoint)?.isNone ?? true)
        return RequestRejection.allCases.filter { $0 != .credentials || authenticated }
    }

    /// The status that answers a rejection of the endpoint's requests, with the documented error for it; nil when
    /// the spec documents none of the rejection's statuses and the fallback answers.
    public func rejectionStatus(
        _ rejection: RequestRejection, of endpoint: Endpoint
    ) -> (status: Int, documented: ErrorResponse?) {
        for status in rejection.preferredStatuses {
            if let error = documentedError(status, of: endpoint) { return (status, error) }
        }
        return (rejection.fallbackStatus, nil)
    }
}
