import Foundation
import SpecgenSpec
import SpecgenWire

/// `Prefer: example=<name>`: the answer a response or error documents under that name (OpenAPI's `examples`).
extension MockService {
    /// The named example of the endpoint's responses, then of its errors and the API-wide ones, restricted to the
    /// status `Prefer` also names (`code=404, example=missing`) when it names one, served as written. A name no
    /// answer declares is a problem that lists the names there are.
    func exampleAnswer(_ request: MockRequest, endpoint: Endpoint, name: String, status: Int?) -> MockExchange {
        let fits = { (pattern: StatusPattern) in status.map(pattern.matches) ?? true }
        for var response in endpoint.responses.sorted(by: { $0.status < $1.status }) where fits(response.status) {
            guard let example = response.examples.first(where: { $0.name == name }) else { continue }
            let code = status ?? response.status.representative(success: true)
            var answer: MockResponse
            if case .json(let type) = response.body, isWhole(example.value, type) {
                answer = json(code, example.value)
            } else {
                // An example that does not fit (lint warns) is laid over a synthesized value, as `example` is.
                response.example = example.value
                answer = successAnswer(endpoint, response, status: code, body: nil)
            }
            answer.headers += declaredHeaders(response)
            return marked(finish(request, operation: endpoint.name, response: answer, problems: []), name)
        }
        for var error in spec.errors(of: endpoint).sorted(by: { $0.status < $1.status }) where fits(error.status) {
            guard let example = error.examples.first(where: { $0.name == name }) else { continue }
            let code = status ?? error.status.representative(success: false)
            let answer: MockResponse
            if let type = error.body, type != .primitive(.string), isWhole(example.value, type) {
                answer = json(code, example.value)
            } else {
                error.example = example.value
                answer = errorAnswer(error, status: code, override: nil)
            }
            return marked(finish(request, operation: endpoint.name, response: answer, problems: []), name)
        }
        let names = (endpoint.responses.flatMap(\.examples) + spec.errors(of: endpoint).flatMap(\.examples)).map(\.name)
        let choice =
            names.isEmpty
            ? "'\(endpoint.name)' names no examples; write them under a response's 'examples'"
            : "use one of \(names.map { "'\($0)'" }.joined(separator: ", "))"
        let scope = status.map { " at status \($0)" } ?? ""
        let problem = MockProblem(
            field: "header.Prefer",
            message:
                "asks for example '\(Diagnostic.excerpt(name))'\(scope), which '\(endpoint.name)' does not declare; "
                + choice,
            location: endpoint.location)
        return rejected(request, endpoint: endpoint, .content, title: "No such documented example", problems: [problem])
    }

    /// Whether an example is a whole answer of its type, every required property there and every constraint met,
    /// so it is served as written.
    private func isWhole(_ example: SpecValue, _ type: TypeRef) -> Bool {
        ServerValueCheck(spec: spec, types: types).problems(in: example, as: type).isEmpty
    }

    private func marked(_ exchange: MockExchange, _ name: String) -> MockExchange {
        var exchange = exchange
        exchange.logLine += " (example: \(Diagnostic.excerpt(name)))"
        return exchange
    }

    /// The example a `Prefer` header asks for: `example=overdue` or `example="two words"`.
    static func preferredExample(_ header: String?) -> String? { preferences(header)["example"] }
}
