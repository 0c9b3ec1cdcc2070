import Foundation

/// The text of a value that travels as a JSON string: which texts are a date-time, a date, a UUID, a URL or base64
/// bytes. It is the text the OpenAPI export's `pattern` describes and the generated client decodes, so the mock
/// judges requests with it, and lint and the OpenAPI import judge examples and defaults with it: an example the
/// mock answers with is one the client reads.
public enum WireText {
    /// Whether `text` is a value of `primitive`, in `format` for a date-time; any text is a `string`.
    public static func fits(_ text: String, _ primitive: Primitive, format: String?) -> Bool {
        switch primitive {
        case .datetime where EpochFormat(format: format) != nil:
            // An epoch's dates are numbers; the client also reads text that is one.
            Double(text) != nil
        case .datetime:
            (format != nil || matches(text, dateTime)) && parsesAsDateTime(text, format: format)
        case .date: matches(text, date) && isCalendarDate(text[...])
        case .uuid: matches(text, uuid) && UUID(uuidString: text) != nil
        case .url: !text.isEmpty && matches(text, uriReference)
        case .bytes: Data(base64Encoded: text) != nil
        default: true
        }
    }

    // The fixed patterns, compiled once: examples and defaults are checked by the thousand in a large spec.
    private static let dateTime = compiled(WirePattern.dateTime)
    private static let date = compiled(WirePattern.date)
    private static let uuid = compiled(WirePattern.uuid)
    private static let uriReference = compiled(WirePattern.uriReference)

    private static func compiled(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
    }

    private static func matches(_ text: String, _ regex: NSRegularExpression?) -> Bool {
        regex.map { PatternSampler.wholeMatch(text, regex: $0) } ?? true
    }

    /// What a text of `primitive` must be, for messages: `a date-time (ISO 8601)`, `a date (yyyy-MM-dd)`, `a uuid`.
    public static func expected(_ primitive: Primitive, format: String?) -> String {
        switch primitive {
        case .datetime where EpochFormat(format: format) != nil: "a number (\(format ?? ""))"
        case .datetime: "a date-time" + (format.map { " as '\($0)'" } ?? " (ISO 8601)")
        case .date: "a date (yyyy-MM-dd)"
        case .bytes: "base64"
        default: "a \(primitive.rawValue)"
        }
    }

    /// Whether the client reads `text` as a date-time in `format` (a pattern or a named format), or as ISO 8601.
    public static func parsesAsDateTime(_ text: String, format: String?) -> Bool {
        if let format = format.map(NamedDateFormat.pattern(of:)) {
            // The expression the OpenAPI export publishes, so the mock and the document accept the same strings.
            guard let pattern = WirePattern.dateFormat(format) else {
                return DatePattern.formatter(format).date(from: text) != nil
            }
            return PatternSampler.wholeMatch(text, pattern: pattern)
        }
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        // The formatter rolls February 31 over to March; the calendar day must exist.
        return isCalendarDate(text.prefix(10))
            && (plain.date(from: text) != nil || fractional.date(from: text) != nil)
    }

    /// Whether `yyyy-MM-dd` names a day of the Gregorian calendar.
    public static func isCalendarDate(_ text: Substring) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }
}
