package import SpecgenSpec

/// One generated source file.
package struct GeneratedFile: Hashable, Sendable {
    /// The file name, such as `Client.swift`.
    package var name: String
    /// The contents.
    package var contents: String
    /// The public declarations it holds, as the emitters recorded them while printing.
    package var declarations: [Declaration] = []
}

/// Renders a ``ClientPlan`` into the files every API gets, whatever its spec contains.
///
/// The set of files is fixed, so a build plugin can declare them before generating, and split so the compiler's jobs
/// share the work: Client.swift holds the protocol, the servers and the client's stored state, Mock.swift the mock's
/// closures, and the rest is spread by a hash of a name, so a declaration keeps its file when others come and go.
/// Each model goes to one of ``fileCount`` models files by its type name; each operation (its request builder, client
/// and mock methods, and helpers) to one of ``fileCount`` operations files by the resource its path names, so an
/// operation's pieces, and the operations of one resource, read together.
package struct SwiftEmitter {
    /// How many files hold the models, and how many the operations.
    package static let fileCount = 8

    /// The files, in a fixed order: `Client.swift`, `Errors.swift`, `Mock.swift`, `Models1.swift` …
    /// `Models8.swift`, `Operations1.swift` … `Operations8.swift`, `Webhooks.swift`.
    package static let fileNames =
        ["Client.swift", "Errors.swift", "Mock.swift"] + (1...fileCount).map { "Models\($0).swift" }
        + (1...fileCount).map { "Operations\($0).swift" } + ["Webhooks.swift"]

    /// The access level of the declarations.
    package let access: GenerationOptions.Access
    /// Which builds compile the mock: with `.debug`, its code stands inside `#if DEBUG`, so a release binary holds
    /// none of it.
    package let mock: GenerationOptions.MockBuilds

    /// Creates an emitter of declarations at an access level, with the mock in the builds given.
    package init(access: GenerationOptions.Access = .public, mock: GenerationOptions.MockBuilds = .debug) {
        self.access = access
        self.mock = mock
    }

    /// The files, named as ``fileNames``.
    package func render(_ plan: ClientPlan) -> [GeneratedFile] {
        var client = SwiftWriter(access: access)
        ClientEmitter(plan: plan).emit(writer: &client)

        // Each operation's resource is hashed once; a share keeps the spec's order.
        let shares = Dictionary(grouping: plan.operations) { Self.file(of: $0.resource) }
            .map { (file: $0.key + 1, operations: $0.value) }.sorted { $0.file < $1.file }

        var mock = SwiftWriter(access: access)
        // Mock.swift's `#if DEBUG` stands around its imports too (see `file`).
        mockCode(&mock, fenced: false) { MockEmitter(plan: plan).emit(shares: shares, writer: &$0) }

        var errors = SwiftWriter(access: access)
        for error in plan.errors {
            ErrorEmitter().emit(error, writer: &errors)
            errors.blank()
        }

        var models = Array(repeating: SwiftWriter(access: access), count: Self.fileCount)
        for model in plan.models {
            let index = Self.file(of: model.typeName)
            ModelEmitter().emit(model, writer: &models[index])
            models[index].blank()
        }
        for headers in plan.operations.compactMap(\.responseHeaders) {
            let index = Self.file(of: headers.typeName)
            HeadersEmitter().emit(headers, writer: &models[index])
            models[index].blank()
        }

        var operations = Array(repeating: SwiftWriter(access: access), count: Self.fileCount)
        for (file, share) in shares {
            let index = file - 1
            operations[index].uses(.runtime, publicly: true)
            operations[index].type("extension", plan.names.requests) { w in
                for operation in share {
                    RequestEmitter().emit(operation, writer: &w)
                    w.blank()
                }
            }
            operations[index].blank()
            ClientEmitter(plan: plan).emitMethods(share, writer: &operations[index])
            operations[index].blank()
            mockCode(&operations[index], fenced: true) {
                MockEmitter(plan: plan).emitMethods(share, file: file, writer: &$0)
            }
            operations[index].blank()
            ClientEmitter(plan: plan).emitHelpers(share, writer: &operations[index])
        }

        // A resource's struct stands in the operations file its name hashes to.
        for (resource, members) in ResourceEmitter.resources(of: plan) {
            ResourceEmitter(plan: plan).emit(
                resource, operations: members, writer: &operations[Self.file(of: resource)])
        }

        // A file nothing hashes to says so.
        for index in models.indices where models[index].text.isEmpty {
            models[index].line(
                "// The models are spread over Models1.swift to Models\(Self.fileCount).swift by a hash of their "
                    + "names; none falls in this one.")
        }
        for index in operations.indices where operations[index].text.isEmpty {
            operations[index].line(
                "// The operations are spread over Operations1.swift to Operations\(Self.fileCount).swift by a hash of")
            operations[index].line("// the resource their paths name; none falls in this one.")
        }

        var webhooks = SwiftWriter(access: access)
        if let plan = plan.webhooks {
            WebhookEmitter(plan: plan).emit(writer: &webhooks)
        } else {
            webhooks.line("// The spec declares no webhooks.")
        }

        return zip(Self.fileNames, [client, errors, mock] + models + operations + [webhooks]).map { name, writer in
            GeneratedFile(
                name: name, contents: file(writer, plan: plan, debugOnly: name == "Mock.swift" && self.mock == .debug),
                declarations: writer.declarations)
        }
    }

    /// Writes the mock's code: as it is when every build compiles the mock, else indented, and inside `#if DEBUG`
    /// when `fenced` (Mock.swift's fence is the file's own, around its imports too).
    private func mockCode(_ w: inout SwiftWriter, fenced: Bool, _ body: (inout SwiftWriter) -> Void) {
        guard mock == .debug else { return body(&w) }
        if fenced { w.line("#if DEBUG") }
        w.indented(body)
        if fenced { w.line("#endif") }
    }

    /// Which of the ``fileCount`` files of its kind holds what is named `name`: its 32-bit FNV-1a hash modulo
    /// ``fileCount``, the same on every machine and in every run.
    package static func file(of name: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return Int(hash % UInt32(fileCount))
    }

    /// The header, the imports the body uses, and the body with exactly one final newline; `debugOnly` puts the
    /// imports and the body inside `#if DEBUG`, so a release build neither compiles them nor finds an import unused.
    private func file(_ writer: SwiftWriter, plan: ClientPlan, debugOnly: Bool = false) -> String {
        var text = "// Generated by specgen from \(plan.sourcePath). Do not edit."
        if debugOnly {
            text +=
                "\n\n// The mock is compiled in debug builds only (`mock: always` in the options keeps it in all).\n#if DEBUG"
        }
        let imports = writer.imports.lines(access: access, appModules: plan.appModules)
        if !imports.isEmpty {
            text += "\n\n" + imports.map { (debugOnly ? "    " : "") + $0 }.joined(separator: "\n")
        }
        let body = writer.text
        // Trimmed on UTF-8 bytes: newlines are ASCII, so the indices are valid string indices.
        let newline = UInt8(ascii: "\n")
        if let first = body.utf8.firstIndex(where: { $0 != newline }),
            let last = body.utf8.lastIndex(where: { $0 != newline })
        {
            text += "\n\n" + body[first...last]
        }
        if debugOnly { text += "\n\n#endif" }
        return text + "\n"
    }
}
