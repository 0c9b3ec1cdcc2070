public import Foundation

/// A date format: ISO 8601 (the default), a calendar date, or an explicit pattern such as `yyyy-MM-dd HH:mm:ss`.
public struct DateFormat: Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case iso8601
        case pattern(String)
        /// A JSON number of seconds (or milliseconds) since 1970, Stripe's `unix-time`.
        case epoch(perSecond: Double)
    }

    private let kind: Kind

    /// ISO 8601 date-time, read tolerantly (see ``date(from:)``) and written as `2026-11-23T09:30:00Z`, with
    /// fractional seconds only when the date has them.
    public static let iso8601 = DateFormat(kind: .iso8601)
    /// A calendar date, `yyyy-MM-dd`, in UTC.
    public static let date = DateFormat(kind: .pattern("yyyy-MM-dd"))

    /// An HTTP date, `Sun, 06 Nov 1994 08:49:37 GMT` (RFC 9110's IMF-fixdate), as `Last-Modified`, `Expires` and
    /// `Retry-After` carry it; `format: http-date` in a spec.
    public static let httpDate = DateFormat(kind: .pattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'"))

    /// Seconds since 1970 as a JSON number (Stripe's `created`); fractions are kept.
    public static let epochSeconds = DateFormat(kind: .epoch(perSecond: 1))
    /// Milliseconds since 1970 as a JSON number.
    public static let epochMilliseconds = DateFormat(kind: .epoch(perSecond: 1000))

    /// Whether dates travel as JSON numbers rather than text.
    public var isNumeric: Bool {
        if case .epoch = kind { return true }
        return false
    }

    /// An explicit pattern in UTC, such as `yyyy-MM-dd HH:mm:ss` (Chatist's `updatedAt`).
    public static func pattern(_ pattern: String) -> DateFormat { DateFormat(kind: .pattern(pattern)) }

    /// `ISO 8601` or the pattern, for error messages.
    public var description: String {
        switch kind {
        case .iso8601: "ISO 8601"
        case .pattern(let pattern): "'\(pattern)'"
        case .epoch(let perSecond): perSecond == 1 ? "seconds since 1970" : "milliseconds since 1970"
        }
    }

    /// Parses a date, or nil when the text does not match.
    ///
    /// ISO 8601 accepts the variants servers send: fractional seconds of any length or none, `Z`, `z`, an offset
    /// (`+02:00`, `+0200`, `+02`) or no zone (read as UTC), `T`, `t` or a space between date and time, seconds
    /// left out, and a bare calendar date (midnight UTC). A pattern must match exactly.
    public func date(from text: String) -> Date? {
        switch kind {
        case .iso8601:
            return ISO8601Reader.date(from: text)
        case .pattern(let pattern):
            return Self.formatter(pattern).date(from: text)
        case .epoch(let perSecond):
            return Double(text).map { Date(timeIntervalSince1970: $0 / perSecond) }
        }
    }

    /// The number an epoch format writes for a date (whole when the date is), or nil for text formats.
    public func number(from date: Date) -> Double? {
        guard case .epoch(let perSecond) = kind else { return nil }
        return (date.timeIntervalSince1970 * perSecond * 1000).rounded() / 1000
    }

    /// An epoch number as an integer when it is whole (and small enough that a JSON reader keeps it exact).
    fileprivate static func integer(_ number: Double) -> Int64? {
        number.rounded() == number && abs(number) < 1e15 ? Int64(number) : nil
    }

    /// Formats a date.
    public func string(from date: Date) -> String {
        switch kind {
        case .iso8601:
            let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
            return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole))
        case .pattern(let pattern):
            return Self.formatter(pattern).string(from: date)
        case .epoch:
            let number = self.number(from: date) ?? 0
            return Self.integer(number).map(String.init) ?? String(number)
        }
    }

    private static func formatter(_ pattern: String) -> DateFormatter {
        // DateFormatter is costly to make and not Sendable; one per pattern per thread is both cheap and safe.
        let key = "specgen.DateFormat." + pattern
        if let cached = Thread.current.threadDictionary[key] as? DateFormatter { return cached }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        Thread.current.threadDictionary[key] = formatter
        return formatter
    }
}

/// Names the format of a ``FormattedDate`` or ``OptionalFormattedDate`` property: the runtime's
/// ``CalendarDateFormat``, or a type a generated model declares for a pattern such as `yyyy-MM-dd HH:mm:ss`.
public protocol DateFormatSpecifier: Sendable {
    /// The format dates are read and written in.
    static var format: DateFormat { get }
}

/// Seconds since 1970 as a JSON number: a `datetime` field with `format: epoch-seconds`.
public enum EpochSecondsFormat: DateFormatSpecifier {
    /// ``DateFormat/epochSeconds``.
    public static var format: DateFormat { .epochSeconds }
}

/// Milliseconds since 1970 as a JSON number: a `datetime` field with `format: epoch-milliseconds`.
public enum EpochMillisecondsFormat: DateFormatSpecifier {
    /// ``DateFormat/epochMilliseconds``.
    public static var format: DateFormat { .epochMilliseconds }
}

/// An HTTP date: a `datetime` field with `format: http-date`.
public enum HTTPDateFormat: DateFormatSpecifier {
    /// ``DateFormat/httpDate``.
    public static var format: DateFormat { .httpDate }
}

/// The calendar-date format `yyyy-MM-dd` in UTC, which spec type `date` uses.
public enum CalendarDateFormat: DateFormatSpecifier {
    /// ``DateFormat/date``.
    public static var format: DateFormat { .date }
}

/// A date coded as text in `Format` instead of ISO 8601, so a model with such a field keeps its synthesized
/// `Codable`: `@FormattedDate<CalendarDateFormat> public var birthday: Date`.
@propertyWrapper
public struct FormattedDate<Format: DateFormatSpecifier>: Hashable, Sendable {
    /// The date.
    public var wrappedValue: Date

    /// Wraps a date.
    public init(wrappedValue: Date) { self.wrappedValue = wrappedValue }
}

extension FormattedDate: Codable {
    /// Decodes text in `Format`; other text is a `DecodingError` that names the format.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = try container.decodeDate(in: Format.format)
    }

    /// Encodes the date as text in `Format`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeDate(wrappedValue, in: Format.format)
    }
}

/// An optional date coded as text in `Format`: an absent key or `null` is nil, and nil leaves the key out.
@propertyWrapper
public struct OptionalFormattedDate<Format: DateFormatSpecifier>: Hashable, Sendable {
    /// The date, if any.
    public var wrappedValue: Date?

    /// Wraps a date or nil.
    public init(wrappedValue: Date?) { self.wrappedValue = wrappedValue }
}

extension OptionalFormattedDate: Codable {
    /// Decodes `null` as nil and text in `Format` as a date.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decodeDate(in: Format.format)
    }

    /// Encodes the date as text in `Format`, or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encodeDate(wrappedValue, in: Format.format)
        } else {
            try container.encodeNil()
        }
    }
}

extension KeyedDecodingContainer {
    /// Decodes an optional formatted date whose key may be absent; synthesized `init(from:)` calls this.
    public func decode<Format>(
        _ type: OptionalFormattedDate<Format>.Type, forKey key: Key
    ) throws -> OptionalFormattedDate<Format> {
        try decodeIfPresent(type, forKey: key) ?? OptionalFormattedDate(wrappedValue: nil)
    }
}

extension KeyedEncodingContainer {
    /// Leaves the key out for a nil optional formatted date; synthesized `encode(to:)` calls this.
    public mutating func encode<Format>(_ value: OptionalFormattedDate<Format>, forKey key: Key) throws {
        guard let date = value.wrappedValue else { return }
        try encode(FormattedDate<Format>(wrappedValue: date), forKey: key)
    }
}

extension SingleValueDecodingContainer {
    fileprivate func decodeDate(in format: DateFormat) throws -> Date {
        // An epoch is a number; a server that quotes it is read as well.
        let number = format.isNumeric ? try? decode(Double.self) : nil
        let text = try number.map { String($0) } ?? decode(String.self)
        guard let date = format.date(from: text) else {
            throw DecodingError.dataCorruptedError(in: self, debugDescription: "expected a date in \(format)")
        }
        return date
    }
}

extension SingleValueEncodingContainer {
    fileprivate mutating func encodeDate(_ date: Date, in format: DateFormat) throws {
        if let number = format.number(from: date) {
            if let whole = DateFormat.integer(number) { try encode(whole) } else { try encode(number) }
        } else {
            try encode(format.string(from: date))
        }
    }
}

/// Reads the ISO 8601 (RFC 3339) date-times servers send, without a formatter: tolerant of the common variants,
/// strict about the numbers.
enum ISO8601Reader {
    static func date(from text: String) -> Date? {
        var reader = Bytes(Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"), let month = reader.number(digits: 2),
            reader.skip("-"), let day = reader.number(digits: 2), (1...12).contains(month),
            (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        if reader.atEnd { return Date(timeIntervalSince1970: seconds) }
        guard reader.skip("T") || reader.skip("t") || reader.skip(" "), let hour = reader.number(digits: 2),
            reader.skip(":"), let minute = reader.number(digits: 2), hour < 24, minute < 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if reader.skip(":") {
            guard let second = reader.number(digits: 2), second <= 60 else { return nil }
            seconds += Double(min(second, 59))
            if reader.skip(".") || reader.skip(",") {
                guard let fraction = reader.fraction() else { return nil }
                seconds += fraction
            }
        }
        if reader.atEnd || reader.skip("Z") || reader.skip("z") {
            return reader.atEnd ? Date(timeIntervalSince1970: seconds) : nil
        }
        let sign: Double
        if reader.skip("+") {
            sign = 1
        } else if reader.skip("-") {
            sign = -1
        } else {
            return nil
        }
        guard let offsetHours = reader.number(digits: 2), offsetHours < 24 else { return nil }
        var offsetMinutes = 0
        if !reader.atEnd {
            _ = reader.skip(":")
            guard let minutes = reader.number(digits: 2), minutes < 60 else { return nil }
            offsetMinutes = minutes
        }
        guard reader.atEnd else { return nil }
        return Date(timeIntervalSince1970: seconds - sign * Double(offsetHours * 3600 + offsetMinutes * 60))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar.
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private struct Bytes {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func number(digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += digits
            return value
        }

        mutating func fraction() -> Double? {
            var value = 0.0
            var scale = 0.1
            let start = index
            while index < bytes.count, (48...57).contains(bytes[index]) {
                value += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            return index > start ? value : nil
        }
    }
}
