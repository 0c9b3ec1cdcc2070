import Foundation
import SpecgenSpec

/// The proof of a date's format change: one instant, written as one side writes it and read as the other reads
/// it. Validation cannot see this break (epoch seconds and milliseconds are both numbers), so the exchange shows
/// the instant each side means.
enum DateExchange {
    /// 2025-01-01T12:00:00Z.
    static let instant = DatePattern.sample

    /// The JSON an app or a server writes for `date` in this format (`format` nil: ISO 8601 text).
    static func written(_ date: Date, format: String?, calendarDate: Bool) -> String {
        if let epoch = EpochFormat(format: format) {
            return String(Int(date.timeIntervalSince1970 * epoch.perSecond))
        }
        return "\"" + formatter(format, calendarDate: calendarDate).string(from: date) + "\""
    }

    /// The instant JSON means in this format, or nil when it cannot be read.
    static func read(_ json: String, format: String?, calendarDate: Bool) -> Date? {
        if let epoch = EpochFormat(format: format) {
            return Double(json).map { Date(timeIntervalSince1970: $0 / epoch.perSecond) }
        }
        guard json.hasPrefix("\""), json.hasSuffix("\""), json.count >= 2 else { return nil }
        return formatter(format, calendarDate: calendarDate).date(from: String(json.dropFirst().dropLast()))
    }

    static func formatter(_ format: String?, calendarDate: Bool) -> DateFormatter {
        DatePattern.formatter(
            format.map(NamedDateFormat.pattern(of:)) ?? (calendarDate ? "yyyy-MM-dd" : "yyyy-MM-dd'T'HH:mm:ssXXXXX"))
    }

    /// The exchanges of a value whose format went from `before` to `after`: the old app's request read by the new
    /// server when the old app sends it, the new server's answer read by the old app when it receives it.
    static func proof(
        from before: String?, to after: String?, calendarDate: Bool, sends: Bool, receives: Bool, type: String,
        operation: String?
    ) -> WireProof {
        func meaning(_ date: Date?) -> String {
            date.map { formatter(nil, calendarDate: false).string(from: $0) } ?? "nothing"
        }
        // One side writes the instant in its format, the other reads it in its own.
        func exchange(_ direction: Exchange.Direction, written: String?, read: String?) -> Exchange? {
            let json = self.written(instant, format: written, calendarDate: calendarDate)
            let date = self.read(json, format: read, calendarDate: calendarDate)
            guard date != instant else { return nil }
            return Exchange(
                direction: direction, type: type, operation: operation, json: json,
                failure: date == nil
                    ? "it is not a date in \(DiffText.format(read))"
                    : "it reads \(meaning(date)), not \(meaning(instant))")
        }
        let failed = [
            sends ? exchange(.request, written: before, read: after) : nil,
            receives ? exchange(.answer, written: after, read: before) : nil,
        ].compactMap { $0 }
        return WireProof(requests: sends ? 1 : 0, answers: receives ? 1 : 0, failed: failed)
    }
}

/// How findings name things.
enum DiffText {
    /// A date format in a message: `'epoch-seconds'`, or ISO 8601 text.
    static func format(_ format: String?) -> String {
        format.map { "'\($0)'" } ?? "ISO 8601 text"
    }
}
