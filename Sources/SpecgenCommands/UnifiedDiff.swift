/// A unified diff of two texts, line by line, as `diff -u` prints it (three lines of context).
package enum UnifiedDiff {
    private enum Edit: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    package static func make(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        let edits = diff(a, b)
        var output = "--- \(oldName)\n+++ \(newName)\n"
        // Group edits into hunks with `context` unchanged lines around each change.
        let changed = edits.indices.filter { edits[$0] != .same(text(edits[$0])) }
        var index = 0
        while index < changed.count {
            var start = max(0, changed[index] - context)
            var end = min(edits.count, changed[index] + context + 1)
            index += 1
            while index < changed.count, changed[index] - context <= end {
                end = min(edits.count, changed[index] + context + 1)
                index += 1
            }
            start = max(0, start)
            let oldStart = edits[..<start].filter { if case .added = $0 { false } else { true } }.count + 1
            let newStart = edits[..<start].filter { if case .removed = $0 { false } else { true } }.count + 1
            let hunk = edits[start..<end]
            let oldCount = hunk.filter { if case .added = $0 { false } else { true } }.count
            let newCount = hunk.filter { if case .removed = $0 { false } else { true } }.count
            output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for edit in hunk {
                switch edit {
                case .same(let line): output += " \(line)\n"
                case .removed(let line): output += "-\(line)\n"
                case .added(let line): output += "+\(line)\n"
                }
            }
        }
        return output
    }

    private static func text(_ edit: Edit) -> String {
        switch edit {
        case .same(let line), .removed(let line), .added(let line): line
        }
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A shortest edit script from the longest common subsequence.
    private static func diff(_ a: [String], _ b: [String]) -> [Edit] {
        let n = a.count
        let m = b.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                edits.append(.same(a[i]))
                i += 1
                j += 1
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                edits.append(.removed(a[i]))
                i += 1
            } else {
                edits.append(.added(b[j]))
                j += 1
            }
        }
        return edits
    }
}
