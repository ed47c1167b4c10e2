import EnvelopeCore
import Foundation

extension HTTPMultiClient {
    /// Sends every request over `lanes` multi clients at once, each on its own thread (the
    /// calling thread runs the first), and calls `completed` with each request's index and
    /// outcome as it finishes, on the thread of the lane that sent it.
    ///
    /// One multi client runs on one thread, and for many small answers that thread is the
    /// limit: with the answers validated as they arrive, `check` of a thousand contracts kept
    /// one core busy while the other waited. Request `i` goes to lane `i % lanes`; each lane
    /// keeps its own connections and runs up to its share of `maxConcurrent` transfers (the
    /// shares add up to `maxConcurrent`), so no more are in flight than with one lane.
    /// Callers that want request order store by index. `placement[k]`, where given, says on
    /// which core lane `k` runs, through which local socket it sends and what work it runs
    /// between libcurl's steps (``LanePlacement``); the calling thread gets its own cores back
    /// when its lane is done.
    public static func run(_ requests: [HTTPRequest], lanes: Int, maxConcurrent: Int, retry: RetryPolicy = .none,
                           placement: [LanePlacement] = [], completed: @escaping @Sendable (Int, HTTPOutcome) -> Void) {
        let lanes = max(1, min(lanes, maxConcurrent, requests.count))
        /// Runs lane `lane`: its requests, with their indices mapped back to `requests`'.
        @Sendable func runLane(_ lane: Int) {
            let place = lane < placement.count ? placement[lane] : LanePlacement()
            let affinity = place.core.map { ThreadAffinity.keepOn(core: $0) }
            defer { affinity?.restore() }
            let indices = Array(stride(from: lane, to: requests.count, by: lanes))
            let share = maxConcurrent / lanes + (lane < maxConcurrent % lanes ? 1 : 0)
            HTTPMultiClient(maxConcurrent: share).run(indices.map { place.placing(requests[$0]) }, retry: retry, work: place.work) { position, outcome in
                completed(indices[position], outcome)
            }
        }
        guard lanes > 1 else {
            runLane(0)
            return
        }
        let finished = DispatchSemaphore(value: 0)
        for lane in 1..<lanes {
            // A thread of its own, not one of Dispatch's: a lane blocks in libcurl's poll for
            // as long as its transfers take, and the pool's threads are needed for validating
            // large answers meanwhile.
            Thread.start(named: "envelope-transfers-\(lane)") {
                runLane(lane)
                finished.signal()
            }
        }
        runLane(0)
        for _ in 1..<lanes { finished.wait() }
    }
}
