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
    let multi: UnsafeMutableRawPointer?
    /// The most transfers in flight at once.
    public let maxConcurrent: Int
    /// Easy handles not in use; made on demand, kept for reuse, so at most `maxConcurrent`.
    var idle: [EasyTransfer] = []

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

    /// Where a run stands: first attempts go out in index order (those before `nextFirst`
    /// have been sent once); retries wait in `waiting`, in the order they failed, after every
    /// first attempt.
    private struct Progress {
        let requests: [HTTPRequest]
        var nextFirst = 0
        var waiting: [Pending] = []
        var active: [Active] = []

        var isFinished: Bool { nextFirst == requests.endIndex && waiting.isEmpty && active.isEmpty }
    }

    /// Sends every request and calls `completed` with each one's index and outcome, on this
    /// thread, in the order they finish (callers that want request order store by index).
    public func run(_ requests: [HTTPRequest], retry: RetryPolicy = .none, completed: (Int, HTTPOutcome) -> Void) {
        guard let multi else {
            let error = EasyTransfer.unusable()
                ?? .setupFailed(code: Int(CURLE_FAILED_INIT.rawValue), summary: "curl_multi_init returned no handle")
            for index in requests.indices {
                completed(index, HTTPOutcome(result: .failure(error), attempts: 1))
            }
            return
        }
        let clock = ContinuousClock()
        var progress = Progress(requests: requests)
        while !progress.isFinished {
            startDue(&progress, multi: multi, now: clock.now, completed: completed)
            var running: Int32 = 0
            _ = envelope_curl_multi_perform(multi, &running)
            for (index, attempt, result, cutOff, transcript) in collectFinished(&progress, multi: multi) {
                if let wait = retry.delay(after: result, attempt: attempt, method: requests[index].method) {
                    let due = clock.now.advanced(by: .milliseconds(Int64(wait * 1000)))
                    progress.waiting.append(Pending(index: index, attempt: attempt + 1, notBefore: due))
                } else {
                    completed(index, HTTPOutcome(result: result, attempts: attempt, cutOff: cutOff, transcript: transcript))
                }
            }
            if progress.isFinished { break }
            // Sleep until a socket is ready or the next retry is due (at most a second, so a
            // missed wake-up costs little). With nothing in flight the poll is a plain sleep.
            let timeout = pollTimeout(progress, now: clock.now)
            if timeout > 0 || !progress.active.isEmpty {
                _ = envelope_curl_multi_poll(multi, nil, 0, Int32(timeout), nil)
            }
        }
    }

    /// Starts what is due while slots are free: first attempts in request order, then retries
    /// whose wait is over. A request that cannot be started is completed with its error.
    private func startDue(_ progress: inout Progress, multi: UnsafeMutableRawPointer, now: ContinuousClock.Instant,
                          completed: (Int, HTTPOutcome) -> Void) {
        var position = 0
        while progress.active.count < maxConcurrent {
            let next: Pending
            if progress.nextFirst < progress.requests.endIndex {
                next = Pending(index: progress.nextFirst, attempt: 1, notBefore: now)
                progress.nextFirst += 1
            } else if position < progress.waiting.count {
                guard progress.waiting[position].notBefore <= now else {
                    position += 1
                    continue
                }
                next = progress.waiting.remove(at: position)
            } else {
                return
            }
            switch start(progress.requests[next.index], multi: multi) {
            case .success(let transfer):
                progress.active.append(Active(transfer: transfer, index: next.index, attempt: next.attempt))
            case .failure(let error):
                completed(next.index, HTTPOutcome(result: .failure(error), attempts: next.attempt))
            }
        }
    }

    /// Prepares a handle for `request` and adds it to the multi handle.
    func start(_ request: HTTPRequest, multi: UnsafeMutableRawPointer) -> Result<EasyTransfer, TransportError> {
        let transfer: EasyTransfer
        switch acquire() {
        case .failure(let error): return .failure(error)
        case .success(let made): transfer = made
        }
        do throws(TransportError) {
            try transfer.prepare(request)
        } catch {
            idle.append(transfer)
            return .failure(error)
        }
        guard envelope_curl_multi_add_handle(multi, transfer.handle) == CURLM_OK else {
            idle.append(transfer)
            return .failure(.setupFailed(code: Int(CURLE_FAILED_INIT.rawValue), summary: "curl_multi_add_handle failed"))
        }
        return .success(transfer)
    }

    /// One finished attempt: its request's index, the attempt, its result, what arrived of an
    /// answer cut off at the body limit, and its transcript.
    private typealias Finished = (index: Int, attempt: Int, result: Result<HTTPResponse, TransportError>, cutOff: HTTPResponse?, transcript: [String])

    /// Takes every finished transfer off the multi handle: its request's index, attempt and result.
    private func collectFinished(_ progress: inout Progress, multi: UnsafeMutableRawPointer) -> [Finished] {
        var finished: [Finished] = []
        var queued: Int32 = 0
        while let message = envelope_curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE,
                  let position = progress.active.firstIndex(where: { $0.transfer.handle == message.pointee.easy_handle }) else { continue }
            let done = progress.active.remove(at: position)
            let code = envelope_curl_msg_result(message)
            _ = envelope_curl_multi_remove_handle(multi, done.transfer.handle)
            let details = done.transfer.finishWithDetails(code)
            idle.append(done.transfer)
            finished.append((done.index, done.attempt, details.result, details.cutOff, details.transcript))
        }
        return finished
    }

    /// Milliseconds to wait in libcurl's poll: at most a second, less when a slot is free and
    /// a request is due sooner.
    private func pollTimeout(_ progress: Progress, now: ContinuousClock.Instant) -> Int {
        var timeout = 1000
        guard progress.active.count < maxConcurrent else { return timeout }
        let due = progress.nextFirst < progress.requests.endIndex ? now : progress.waiting.lazy.map(\.notBefore).min()
        if let due {
            let untilDue = now.duration(to: due)
            let milliseconds = untilDue.components.seconds * 1000 + untilDue.components.attoseconds / 1_000_000_000_000_000
            timeout = untilDue <= .zero ? 0 : min(timeout, Int(milliseconds) + 1)
        }
        return timeout
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
