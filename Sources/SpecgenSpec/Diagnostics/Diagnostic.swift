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
    /// A stable name for the kind of problem (`media-type`), when it has one: diagnostics of one kind and cause are
    /// summarized together (``Swift/Array/summarized(listing:)``).
    public var kind: String?

    /// Creates a diagnostic.
    public init(
        _ severity: Severity, at location: SourceLocation, _ message: String, fix: String? = nil, kind: String? = nil
    ) {
        self.severity = severity
        self.location = location
        self.message = message
        self.fix = fix
        self.kind = kind
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

extension Array where Element == Diagnostic {
    /// The diagnostics with each group of one kind and cause past `listing` members told once: the first in full,
    /// then how many more there are and where the first `listing` of them are. The cause is the message and fix
    /// with their quoted names and `METHOD /path` routes set aside, so 1,060 operations that each also offer YAML
    /// make one line, and different causes of one kind stay apart. Diagnostics without a kind, and errors, are
    /// kept as they are. Order follows each group's first member.
    public func summarized(listing: Int = 3) -> [Diagnostic] {
        var order: [String] = []
        var groups: [String: [Diagnostic]] = [:]
        for (index, diagnostic) in enumerated() {
            let key: String
            if let kind = diagnostic.kind, !diagnostic.isError {
                key =
                    "\(diagnostic.severity)\u{1}\(kind)\u{1}" + Diagnostic.cause(diagnostic.message)
                    + "\u{1}" + Diagnostic.cause(diagnostic.fix ?? "")
            } else {
                key = "\(index)"
            }
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(diagnostic)
        }
        return order.flatMap { key -> [Diagnostic] in
            guard let members = groups[key], var first = members.first else { return [] }
            guard members.count > listing + 1, let kind = first.kind else { return members }
            let more = members.dropFirst()
            let places = more.prefix(listing).map(\.location.description).joined(separator: ", ")
            first.message = "[\(kind)] " + first.message
            let tail = "and \(more.count) more \(kind) \(first.severity)s of this cause, at \(places)"
            first.fix = (first.fix.map { $0 + "; " } ?? "") + tail + (more.count > listing ? ", …" : "")
            return [first]
        }
    }
}

extension Diagnostic {
    /// At most 40 characters of a value a message shows, with `…` where it was cut, so a problem never echoes a long
    /// value whole.
    package static func excerpt(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }

    /// What a message says with its particulars set aside: quoted names (`'...'`) and routes (`GET /a/{b}`).
    static func cause(_ message: String) -> String {
        var out = ""
        var quoted = false
        var words = message.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let methods: Set<String> = ["GET", "PUT", "POST", "DELETE", "PATCH", "HEAD", "OPTIONS", "TRACE"]
        for index in words.indices.dropFirst() where methods.contains(words[index - 1]) && words[index].hasPrefix("/") {
            words[index] = "/…"
        }
        // A quote opens after a non-letter and closes before one, so the apostrophe of "body's" is no quote.
        let text = Array(words.joined(separator: " "))
        for index in text.indices {
            let character = text[index]
            let before = index > 0 ? text[index - 1] : " "
            let after = index + 1 < text.count ? text[index + 1] : " "
            if character == "'", !quoted, !before.isLetter, !before.isNumber {
                quoted = true
                out.append(character)
            } else if character == "'", quoted, !after.isLetter, !after.isNumber {
                quoted = false
                out.append(character)
            } else if !quoted {
                out.append(character)
            }
        }
        return out
    }

    /// A YAML syntax error as one located diagnostic.
    package init(_ error: YAMLError, path: String) {
        self.init(
            .error, at: SourceLocation(path: path, line: error.mark.line, column: error.mark.column), error.message,
            fix: error.fix, kind: LintErrorKind.yaml.rawValue)
    }
}
