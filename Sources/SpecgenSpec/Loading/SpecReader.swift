import Foundation
import SpecgenYAML

/// Reads the sections of a spec; one method per construct, each reporting into the shared context.
struct SpecReader {
    let context: LoadContext
    let types: TypeBinder
    var apiRetry: RetrySettings?

    init(context: LoadContext, types: TypeBinder) {
        self.context = context
        self.types = types
    }

    // MARK: - Servers and headers

    func servers(_ node: YAMLNode) -> [Server] {
        guard
            let reader = MappingReader(
                node, keyPath: "servers", allowed: (node.pairs ?? []).compactMap(\.key.scalar),
                context: context)
        else { return [] }
        return reader.pairs.compactMap { pair in
            let name = pair.key.scalar ?? ""
            let keyPath = "servers.\(name)"
            let location = context.location(pair.key)
            if let url = pair.value.scalar, !pair.value.isNull {
                return checkedServer(Server(name: name, url: url, location: location), node: pair.value, nodes: [:])
            }
            guard
                let server = MappingReader(
                    pair.value, keyPath: keyPath, allowed: ["url", "description", "variables", "urls"],
                    context: context),
                let url = server.requiredString("url")
            else { return nil }
            var urlNodes: [String: YAMLNode] = [:]
            var urls: [NamedServerURL] = []
            if let node = server.value("urls"),
                let named = MappingReader(
                    node, keyPath: "\(keyPath).urls", allowed: (node.pairs ?? []).compactMap(\.key.scalar),
                    context: context)
            {
                for entry in named.pairs {
                    let urlName = entry.key.scalar ?? ""
                    guard let text = named.string(urlName) else { continue }
                    urlNodes[urlName] = entry.value
                    urls.append(NamedServerURL(name: urlName, url: text, location: context.location(entry.key)))
                }
            }
            return checkedServer(
                Server(
                    name: name, url: url, description: server.documentation("description"),
                    variables: server.value("variables").map { serverVariables($0, keyPath: "\(keyPath).variables") }
                        ?? [],
                    urls: urls, location: location), node: server.value("url") ?? pair.value, nodes: urlNodes)
        }
    }

    private func serverVariables(_ node: YAMLNode, keyPath: String) -> [ServerVariable] {
        guard
            let reader = MappingReader(
                node, keyPath: keyPath, allowed: (node.pairs ?? []).compactMap(\.key.scalar), context: context)
        else { return [] }
        return reader.pairs.compactMap { pair in
            let name = pair.key.scalar ?? ""
            guard
                let variable = MappingReader(
                    pair.value, keyPath: "\(keyPath).\(name)", allowed: ["default", "enum", "description"],
                    context: context),
                let defaultValue = variable.requiredString("default")
            else { return nil }
            let values = variable.stringList("enum") ?? []
            if !values.isEmpty, !values.contains(defaultValue) {
                context.error(
                    .servers,
                    variable.value("default") ?? pair.value,
                    "default '\(defaultValue)' of server variable '\(name)' is not one of its values",
                    fix: "use one of: \(values.joined(separator: ", "))")
            }
            return ServerVariable(
                name: name, defaultValue: defaultValue, values: values,
                description: variable.documentation("description"),
                location: context.location(pair.key))
        }
    }

    /// Reports URLs that are not absolute http(s) URLs with every variable at its default and at each of its
    /// values, placeholders no variable declares, and variables no URL uses.
    private func checkedServer(_ server: Server, node: YAMLNode, nodes: [String: YAMLNode]) -> Server {
        let templates =
            [(server.url, node, "server '\(server.name)'")]
            + server.urls.map { ($0.url, nodes[$0.name] ?? node, "url '\($0.name)' of server '\(server.name)'") }
        var used: Set<String> = []
        for (template, node, subject) in templates {
            let placeholders = TemplatePart.placeholders(in: template)
            used.formUnion(placeholders)
            let undeclared = placeholders.filter { name in !server.variables.contains { $0.name == name } }
            if let name = undeclared.first {
                context.error(
                    .servers,
                    node, "\(subject) uses '{\(name)}', which no variable declares",
                    fix: "add 'variables: {\(name): {default: ...}}' to server '\(server.name)'")
                continue
            }
            for url in ServerVariable.expansions(of: template, variables: server.variables) {
                if !Server.isAbsoluteHTTP(url) {
                    context.error(
                        .servers,
                        node, "\(subject) needs an absolute http(s) URL, found '\(url)'",
                        fix: "write it as 'https://host/base/path'")
                    break
                }
            }
        }
        for variable in server.variables where !used.contains(variable.name) {
            context.warning(
                at: variable.location,
                "variable '\(variable.name)' of server '\(server.name)' is used by none of its URLs",
                fix: "write '{\(variable.name)}' in its url, or remove the variable")
        }
        return server
    }

    func defaultHeaders(_ node: YAMLNode) -> [DefaultHeader] {
        guard
            let reader = MappingReader(
                node, keyPath: "defaultHeaders",
                allowed: (node.pairs ?? []).compactMap(\.key.scalar), context: context)
        else { return [] }
        return reader.pairs.compactMap { pair in
            let name = pair.key.scalar ?? ""
            guard let value = reader.string(name) else { return nil }
            return DefaultHeader(name: name, value: value, location: context.location(pair.key))
        }
    }

    // MARK: - Behaviours

    func retryPolicy(_ node: YAMLNode, keyPath: String, base: RetrySettings?) -> RetrySettings? {
        guard
            let reader = MappingReader(
                node, keyPath: keyPath, allowed: RetrySettings.keys, context: context)
        else { return nil }
        var policy = base ?? RetrySettings(location: context.location(node))
        policy.location = context.location(node)
        if let attempts = reader.int("maxAttempts") {
            if attempts < 1 {
                context.error(.retry, reader.value("maxAttempts") ?? node, "maxAttempts must be at least 1")
            }
            policy.maxAttempts = max(1, attempts)
        }
        policy.initialDelay = reader.duration("initialDelay") ?? policy.initialDelay
        policy.maxDelay = reader.duration("maxDelay") ?? policy.maxDelay
        policy.multiplier = reader.double("multiplier") ?? policy.multiplier
        policy.jitter = reader.bool("jitter") ?? policy.jitter
        policy.maxElapsed = reader.duration("maxElapsed") ?? policy.maxElapsed
        if let statusesNode = reader.value("statuses") {
            policy.statuses = (statusesNode.items ?? [statusesNode]).compactMap { item in
                guard let code = item.int, (100...599).contains(code) else {
                    context.error(
                        .retry,
                        item, "invalid status code '\(item.scalar ?? item.kindDescription)' in '\(keyPath).statuses'",
                        fix: "use a code from 100 to 599")
                    return nil
                }
                return code
            }
        }
        return policy
    }

    func requestSettings(_ reader: MappingReader) -> RequestSettings {
        var options = RequestSettings(timeout: reader.duration("timeout"))
        if let node = reader.value("cachePolicy") {
            if let policy = node.scalar.flatMap(CachePolicy.init(rawValue:)) {
                options.cachePolicy = policy
            } else {
                let names = CachePolicy.allCases.map(\.rawValue)
                context.error(
                    .retry,
                    node, "unknown cache policy '\(node.scalar ?? node.kindDescription)'",
                    fix: Suggestions.closest(to: node.scalar ?? "", in: names).map { "did you mean '\($0)'?" }
                        ?? "use one of: \(names.joined(separator: ", "))")
            }
        }
        return options
    }

    // MARK: - Errors

    func errors(_ node: YAMLNode, keyPath: String) -> [ErrorResponse] {
        statusEntries(node, keyPath: keyPath) { status, pair, entryPath, location in
            if let caseName = pair.value.scalar, !pair.value.isNull {
                return ErrorResponse(
                    status: status, caseName: caseName, location: location,
                    typeLocation: context.location(pair.value))
            }
            guard
                let entry = MappingReader(
                    pair.value, keyPath: entryPath,
                    allowed: ["case", "body", "description", "example", "examples"], context: context),
                let caseName = entry.requiredString("case")
            else { return nil }
            var body: TypeRef?
            if let bodyNode = entry.value("body") {
                guard let expression = types.resolve(bodyNode, keyPath: "\(entryPath).body") else { return nil }
                body = expression.type
            }
            return ErrorResponse(
                status: status, caseName: caseName, body: body, description: entry.documentation("description"),
                example: entry.specValue("example"), examples: entry.namedExamples(), location: location,
                typeLocation: entry.value("body").map(context.location) ?? location)
        }
    }

    /// Reads a mapping keyed by status (`200:`, `4XX:`): each key that is a valid status, with the entry's key path
    /// and location, goes to `entry`; an invalid key is reported and skipped.
    func statusEntries<Entry>(
        _ node: YAMLNode, keyPath: String,
        _ entry: (_ status: StatusPattern, _ pair: YAMLPair, _ entryPath: String, _ location: SourceLocation) -> Entry?
    ) -> [Entry] {
        guard
            let reader = MappingReader(
                node, keyPath: keyPath, allowed: (node.pairs ?? []).compactMap(\.key.scalar),
                context: context)
        else { return [] }
        return reader.pairs.compactMap { pair in
            guard let status = statusPattern(pair.key, keyPath: keyPath) else { return nil }
            return entry(status, pair, "\(keyPath).\(status)", context.location(pair.key))
        }
    }

    /// `200`, `404`, a range such as `4XX`, or `default`.
    func statusPattern(_ node: YAMLNode, keyPath: String) -> StatusPattern? {
        let text = node.scalar ?? ""
        if text == "default" { return .other }
        if let code = Int(text), (100...599).contains(code) { return .code(code) }
        if text.count == 3, text.uppercased().hasSuffix("XX"), let hundred = text.first?.wholeNumberValue,
            (1...5).contains(hundred)
        {
            return .range(hundred)
        }
        context.error(
            .status,
            node, "invalid status code '\(text)' in '\(keyPath)'",
            fix: "use a code from 100 to 599, a range such as '4XX', or 'default' for an error")
        return nil
    }
}
