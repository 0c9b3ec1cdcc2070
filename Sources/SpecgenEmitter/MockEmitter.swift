import SpecgenSpec

/// Prints the closure-based test double of an API: its closures and initializer (Mock.swift), and its methods for a
/// share of the operations (the operations files, which read the closures: so `handlers` is internal, not private).
struct MockEmitter {
    let plan: ClientPlan

    func emit(writer w: inout SwiftWriter) {
        let names = plan.names
        let methods = Self.methods(of: plan.operations)
        let example =
            plan.operations.first.map { operation in
                let inputs =
                    operation.parameters.isEmpty
                    ? "" : operation.parameters.map { _ in "_" }.joined(separator: ", ") + " in "
                return "\n\n```swift\nlet api = \(names.mock)(\(operation.name): { \(inputs)... })\n```"
            } ?? ""
        w.docComment(
            "A test double for ``\(names.api)``: each operation runs the closure you give, so unit tests and "
                + "SwiftUI previews need no network. A closure throws the operation's own error type, so a test can script "
                + "any documented error; an operation without a closure fails with `.failure(.transport)`." + example)
        // `unimplemented` returns the runtime's `ClientError`.
        w.uses(.runtime, publicly: true)
        w.type("struct", names.mock, ": \(names.api)") { w in
            for operation in methods {
                w.uses(operation.parameterUsage.union(operation.returnUsage), publicly: true)
                w.docComment("The closure that stands in for ``\(names.api)/\(operation.selector)``.")
                w.continuedDeclaration(
                    "typealias", operation.handlerTypeName, " = ", "@Sendable ",
                    operation.handlerInputs, operation.handlerEffects)
            }
            if !methods.isEmpty { w.blank() }
            if methods.isEmpty {
                w.docComment("Creates a mock.")
                w.declaration("", "init", "()", " {}")
            } else {
                // One object the initializer fills: set one by one on `self`, hundreds of closures cost the
                // compiler's definite-initialization pass time that grows with their square, and a struct of them
                // would have copy and destroy code, written out closure by closure, in every copy of the mock.
                w.docComment(
                    "The closures given, by operation: set while the mock's initializer runs, read-only after.")
                // Nothing writes them once the initializer has returned, so tasks share them safely.
                w.block("final class Handlers: @unchecked Sendable") { w in
                    for operation in methods { w.line("var \(operation.name): \(operation.handlerTypeName)?") }
                }
                w.blank()
                w.line("let handlers: Handlers")
                w.blank()
                w.docComment("Creates a mock; each closure receives the method's arguments.")
                let parameters = methods.map { "\($0.name): \($0.handlerTypeName)? = nil" }
                w.wrappedDeclaration("", "init", parameters, "") { w in
                    w.line("let handlers = Handlers()")
                    for operation in methods { w.line("handlers.\(operation.name) = \(operation.name)") }
                    w.line("self.handlers = handlers")
                }
            }
            w.blank()
            w.docComment("The failure of an operation the mock has no closure for.")
            w.declaration("static func", "unimplemented", "(_ operation: String) -> ClientError") { w in
                w.line(".transport(operation: operation, message: \"\(names.mock) has no closure for this operation\")")
            }
        }
    }

    /// The mock's methods for `operations`, in an extension of the mock.
    func emitMethods(_ operations: [OperationPlan], writer w: inout SwiftWriter) {
        let names = plan.names
        let methods = Self.methods(of: operations)
        w.uses(.runtime, publicly: true)
        w.type("extension", names.mock) { w in
            for operation in methods {
                // The protocol documents the operation; the mock's method says only what it does with it.
                w.docComment("Runs the closure given for ``\(names.api)/\(operation.selector)``.")
                w.deprecation(operation.deprecation)
                w.method(operation, withDefaults: false) { w in
                    let arguments = operation.parameters.map(\.internalName).joined(separator: ", ")
                    let name = SwiftLiteral.string(plan.apiName + "." + operation.bareName)
                    // `self.handlers`, and a local named for the operation, so no parameter's name can shadow them.
                    let local = handler(operation)
                    if let headers = operation.headersMethod {
                        // Without its own closure, the plain method answers with the headers closure's body.
                        w.block("if let \(local) = self.handlers.\(operation.name)") { w in
                            w.line("return try await \(local)(\(arguments))")
                        }
                        w.guardLine(
                            "let \(handler(headers)) = self.handlers.\(headers.name)",
                            else: "throw .failure(Self.unimplemented(\(name)))")
                        w.line("return try await \(handler(headers))(\(arguments)).body")
                        return
                    }
                    w.guardLine(
                        "let \(local) = self.handlers.\(operation.name)",
                        else: "throw .failure(Self.unimplemented(\(name)))")
                    w.line("return try await \(local)(\(arguments))")
                }
                w.blank()
            }
        }
    }

    private func handler(_ operation: OperationPlan) -> String { operation.bareName + "Handler" }

    /// The mock's methods for `operations`: an operation with typed response headers has two, each with its own
    /// closure.
    private static func methods(of operations: [OperationPlan]) -> [OperationPlan] {
        operations.flatMap { [$0] + ($0.headersMethod.map { [$0] } ?? []) }
    }
}
