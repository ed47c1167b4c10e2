import CCurl
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serving a queue: the multi handle runs for as long as requests keep coming.
extension HTTPMultiClient {
    /// One transfer of ``serve(_:)`` in flight.
    private struct Served {
        var transfer: EasyTransfer
        var completion: @Sendable (HTTPOutcome) -> Void
    }

    /// Sends every request `queue` receives, up to ``maxConcurrent`` at once (the rest wait
    /// their turn), and calls each one's completion on this thread when it ends. Blocks until
    /// the queue is closed and every request taken from it has ended. No retries: a
    /// forwarded request is the client's to repeat.
    public func serve(_ queue: HTTPRequestQueue) {
        var waiting: [HTTPRequestQueue.Submission] = []
        var active: [UnsafeMutableRawPointer: Served] = [:]
        var closed = false
        while true {
            let taken = queue.takeAll()
            waiting += taken.submissions
            closed = closed || taken.closed
            guard let multi else {
                let error = EasyTransfer.unusable()
                    ?? .setupFailed(code: Int(CURLE_FAILED_INIT.rawValue), summary: "curl_multi_init returned no handle")
                for submission in waiting { submission.completion(HTTPOutcome(result: .failure(error), attempts: 1)) }
                waiting = []
                if closed { return }
                wait(for: queue, multi: nil)
                continue
            }
            startWaiting(&waiting, active: &active, multi: multi, queue: queue)
            unpause(taken.woken, active: active)
            var running: Int32 = 0
            _ = envelope_curl_multi_perform(multi, &running)
            finishDone(&active, multi: multi)
            if !waiting.isEmpty, active.count < maxConcurrent { continue }
            if closed, waiting.isEmpty, active.isEmpty { return }
            wait(for: queue, multi: multi)
        }
    }

    /// Starts waiting requests while slots are free; one that cannot start ends with its error.
    private func startWaiting(_ waiting: inout [HTTPRequestQueue.Submission], active: inout [UnsafeMutableRawPointer: Served],
                              multi: UnsafeMutableRawPointer, queue: HTTPRequestQueue) {
        var started = 0
        for submission in waiting {
            guard active.count < maxConcurrent else { break }
            started += 1
            switch start(submission.request, multi: multi) {
            case .success(let transfer):
                transfer.streamBody(to: submission.stream, waking: queue)
                active[transfer.handle] = Served(transfer: transfer, completion: submission.completion)
            case .failure(let error):
                submission.completion(HTTPOutcome(result: .failure(error), attempts: 1))
            }
        }
        waiting.removeFirst(started)
    }

    /// Ends every finished transfer: off the multi handle, back to the idle handles, and its
    /// outcome to its completion.
    private func finishDone(_ active: inout [UnsafeMutableRawPointer: Served], multi: UnsafeMutableRawPointer) {
        var queued: Int32 = 0
        while let message = envelope_curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
                  let done = active.removeValue(forKey: handle) else { continue }
            let code = envelope_curl_msg_result(message)
            _ = envelope_curl_multi_remove_handle(multi, handle)
            let details = done.transfer.finishWithDetails(code)
            done.transfer.endStream()
            idle.append(done.transfer)
            done.completion(HTTPOutcome(result: details.result, attempts: 1, cutOff: details.cutOff, transcript: details.transcript))
        }
    }

    /// Lets the transfers of `woken` windows go on: one paused for room reads again, and one
    /// cancelled meets its write callback, which ends it. A window whose transfer has ended
    /// already is passed over (its handle may carry another transfer by now).
    private func unpause(_ woken: [HTTPStreamWindow], active: [UnsafeMutableRawPointer: Served]) {
        for window in woken {
            guard let handle = active.first(where: { $0.value.transfer.streamWindow === window })?.key else { continue }
            _ = envelope_curl_easy_unpause(handle)
        }
    }

    /// Sleeps until a socket is ready, the queue's pipe says a request came, or a second has
    /// passed (so a missed wake-up costs little).
    private func wait(for queue: HTTPRequestQueue, multi: UnsafeMutableRawPointer?) {
        var extra = curl_waitfd(fd: queue.wakeRead, events: Int16(CURL_WAIT_POLLIN), revents: 0)
        if let multi {
            _ = envelope_curl_multi_poll(multi, &extra, 1, 1000, nil)
        } else {
            var descriptor = pollfd(fd: queue.wakeRead, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 1000)
        }
    }
}
