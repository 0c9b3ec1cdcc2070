/// How many calls one client runs at once, and how many may wait for a turn.
///
/// A client and every copy made from it (`with(...)`) share one limit. A call past ``maxInFlight`` waits, first
/// come first served, until an earlier call has its response head; a call past ``maxWaiting`` more is not sent and
/// fails at once with ``ClientError/overloaded(operation:waiting:)``. So a burst of calls holds at most
/// ``maxInFlight`` requests, connections and response buffers, whatever the transport, and the waiting ones hold
/// nothing of the client's but their place in line. A waiting call that is cancelled leaves the line and fails
/// with ``ClientError/cancelled(operation:)``.
///
/// The limit counts a call from its start to its response (with its retries and redirects); a streamed body or a
/// download is read after its call has left the count, within the transport's own bounds.
public struct CallLimit: Hashable, Sendable {
    /// The most calls in flight at once; at least 1.
    public var maxInFlight: Int
    /// The most calls waiting for a turn; at least 0.
    public var maxWaiting: Int

    /// Creates a limit: 64 calls in flight and 10,000 waiting by default.
    public init(maxInFlight: Int = 64, maxWaiting: Int = 10_000) {
        self.maxInFlight = max(maxInFlight, 1)
        self.maxWaiting = max(maxWaiting, 0)
    }

    /// 64 calls in flight and 10,000 waiting: more than URLSession's and AsyncHTTPClient's connections per host, so
    /// the limit queues calls only where the transport would queue them anyway.
    public static let `default` = CallLimit()

    /// No limit: every call goes to the transport at once, which queues what it cannot send yet.
    public static let unlimited = CallLimit(maxInFlight: .max, maxWaiting: .max)
}

/// The turns of a client's calls under its ``CallLimit``, shared by the client's copies.
final class CallGate: Sendable {
    let limit: CallLimit
    private let state = Locked(State())

    /// The calls in flight and the line of waiting ones, oldest first; a cancelled waiter leaves a hole.
    private struct State: ~Copyable {
        var inFlight = 0
        var line: [Waiter?] = []
        var head = 0
        var waiting = 0
        var nextID: UInt64 = 0

        /// The oldest waiter, taken out of the line.
        mutating func takeFirst() -> Waiter? {
            while head < line.count {
                let waiter = line[head]
                line[head] = nil
                head += 1
                if let waiter {
                    waiting -= 1
                    compact()
                    return waiter
                }
            }
            compact()
            return nil
        }

        /// Drops the holes before `head` once they are half the line, keeping the storage for the next burst.
        mutating func compact() {
            if head == line.count {
                line.removeAll(keepingCapacity: true)
                head = 0
            } else if head > 64, head * 2 > line.count {
                line.removeFirst(head)
                head = 0
            }
        }
    }

    /// What a call that found every turn taken does: take one freed meanwhile, wait in line, or fail.
    private enum Turn {
        case now
        case queued
        case refused(any Error)
    }

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    init(_ limit: CallLimit) {
        self.limit = limit
    }

    /// Waits for a turn; every successful return must be paired with one ``leave()``.
    func enter(operation: String) async throws(ClientError) {
        // A free turn is taken at once; otherwise the call gets a ticket to wait with.
        let ticket = state.withLock { state -> UInt64? in
            if state.inFlight < limit.maxInFlight {
                state.inFlight += 1
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let ticket else { return }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    // Decided under the lock that adds to the line, so the line never passes `maxWaiting`.
                    let turn = state.withLock { state -> Turn in
                        if Task.isCancelled { return .refused(CancellationError()) }
                        // A turn freed since the first look is taken at once.
                        if state.inFlight < limit.maxInFlight {
                            state.inFlight += 1
                            return .now
                        }
                        if state.waiting >= limit.maxWaiting {
                            return .refused(ClientError.overloaded(operation: operation, waiting: state.waiting))
                        }
                        state.line.append(Waiter(id: ticket, continuation: continuation))
                        state.waiting += 1
                        return .queued
                    }
                    switch turn {
                    case .now: continuation.resume()
                    case .refused(let error): continuation.resume(throwing: error)
                    case .queued: break
                    }
                }
            } onCancel: {
                cancel(ticket)
            }
        } catch let error as ClientError {
            throw error
        } catch {
            throw .cancelled(operation: operation)
        }
    }

    /// Ends a call's turn: the oldest waiting call takes it.
    func leave() {
        let next = state.withLock { state -> Waiter? in
            if let waiter = state.takeFirst() { return waiter }
            state.inFlight -= 1
            return nil
        }
        next?.continuation.resume()
    }

    /// Takes a cancelled call out of the line.
    private func cancel(_ id: UInt64) {
        let removed = state.withLock { state -> Waiter? in
            guard let index = state.line[state.head...].firstIndex(where: { $0?.id == id }),
                let waiter = state.line[index]
            else { return nil }
            state.line[index] = nil
            state.waiting -= 1
            return waiter
        }
        removed?.continuation.resume(throwing: CancellationError())
    }

    /// The calls in flight and waiting now.
    var counts: (inFlight: Int, waiting: Int) {
        state.withLock { ($0.inFlight, $0.waiting) }
    }
}
