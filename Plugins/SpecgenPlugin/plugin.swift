import Foundation
import PackagePlugin

/// Generates a target's client from `Specs/<TargetName>.yaml` while the package builds, with the options of the
/// target's `specgen-options.yaml` when it has one.
///
/// The command lists the spec, the options and the `specgen-generate` executable as inputs, so editing any of them
/// regenerates; it rewrites only files whose bytes change, so an edit that changes no output recompiles nothing.
@main
struct SpecgenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        // `Specs/<Target>.yaml`, else `<Target>.yaml` in the target's own folder, else the one spec there (a `.yaml`
        // file with a top-level `specgen:` key), so a target may be named apart from its API (`ShopKit` for Shop).
        var relativePath = "Specs/\(target.name).yaml"
        var spec = context.package.directoryURL.appending(path: relativePath)
        if !FileManager.default.fileExists(atPath: spec.path(percentEncoded: false)),
            let local = Self.localSpec(of: target)
        {
            spec = local
            relativePath =
                String(
                    local.path(percentEncoded: false).dropFirst(
                        context.package.directoryURL.path(percentEncoded: false).count)
                )
                .drop { $0 == "/" }.description
        }
        guard FileManager.default.fileExists(atPath: spec.path(percentEncoded: false)) else {
            throw SpecgenPluginError.missingSpec(target: target.name, expected: "Specs/\(target.name).yaml")
        }
        // The app's options for this client, when the target's folder holds them.
        let options = target.directoryURL.appending(path: "specgen-options.yaml")
        let hasOptions = FileManager.default.fileExists(atPath: options.path(percentEncoded: false))
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let tool = try context.tool(named: "specgen-generate")
        // SwiftEmitter.fileNames, the same files for every spec. A plugin cannot import the emitter, so specgen is
        // told the list and fails, naming the difference, when it generates other files.
        let files =
            ["Client.swift", "Errors.swift", "Mock.swift"] + (1...8).map { "Models\($0).swift" }
            + (1...8).map { "Operations\($0).swift" } + ["Webhooks.swift"]
        return [
            .buildCommand(
                displayName: "Generating the \(target.name) client from \(relativePath)",
                executable: tool.url,
                arguments: [
                    "generate", spec.path(percentEncoded: false), "--output", output.path(percentEncoded: false),
                    "--source-name", relativePath, "--expected-files",
                ] + files + (hasOptions ? ["--options", options.path(percentEncoded: false)] : []),
                inputFiles: [spec, tool.url] + (hasOptions ? [options] : []),
                outputFiles: files.map { output.appending(path: $0) }
            )
        ]
    }
}

extension SpecgenPlugin {
    /// The spec in a target's folder: `<Target>.yaml`, or else the one `.yaml` file with a top-level `specgen:` key.
    static func localSpec(of target: any Target) -> URL? {
        let named = target.directoryURL.appending(path: "\(target.name).yaml")
        if FileManager.default.fileExists(atPath: named.path(percentEncoded: false)) { return named }
        let folder = target.directoryURL.path(percentEncoded: false)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let specs = names.filter { $0.hasSuffix(".yaml") && $0 != "specgen-options.yaml" }.sorted().map {
            target.directoryURL.appending(path: $0)
        }.filter { url in
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return false }
            return text.split(separator: "\n").contains { $0.hasPrefix("specgen:") }
        }
        return specs.count == 1 ? specs[0] : nil
    }
}

/// Why the plugin could not set up generation.
enum SpecgenPluginError: Error, CustomStringConvertible {
    case missingSpec(target: String, expected: String)

    var description: String {
        switch self {
        case .missingSpec(let target, let expected):
            "target '\(target)' uses SpecgenPlugin, but its spec is missing: expected \(expected), \(target).yaml in "
                + "the target's folder, or one spec there"
        }
    }
}
