import Foundation

/// The chunks of a streamed body that arrived before its reader took them, in order: in memory up to a limit, and
/// past it in a temporary file, so a reader slower than the network never makes the process hold the whole body.
///
/// URLSession on Linux cannot pause a transfer (suspending a task stalls it until it times out), so this is its
/// flow control: the network fills the file at disk speed and the reader drains it at its own. Not thread-safe;
/// the transfer that owns it holds a lock around every call. The file is removed when the buffer drains, ends or
/// is dropped.
struct SpillBuffer {
    /// The most bytes held in memory before chunks go to the file.
    let memoryLimit: Int
    /// The most bytes a chunk read back from the file holds.
    static let readSize = 256 << 10

    /// Chunks before the file's, in memory.
    private var head: [Data] = []
    private var headBytes = 0
    private var file: SpillFile?
    /// Chunks after the file's, kept in memory once the file could not take more (a full disk).
    private var tail: [Data] = []

    init(memoryLimit: Int) { self.memoryLimit = memoryLimit }

    /// Whether no chunk is waiting.
    var isEmpty: Bool { head.isEmpty && file == nil && tail.isEmpty }

    /// Adds a chunk after the others.
    mutating func append(_ data: Data) {
        if file == nil, headBytes + data.count > memoryLimit {
            file = SpillFile()
        }
        guard let file else {
            head.append(data)
            headBytes += data.count
            return
        }
        if !tail.isEmpty || !file.append(data) { tail.append(data) }
    }

    /// The next chunk in order, or nil when none is waiting; throws when the file cannot be read back.
    mutating func next() throws -> Data? {
        if !head.isEmpty {
            let chunk = head.removeFirst()
            headBytes -= chunk.count
            return chunk
        }
        guard let file else { return nil }
        let chunk = file.read < file.written ? try file.read(upTo: Self.readSize) : nil
        if file.read >= file.written {
            // Drained: the file is removed, and what came after it becomes the head.
            self.file = nil
            head = tail
            headBytes = tail.reduce(0) { $0 + $1.count }
            tail = []
        }
        if let chunk { return chunk }
        return try next()
    }
}

/// A temporary file written at its end and read from its start; unlinked as soon as it is open, so nothing is left
/// behind.
private final class SpillFile {
    /// Chunks are gathered to this size before one write: a write per network chunk would make URLSession's
    /// delegate slower than loopback, and URLSession queues whatever its delegate has not taken yet.
    static let batchSize = 1 << 20

    let url: URL
    private let writer: FileHandle?
    private let reader: FileHandle?
    /// Bytes appended, in the file or in `pending`.
    private(set) var written = 0
    /// Bytes read back.
    private(set) var read = 0
    /// Appended bytes not written to the file yet, which follow everything in it.
    private var pending = Data()

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("specgen-stream-\(UUID().uuidString)")
        let created = FileManager.default.createFile(atPath: url.path, contents: nil)
        writer = created ? try? FileHandle(forWritingTo: url) : nil
        reader = created ? try? FileHandle(forReadingFrom: url) : nil
        #if !os(Windows)
            // The open handles keep the file alive; without a name it is gone even if the process dies.
            try? FileManager.default.removeItem(at: url)
        #endif
    }

    /// Appends `data`; false when the file cannot take it (it then holds what it took before).
    func append(_ data: Data) -> Bool {
        guard let writer, reader != nil else { return false }
        if pending.isEmpty { pending.reserveCapacity(Self.batchSize + data.count) }
        pending.append(data)
        written += data.count
        guard pending.count >= Self.batchSize else { return true }
        do {
            try writer.write(contentsOf: pending)
        } catch {
            written -= data.count
            pending.removeLast(data.count)
            return false
        }
        pending = Data()
        return true
    }

    /// Reads up to `count` of the bytes not read yet: from the file, then the batch not written yet.
    func read(upTo count: Int) throws -> Data {
        let inFile = written - pending.count - read
        if inFile <= 0 {
            let data = pending
            pending = Data()
            read += data.count
            return data
        }
        guard let reader, let data = try reader.read(upToCount: min(count, inFile)), !data.isEmpty else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        read += data.count
        return data
    }

    deinit {
        try? writer?.close()
        try? reader?.close()
        #if os(Windows)
            try? FileManager.default.removeItem(at: url)
        #endif
    }
}
