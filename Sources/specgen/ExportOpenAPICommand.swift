import ArgumentParser
import Foundation
import SpecgenCommands
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

    @OptionGroup var input: SpecFileOptions

    @OptionGroup var destination: OutputFileOptions

    @Option(help: "yaml or json; by default json when --output ends in .json, else yaml.")
    var format: Format?

    func run() throws {
        let document = OpenAPIExporter(spec: try input.load()).document()
        let chosen = format ?? (destination.output?.hasSuffix(".json") == true ? .json : .yaml)
        try destination.write(chosen == .json ? document.json : document.yaml)
    }
}
