import Foundation
package import SpecgenSpec

/// Reads spec files for the subcommands: all file I/O of the generator lives in the CLI and the plugin.
package enum SpecInput {
    /// Reads and checks one spec, naming it in diagnostics exactly as the user wrote its path.
    package static func load(path: String) -> LoadedSpec {
        switch read(path: path) {
        case .success(let bytes): Spec.load(bytes: bytes, path: path)
        case .failure(let problem): LoadedSpec(spec: nil, diagnostics: [problem.diagnostic])
        }
    }

    /// A spec file that could not be read, as a diagnostic at its first line.
    package struct ReadProblem: Error {
        package var diagnostic: Diagnostic
    }

    /// The bytes of a spec file, or why there are none.
    package static func read(path: String) -> Result<[UInt8], ReadProblem> {
        guard let data = FileManager.default.contents(atPath: path) else {
            let location = SourceLocation(path: path, line: 1, column: 1)
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            let diagnostic =
                !exists
                ? Diagnostic(.error, at: location, "no such file")
                : isFolder.boolValue
                    ? Diagnostic(
                        .error, at: location, "this is a folder, not a spec file",
                        fix: "name the specs in it, such as '\(path.hasSuffix("/") ? path : path + "/")*.yaml'")
                    : Diagnostic(.error, at: location, "cannot read the file", fix: "check its permissions")
            return .failure(ReadProblem(diagnostic: diagnostic))
        }
        return .success(Array(data))
    }
}

extension SpecInput {
    /// Reads an options file, printing its diagnostics; a file that cannot be read or has errors exits 1.
    package static func options(_ path: String) throws(CommandFailure) -> GenerationOptions {
        switch read(path: path) {
        case .success(let bytes):
            var diagnostics: [Diagnostic] = []
            let options = GenerationOptions.load(bytes: bytes, path: path, diagnostics: &diagnostics)
            DiagnosticPrinter.print(diagnostics)
            guard let options else { throw CommandFailure() }
            return options
        case .failure(let problem):
            DiagnosticPrinter.print([problem.diagnostic])
            throw CommandFailure()
        }
    }
}

/// Writes one output file of a subcommand.
package enum OutputFile {
    /// Writes `text` to `path` unless the file already holds exactly these bytes, so builds that watch it see no
    /// change; a write that fails is reported and exits 1.
    package static func writeIfChanged(_ text: String, to path: String) throws(CommandFailure) {
        let bytes = Data(text.utf8)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            DiagnosticPrinter.note(
                "error: cannot write '\(path)': it is a folder; give the path of the file to write, inside it or "
                    + "beside it")
            throw CommandFailure()
        }
        guard FileManager.default.contents(atPath: path) != bytes else { return }
        do {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            DiagnosticPrinter.note("error: cannot write \(path): \(error.localizedDescription)")
            throw CommandFailure()
        }
    }
}

/// A command failed and has said why on standard error: the process exits 1.
package struct CommandFailure: Error {
    package init() {}
}

/// Prints diagnostics to standard error in the `path:line:column: severity: message` format.
package enum DiagnosticPrinter {
    package static func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
    }

    /// Prints one line that is not about a spot in a spec.
    package static func note(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
