import SpecgenYAML

/// How one app wants a spec's client generated, read from its options file (`specgen-options.yaml` in the target's
/// folder for the build plugin, `--options` for `specgen generate`): the access level of the generated declarations
/// and the operations to generate. The spec says what the API is; the options say what this app takes of it.
///
/// ```yaml
/// access: internal                # public (the default), package or internal
/// operations:
///   include: [getTodo, "GET /todos/**", "tag:admin"]   # names, path globs (an optional method), tags
///   exclude: [deleteTodo]
/// ```
public struct GenerationOptions: Hashable, Sendable {
    /// The access level of every declaration the client makes.
    public enum Access: String, Hashable, Sendable, CaseIterable {
        case `public`, package, `internal`

        /// The modifier written before a declaration: `public `, `package `, or nothing for `internal`.
        package var modifier: String { self == .internal ? "" : rawValue + " " }
    }

    /// The access level; `public` unless the options say otherwise.
    public var access: Access = .public
    /// The operations to generate: every one when empty.
    public var include: [OperationSelector] = []
    /// The operations to leave out, among those included.
    public var exclude: [OperationSelector] = []
    /// The models the app brings a type of its own for, in the file's order.
    public var types: [TypeOverride] = []
    /// Which builds hold the closure-based mock: `debug` ones (the default, so a release binary carries none of
    /// it), or `always`, for an app that ships a demo mode on it.
    public var mock: MockBuilds = .debug

    /// The builds that hold the generated mock.
    public enum MockBuilds: String, Hashable, Sendable, CaseIterable {
        case debug, always
    }

    /// The options every client gets without an options file.
    public init() {}

    /// The keys an options file may hold.
    static let keys = ["access", "operations", "types", "mock"]
}

/// A model of the spec that the client writes as a type of the app's (`types: {Money: AppCore.Money}`): the model is
/// not generated, every use names the app's type, and its module is imported. The type's `Codable`, `Hashable` and
/// `Sendable` conformances are trusted to read and write the model's wire form; in a path, query or header its
/// `description` is the text sent.
public struct TypeOverride: Hashable, Sendable {
    /// The spec's model name.
    public var model: String
    /// The Swift type, without its module: `Money`, `UUID`.
    public var type: String
    /// The module that declares it, imported by the files that use it; nil for a type of the target itself.
    public var module: String?
    /// Where the entry is written.
    public var location: SourceLocation
}

/// One entry of `operations.include` or `exclude`: an operation's name (`getTodo`), a tag (`tag:admin`), or a path
/// glob with an optional method (`/todos/*`, `GET /todos/**`), where `*` stands for one path segment and `**` for
/// any number of them.
public struct OperationSelector: Hashable, Sendable {
    /// What the entry names.
    public enum Pattern: Hashable, Sendable {
        case operation(String)
        case tag(String)
        case path(method: HTTPMethod?, segments: [String])
    }

    /// What the entry names.
    public var pattern: Pattern
    /// The entry as written.
    public var text: String
    /// Where it is written.
    public var location: SourceLocation

    /// Reads an entry: `tag:admin`, `GET /todos/*`, `/todos/**` or `getTodo`; nil for other text.
    public init?(_ text: String, at location: SourceLocation) {
        self.text = text
        self.location = location
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if text.hasPrefix("tag:"), text.count > 4 {
            pattern = .tag(String(text.dropFirst(4).drop { $0 == " " }))
        } else if words.count == 2, let method = HTTPMethod(rawValue: words[0].uppercased()), words[1].hasPrefix("/") {
            pattern = .path(method: method, segments: Self.segments(words[1]))
        } else if words.count == 1, text.hasPrefix("/") {
            pattern = .path(method: nil, segments: Self.segments(text))
        } else if words.count == 1, !text.contains("/"), !text.contains(":") {
            pattern = .operation(text)
        } else {
            return nil
        }
    }

    /// Whether it selects an endpoint.
    public func selects(_ endpoint: Endpoint) -> Bool {
        switch pattern {
        case .operation(let name): endpoint.name == name
        case .tag(let tag): endpoint.tags.contains(tag)
        case .path(let method, let segments):
            (method == nil || method == endpoint.method)
                && Self.matches(segments[...], Self.segments(endpoint.path)[...])
        }
    }

    /// A path's segments: `/todos/{id}` is `todos`, `{id}`.
    static func segments(_ path: String) -> [String] { path.split(separator: "/").map(String.init) }

    /// Whether glob segments match path segments: `*` one segment, `**` any number, others as written.
    private static func matches(_ glob: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = glob.first else { return path.isEmpty }
        if first == "**" {
            return (0...path.count).contains { matches(glob.dropFirst(), path.dropFirst($0)) }
        }
        guard let segment = path.first, first == "*" || first == segment else { return false }
        return matches(glob.dropFirst(), path.dropFirst())
    }
}

extension GenerationOptions {
    /// Reads an options file; problems go to `diagnostics`, located in it. Nil when an error makes it unusable.
    public static func load(bytes: [UInt8], path: String, diagnostics: inout [Diagnostic]) -> GenerationOptions? {
        let context = LoadContext(path: path)
        defer { diagnostics += context.diagnostics }
        guard let document = context.parse(bytes) else { return nil }
        var options = GenerationOptions()
        // An empty file asks for nothing but the defaults.
        guard let root = document.root, !root.isNull else { return options }
        guard let top = MappingReader(root, keyPath: "options", allowed: keys, context: context) else { return nil }
        if let node = top.value("access") {
            if let text = node.scalar, let access = Access(rawValue: text) {
                options.access = access
            } else {
                let text = node.scalar ?? ""
                let suggestion = Suggestions.closest(to: text, in: Access.allCases.map(\.rawValue))
                context.error(
                    .companionFile,
                    node, "unknown access level '\(text)'",
                    fix: suggestion.map { "did you mean '\($0)'?" } ?? "write public, package or internal")
            }
        }
        if let node = top.value("operations"),
            let operations = MappingReader(
                node, keyPath: "operations", allowed: ["include", "exclude"], context: context)
        {
            options.include = selectors(operations, "include", context: context)
            options.exclude = selectors(operations, "exclude", context: context)
        }
        if let node = top.value("types") { options.types = overrides(node, context: context) }
        if let node = top.value("mock") {
            if let text = node.scalar, let builds = MockBuilds(rawValue: text) {
                options.mock = builds
            } else {
                context.error(
                    .companionFile,
                    node, "unknown value '\(node.scalar ?? "")' for 'mock'",
                    fix: "write 'debug' (the mock only in debug builds) or 'always'")
            }
        }
        return context.diagnostics.contains(where: \.isError) ? nil : options
    }

    /// `Money: AppCore.Money`, `TodoID: Foundation.UUID` or `Label: Label`: a model's name and a type, qualified by
    /// its module unless the target declares it.
    private static func overrides(_ node: YAMLNode, context: LoadContext) -> [TypeOverride] {
        guard let pairs = node.pairs else {
            context.error(
                .companionFile,
                node, "expected a mapping at 'types', found \(node.kindDescription)",
                fix: "map each model to a type, such as 'Money: AppCore.Money'")
            return []
        }
        return pairs.compactMap { pair in
            let model = pair.key.scalar ?? ""
            let parts = (pair.value.scalar ?? "").split(separator: ".", omittingEmptySubsequences: false).map(
                String.init)
            guard !pair.value.isNull, !parts.isEmpty, parts.allSatisfy(Self.isIdentifier) else {
                context.error(
                    .companionFile,
                    pair.value, "'types.\(model)' names no Swift type",
                    fix: "write the type with its module, such as 'AppCore.Money' or 'Foundation.UUID', or a type of "
                        + "the target itself, such as 'Money'")
                return nil
            }
            return TypeOverride(
                model: model, type: parts.count == 1 ? parts[0] : parts.dropFirst().joined(separator: "."),
                module: parts.count == 1 ? nil : parts[0], location: context.location(pair.key))
        }
    }

    /// Whether text is a plain Swift identifier (ASCII letters, digits and `_`, not starting with a digit).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
        }
    }

    private static func selectors(_ reader: MappingReader, _ key: String, context: LoadContext) -> [OperationSelector] {
        guard let node = reader.value(key) else { return [] }
        let items = node.items ?? [node]
        return items.compactMap { item in
            guard let text = item.scalar, !item.isNull, !text.isEmpty else {
                context.error(
                    .companionFile,
                    item,
                    "expected an operation name, a tag or a path in 'operations.\(key)', found \(item.kindDescription)",
                    fix: "write a name such as 'getTodo', a tag such as 'tag:admin' or a path such as 'GET /todos/*'")
                return nil
            }
            if let selector = OperationSelector(text, at: context.location(item)) { return selector }
            context.error(
                .companionFile,
                item, "cannot read '\(text)' in 'operations.\(key)' as an operation name, a tag or a path",
                fix: "write a name such as 'getTodo', a tag such as 'tag:admin', a path such as '/todos/*', or a "
                    + "method and a path: 'GET /todos'")
            return nil
        }
    }
}
