import ArgumentParser
import SpecgenCommands
import SpecgenEmitter
import SpecgenSpec

/// `specgen docc`: the DocC landing page of a spec's generated client.
struct DocCCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docc",
        abstract: "Write the DocC landing page of a spec's client: the API, its servers, auth and grouped operations.",
        discussion: """
            Commit the page as the root of the module's documentation catalog, \
            Sources/<Name>/<Name>.docc/<Name>.md, and `swift package generate-documentation --target <Name>` \
            opens on it. With --output the file is written only when its bytes change; with --check it is \
            compared instead, and a stale file is printed as a unified diff with exit code 1. Exit codes: 0 done \
            (or up to date), 1 spec errors or a stale file, 64 usage errors.
            """
    )

    @OptionGroup var input: SpecFileOptions

    @OptionGroup var destination: OutputFileOptions

    @OptionGroup var checking: CheckOptions

    @Option(
        help: "The module the page documents, when its target is named apart from the API (default: the API's name).")
    var module: String?

    func validate() throws {
        try checking.validate(destination, file: "the committed landing page")
    }

    func run() throws {
        let spec = input.spec
        let plan = ClientPlanner(spec: try input.load(), sourcePath: spec).plan()
        let text = LandingPageEmitter(module: module).render(plan)
        try checking.deliver(text, to: destination, command: "specgen docc \(spec)")
    }
}
