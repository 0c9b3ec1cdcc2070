import Foundation
import HTTPTypes
public import SpecgenRuntime
import SpecgenWire

/// A `Transport` that answers from a ``MockService`` in memory, so a generated client calls the mock without a
/// socket: an app test or a SwiftUI preview runs a whole flow against the stateful mock
/// (`MockService(spec:stateful: true)`), as it would against `specgen-mock --stateful`.
public struct MockTransport: Transport {
    /// The mock that answers.
    public let service: MockService

    /// A transport that hands every request to `service`.
    public init(_ service: MockService) { self.service = service }

    /// The mock's answer to `request`, whole (a streamed call reads it as one chunk).
    public func send(_ request: HTTPRequestData, context: OperationContext) async throws -> HTTPResponseData {
        // The query as the request's URL encodes it: the client sets the base URL before a transport sees it.
        let query = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.percentEncodedQuery }
        let answer = service.respond(
            to: MockRequest(
                method: request.method.rawValue, path: request.path,
                query: query ?? "",
                headers: request.headerFields.map { ($0.name.rawName, $0.value) }, body: request.body ?? Data())
        ).response
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        return HTTPResponseData(
            status: HTTPResponse.Status(code: answer.status), headerFields: fields, body: answer.body)
    }
}
