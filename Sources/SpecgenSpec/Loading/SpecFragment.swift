package import SpecgenYAML

/// Parts of a spec read on their own, exactly as the loader reads them inside a spec, with the diagnostics it
/// would give, located in the file the part stands in: for a tool that finds spec text inside another document
/// (the OpenAPI import reads the export's `x-specgen-paginate`, `x-specgen-poll` and `x-specgen-retry`).
package enum SpecFragment {
    /// A `paginate:` value.
    package static func pagination(_ node: YAMLNode, path: String) -> (Pagination?, [Diagnostic]) {
        read(path) { $0.pagination(node, keyPath: "paginate") }
    }

    /// A `poll:` value.
    package static func polling(_ node: YAMLNode, path: String) -> (Polling?, [Diagnostic]) {
        read(path) { $0.polling(node, keyPath: "poll") }
    }

    /// A `retry:` policy, its keys applied over `base` (the API's policy, for an endpoint's).
    package static func retry(_ node: YAMLNode, base: RetrySettings?, path: String) -> (RetrySettings?, [Diagnostic]) {
        read(path) { $0.retryPolicy(node, keyPath: "retry", base: base) }
    }

    private static func read<Value>(_ path: String, _ body: (SpecReader) -> Value?) -> (Value?, [Diagnostic]) {
        let context = LoadContext(path: path)
        let value = body(SpecReader(context: context, types: TypeBinder(context: context)))
        return (value, context.diagnostics)
    }
}
