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

/// A `datetime` field's `format` written as a name instead of a pattern: `http-date`, the date of RFC 9110's
/// `Last-Modified` and `Expires` headers (`Sun, 06 Nov 1994 08:49:37 GMT`). The planner, the mock server and the
/// exporter read a format through ``pattern(of:)``, so a name works wherever a pattern does.
package enum NamedDateFormat {
    /// `http-date`.
    package static let httpDate = "http-date"
    /// The pattern `http-date` stands for, as the runtime's `DateFormat.httpDate` reads and writes it.
    package static let httpDatePattern = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"

    /// The date pattern a text format stands for: its named pattern, or the format itself.
    package static func pattern(of format: String) -> String { format == httpDate ? httpDatePattern : format }
}
