import Foundation
import PackagePlugin

/// `swift package generate-clients`: writes each spec's client into a folder, for teams that commit generated code.
///
/// Options: `--output <folder>` (default `Generated`; each API gets `<folder>/<Name>/`), `--check` (write nothing;
/// print a diff and fail when committed files are stale), and spec paths (default: every `Specs/*.yaml`). The target
/// named after an API lends its `specgen-options.yaml`, as the build plugin's does.
@main
struct GenerateClients: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let output = extractor.extractOption(named: "output").last ?? "Generated"
        let check = extractor.extractFlag(named: "check") > 0
        let root = context.package.directoryURL
        var specs = extractor.remainingArguments
        if specs.isEmpty {
            let folder = root.appending(path: "Specs")
            specs = try FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))
                .filter { $0.hasSuffix(".yaml") }.sorted().map { "Specs/" + $0 }
        }
        let tool = try context.tool(named: "specgen-generate")
        var failed: [String] = []
        for spec in specs {
            let name = ((spec as NSString).lastPathComponent as NSString).deletingPathExtension
            // The options of the target named after the API, as the build plugin reads them.
            let options = context.package.targets.first { $0.name == name }.map {
                $0.directoryURL.appending(path: "specgen-options.yaml").path(percentEncoded: false)
            }.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
            let process = Process()
            process.executableURL = tool.url
            process.currentDirectoryURL = root
            process.arguments =
                ["generate", spec, "--output", (output as NSString).appendingPathComponent(name)]
                + (check ? ["--check"] : []) + (options.map { ["--options", $0] } ?? [])
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { failed.append(spec) }
        }
        if !failed.isEmpty {
            Diagnostics.error(
                check
                    ? "stale generated code for \(failed.joined(separator: ", "))"
                    : "generation failed for \(failed.joined(separator: ", "))")
            throw GenerateClientsError.failed(failed)
        }
    }
}

/// Generation failed for these specs.
enum GenerateClientsError: Error {
    case failed([String])
}
