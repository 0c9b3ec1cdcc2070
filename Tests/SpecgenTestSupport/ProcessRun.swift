public import Foundation

/// What a finished process wrote and how it exited.
public struct ProcessRun: Sendable {
    /// The exit status.
    public var status: Int32
    /// Standard output.
    public var stdout: String
    /// Standard error.
    public var stderr: String

    /// Runs `command` from the `PATH` (through `/usr/bin/env`) in `directory` and waits for it.
    public static func run(
        _ command: String, _ arguments: [String], in directory: URL = PackagePaths.root
    ) async throws -> ProcessRun {
        try await run(executable: URL(fileURLWithPath: "/usr/bin/env"), [command] + arguments, in: directory)
    }

    /// Runs a built product of this package, such as `specgen` or `specgen-mock`, in `directory`.
    public static func product(
        _ name: String, _ arguments: [String], in directory: URL = PackagePaths.root
    ) async throws -> ProcessRun {
        try await run(
            executable: PackagePaths.productsDirectory.appendingPathComponent(name), arguments, in: directory)
    }

    /// Waits for the process on a thread of its own: a test waiting here leaves the concurrency pool's few threads
    /// to the servers and clients of the tests running beside it.
    private static func run(executable: URL, _ arguments: [String], in directory: URL) async throws -> ProcessRun {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try runBlocking(executable: executable, arguments, in: directory) })
            }.start()
        }
    }

    private static func runBlocking(executable: URL, _ arguments: [String], in directory: URL) throws -> ProcessRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Standard error is drained beside standard output, so neither pipe can fill up and stall the process.
        let errors = DrainedPipe(err)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.wait()
        process.waitUntilExit()
        return ProcessRun(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}

/// Reads a pipe to its end on a thread of its own.
///
/// Not on a global dispatch queue: on Linux the concurrency pool's threads are that queue's, and a read blocked there
/// for as long as a compiler runs would hold back every test of the process meanwhile.
private final class DrainedPipe: @unchecked Sendable {
    // Written once by the reading thread before `done` is signalled; read only after waiting on it.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        Thread {
            self.data = pipe.fileHandleForReading.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
