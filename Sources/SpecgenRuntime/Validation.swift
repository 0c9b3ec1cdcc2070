import Foundation

/// The constraint checks generated request builders run before anything is sent.
///
/// Each check throws a ``ValidationFailure`` naming the field and the rule, never the value (it may be a secret).
public enum Validation {
    /// Runs a request builder's `checks`, reporting the first that fails as `ClientError.validation` of `operation`
    /// (`Chatist.getTicket`), so nothing is sent.
    @inlinable
    public static func check(
        _ operation: String, _ checks: () throws(ValidationFailure) -> Void
    ) throws(ClientError) {
        do {
            try checks()
        } catch {
            throw .validation(operation: operation, failure: error)
        }
    }

    /// Checks that the whole of `value` matches `pattern` (an ICU regular expression, as in the spec).
    public static func pattern(_ value: String, _ pattern: String, field: String) throws(ValidationFailure) {
        let rule = "pattern \(pattern)"
        guard let expression = try? NSRegularExpression(pattern: "^(?:" + pattern + ")$") else {
            throw ValidationFailure(field: field, rule: rule)
        }
        let range = NSRange(value.startIndex..<value.endIndex, in: value)
        guard expression.firstMatch(in: value, options: [], range: range) != nil else {
            throw ValidationFailure(field: field, rule: rule)
        }
    }

    /// Checks a string's length in characters.
    public static func length(
        _ value: String, min: Int? = nil, max: Int? = nil, field: String
    ) throws(ValidationFailure) {
        try count(value.count, min: min, max: max, field: field, unit: "Length")
    }

    /// Checks a collection's number of items.
    public static func items(
        _ value: some Collection, min: Int? = nil, max: Int? = nil, field: String
    ) throws(ValidationFailure) {
        try count(value.count, min: min, max: max, field: field, unit: "Items")
    }

    /// Checks that a number lies within `min...max` (either bound may be absent).
    public static func range<Number: BinaryInteger>(
        _ value: Number, min: Double? = nil, max: Double? = nil, field: String
    ) throws(ValidationFailure) {
        try range(Double(value), min: min, max: max, field: field)
    }

    /// Checks that a number lies within `min...max` (either bound may be absent).
    public static func range<Number: BinaryFloatingPoint>(
        _ value: Number, min: Double? = nil, max: Double? = nil, field: String
    ) throws(ValidationFailure) {
        let number = Double(value)
        if let min, !(number >= min) { throw ValidationFailure(field: field, rule: "minimum \(format(min))") }
        if let max, !(number <= max) { throw ValidationFailure(field: field, rule: "maximum \(format(max))") }
    }

    private static func count(_ count: Int, min: Int?, max: Int?, field: String, unit: String) throws(ValidationFailure)
    {
        if let min, count < min { throw ValidationFailure(field: field, rule: "min\(unit) \(min)") }
        if let max, count > max { throw ValidationFailure(field: field, rule: "max\(unit) \(max)") }
    }

    private static func format(_ bound: Double) -> String {
        bound.rounded() == bound && abs(bound) < 1e15 ? String(Int64(bound)) : String(bound)
    }
}
