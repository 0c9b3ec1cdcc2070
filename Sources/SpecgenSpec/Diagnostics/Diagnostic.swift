package import SpecgenYAML

/// A place in a spec file: the file as the user named it and a 1-based line and column.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file, as the user named it (never made absolute, so output stays the same on every machine).
    public var path: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int

    /// Creates a location.
    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`.
    public var description: String { "\(path):\(line):\(column)" }

    /// Orders locations by file, line and column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }

    /// The same place moved right by `offset` columns (for a name inside a longer scalar).
    public func advanced(by offset: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column + offset)
    }
}

/// A problem found in a spec, with where it is and, when clear, how to fix it.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Hashable, Sendable, Comparable {
        case error, warning, note

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }

        /// Errors sort before warnings, warnings before notes.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// How serious it is.
    public var severity: Severity
    /// Where it is.
    public var location: SourceLocation
    /// What is wrong, in the spec's own terms.
    public var message: String
    /// What to write instead, when there is one clear fix.
    public var fix: String?

    /// Creates a diagnostic.
    public init(_ severity: Severity, at location: SourceLocation, _ message: String, fix: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.fix = fix
    }

    /// Whether the diagnostic stops generation.
    public var isError: Bool { severity == .error }

    /// `path:line:column: severity: message; fix`, the format editors and CI annotators parse.
    public var description: String {
        "\(location): \(severity.rawValue): \(message)" + (fix.map { "; \($0)" } ?? "")
    }
}

extension Array where Element == Diagnostic {
    /// Diagnostics in file order, errors first where two share a place, so output is stable.
    public func sortedForDisplay() -> [Diagnostic] {
        sorted { lhs, rhs in
            if lhs.location != rhs.location { return lhs.location < rhs.location }
            if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
            return lhs.message < rhs.message
        }
    }
}

extension Diagnostic {
    /// A YAML syntax error as one located diagnostic.
    package init(_ error: YAMLError, path: String) {
        self.init(
            .error, at: SourceLocation(path: path, line: error.mark.line, column: error.mark.column), error.message,
            fix: error.fix)
    }
}
