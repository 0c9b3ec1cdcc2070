import Foundation

/// A value behind a lock: the runtime's shared state (a client's call gate, a session's transfers, a page's link).
///
/// It has `Mutex`'s shape, with Foundation's lock, so the runtime needs nothing but Foundation: importing the
/// Synchronization module costs every app's first clean build about two seconds, to index its interface.
final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ initialValue: consuming sending Value) { value = initialValue }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
