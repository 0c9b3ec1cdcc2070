import Foundation
import HTTPTypes

/// How a client follows redirects. Transports hand `3XX` answers back as they are, and the client follows them
/// below every middleware, so the same rules hold for every transport:
///
/// - `301`, `302`, `303`, `307` and `308` with a `Location` are followed, at most ``limit`` times in a row; one more
///   fails the call with ``ClientError/transport(operation:message:)``, so a redirect loop never hangs.
/// - `303`, and `301` or `302` after a `POST`, continue as `GET` without the body, as browsers and curl do; `307`
///   and `308` repeat the method and the body.
/// - A hop to another origin (another scheme, host or port, so `https` to `http` counts) never carries credentials:
///   `Authorization`, `Proxy-Authorization`, `Cookie`, API-key headers and query items, and every header the spec
///   marks sensitive are removed before it, and stay removed for the rest of the chain. With
///   ``crossOrigin`` set to ``CrossOrigin/refuse``, such a hop is not taken at all: the call ends with the `3XX`
///   answer, which the operation reports as an undocumented status.
/// - A `Location` that is missing, not a URL, or not `http`/`https` is not followed either.
public struct RedirectPolicy: Hashable, Sendable {
    /// What to do with a redirect to another origin.
    public enum CrossOrigin: Hashable, Sendable {
        /// Follow it without credentials (the default: a download redirected to a storage service still works).
        case followWithoutCredentials
        /// Do not follow it.
        case refuse
    }

    /// The most redirects followed in a row.
    public var limit: Int
    /// What to do with a redirect to another origin.
    public var crossOrigin: CrossOrigin

    /// Creates a policy.
    public init(limit: Int = 10, crossOrigin: CrossOrigin = .followWithoutCredentials) {
        self.limit = limit
        self.crossOrigin = crossOrigin
    }

    /// Follows up to 10 redirects, dropping credentials on a hop to another origin.
    public static let `default` = RedirectPolicy()

    /// Follows no redirect: every `3XX` answer reaches the operation as it is.
    public static let never = RedirectPolicy(limit: 0, crossOrigin: .refuse)

    /// Headers that carry credentials in every API.
    static let credentialFields: [HTTPField.Name] = [.authorization, .proxyAuthorization, .cookie]

    /// Sends `request` with `send`, then each redirect the policy follows; returns the last answer.
    func follow(
        _ request: HTTPRequestData, operation: String,
        send: (HTTPRequestData) async throws -> HTTPResponseData
    ) async throws -> HTTPResponseData {
        var current = request
        var response = try await send(current)
        var hops = 0
        // Taken from the request as sent: after a hop the query is the `Location`'s, whose items carry no marks.
        var credentialQueryNames: Set<String> = []
        for item in request.query where item.isCredential { credentialQueryNames.insert(item.name) }
        while let next = nextRequest(after: response, of: current, credentialQueryNames: credentialQueryNames) {
            guard hops < limit else {
                throw ClientError.transport(operation: operation, message: "more than \(limit) redirects")
            }
            hops += 1
            current = next
            response = try await send(current)
        }
        return response
    }

    /// The request a redirect leads to, or nil when `response` is not one this policy follows. On a hop to another
    /// origin, the credential fields go, and so do the query items named `credentialQueryNames` (those the request
    /// that started the chain marked).
    func nextRequest(
        after response: HTTPResponseData, of request: HTTPRequestData, credentialQueryNames: Set<String>
    ) -> HTTPRequestData? {
        let status = response.status.code
        guard limit > 0, [301, 302, 303, 307, 308].contains(status),
            let location = response.headerFields[.location], let from = request.url,
            let target = URL(string: location, relativeTo: from)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https", target.host != nil
        else { return nil }
        let crossesOrigin = Origin(from) != Origin(target)
        if crossesOrigin && crossOrigin == .refuse { return nil }

        var next = request
        next.baseURL = target
        next.path = ""
        next.query = []
        if status == 303 || (request.method == .post && (status == 301 || status == 302)) {
            if request.method != .head { next.method = .get }
            next.body = nil
            next.headerFields[.contentType] = nil
            next.headerFields[.contentLength] = nil
        }
        if crossesOrigin {
            next.headerFields = HTTPFields(next.headerFields.filter { !$0.isCredential })
            next.baseURL = Self.removingQueryItems(named: credentialQueryNames, from: target)
        }
        return next
    }

    /// `url` without the query items named `names` (a server that echoes an API key into its `Location`).
    private static func removingQueryItems(named names: Set<String>, from url: URL) -> URL {
        guard !names.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.queryItems
        else { return url }
        let kept = items.filter { !names.contains($0.name) }
        components.queryItems = kept.isEmpty ? nil : kept
        return components.url ?? url
    }
}

/// A URL's origin: scheme, host and port, with the scheme's default port filled in.
struct Origin: Equatable {
    var scheme: String
    var host: String
    var port: Int?

    init(_ url: URL) {
        scheme = url.scheme?.lowercased() ?? ""
        host = url.host?.lowercased() ?? ""
        port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }
}
