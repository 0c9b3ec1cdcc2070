public import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPRequestData {
    /// The methods a spec can declare, so generated code needs no import of HTTPTypes.
    public enum Verb: String, Hashable, Sendable {
        case get = "GET"
        case post = "POST"
        case put = "PUT"
        case patch = "PATCH"
        case delete = "DELETE"
        case head = "HEAD"
        case options = "OPTIONS"

        var method: HTTPRequest.Method {
            switch self {
            case .get: .get
            case .post: .post
            case .put: .put
            case .patch: .patch
            case .delete: .delete
            case .head: .head
            case .options: .options
            }
        }
    }

    /// Creates a request the way generated request builders do.
    /// - Parameters:
    ///   - verb: The method.
    ///   - path: The path below the server URL, with parameters substituted and percent-encoded.
    ///   - accept: The `Accept` header: the media types the operation's responses and errors come in, or nil for
    ///     none.
    public init(_ verb: Verb, path: String, accept: String? = nil) {
        self.init(method: verb.method, path: path)
        if let accept { headerFields[.accept] = accept }
    }

    /// Sets a header field by name. Spec linting rejects invalid names, so an invalid one here is skipped.
    /// A `sensitive` header is a credential: it is redacted in logs and never follows a redirect to another origin.
    public mutating func setHeader(_ name: String, _ value: String, sensitive: Bool = false) {
        guard let fieldName = HTTPField.Name(name) else { return }
        if sensitive {
            setCredential(fieldName, value)
        } else {
            headerFields[fieldName] = value
        }
    }

    /// Replaces the field `name` with one that carries a credential (see ``HTTPRequestData/headerFields``).
    mutating func setCredential(_ name: HTTPField.Name, _ value: String) {
        headerFields[name] = nil
        headerFields.append(.credential(name, value))
    }

    /// Encodes `value` as the JSON body and sets `Content-Type: application/json`.
    public mutating func setJSONBody(_ value: some Encodable, operation: String) throws(ClientError) {
        body = try JSONCoding.encode(value, operation: operation)
        headerFields[.contentType] = "application/json"
    }

    /// Sets a form-urlencoded body.
    public mutating func setFormBody(_ form: FormBody) {
        body = form.data
        headerFields[.contentType] = FormBody.contentType
    }

    /// Sets a multipart/form-data body with its boundary. A body with parts read from disk is written to a
    /// temporary ``BodyFile`` and sent from there, at constant memory; if that file cannot be written, the body is
    /// built in memory instead.
    public mutating func setMultipartBody(_ multipart: MultipartBody) {
        if multipart.hasFileParts {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "specgen-upload-\(UUID().uuidString)")
            do {
                let contentType = try multipart.write(to: url)
                bodyFile = try BodyFile(url, temporary: true)
                body = nil
                headerFields[.contentType] = contentType
                return
            } catch {
                try? FileManager.default.removeItem(at: url)
            }
        }
        let (data, contentType) = multipart.encoded()
        body = data
        headerFields[.contentType] = contentType
    }

    /// Sets raw bytes with their content type.
    public mutating func setBody(_ data: Data, contentType: String) {
        body = data
        setHeader("Content-Type", contentType)
    }
}

extension HTTPField {
    /// A field that carries a credential: HPACK's and QPACK's never-indexed strategy, which the client also reads as
    /// "redact it, and keep it from other origins".
    static func credential(_ name: Name, _ value: String) -> HTTPField {
        var field = HTTPField(name: name, value: value)
        field.indexingStrategy = .disallow
        return field
    }

    /// Whether the field carries a credential: one of the headers that always do, or one marked as such.
    var isCredential: Bool {
        indexingStrategy == .disallow || RedirectPolicy.credentialFields.contains(name)
    }
}

extension MultipartBody {
    /// Adds a JSON part encoded from `value`.
    public mutating func append(_ name: String, encoding value: some Encodable, operation: String) throws(ClientError) {
        append(name, json: try JSONCoding.encode(value, operation: operation))
    }
}

extension APIClient {
    /// Adds a header every request carries unless it sets the header itself.
    public mutating func setDefaultHeader(_ name: String, _ value: String) {
        guard let fieldName = HTTPField.Name(name) else { return }
        defaultHeaders[fieldName] = value
    }
}

extension RequestOptions {
    /// URLSession cache policies by the names specs use, so generated code needs no FoundationNetworking import.
    public enum Cache: String, Hashable, Sendable {
        case useProtocolCachePolicy, reloadIgnoringLocalCacheData, returnCacheDataElseLoad, returnCacheDataDontLoad

        var policy: URLRequest.CachePolicy {
            switch self {
            case .useProtocolCachePolicy: .useProtocolCachePolicy
            case .reloadIgnoringLocalCacheData: .reloadIgnoringLocalCacheData
            case .returnCacheDataElseLoad: .returnCacheDataElseLoad
            case .returnCacheDataDontLoad: .returnCacheDataDontLoad
            }
        }
    }

    /// Creates options with a cache policy named as in specs.
    public init(timeout: TimeInterval? = nil, cache: Cache) {
        self.init(timeout: timeout, cachePolicy: cache.policy)
    }
}
