/// A `datetime` field's `format` that makes it a JSON number of seconds or milliseconds since 1970 (Stripe's
/// `unix-time`) instead of text; the linter, the planner, the mock server and the exporter all ask this type.
package enum EpochFormat: String, Hashable, Sendable, CaseIterable {
    case seconds = "epoch-seconds"
    case milliseconds = "epoch-milliseconds"

    /// The epoch format a field's `format` names, if it names one.
    package init?(format: String?) {
        guard let format, let epoch = EpochFormat(rawValue: format) else { return nil }
        self = epoch
    }

    /// The runtime's format type, such as `EpochSecondsFormat`.
    package var runtimeTypeName: String { self == .seconds ? "EpochSecondsFormat" : "EpochMillisecondsFormat" }

    /// The runtime's `DateFormat` member, such as `.epochSeconds`.
    package var runtimeFormat: String { self == .seconds ? ".epochSeconds" : ".epochMilliseconds" }

    /// Units per second.
    package var perSecond: Double { self == .seconds ? 1 : 1000 }
}
