package import Foundation

/// A `datetime` field's text format as the generated client writes and reads it: a Unicode date pattern through
/// `DateFormatter` in the `en_US_POSIX` locale and UTC, as the runtime's `DateFormat` does. Lint, the mock's answers
/// and request checks and the diff's proofs all ask this one type, so a pattern lint accepts is one whose dates every
/// side reads back.
package enum DatePattern {
    /// The instant every check writes: 2025-01-01T12:00:00Z.
    package static let sample = Date(timeIntervalSince1970: 1_735_732_800)

    /// A formatter of `pattern`, set up as the runtime sets up its own.
    package static func formatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter
    }

    /// Why dates written in `pattern` cannot be read back, said after the pattern's name (`writes
    /// 2025-01-01T12:00:00Z as '20250', which it cannot read back`), or nil when they can. Dates the client writes
    /// in such a pattern reach no reader, and an answer the mock writes in it fails the client's own decoding. A
    /// pattern whose published form (``WirePattern/dateFormat(_:)``, which the OpenAPI export writes and the mock
    /// checks requests with) refuses its own dates is refused too.
    package static func roundTripProblem(of pattern: String) -> String? {
        let formatter = formatter(pattern)
        let written = formatter.string(from: sample)
        guard !written.isEmpty else { return "writes no text for a date" }
        guard formatter.date(from: written) != nil else {
            return "writes 2025-01-01T12:00:00Z as '\(written)', which it cannot read back"
        }
        if let published = WirePattern.dateFormat(pattern), !PatternSampler.wholeMatch(written, pattern: published) {
            return "writes 2025-01-01T12:00:00Z as '\(written)', which its published pattern '\(published)' refuses"
        }
        return nil
    }
}
