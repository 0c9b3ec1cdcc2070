package import SpecgenSpec

/// One public declaration as the emitter printed it.
package struct Declaration: Hashable, Sendable {
    /// The type it belongs to, or nil at the top level.
    package var owner: String?
    /// `var`, `func`, `case`, `static let`, `struct`, `extension` ...; empty for an initializer.
    package var keyword: String
    /// The declared name, without backticks (`init` for an initializer).
    package var name: String
    /// What follows the name: `: String`, `(id: String) async throws(E) -> T`, `: Codable, Hashable, Sendable`.
    package var signature: String

    /// The symbol qualified with its owner: `RegisterModel.email`.
    package var symbol: String { owner.map { "\($0).\(name)" } ?? name }

    /// The declaration on one line, qualified with its owner: `var RegisterModel.email: String`.
    package var text: String { (keyword.isEmpty ? "" : keyword + " ") + symbol + signature }
}

/// Modules generated code may import.
package struct ModuleUsage: OptionSet, Hashable, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Date, URL, UUID, Data.
    package static let foundation = ModuleUsage(rawValue: 1)
    /// SpecgenRuntime.
    package static let runtime = ModuleUsage(rawValue: 2)
    /// swift-log's Logging, whose `Logger` a client's initializers take.
    package static let logging = ModuleUsage(rawValue: 4)
    /// SpecgenWebhooks, which checks and decodes webhook deliveries.
    package static let webhooks = ModuleUsage(rawValue: 8)

    /// The module of an app's types (`types:` in the options), by its place in ``ClientPlan/appModules``.
    package static func app(_ index: Int) -> ModuleUsage { ModuleUsage(rawValue: 16 << index) }
}

/// Which modules a file's code uses, and which of them its public declarations expose (those imports must be
/// `public` under `InternalImportsByDefault`, and the others must not be).
package struct ImportUsage: Hashable, Sendable {
    /// Every module used.
    package private(set) var used: ModuleUsage = []
    /// The modules public declarations expose.
    package private(set) var exposed: ModuleUsage = []

    mutating func note(_ modules: ModuleUsage, publicly: Bool) {
        used.formUnion(modules)
        if publicly { exposed.formUnion(modules) }
    }

    /// The import lines, Foundation first and the app's modules last: a module public declarations expose is imported
    /// at their access level.
    package func lines(access: GenerationOptions.Access, appModules: [String] = []) -> [String] {
        ([
            (ModuleUsage.foundation, "Foundation"), (.logging, "Logging"), (.runtime, "SpecgenRuntime"),
            (.webhooks, "SpecgenWebhooks"),
        ] + appModules.enumerated().map { (ModuleUsage.app($0.offset), $0.element) }).compactMap {
            module, name in
            guard used.contains(module) else { return nil }
            return (exposed.contains(module) ? access.modifier + "import " : "import ") + name
        }
    }
}
