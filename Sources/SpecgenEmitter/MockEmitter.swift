import SpecgenSpec

/// Prints the closure-based test double of an API: its closures and initializer (Mock.swift), and its methods for a
/// share of the operations (the operations files, which read the closures: so `handlers` is internal, not private).
struct MockEmitter {
    let plan: ClientPlan

    /// The mock's type; `shares` are the operations of each operations file that has any, by file number (1-based),
    /// whose keeping functions the initializer calls: each file keeps its own operations' closures, so the
    /// conversions to `any Sendable` compile there, spread over the files.
    func emit(shares: [(file: Int, operations: [OperationPlan])], writer w: inout SwiftWriter) {
        let names = plan.names
        let methods = Self.methods(of: plan.operations)
        let example =
            plan.operations.first.map { operation in
                "\n\n```swift\nlet api = \(names.mock)(\(operation.name): { arguments in ... })\n```"
            } ?? ""
        w.docComment(
            "A test double for ``\(names.api)``: each operation runs the closure you give, so unit tests and "
                + "SwiftUI previews need no network. A closure receives the call's arguments in one value, so an "
                + "argument added to the API keeps it compiling, and throws the operation's own error type, so a test "
                + "can script any documented error; an operation without a closure fails with `.failure(.transport)`."
                + example)
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
            for operation in plan.operations {
                w.blank()
                emitArguments(operation, writer: &w)
            }
            if !methods.isEmpty { w.blank() }
            if methods.isEmpty {
                w.docComment("Creates a mock.")
                w.declaration("", "init", "()", " {}")
            } else {
                // The closures are kept by operation name, as `any Sendable`, and each method casts its own back. A
                // stored property per closure would make every file that reads one lay out them all, naming every
                // model, so a change to any model would recompile every operations file; and hundreds of them cost
                // accessors, copy code and reabstraction thunks, closure by closure.
                w.docComment("The closures given, by operation name; each method casts its own back to its type.")
                w.line("let handlers: [String: any Sendable]")
                w.blank()
                w.docComment("Creates a mock; each closure receives the method's arguments.")
                let parameters = methods.map { "\($0.name): \($0.handlerTypeName)? = nil" }
                // The local is named so that no parameter (an operation's name) shadows it.
                let local = Self.unused("handlers", among: methods)
                w.wrappedDeclaration("", "init", parameters, "") { w in
                    w.line("var \(local): [String: any Sendable] = [:]")
                    for share in shares {
                        let arguments = Self.methods(of: share.operations).map {
                            "\($0.name.withoutBackticks): \($0.name)"
                        }
                        w.wrappedLine("Self.\(Self.keeper(share.file))", ["&" + local] + arguments, "")
                    }
                    w.line("self.handlers = \(local)")
                }
            }
            w.blank()
            w.docComment("The failure of an operation the mock has no closure for.")
            w.declaration("static func", "unimplemented", "(_ operation: String) -> ClientError") { w in
                w.line(".transport(operation: operation, message: \"\(names.mock) has no closure for this operation\")")
            }
        }
    }

    /// `struct GetTicketArguments`: the arguments of one call, as the closures of the operation (and of its headers
    /// method) receive them. Only the mock makes one, so an argument added keeps every closure that reads the others.
    private func emitArguments(_ operation: OperationPlan, writer w: inout SwiftWriter) {
        let names = plan.names
        w.docComment(
            "The arguments of a call to ``\(names.api)/\(operation.selector)``, as the mock's closures for it receive "
                + "them.")
        guard !operation.parameters.isEmpty else {
            return w.declaration("struct", operation.argumentsTypeName, ": Sendable", " {}")
        }
        w.type("struct", operation.argumentsTypeName, ": Sendable") { w in
            for parameter in operation.parameters {
                w.docComment(parameter.documentation ?? "The `\(parameter.internalName.withoutBackticks)` argument.")
                w.declaration("let", parameter.internalName, ": \(parameter.type)")
            }
        }
    }

    /// The mock's methods for `operations`, the operations of operations file number `file`, in an extension of the
    /// mock, and the function that keeps their closures.
    func emitMethods(_ operations: [OperationPlan], file: Int, writer w: inout SwiftWriter) {
        let names = plan.names
        let methods = Self.methods(of: operations)
        w.uses(.runtime, publicly: true)
        w.type("extension", names.mock) { w in
            emitKeeper(methods, file: file, writer: &w)
            w.blank()
            for operation in methods {
                // The protocol documents the operation; the mock's method says only what it does with it.
                w.docComment("Runs the closure given for ``\(names.api)/\(operation.selector)``.")
                w.deprecation(operation.deprecation)
                w.method(operation, withDefaults: false) { w in
                    // `arguments` is a reserved local: no parameter takes its name.
                    let arguments = "arguments"
                    w.wrappedLine(
                        "let \(arguments) = \(operation.argumentsTypeName)",
                        operation.parameters.map { "\($0.internalName.withoutBackticks): \($0.internalName)" }, "")
                    let name = SwiftLiteral.string(plan.apiName + "." + operation.bareName)
                    // `self.handlers`, and a local named for the operation, so no parameter's name can shadow them.
                    let local = handler(operation)
                    let unimplemented = "throw .failure(Self.unimplemented(\(name)))"
                    if let headers = operation.headersMethod {
                        // Without its own closure, the plain method answers with the headers closure's body.
                        bind(local, operation, writer: &w) { w in w.line("return try await \(local)(\(arguments))") }
                        bind(handler(headers), headers, else: unimplemented, writer: &w)
                        w.line("return try await \(handler(headers))(\(arguments)).body")
                        return
                    }
                    bind(local, operation, else: unimplemented, writer: &w)
                    w.line("return try await \(local)(\(arguments))")
                }
                w.blank()
            }
        }
    }

    /// `static func keepHandlers3(_ handlers: inout [String: any Sendable], getTicket: GetTicketHandler?, …)`: stores
    /// each closure given under its method's name. Converting a closure to `any Sendable` takes a reabstraction thunk
    /// and a box; done here, the operations files share that work, which in one initializer was the client's heaviest
    /// compile job (1.4 GiB at 2,000 operations).
    private func emitKeeper(_ methods: [OperationPlan], file: Int, writer w: inout SwiftWriter) {
        let store = Self.unused("handlers", among: methods)
        let keep = Self.unused("keep", among: methods)
        w.docComment("Keeps the closures given for this file's operations, by method name.")
        let parameters = methods.map { "\($0.name): \($0.handlerTypeName)?" }
        let storage = "_ \(store): inout [String: any Sendable]"
        w.wrappedBlock("static func \(Self.keeper(file))", [storage] + parameters, "") { w in
            // One call a closure: a subscript assignment each, with its overloads, passed the type-checking budget
            // at 500 operations (133 ms, against 33 ms this way).
            w.line(
                "func \(keep)(_ name: String, _ closure: (any Sendable)?) {"
                    + " if let closure { \(store)[name] = closure } }")
            for operation in methods { w.wrappedLine(keep, [Self.key(operation), operation.name], "") }
        }
    }

    /// The name of the function that keeps the closures of operations file number `file`.
    private static func keeper(_ file: Int) -> String { "keepHandlers\(file)" }

    /// `base`, or the first of `base2`, `base3` … that no method (a parameter of the functions that keep their
    /// closures) is named.
    private static func unused(_ base: String, among methods: [OperationPlan]) -> String {
        let taken = Set(methods.map(\.name.withoutBackticks))
        var name = base
        var suffix = 1
        while taken.contains(name) {
            suffix += 1
            name = base + String(suffix)
        }
        return name
    }

    private func handler(_ operation: OperationPlan) -> String { operation.bareName + "Handler" }

    /// `guard let local = self.handlers["getTicket"] as? GetTicketHandler else { statement }`: the closure given for
    /// a method, cast back to its type, or `statement`. A condition too long for one line breaks before `as?`, as
    /// swift-format breaks it.
    private func bind(_ local: String, _ operation: OperationPlan, else statement: String, writer w: inout SwiftWriter)
    {
        let (value, cast) = lookup(operation)
        if w.fits("guard let \(local) = \(value) \(cast) else {") {
            w.guardLine("let \(local) = \(value) \(cast)", else: statement)
            return
        }
        w.line("guard")
        w.indented { w in
            w.line("let \(local) = \(value)")
            w.indented { $0.line(cast) }
        }
        w.line("else {")
        w.indented { $0.line(statement) }
        w.line("}")
    }

    /// `if let local = self.handlers["getTicket"] as? GetTicketHandler { body }`, broken before `as?` as `bind(_:_:else:)`
    /// breaks its `guard`.
    private func bind(
        _ local: String, _ operation: OperationPlan, writer w: inout SwiftWriter, body: (inout SwiftWriter) -> Void
    ) {
        let (value, cast) = lookup(operation)
        if w.fits("if let \(local) = \(value) \(cast) {") {
            w.block("if let \(local) = \(value) \(cast)", body)
            return
        }
        w.line("if let \(local) = \(value)")
        w.indented { $0.line(cast) }
        w.line("{")
        w.indented(body)
        w.line("}")
    }

    /// The two halves of reading a method's closure, which a long line breaks between: `self.handlers["getTicket"]`
    /// and `as? GetTicketHandler`.
    private func lookup(_ operation: OperationPlan) -> (value: String, cast: String) {
        ("self.handlers[\(Self.key(operation))]", "as? \(operation.handlerTypeName)")
    }

    /// The key the initializer stores a method's closure under: its name, as a string literal.
    private static func key(_ operation: OperationPlan) -> String {
        SwiftLiteral.string(operation.name.withoutBackticks)
    }

    /// The mock's methods for `operations`: an operation with typed response headers has two, each with its own
    /// closure.
    private static func methods(of operations: [OperationPlan]) -> [OperationPlan] {
        operations.flatMap { [$0] + ($0.headersMethod.map { [$0] } ?? []) }
    }
}
