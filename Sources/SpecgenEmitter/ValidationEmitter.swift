import SpecgenSpec

/// Prints constraint checks.
struct ValidationEmitter {
    func emit(_ validation: ValidationPlan, writer w: inout SwiftWriter) {
        switch validation.presence {
        case .required:
            emitChecks(validation, value: validation.value, writer: &w)
        case .optional:
            w.block("if let value = \(validation.value)") { w in emitChecks(validation, value: "value", writer: &w) }
        case .nullable:
            w.block("if let value = \(validation.value)?.value") { w in
                emitChecks(validation, value: "value", writer: &w)
            }
        }
    }

    private func emitChecks(_ validation: ValidationPlan, value: String, writer w: inout SwiftWriter) {
        let field = "field: " + SwiftLiteral.string(validation.field)
        func bounded(_ min: String?, _ max: String?) -> [String] {
            [min.map { "min: \($0)" }, max.map { "max: \($0)" }].compactMap { $0 }
        }
        // Patterns and lengths read the text the client sends.
        let text = validation.text.map { $0.expression(value) } ?? value
        for check in validation.checks {
            switch check {
            case .pattern(let pattern):
                w.wrappedLine("try Validation.pattern", [text, SwiftLiteral.string(pattern), field], "")
            case .length(let min, let max):
                w.wrappedLine(
                    "try Validation.length", [text] + bounded(min.map(String.init), max.map(String.init)) + [field], ""
                )
            case .range(let min, let max):
                let bounds = bounded(min.map(SwiftLiteral.number), max.map(SwiftLiteral.number))
                w.wrappedLine("try Validation.range", [value] + bounds + [field], "")
            case .items(let min, let max):
                w.wrappedLine(
                    "try Validation.items", [value] + bounded(min.map(String.init), max.map(String.init)) + [field], "")
            case .nested:
                w.line("try \(value).validate()")
            case .eachNested(let isMap):
                w.line("for item in \(value)\(isMap ? ".values" : "") { try item.validate() }")
            }
        }
    }
}
