import ArgumentParser
import Foundation
import SpecgenCommands
import SpecgenSpec
import SpecgenSurface

/// `specgen surface`: the API surface of a spec's generated client, one symbol per line with its wire mapping.
struct SurfaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "surface",
        abstract: "Print the API surface of a spec's generated client: every public symbol with its wire mapping.",
        discussion: """
            The listing is sorted and byte-stable: commit it beside the spec and a pull request's diff of it shows \
            each Swift and wire change on its own line. With --output the file is written only when its bytes \
            change; with --check it is compared instead, and a stale file is printed as a unified diff with exit \
            code 1. Exit codes: 0 done (or up to date), 1 spec errors or a stale file, 64 usage errors.
            """
    )

    @OptionGroup var input: SpecFileOptions

    @OptionGroup var destination: OutputFileOptions

    @OptionGroup var checking: CheckOptions

    func validate() throws {
        try checking.validate(destination, file: "the committed surface file")
    }

    func run() throws {
        let spec = input.spec
        let text = APISurface(spec: try input.load(), sourcePath: spec).text
        try checking.deliver(text, to: destination, command: "specgen surface \(spec)")
    }
}
