import ArgumentParser
import Foundation
import SpecgenOpenAPI
import SpecgenSpec

/// `specgen export-openapi`: the spec as an OpenAPI 3.1 document.
struct ExportOpenAPICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-openapi",
        abstract: "Write a spec as an OpenAPI 3.1 document (YAML or JSON).",
        discussion: """
            The document describes the same wire as the generated client: servers, security schemes, paths, \
            parameters, bodies (JSON, form, multipart, binary), success and error responses and the models, with \
            their constraints, defaults, examples and descriptions. Feed it to docs tools, Prism, schemathesis or \
            another generator. With --output the file is written only when its bytes change. Exit codes: 0 done, \
            1 spec errors, 64 usage errors.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case yaml, json
    }

    @Argument(help: "The spec file.")
    var spec: String

    @Option(name: .shortAndLong, help: "The file to write; standard output by default.")
    var output: String?

    @Option(help: "yaml or json; by default json when --output ends in .json, else yaml.")
    var format: Format?

    func run() throws {
        let loaded = SpecInput.load(path: spec)
        DiagnosticPrinter.print(loaded.diagnostics.filter(\.isError))
        guard let parsed = loaded.spec, !loaded.hasErrors else { throw ExitCode.failure }
        let document = OpenAPIExporter(spec: parsed).document()
        let chosen = format ?? (output?.hasSuffix(".json") == true ? .json : .yaml)
        let text = chosen == .json ? document.json : document.yaml
        guard let output else {
            print(text, terminator: "")
            return
        }
        try OutputFile.writeIfChanged(text, to: output)
    }
}
