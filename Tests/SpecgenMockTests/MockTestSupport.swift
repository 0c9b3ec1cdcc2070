import Foundation
import SpecgenMock
import SpecgenMockServer
import SpecgenRuntime
import SpecgenSpec
import SpecgenTestSupport
import SpecgenWire
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Mocks of the package's own specs, served over real sockets on 127.0.0.1.
enum Mocks {
    /// A mock of `Specs/<api>.yaml` (or of the spec at `path`), whose problems name the spec by that path.
    static func service(
        _ api: String, path: String? = nil, credentials: [String] = [], scripted: Bool = true, cors: Bool = false
    ) throws -> MockService {
        let path = path ?? "Specs/\(api).yaml"
        let bytes = try #require(FileManager.default.contents(atPath: PackagePaths.url(path).path))
        let loaded = Spec.load(bytes: Array(bytes), path: path)
        return MockService(
            spec: try #require(loaded.spec, "\(loaded.diagnostics)"), credentials: credentials, scripted: scripted,
            cors: cors)
    }

    /// Serves a mock of `api` for the duration of `body`.
    static func with(
        _ api: String, path: String? = nil, credentials: [String] = [], scripted: Bool = true,
        _ body: (URL, MockService) async throws -> Void
    ) async throws {
        let service = try service(api, path: path, credentials: credentials, scripted: scripted)
        let (server, url) = try await serve(service)
        do {
            try await body(url, service)
        } catch {
            await server.stop(timeout: 0)
            throw error
        }
        await server.stop(timeout: 0)
    }

    /// A mock server of `service`, started on a port no earlier server of the test process had.
    static func serve(_ service: MockService) async throws -> (MockHTTPServer, URL) {
        for _ in 0..<ServedPorts.attempts {
            let server = try MockHTTPServer(service: service)
            // The whole suite in parallel on two cores can hold the cooperative threads for half a minute.
            let url = try await server.start(listenTimeout: .seconds(120))
            if let port = url.port, ServedPorts.claim(port) { return (server, url) }
            await server.stop(timeout: 0)
        }
        throw URLError(.cannotConnectToHost)
    }

    /// A model of the spec, synthesized by the mock and decoded into the generated client's type.
    static func sample<Value: Decodable>(_ type: Value.Type, _ model: String, in service: MockService) throws -> Value {
        let json = try #require(Synthesizer(spec: service.spec).json(forModel: model), "no model \(model)")
        return try JSONCoding.decoder().decode(Value.self, from: json)
    }
}

/// A raw HTTP exchange, for requests no generated client would send.
struct RawResponse {
    var status: Int
    var headers: [String: String]
    var body: Data

    /// The body as a JSON object, or nil.
    var object: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }

    /// The `errors[].field` names of a problem body.
    var problemFields: [String] { problems.compactMap { $0["field"] as? String } }

    /// The `errors` of a problem body.
    var problems: [[String: Any]] {
        let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        return object?["errors"] as? [[String: Any]] ?? []
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

func send(
    _ method: String, _ url: URL, headers: [String: String] = [:], body: Data? = nil
) async throws -> RawResponse {
    var request = URLRequest(url: url)
    request.httpMethod = method
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    request.httpBody = body
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    var fields: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
        if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
    }
    return RawResponse(status: http.statusCode, headers: fields, body: data)
}
