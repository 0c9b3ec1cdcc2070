import SpecgenSpec

/// Prints the protocol, the servers and the live client of one API (Client.swift), and, for a share of its
/// operations, the client's methods and the protocol's page, polling and default-argument helpers (the operations
/// files).
struct ClientEmitter {
    let plan: ClientPlan

    var names: GeneratedNames { plan.names }

    func emit(writer w: inout SwiftWriter) {
        // `APIClient` and `init(baseURL: URL)` are public in every client.
        w.uses([.foundation, .runtime, .logging], publicly: true)
        emitProtocol(writer: &w)
        w.blank()
        if !plan.servers.isEmpty {
            emitServers(writer: &w)
            w.blank()
        }
        emitClient(writer: &w)
        w.blank()
        w.docComment(
            "Builds each \(plan.apiName) request without sending it: pure functions returning the request "
                + "a call sends, so tests can check method, path, query, headers and body with no network. Constraints the "
                + "spec declares are checked here, before anything is sent.")
        w.declaration("enum", names.requests, "", " {}")
    }

    /// The client's methods for `operations`, in an extension of the client.
    func emitMethods(_ operations: [OperationPlan], writer w: inout SwiftWriter) {
        w.uses(.runtime, publicly: true)
        w.type("extension", names.client) { w in
            for operation in operations {
                emitMethod(operation, writer: &w)
                w.blank()
                if let headers = operation.headersMethod {
                    emitMethod(headers, writer: &w)
                    w.blank()
                }
                if let download = operation.fileDownloadMethod {
                    emitMethod(download, writer: &w)
                    w.blank()
                }
            }
        }
    }

    /// The protocol's helpers for `operations` (calls with the spec's defaults, page sequences, polling, downloads),
    /// in an extension of the protocol; nothing when none has one.
    func emitHelpers(_ operations: [OperationPlan], writer w: inout SwiftWriter) {
        let helpers = operations.filter {
            $0.hasDefaults || $0.pagination != nil || $0.polling != nil || $0.fileDownload != nil
        }
        guard !helpers.isEmpty else { return }
        w.type("extension", names.api) { w in
            for operation in helpers {
                if operation.hasDefaults { emitDefaults(operation, writer: &w) }
                if operation.hasDefaults, let headers = operation.headersMethod {
                    emitDefaults(headers, writer: &w)
                }
                if let download = operation.fileDownloadMethod {
                    emitDownloadFallback(operation, download, writer: &w)
                    if download.hasDefaults { emitDefaults(download, writer: &w) }
                }
                if let pagination = operation.pagination { emitPages(operation, pagination, writer: &w) }
                if let polling = operation.polling { emitPolling(operation, polling, writer: &w) }
            }
        }
        w.blank()
    }

    // MARK: - Protocol and servers

    func emitProtocol(writer w: inout SwiftWriter) {
        w.docComment(
            (plan.documentation.map { $0 + "\n\n" } ?? "")
                + "Implemented by ``\(names.client)`` over HTTP and by ``\(names.mock)`` with closures, for tests and previews. "
                + "Generated from `\(plan.sourcePath)`, version \(plan.version).")
        w.type("protocol", names.api, ": Sendable") { w in
            for operation in plan.operations {
                w.docComment(operation.documentation)
                w.deprecation(operation.deprecation)
                w.method(operation, withDefaults: false)
                w.blank()
                if let headers = operation.headersMethod {
                    w.docComment(headers.documentation)
                    w.deprecation(headers.deprecation)
                    w.method(headers, withDefaults: false)
                    w.blank()
                }
                if let download = operation.fileDownloadMethod {
                    w.docComment(download.documentation)
                    w.deprecation(download.deprecation)
                    w.line("@discardableResult")
                    w.method(download, withDefaults: false)
                    w.blank()
                }
            }
            if plan.hasLinkPaging {
                w.docComment(
                    "This implementation with its calls sent to the page a link-paginated walk is at: the `...Pages` "
                        + "methods of link-paginated operations make each page's call through it. One with no links "
                        + "to follow, such as ``\(names.mock)``, is itself.")
                w.declaration("func", "with", "(_ pageLink: PageLink) -> Self", modifier: "")
            }
        }
        if plan.hasLinkPaging {
            w.blank()
            w.type("extension", names.api, "") { w in
                w.docComment("Itself: an implementation that does not override this has no links to follow.")
                w.declaration("func", "with", "(_ pageLink: PageLink) -> Self") { w in w.line("self") }
            }
        }
    }

    func emitServers(writer w: inout SwiftWriter) {
        let variables = plan.servers.flatMap(\.variables)
        w.docComment("The servers `\(plan.sourcePath)` declares.")
        // A case with associated values cannot be enumerated.
        let conformances = variables.isEmpty ? ": CaseIterable, Hashable, Sendable" : ": Hashable, Sendable"
        w.type("enum", names.server, conformances) { w in
            for server in plan.servers {
                w.docComment(server.documentation)
                let associated = server.variables.map { "\($0.label): \($0.typeName) = \($0.defaultExpression)" }
                if associated.isEmpty {
                    w.declaration("case", server.caseName)
                } else {
                    w.declare("case", server.caseName, "(" + associated.joined(separator: ", ") + ")")
                    w.wrappedLine("case \(server.caseName)", associated, "")
                }
            }
            var emitted: Set<String> = []
            for variable in variables {
                guard let enumName = variable.enumName, emitted.insert(enumName).inserted else { continue }
                w.blank()
                w.docComment(
                    "The values of the server variable `\(variable.name)`."
                        + (variable.documentation.map { " " + $0 } ?? ""))
                w.type("enum", enumName, ": String, CaseIterable, Hashable, Sendable") { w in
                    for value in variable.values {
                        let raw =
                            value.caseName.withoutBackticks == value.text ? "" : " = \(SwiftLiteral.string(value.text))"
                        w.declare("case", value.caseName)
                        w.line("case \(value.caseName)\(raw)")
                    }
                }
            }
            w.blank()
            w.docComment(
                variables.isEmpty
                    ? "The server's URL as the spec writes it."
                    : "The server's URL as the spec writes it, with its variables substituted.")
            w.declaration("var", "address", ": String") { w in
                w.switchBlock("self") { w in
                    for server in plan.servers {
                        w.caseLine(server.pattern(binding: [server.url]), "return " + server.literal(server.url))
                    }
                }
            }
            w.blank()
            w.docComment("The server's URL.")
            w.declaration("var", "url", ": URL") { w in
                w.line("// specgen checked that every server URL parses, so the fallback is never taken.")
                w.line("URL(string: address) ?? URL(filePath: \"/\")")
            }
            guard plan.hasNamedServerURLs else { return }
            w.blank()
            w.docComment("The server's other base URLs, by the name the spec's endpoints give with `server:`.")
            w.declaration("var", "urls", ": [String: URL]") { w in
                w.switchBlock("self") { w in
                    for server in plan.servers {
                        let entries = server.urls.map { "\(SwiftLiteral.string($0.name)): \(server.literal($0.url))" }
                        let value = entries.isEmpty ? "[:]" : "[\(entries.joined(separator: ", "))]"
                        w.caseLine(
                            server.pattern(binding: server.urls.map(\.url)),
                            "return " + value + ".compactMapValues { URL(string: $0) }")
                    }
                }
            }
        }
    }
}

extension SwiftWriter {
    /// Prints and records an operation's method as the protocol, client, mock or builders declare it; its types'
    /// modules are public. Without a body it is a requirement.
    mutating func method(
        _ operation: OperationPlan, withDefaults: Bool, keyword: String = "func", effects: String? = nil,
        body: ((inout SwiftWriter) -> Void)? = nil
    ) {
        uses(operation.parameterUsage.union(effects == nil ? operation.returnUsage : []), publicly: true)
        wrappedDeclaration(
            keyword, operation.name, operation.parameterDeclarations(withDefaults: withDefaults),
            " " + (effects ?? operation.effects), body: body)
    }
}
