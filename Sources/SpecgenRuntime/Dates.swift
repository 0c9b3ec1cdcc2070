public import Foundation

/// A date format: ISO 8601 (the default), a calendar date, or an explicit pattern such as `yyyy-MM-dd HH:mm:ss`.
public struct DateFormat: Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case iso8601
        case pattern(String)
    }

    private let kind: Kind

    /// ISO 8601 date-time, read with or without fractional seconds.
    public static let iso8601 = DateFormat(kind: .iso8601)
    /// A calendar date, `yyyy-MM-dd`, in UTC.
    public static let date = DateFormat(kind: .pattern("yyyy-MM-dd"))

    /// An explicit pattern in UTC, such as `yyyy-MM-dd HH:mm:ss` (Chatist's `updatedAt`).
    public static func pattern(_ pattern: String) -> DateFormat { DateFormat(kind: .pattern(pattern)) }

    /// `ISO 8601` or the pattern, for error messages.
    public var description: String {
        switch kind {
        case .iso8601: "ISO 8601"
        case .pattern(let pattern): "'\(pattern)'"
        }
    }

    /// Parses a date, or nil when the text does not match.
    public func date(from text: String) -> Date? {
        switch kind {
        case .iso8601:
            if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
            return try? Date.ISO8601FormatStyle().parse(text)
        case .pattern(let pattern):
            return Self.formatter(pattern).date(from: text)
        }
    }

    /// Formats a date.
    public func string(from date: Date) -> String {
        switch kind {
        case .iso8601:
            let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
            return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole))
        case .pattern(let pattern):
            return Self.formatter(pattern).string(from: date)
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
        try container.encode(Format.format.string(from: wrappedValue))
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
            try container.encode(Format.format.string(from: wrappedValue))
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
        try encode(Format.format.string(from: date), forKey: key)
    }
}

extension SingleValueDecodingContainer {
    fileprivate func decodeDate(in format: DateFormat) throws -> Date {
        let text = try decode(String.self)
        guard let date = format.date(from: text) else {
            throw DecodingError.dataCorruptedError(in: self, debugDescription: "expected a date in \(format)")
        }
        return date
    }
}
