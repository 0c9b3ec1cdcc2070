import SpecgenSpec
import SpecgenTestSupport
import Testing

/// Strings made from patterns match them, as the platform's regular expressions judge (an independent reader of the
/// same expression): the patterns real specs write, and random expressions over the syntax the sampler reads.
struct PatternSamplerTests {
    static let realPatterns: [(pattern: String, sample: String)] = [
        ("^t_[a-z0-9]+$", "t_a"),
        ("^[A-Z]{2}$", "AA"),
        ("^[0-9]{4}-[0-9]{2}$", "0000-00"),
        ("^\\d{3}-\\d{4}$", "000-0000"),
        ("^[^@\\s]+@[^@\\s]+$", "a@a"),
        ("^(?:cus|acct)_[A-Za-z0-9]{14,24}$", "cus_aaaaaaaaaaaaaa"),
        ("^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$", "a@a.aa"),
        ("^#?([a-f0-9]{6}|[a-f0-9]{3})$", "aaaaaa"),
        ("^\\+?[1-9]\\d{1,14}$", "10"),
        ("^(?<year>\\d{4})-(?<month>0[1-9]|1[0-2])$", "0000-01"),
        ("[a-z]+", "a"),
        ("^v\\d+(\\.\\d+){0,2}$", "v0"),
        ("^\\S+$", "a"),
        ("^\\w[\\w.-]*\\{?$", "a"),
        ("^[\\x41-\\x43]\\u0044$", "AD"),
        ("^.{3,5}$", "aaa"),
        ("^[\\]\\[]+x$", "[x"),
        ("^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$", ""),
        (WirePattern.uriReference, "a://a"),
        // Real documents' own: a case-insensitive suffix (Adyen), word boundaries (SendGrid), `[\s\S]` (Box).
        ("([^\\s]+(\\.(?i)(jpeg|tiff|pdf))$)", "a.jpeg"),
        ("\\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}\\b", "a@a.aa"),
        ("(\\{q\\}[\\s\\S]*?\\{c\\}|\\{c\\}[\\s\\S]*?\\{q\\})", "{q}{c}"),
        ("^(?i:ab)c$", "abc"),
    ]

    @Test func everyRealPatternGivesAStringItMatches() {
        for (pattern, expected) in Self.realPatterns {
            let sample = PatternSampler.sample(pattern)
            #expect(sample == expected, "\(pattern)")
            if let sample { #expect(PatternSampler.wholeMatch(sample, pattern: pattern), "\(pattern): \(sample)") }
        }
    }

    @Test func lengthBoundsAreMet() throws {
        let sample = try #require(PatternSampler.sample("^t_[a-z0-9]+$", minLength: 10, maxLength: 12))
        #expect(sample == "t_aaaaaaaaa")
        let bounded = try #require(PatternSampler.sample("^[a-z]{2,8}$", minLength: 5))
        #expect(bounded == "aaaaa")
        #expect(PatternSampler.sample("^[a-z]{2}$", minLength: 3) == nil)
    }

    @Test func whatTheSamplerCannotReadIsNamed() {
        let cases: [(String, String)] = [
            ("^(?=.*\\d).{8,}$", "lookahead '(?=)'"),
            ("^(?<!a)b$", "lookbehind '(?<!)'"),
            ("^(a)\\1$", "a back reference '\\1'"),
            ("^\\p{L}+$", "a Unicode property '\\p'"),
            ("(?x)^abc$", "the group '(?x'"),
        ]
        for (pattern, reason) in cases {
            #expect(PatternSampler.check(pattern)?.reason == reason, "\(pattern)")
            #expect(PatternSampler.sample(pattern) == nil, "\(pattern)")
        }
    }

    /// Random expressions over literals, classes, escapes, groups, alternation and quantifiers, from a fixed seed:
    /// each must be read, and its sample must match it.
    @Test func randomExpressionsGiveStringsTheyMatch() async throws {
        // Seconds of work for one core: off the threads the tests that time sockets need.
        let failures = try await offThePool {
            var random = Generator(seed: 0x5EED)
            var failures: [String] = []
            for _ in 0..<3_000 {
                let pattern = "^" + random.expression(depth: 0) + "$"
                if let unsupported = PatternSampler.check(pattern) {
                    failures.append("\(pattern): \(unsupported.reason)")
                } else if let sample = PatternSampler.sample(pattern) {
                    if !PatternSampler.wholeMatch(sample, pattern: pattern) {
                        failures.append("\(pattern): '\(sample)'")
                    }
                } else {
                    failures.append("no sample for \(pattern)")
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.count) of 3,000, the first: \(failures.prefix(3))")
    }

    /// A small seeded generator of expressions.
    struct Generator {
        var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func below(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func pick(_ options: [String]) -> String { options[below(options.count)] }

        mutating func expression(depth: Int) -> String {
            let branches = depth < 2 && below(4) == 0 ? 2 + below(2) : 1
            return (0..<branches).map { _ in sequence(depth: depth) }.joined(separator: "|")
        }

        mutating func sequence(depth: Int) -> String {
            (0..<(1 + below(4))).map { _ in atom(depth: depth) + quantifier(inGroup: depth > 0) }.joined()
        }

        mutating func atom(depth: Int) -> String {
            switch below(depth < 2 ? 7 : 6) {
            case 0: pick(["a", "b", "Z", "7", "_", "-", "@", "\\.", "\\+", "\\/", "\\(", "%"])
            case 1: pick(["[a-z]", "[A-F0-9]", "[^@\\s]", "[._~-]", "[\\d_]", "[^a-z]", "[xyz]"])
            case 2: pick(["\\d", "\\w", "\\s", "\\D", "\\W", "\\S"])
            case 3: "."
            case 4: pick(["[+-]", "[0-9A-Fa-f]", "[^0-9]"])
            case 5: pick(["x", "y"])
            default: (below(2) == 0 ? "(?:" : "(") + expression(depth: depth + 1) + ")"
            }
        }

        /// Inside a group, only quantifiers that cannot match empty: ICU misjudges a repeated group that can match
        /// empty (`^(?:/{2,})(\\d*?)+?/{1,3}$` refuses `///`, which other engines accept), and the test's judge is ICU.
        mutating func quantifier(inGroup: Bool) -> String {
            inGroup
                ? pick(["", "", "+", "{2}", "{1,3}", "+?"])
                : pick(["", "", "", "*", "+", "?", "{2}", "{1,3}", "{2,}", "*?", "+?"])
        }
    }
}
