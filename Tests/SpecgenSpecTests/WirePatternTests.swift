import Foundation
import SpecgenSpec
import Testing

/// The patterns the OpenAPI export publishes and the mock checks: what they match, exactly.
struct WirePatternTests {
    private func matches(_ text: String, _ pattern: String) throws -> Bool {
        let regex = try NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return regex.firstMatch(in: text, range: range) != nil
    }

    @Test func dateFormatsBecomeAnchoredExpressions() {
        #expect(WirePattern.dateFormat("yyyy-MM-dd") == #"^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$"#)
        #expect(WirePattern.dateFormat("HH:mm") == #"^(?:[01]\d|2[0-3]):[0-5]\d$"#)
        #expect(WirePattern.dateFormat("yyyy-MM-dd'T'HH:mm:ss.SSSXXX")?.contains(#"T(?:[01]\d|2[0-3])"#) == true)
        #expect(WirePattern.dateFormat("'o''clock' h a") == #"^o'clock (?:1[0-2]|0?[1-9]) (?:AM|PM|am|pm)$"#)
        // A field letter this does not know leaves the value described as any string.
        #expect(WirePattern.dateFormat("yyyy-ww") == nil)
    }

    @Test(arguments: [
        ("dd/MM/yyyy", "31/12/2025", true), ("dd/MM/yyyy", "1/12/2025", false), ("dd/MM/yyyy", "32/12/2025", false),
        ("dd/MM/yyyy", "31-12-2025", false), ("HH:mm dd.MM.yyyy", "23:59 01.02.2026", true),
        ("HH:mm dd.MM.yyyy", "24:00 01.02.2026", false), ("yyyy-MM-dd HH:mm:ss", "2026-11-23 08:05:09", true),
        ("yyyy-MM-dd'T'HH:mm:ssXXX", "2026-11-23T08:05:09Z", true),
        ("yyyy-MM-dd'T'HH:mm:ssXXX", "2026-11-23T08:05:09+01:00", true),
        ("yyyy-MM-dd'T'HH:mm:ssXXX", "2026-11-23T08:05:09+0100", false),
        ("EEE, dd MMM yyyy", "Mon, 23 Nov 2026", true),
    ])
    func dateFormatPatternsMatchWhatTheFormatWrites(format: String, text: String, valid: Bool) throws {
        let pattern = try #require(WirePattern.dateFormat(format))
        #expect(try matches(text, pattern) == valid)
    }

    @Test func whatAFormatterWritesAlwaysMatches() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        for format in [
            "yyyy-MM-dd HH:mm:ss", "dd/MM/yyyy", "HH:mm dd.MM.yyyy", "EEE, d MMM yyyy h:mm a", "yyyyMMdd'T'HHmmssSSS",
        ] {
            formatter.dateFormat = format
            let pattern = try #require(WirePattern.dateFormat(format))
            for seconds in stride(from: 0.0, to: 4e9, by: 97_654_321.5) {
                let text = formatter.string(from: Date(timeIntervalSince1970: seconds))
                #expect(try matches(text, pattern), "\(format): \(text)")
            }
        }
    }

    @Test(arguments: [
        ("https://example.com/a/b?c=d&e#f", true), ("http://127.0.0.1:8080/", true), ("mailto:ada@example.com", true),
        ("/relative/path", true), ("relative/path", true), ("?query=only", true), ("#fragment", true),
        ("urn:isbn:0451450523", true), ("https://example.com/%E2%82%AC", true),
        ("has space", false), ("https://example.com/%zz", false), ("]&%f5", false), (":no-scheme", false),
        ("//host:port", false), ("https://example.com/a#b#c", false), ("https://exämple.com", false),
    ])
    func urlsAreURIReferences(text: String, valid: Bool) throws {
        #expect(try matches(text, WirePattern.uriReference) == valid)
    }
}
