import SpecgenSpec

extension ImportRun {
    /// The keys of a retry policy, as the spec writes them.
    private static let retryKeys: Set<String> = [
        "maxAttempts", "initialDelay", "maxDelay", "multiplier", "jitter", "statuses", "maxElapsed",
    ]

    /// The client behaviour the export records, at the top of a document or on an operation: `x-specgen-retry`,
    /// `x-specgen-timeout`, `x-specgen-cache-policy` and `x-specgen-idempotent`, written into `map` as the spec's
    /// `retry`, `timeout`, `cachePolicy` and `idempotent`. A value the export would not write is left out, with an
    /// `extension-value` warning, so the spec never carries a value lint refuses.
    func importBehaviour(_ node: DocNode, into map: inout SpecMap, operation: Bool) {
        if let retry = node["x-specgen-retry"] {
            if operation, retry.bool == false {
                map["retry"] = .plain("false")
            } else if let policy = retryPolicy(retry) {
                map["retry"] = policy
            } else {
                warn(
                    .extensionValue, at: retry.location,
                    "'x-specgen-retry' is not a retry policy\(operation ? " or false" : ""): left out",
                    fix: "write the keys \(Self.retryKeys.sorted().joined(separator: ", ")) with their values")
            }
        }
        if let timeout = node["x-specgen-timeout"] {
            if let seconds = timeout.double, seconds.isFinite, seconds >= 0 {
                map["timeout"] = timeout.value
            } else {
                warn(
                    .extensionValue, at: timeout.location, "'x-specgen-timeout' is not a number of seconds: left out",
                    fix: "write the timeout in seconds, such as 30")
            }
        }
        if let cache = node["x-specgen-cache-policy"] {
            if let name = cache.string, CachePolicy(rawValue: name) != nil {
                map["cachePolicy"] = .plain(name)
            } else {
                warn(
                    .extensionValue, at: cache.location,
                    "'x-specgen-cache-policy' is not a cache policy: left out",
                    fix: "use one of: \(CachePolicy.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        if operation, let idempotent = node["x-specgen-idempotent"] {
            if let value = idempotent.bool {
                if value { map["idempotent"] = .plain("true") }
            } else {
                warn(
                    .extensionValue, at: idempotent.location, "'x-specgen-idempotent' is not true or false: left out",
                    fix: "write true or false")
            }
        }
    }

    /// A retry policy whose every key is the spec's and every value of the kind the spec reads; nil otherwise.
    private func retryPolicy(_ node: DocNode) -> SpecText? {
        guard let entries = node.entries, !entries.isEmpty else { return nil }
        var policy = SpecMap()
        for (key, _, value) in entries {
            guard Self.retryKeys.contains(key) else { return nil }
            switch key {
            case "maxAttempts":
                guard let attempts = value.int, attempts >= 1 else { return nil }
            case "jitter":
                guard value.bool != nil else { return nil }
            case "statuses":
                guard let items = value.items,
                    items.allSatisfy({ item in item.int.map { (100...599).contains($0) } ?? false })
                else { return nil }
            default:
                // Durations and the multiplier: a number of seconds, at least 0.
                guard let number = value.double, number.isFinite, number >= 0 else { return nil }
            }
            policy[key] = value.value
        }
        return .map(policy.entries)
    }
}
