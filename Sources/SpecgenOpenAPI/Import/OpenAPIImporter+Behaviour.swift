import SpecgenSpec

extension ImportRun {
    /// The client behaviour the export records, at the top of a document or on an operation: `x-specgen-retry`,
    /// `x-specgen-timeout`, `x-specgen-cache-policy` and `x-specgen-idempotent`, as the spec's `retry`, `timeout`,
    /// `cachePolicy` and `idempotent`. A value the spec's reader refuses, or the export would not write, is left out
    /// with an `extension-value` warning, so the spec never carries a value lint refuses. An operation's retry policy
    /// applies its keys over `apiRetry`, the document's, as an endpoint's `retry:` does.
    func behaviour(_ node: DocNode, operation: Bool, apiRetry: RetrySettings? = nil) -> ImportedBehaviour {
        var behaviour = ImportedBehaviour()
        if let retry = node["x-specgen-retry"] {
            if operation, retry.bool == false {
                behaviour.retry = .disabled
            } else if retry.entries != nil {
                // The spec's own reader, so the import takes what a spec's `retry:` takes.
                let (policy, problems) = SpecFragment.retry(retry.node, base: apiRetry, path: retry.file)
                if let policy, problems.isEmpty {
                    behaviour.retry = .policy(policy)
                } else {
                    warn(
                        .extensionValue, at: retry.location,
                        "'x-specgen-retry' is not a retry policy: left out (\(problems.map(\.message).joined(separator: "; ")))"
                    )
                }
            } else {
                warn(
                    .extensionValue, at: retry.location,
                    "'x-specgen-retry' is not a retry policy\(operation ? " or false" : ""): left out",
                    fix: "write the keys \(RetrySettings.keys.sorted().joined(separator: ", ")) with their values")
            }
        }
        if let timeout = node["x-specgen-timeout"] {
            if let seconds = timeout.double, seconds.isFinite, seconds >= 0 {
                behaviour.settings.timeout = seconds
            } else {
                warn(
                    .extensionValue, at: timeout.location, "'x-specgen-timeout' is not a number of seconds: left out",
                    fix: "write the timeout in seconds, such as 30")
            }
        }
        if let cache = node["x-specgen-cache-policy"] {
            if let name = cache.string, let policy = CachePolicy(rawValue: name) {
                behaviour.settings.cachePolicy = policy
            } else {
                warn(
                    .extensionValue, at: cache.location,
                    "'x-specgen-cache-policy' is not a cache policy: left out",
                    fix: "use one of: \(CachePolicy.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        if operation, let idempotent = node["x-specgen-idempotent"] {
            if let value = idempotent.bool {
                behaviour.idempotent = value
            } else {
                warn(
                    .extensionValue, at: idempotent.location, "'x-specgen-idempotent' is not true or false: left out",
                    fix: "write true or false")
            }
        }
        return behaviour
    }
}

/// The client behaviour the export recorded on a document or an operation.
struct ImportedBehaviour {
    var retry: RetryOverride?
    var settings = RequestSettings()
    var idempotent = false
}
