import Foundation
import SpecgenSpec
public import SpecgenWire
import Synchronization

/// The validating proxy: a real server answers, and the mock judges both the request and the answer against the
/// spec, so a team can check its backend against the spec it generates its client from.
extension MockService {
    /// Judges a request forwarded to a real server and the answer it gave: the exchange carries the server's answer
    /// unchanged, and its problems are the request's (`query.limit`) and the answer's (`answer.status`,
    /// `answer.header.ETag`, `answer.body.id`), each located in the spec.
    public func judgeProxied(_ request: MockRequest, answer: MockResponse) -> MockExchange {
        var problems: [MockProblem] = []
        var operation: String?
        switch judge.judge(request) {
        case .unknownPath(let problem), .methodNotAllowed(let problem, _):
            problems.append(problem)
        case .accepted(let endpoint, _, _):
            operation = endpoint.name
            problems += answerProblems(endpoint, answer)
        case .refused(let endpoint, _, let refused, _):
            operation = endpoint.name
            problems += refused
            problems += answerProblems(endpoint, answer)
        }
        var exchange = finish(request, operation: operation, response: answer, problems: problems)
        exchange.logLine += " (proxied)"
        for problem in problems { exchange.logLine += "\n  \(problem)" }
        let record = MockRecord(
            method: request.method, path: request.path, query: request.query, operation: operation,
            matchingOperations: operation.map { [$0] } ?? [], status: answer.status, problems: problems,
            ignoredFields: [])
        state.withLock { $0.history.append(record) }
        return exchange
    }

    private func answerProblems(_ endpoint: Endpoint, _ answer: MockResponse) -> [MockProblem] {
        AnswerJudge(spec: spec, types: types).problems(
            of: endpoint, status: answer.status, headers: answer.headers, body: answer.body
        ).map { MockProblem(field: "answer.\($0.field)", message: $0.message, location: $0.location) }
    }
}
