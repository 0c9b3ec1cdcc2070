package import Foundation
package import SpecgenSpec

/// Whether an answer fits what the spec promises for an operation: a documented status, each declared response
/// header present (when required) and of its type, and a JSON body that meets its type and constraints. The
/// validating proxy judges a real server's answers with it.
package struct AnswerJudge: Sendable {
    let spec: Spec
    let values: ServerValueCheck

    /// The judge of answers of `spec`, whose types `types` resolves (one is built when nil).
    package init(spec: Spec, types: TypeResolver? = nil) {
        self.spec = spec
        values = ServerValueCheck(spec: spec, types: types)
    }

    /// Every way the answer breaks the spec of `endpoint`, each located where the spec says what it should be;
    /// empty when it fits.
    package func problems(
        of endpoint: Endpoint, status: Int, headers: [(name: String, value: String)], body: Data
    ) -> [WireProblem] {
        func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
        if let response = endpoint.responses.sorted(by: { $0.status < $1.status }).first(where: {
            $0.status.matches(status)
        }) {
            var problems: [WireProblem] = []
            for field in response.headers {
                let path = "header.\(field.wireName)"
                if let text = header(field.wireName) {
                    problems += values.problems(inText: text, as: field, at: path)
                } else if field.presence == .required {
                    problems.append(WireProblem(field: path, message: "is missing", location: field.location))
                }
            }
            if case .json(let type) = response.body {
                problems += json(body, as: type, location: response.location)
            }
            return problems
        }
        if let error = spec.documentedError(status, of: endpoint) {
            guard let type = error.body, type != .primitive(.string) else { return [] }
            return json(body, as: type, location: error.location)
        }
        let documented = spec.declaredStatuses(of: endpoint).map(\.description).joined(separator: ", ")
        return [
            WireProblem(
                field: "status",
                message: "is \(status), which '\(endpoint.name)' does not document (it documents \(documented))",
                location: endpoint.location)
        ]
    }

    private func json(_ body: Data, as type: TypeRef, location: SourceLocation) -> [WireProblem] {
        guard let value = JSONText.parse(body) else {
            return [WireProblem(field: "body", message: "is not JSON, as '\(type)' is sent", location: location)]
        }
        return values.problems(in: value, as: type, at: "body")
    }
}
