import ArgumentParser
import Foundation
import SpecgenCommands
import SpecgenOpenAPI
import SpecgenSpec

/// `specgen import-openapi`: an OpenAPI document as a spec, with warnings for what the spec cannot say.
struct ImportOpenAPICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-openapi",
        abstract: "Write the spec of an OpenAPI 3.0 or 3.1 or Swagger 2.0 document (YAML or JSON, $refs across files).",
        discussion: """
            Every operation and schema is imported. What the spec format cannot say is imported in its closest \
            form (a json value, a map of text) with a warning located in the OpenAPI document. The spec written is \
            then checked as `specgen lint` checks it, and its problems are printed against it. With --output the \
            file is written only when its bytes change, so re-importing an unchanged document changes nothing, and \
            `specgen diff` of two imports reviews what changed. Exit codes: 0 done (the spec lints with no error and \
            no warning, and every operation is imported or skipped with a warning), 1 the document could not be \
            read, is not an OpenAPI document, or the spec it gives has errors (it is still written), 64 usage errors.
            """
    )

    @Argument(help: "The OpenAPI document.")
    var document: String

    @OptionGroup var destination: OutputFileOptions

    @Option(help: "The API's name, which is also the module's; by default the document's title as a type name.")
    var name: String?

    @Option(
        help: """
            An options file whose 'operations' select what to import (names, tags, path globs), as they select what \
            the build plugin generates; the spec keeps those operations and the models they reach.
            """)
    var options: String?

    @Flag(help: "Print only errors, and the summary line.")
    var quiet = false

    @Flag(
        help: """
            Print every warning. By default, past four warnings of one kind and cause the first is printed with how \
            many more there are and where the first three of them are.
            """)
    var verbose = false

    func validate() throws {
        // The spec's own check, asked before anything is read: a name that names no Swift type is refused here,
        // not in the spec the import would write.
        if let name, GeneratedNames(apiName: name).module.hasPrefix("_") {
            throw ValidationError(
                "--name '\(name)' does not start with a letter, so it names no Swift type; start it with a letter, "
                    + "such as 'API\(GeneratedNames(apiName: name).module.dropFirst())'")
        }
    }

    func run() throws {
        let selection = try options.map(SpecInput.options) ?? GenerationOptions()
        let result = OpenAPIImporter(name: name, selection: selection).importDocument(at: document) { path in
            FileManager.default.contents(atPath: path).map(Array.init)
        }
        let shown = quiet ? result.diagnostics.filter(\.isError) : result.diagnostics
        let printed = verbose ? shown : shown.summarized()
        DiagnosticPrinter.print(printed)
        guard let text = result.spec else { throw ExitCode.failure }
        try destination.write(text)
        DiagnosticPrinter.note("note: " + result.summary.description)
        if printed.count < shown.count {
            DiagnosticPrinter.note(
                "note: \(shown.count - printed.count) warning(s) of a kind and cause already shown are summarized; "
                    + "--verbose prints them all")
        }
        let checked = result.checked(as: destination.output ?? "<stdout>")
        DiagnosticPrinter.print(checked.diagnostics.filter { !quiet || $0.isError })
        if checked.hasErrors { throw ExitCode.failure }
    }
}
