import Foundation
import SpecgenSpec

/// The text of dates: what the client reads as a date-time in a format, or as a calendar day.
extension ValueChecker {
    static func parsesAsDateTime(_ text: String, format: String?) -> Bool {
        if let format = format.map(NamedDateFormat.pattern(of:)) {
            // The expression the OpenAPI export publishes, so the mock and the document accept the same strings.
            guard let pattern = WirePattern.dateFormat(format) else {
                return DatePattern.formatter(format).date(from: text) != nil
            }
            return matches(text, pattern: pattern)
        }
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        // The formatter rolls February 31 over to March; the calendar day must exist.
        return isCalendarDate(text.prefix(10))
            && (plain.date(from: text) != nil || fractional.date(from: text) != nil)
    }

    /// Whether `yyyy-MM-dd` names a day of the Gregorian calendar.
    static func isCalendarDate(_ text: Substring) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }
}
