/// Checks applied to a value before a request is sent.
public struct Constraints: Hashable, Sendable {
    /// A regular expression the whole string must match.
    public var pattern: String?
    /// Shortest string length, in characters.
    public var minLength: Int?
    /// Longest string length, in characters.
    public var maxLength: Int?
    /// Smallest number.
    public var minimum: Double?
    /// Largest number.
    public var maximum: Double?
    /// Fewest array items.
    public var minItems: Int?
    /// Most array items.
    public var maxItems: Int?
    /// Where the pattern is written, for regex diagnostics.
    public var patternLocation: SourceLocation?

    /// Creates constraints.
    public init(
        pattern: String? = nil, minLength: Int? = nil, maxLength: Int? = nil, minimum: Double? = nil,
        maximum: Double? = nil, minItems: Int? = nil, maxItems: Int? = nil, patternLocation: SourceLocation? = nil
    ) {
        self.pattern = pattern
        self.minLength = minLength
        self.maxLength = maxLength
        self.minimum = minimum
        self.maximum = maximum
        self.minItems = minItems
        self.maxItems = maxItems
        self.patternLocation = patternLocation
    }

    /// Whether nothing is constrained.
    public var isEmpty: Bool {
        pattern == nil && minLength == nil && maxLength == nil && minimum == nil && maximum == nil && minItems == nil
            && maxItems == nil
    }

    /// A pair of bounds: a string's length, a number's range, an array's item count.
    package enum Bounds: String, CaseIterable, Sendable {
        case length, range
        case itemCount = "item count"
    }

    /// Why a pair of bounds can hold no value, as lint says it: a minimum above its maximum, a negative length or
    /// item count; empty when the pair is sound.
    package func problems(of bounds: Bounds) -> [String] {
        let (low, high): (Double?, Double?) =
            switch bounds {
            case .length: (minLength.map(Double.init), maxLength.map(Double.init))
            case .range: (minimum, maximum)
            case .itemCount: (minItems.map(Double.init), maxItems.map(Double.init))
            }
        var problems: [String] = []
        if let low, let high, low > high { problems.append("has a minimum above its maximum") }
        if let low, low < 0, bounds != .range { problems.append("cannot be negative") }
        return problems
    }

    /// Leaves out a pair of bounds.
    package mutating func remove(_ bounds: Bounds) {
        switch bounds {
        case .length: (minLength, maxLength) = (nil, nil)
        case .range: (minimum, maximum) = (nil, nil)
        case .itemCount: (minItems, maxItems) = (nil, nil)
        }
    }
}

extension Constraints {
    /// These constraints with `other`'s set fields taking precedence (a field's own over its alias's).
    package func merged(with other: Constraints) -> Constraints {
        Constraints(
            pattern: other.pattern ?? pattern, minLength: other.minLength ?? minLength,
            maxLength: other.maxLength ?? maxLength, minimum: other.minimum ?? minimum,
            maximum: other.maximum ?? maximum, minItems: other.minItems ?? minItems,
            maxItems: other.maxItems ?? maxItems, patternLocation: other.patternLocation ?? patternLocation)
    }
}

/// How a value breaks a constraint: the end of a sentence about the value (`is 2 characters long, shorter than 3`).
package struct ConstraintViolation: Hashable, Sendable {
    /// What is wrong, after the value's name.
    package var message: String
    /// Whether the pattern is what it breaks (a problem is then located at the pattern).
    package var isPattern: Bool
}

extension Constraints {
    /// Why a value breaks these constraints: a string's length or pattern, a number's range, an array's item count;
    /// empty when it keeps them, or when none applies to its kind. A server's checks (the mock's, the diff's) and
    /// lint's checks of examples all ask it, so an example lint accepts is one a server accepts.
    package func violations(of value: SpecValue) -> [ConstraintViolation] {
        var found: [ConstraintViolation] = []
        func add(_ message: String, pattern: Bool = false) {
            found.append(ConstraintViolation(message: message, isPattern: pattern))
        }
        switch value {
        case .string(let text):
            if let min = minLength, text.count < min { add("is \(text.count) characters long, shorter than \(min)") }
            if let max = maxLength, text.count > max { add("is \(text.count) characters long, longer than \(max)") }
            if let pattern, !PatternSampler.wholeMatch(text, pattern: pattern) {
                add("does not match the pattern \(pattern)", pattern: true)
            }
        case .int, .double:
            let number: Double =
                switch value {
                case .int(let int): Double(int)
                case .double(let double): double
                default: 0
                }
            if let min = minimum, number < min { add("is \(Self.format(number)), less than \(Self.format(min))") }
            if let max = maximum, number > max { add("is \(Self.format(number)), more than \(Self.format(max))") }
        case .array(let items):
            if let min = minItems, items.count < min { add("has \(items.count) items, fewer than \(min)") }
            if let max = maxItems, items.count > max { add("has \(items.count) items, more than \(max)") }
        case .null, .bool, .object:
            break
        }
        return found
    }

    /// A number as a message shows it: whole numbers without a fraction.
    package static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
