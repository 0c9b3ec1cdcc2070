import SpecgenSpec

/// Where the old app sends each request: the base URL of the server it picks, with each value its variables
/// allow, checked against the URLs the new spec serves the operation at.
extension ExchangeSimulator {
    /// One base URL the old app may send an operation to, and why the new spec does not serve it there.
    struct ServerCheck {
        /// The operation, by its name in the old spec.
        var operation: String
        /// The old spec's server the app picked.
        var server: String
        /// Whether the operation names another of each server's URLs than it did: its own change, not the server's.
        var moved: Bool
        var failure: Exchange?
    }

    /// The proof from the base URLs of `endpoints` (every operation the old spec has when nil), for the checks
    /// `relevant` picks.
    func serverProof(of endpoints: [Endpoint]? = nil, _ relevant: (ServerCheck) -> Bool) -> WireProof {
        let checks = (endpoints ?? old.endpoints).flatMap(serverChecks).filter(relevant)
        return WireProof(requests: checks.count, answers: 0, failed: checks.compactMap(\.failure))
    }

    /// The base URLs the old app may send `endpoint` to: each server, with its variables at their defaults and
    /// then each other value one allows. An operation the new spec no longer has is the route's failure.
    func serverChecks(_ endpoint: Endpoint) -> [ServerCheck] {
        guard let current = current(endpoint) else { return [] }
        let served = new.servers.compactMap { server in
            Self.template(of: current, on: server).map { (template: $0, variables: server.variables) }
        }
        var checks: [ServerCheck] = []
        for server in old.servers {
            guard let template = Self.template(of: endpoint, on: server) else { continue }
            for url in Self.choices(template, server.variables) {
                var check = ServerCheck(
                    operation: endpoint.name, server: server.name, moved: endpoint.server?.name != current.server?.name)
                if !served.contains(where: { Self.matches(url, $0.template, $0.variables) }) {
                    let places = served.map { $0.template + current.path }.joined(separator: ", ")
                    check.failure = Exchange(
                        direction: .request, type: endpoint.name, operation: endpoint.name,
                        json: "\(endpoint.method.rawValue) \(url)\(endpoint.path)",
                        failure: "no server of the new spec is at \(url); "
                            + (places.isEmpty ? "none serves '\(current.name)'" : "'\(current.name)' is at \(places)"))
                }
                checks.append(check)
            }
        }
        return checks
    }

    /// The base URL template an endpoint is sent to on a server: its own, or the one the endpoint names.
    static func template(of endpoint: Endpoint, on server: Server) -> String? {
        guard let reference = endpoint.server else { return trimmed(server.url) }
        return server.urls.first { $0.name == reference.name }.map { trimmed($0.url) }
    }

    static func trimmed(_ url: String) -> String { url.hasSuffix("/") ? String(url.dropLast()) : url }

    /// The template with every variable at its default, then with each other allowed value of one variable.
    static func choices(_ template: String, _ variables: [ServerVariable]) -> [String] {
        func url(_ pick: (ServerVariable) -> String) -> String {
            ServerVariable.substitute(template) { name in variables.first { $0.name == name }.map(pick) }
        }
        var urls = [url(\.defaultValue)]
        for variable in variables {
            for value in variable.values where value != variable.defaultValue {
                let choice = url { $0.name == variable.name ? value : $0.defaultValue }
                if !urls.contains(choice) { urls.append(choice) }
            }
        }
        return urls
    }

    /// Whether some value of the template's variables gives `url`: one of a variable's values where it lists
    /// them, any text where it does not.
    static func matches(_ url: String, _ template: String, _ variables: [ServerVariable]) -> Bool {
        matches(Substring(url), TemplatePart.parts(of: template)[...], variables)
    }

    private static func matches(
        _ url: Substring, _ parts: ArraySlice<TemplatePart>, _ variables: [ServerVariable]
    ) -> Bool {
        guard let part = parts.first else { return url.isEmpty }
        let rest = parts.dropFirst()
        switch part {
        case .literal(let text):
            return url.hasPrefix(text) && matches(url.dropFirst(text.count), rest, variables)
        case .placeholder(let name):
            let allowed = variables.first { $0.name == name }?.values ?? []
            if !allowed.isEmpty {
                return allowed.contains { url.hasPrefix($0) && matches(url.dropFirst($0.count), rest, variables) }
            }
            var end = url.startIndex
            while end < url.endIndex {
                end = url.index(after: end)
                if matches(url[end...], rest, variables) { return true }
            }
            return false
        }
    }
}
