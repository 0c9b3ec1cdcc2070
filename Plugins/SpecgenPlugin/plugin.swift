import Foundation
import PackagePlugin

/// Generates a target's client from `Specs/<TargetName>.yaml` while the package builds.
///
/// The command lists the spec and the `specgen` executable as inputs, so editing either regenerates; `specgen`
/// rewrites only files whose bytes change, so an edit that changes no output recompiles nothing.
@main
struct SpecgenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let relativePath = "Specs/\(target.name).yaml"
        let spec = context.package.directoryURL.appending(path: relativePath)
        guard FileManager.default.fileExists(atPath: spec.path(percentEncoded: false)) else {
            throw SpecgenPluginError.missingSpec(target: target.name, expected: spec.path(percentEncoded: false))
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let tool = try context.tool(named: "specgen")
        return [
            .buildCommand(
                displayName: "Generating the \(target.name) client from \(relativePath)",
                executable: tool.url,
                arguments: ["generate", spec.path(percentEncoded: false), "--output", output.path(percentEncoded: false),
                            "--source-name", relativePath],
                inputFiles: [spec, tool.url],
                outputFiles: ["Client.swift", "Errors.swift", "Models.swift", "Operations.swift"].map {
                    output.appending(path: $0)
                }
            )
        ]
    }
}

/// Why the plugin could not set up generation.
enum SpecgenPluginError: Error, CustomStringConvertible {
    case missingSpec(target: String, expected: String)

    var description: String {
        switch self {
        case .missingSpec(let target, let expected):
            "target '\(target)' uses SpecgenPlugin, but its spec is missing: expected \(expected)"
        }
    }
}
