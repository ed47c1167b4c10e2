import CCurl

/// Sends many requests at once over libcurl's multi interface, on the calling thread.
///
/// Up to `maxConcurrent` transfers run together, each on its own easy handle; the multi handle
/// shares one connection cache between them, so requests to the same host reuse connections
/// (and multiplex over HTTP/2 when the server offers it). Failed attempts are retried by the
/// `RetryPolicy` without holding a transfer slot while they wait.
///
/// Not `Sendable`: libcurl handles may only be used by one thread at a time, and `run` blocks
/// its thread until every request has an outcome.
public final class HTTPMultiClient {
    /// The multi handle (`CURLM *`), or `nil` when libcurl could not make one.
    private let multi: UnsafeMutableRawPointer?
    /// The most transfers in flight at once.
    public let maxConcurrent: Int
    /// Easy handles not in use; made on demand, kept for reuse, so at most `maxConcurrent`.
    private var idle: [EasyTransfer] = []

    /// Creates a client that runs at most `maxConcurrent` transfers at once (at least 1).
    public init(maxConcurrent: Int) {
        self.maxConcurrent = max(1, maxConcurrent)
        // curl_global_init must have run before the multi handle is created.
        multi = EasyTransfer.globalInitCode == Int(CURLE_OK.rawValue) ? envelope_curl_multi_init() : nil
        if let multi {
            // Keep a connection per slot (and a few spare) alive across contracts.
            _ = envelope_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, self.maxConcurrent + 4)
        }
    }

    deinit {
        // Easy handles must leave the multi handle before it goes: `run` removes each one as it
        // finishes, so none is attached here.
        idle.removeAll()
        if let multi { envelope_curl_multi_cleanup(multi) }
    }

    /// One request waiting to be sent again.
    private struct Pending {
        var index: Int
        var attempt: Int
        var notBefore: ContinuousClock.Instant
    }

    /// One transfer in flight.
    private struct Active {
        var transfer: EasyTransfer
        var index: Int
        var attempt: Int
    }

    /// Sends every request and calls `completed` with each one's index and outcome, on this
    /// thread, in the order they finish (callers that want request order store by index).
    public func run(_ requests: [HTTPRequest], retry: RetryPolicy = .none, completed: (Int, HTTPOutcome) -> Void) {
        let clock = ContinuousClock()
        // Requests not yet sent go out in index order: those before `nextFirst` have been
        // sent once. Retries wait in `waiting`, in the order they failed, after every first
        // attempt. (One array of all requests, taken from the front and scanned for the
        // earliest due time on every turn of the loop, cost time growing with the square of
        // the number of requests: milliseconds for a thousand.)
        let start = clock.now
        var nextFirst = requests.startIndex
        var waiting: [Pending] = []
        var active: [Active] = []

        /// Reports the outcome, or queues the request again when the policy says so.
        func settle(_ index: Int, attempt: Int, _ result: Result<HTTPResponse, TransportError>) {
            if let wait = retry.delay(after: result, attempt: attempt, method: requests[index].method) {
                let due = clock.now.advanced(by: .milliseconds(Int64(wait * 1000)))
                waiting.append(Pending(index: index, attempt: attempt + 1, notBefore: due))
            } else {
                completed(index, HTTPOutcome(result: result, attempts: attempt))
            }
        }

        guard let multi else {
            let error = EasyTransfer.unusable()
                ?? .setupFailed(code: Int(CURLE_FAILED_INIT.rawValue), summary: "curl_multi_init returned no handle")
            for index in requests.indices {
                completed(index, HTTPOutcome(result: .failure(error), attempts: 1))
            }
            return
        }

        while nextFirst < requests.endIndex || !waiting.isEmpty || !active.isEmpty {
            // Start what is due, first attempts in request order then retries, while slots
            // are free.
            let now = clock.now
            var position = 0
            while active.count < maxConcurrent {
                let next: Pending
                if nextFirst < requests.endIndex {
                    next = Pending(index: nextFirst, attempt: 1, notBefore: start)
                    nextFirst += 1
                } else if position < waiting.count {
                    guard waiting[position].notBefore <= now else {
                        position += 1
                        continue
                    }
                    next = waiting.remove(at: position)
                } else {
                    break
                }
                switch acquire() {
                case .failure(let error):
                    completed(next.index, HTTPOutcome(result: .failure(error), attempts: next.attempt))
                case .success(let transfer):
                    do throws(TransportError) {
                        try transfer.prepare(requests[next.index])
                        guard envelope_curl_multi_add_handle(multi, transfer.handle) == CURLM_OK else {
                            idle.append(transfer)
                            completed(next.index, HTTPOutcome(result: .failure(.setupFailed(
                                code: Int(CURLE_FAILED_INIT.rawValue), summary: "curl_multi_add_handle failed")), attempts: next.attempt))
                            continue
                        }
                        active.append(Active(transfer: transfer, index: next.index, attempt: next.attempt))
                    } catch {
                        idle.append(transfer)
                        completed(next.index, HTTPOutcome(result: .failure(error), attempts: next.attempt))
                    }
                }
            }

            var running: Int32 = 0
            _ = envelope_curl_multi_perform(multi, &running)
            var queued: Int32 = 0
            while let message = envelope_curl_multi_info_read(multi, &queued) {
                guard message.pointee.msg == CURLMSG_DONE,
                      let position = active.firstIndex(where: { $0.transfer.handle == message.pointee.easy_handle }) else { continue }
                let done = active.remove(at: position)
                let code = envelope_curl_msg_result(message)
                _ = envelope_curl_multi_remove_handle(multi, done.transfer.handle)
                let result = done.transfer.finish(code)
                idle.append(done.transfer)
                settle(done.index, attempt: done.attempt, result)
            }

            // Sleep until a socket is ready or the next retry is due (at most a second, so a
            // missed wake-up costs little). With nothing in flight the poll is a plain sleep.
            if nextFirst == requests.endIndex && waiting.isEmpty && active.isEmpty { break }
            var timeout = 1000
            let canStart = active.count < maxConcurrent
            if canStart, let due = nextFirst < requests.endIndex ? start : waiting.lazy.map(\.notBefore).min() {
                let untilDue = clock.now.duration(to: due)
                timeout = untilDue <= .zero ? 0 : min(timeout, Int(untilDue.components.seconds * 1000 + untilDue.components.attoseconds / 1_000_000_000_000_000) + 1)
            }
            if timeout > 0 || !active.isEmpty {
                _ = envelope_curl_multi_poll(multi, nil, 0, Int32(timeout), nil)
            }
        }
    }

    /// An idle easy handle, or a new one while fewer than `maxConcurrent` exist.
    private func acquire() -> Result<EasyTransfer, TransportError> {
        if let transfer = idle.popLast() { return .success(transfer) }
        return EasyTransfer.make()
    }
}

/// libcurl handles must not be used from two threads at once, so the client is deliberately
/// not Sendable; this makes the compiler say so instead of inferring anything.
@available(*, unavailable)
extension HTTPMultiClient: Sendable {}
