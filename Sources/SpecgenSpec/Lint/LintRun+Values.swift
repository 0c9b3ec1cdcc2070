import Foundation

/// Values a spec writes (examples, defaults) and the constraints it puts on fields: each one fits the type it is of.
extension LintRun {
    /// An example that does not fit its type is never used (the mock and the diff take only examples that fit):
    /// a warning says so.
    mutating func checkExample(_ example: SpecValue?, of type: TypeRef, at location: SourceLocation, keyPath: String) {
        guard let problem = types.exampleProblem(example, of: type) else { return }
        warning(
            location, "example at '\(keyPath)' does not fit its type: \(problem); it is not used",
            fix: "write an example of type '\(type)'")
    }

    /// Each named example fits its type, as ``checkExample(_:of:at:keyPath:)`` requires of one.
    mutating func checkExamples(_ examples: [NamedExample], of type: TypeRef, keyPath: String) {
        for example in examples {
            checkExample(example.value, of: type, at: example.location, keyPath: "\(keyPath).examples.\(example.name)")
        }
    }

    /// Why a written value does not fit a type, or nil when it does (``TypeResolver/mismatch(_:type:deep:)``).
    func mismatch(_ value: SpecValue, type: TypeRef) -> String? { types.mismatch(value, type: type) }

    mutating func checkConstraints(
        _ constraints: Constraints, type: TypeRef, at location: SourceLocation,
        keyPath: String
    ) {
        let shape = shape(of: type)
        let isString: Bool
        let isNumber: Bool
        var isArray = false
        switch shape {
        case .primitive(let primitive):
            isString = [.string, .url, .uuid].contains(primitive)
            isNumber = [.int, .int32, .int64, .double, .float].contains(primitive)
        case .array:
            isString = false
            isNumber = false
            isArray = true
        default:
            isString = false
            isNumber = false
        }
        if let pattern = constraints.pattern {
            let patternLocation = constraints.patternLocation ?? location
            if !isString {
                error(.constraints, patternLocation, "'pattern' at '\(keyPath)' applies only to strings, not '\(type)'")
            } else {
                do {
                    _ = try NSRegularExpression(pattern: pattern)
                    checkSampling(pattern, constraints, at: patternLocation, keyPath: keyPath)
                } catch {
                    self.error(
                        .constraints,
                        patternLocation, "invalid regular expression '\(pattern)' at '\(keyPath)'",
                        fix: "check brackets, parentheses and escapes (write '\\\\d' in double quotes)")
                }
            }
        }
        if (constraints.minLength != nil || constraints.maxLength != nil) && !isString {
            error(
                .constraints, location,
                "'minLength' and 'maxLength' at '\(keyPath)' apply only to strings, not '\(type)'")
        }
        if (constraints.minimum != nil || constraints.maximum != nil) && !isNumber {
            error(
                .constraints, location, "'minimum' and 'maximum' at '\(keyPath)' apply only to numbers, not '\(type)'")
        }
        if (constraints.minItems != nil || constraints.maxItems != nil) && !isArray {
            error(
                .constraints, location, "'minItems' and 'maxItems' at '\(keyPath)' apply only to arrays, not '\(type)'")
        }
        for bounds in Constraints.Bounds.allCases {
            for problem in constraints.problems(of: bounds) {
                error(.constraints, location, "the \(bounds.rawValue) at '\(keyPath)' \(problem)")
            }
        }
    }
}
