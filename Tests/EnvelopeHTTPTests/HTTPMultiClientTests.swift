import EnvelopeCore
import EnvelopeHTTP
import Foundation
import Testing

/// Runs `requests` through a multi client and returns the outcomes in request order.
private func runAll(_ requests: [HTTPRequest], jobs: Int, retry: RetryPolicy = .none) -> [HTTPOutcome?] {
    var outcomes = [HTTPOutcome?](repeating: nil, count: requests.count)
    HTTPMultiClient(maxConcurrent: jobs).run(requests, retry: retry) { index, outcome in
        outcomes[index] = outcome
    }
    return outcomes
}

/// A thread-safe counter for handlers that answer differently on later requests.
private final class Counter: @unchecked Sendable {
    // @unchecked Sendable is safe: `value` is only read and written while holding `lock`.
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.withLock { value += 1; return value } }
}

/// Outcomes stored by index from several threads, with how many calls came and from how many
/// threads.
private final class LaneOutcomes: @unchecked Sendable {
    // @unchecked Sendable is safe: every property is only read and written while holding `lock`.
    private let lock = NSLock()
    private var outcomes: [HTTPOutcome?]
    private var calls = 0
    private var threads: Set<String> = []
    init(count: Int) { outcomes = Array(repeating: nil, count: count) }
    func store(_ index: Int, _ outcome: HTTPOutcome) {
        let thread = "\(pthread_self())"
        lock.withLock {
            outcomes[index] = outcome
            calls += 1
            threads.insert(thread)
        }
    }
    func snapshot() -> (outcomes: [HTTPOutcome?], calls: Int, threads: Int) {
        lock.withLock { (outcomes, calls, threads.count) }
    }
}

/// Statuses by index and the cores each completion ran on, from several threads.
private final class PlacementRecord: @unchecked Sendable {
    // @unchecked Sendable is safe: every property is only read and written while holding `lock`.
    private let lock = NSLock()
    private var statuses: [Int: Int] = [:]
    private var cores: [[Int]] = []
    func store(_ index: Int, status: Int?, cores seen: [Int]) {
        lock.withLock {
            if let status { statuses[index] = status }
            cores.append(seen)
        }
    }
    func snapshot() -> (statuses: [Int], cores: [[Int]]) {
        lock.withLock { (statuses.keys.sorted().compactMap { statuses[$0] }, cores) }
    }
}

/// A ``LaneWork`` for tests: a pipe whose bytes each turn drains, recording when the first
/// byte was drained, how many turns there were and on which threads they ran.
private final class PipeWork: LaneWork, @unchecked Sendable {
    // @unchecked Sendable is safe: the descriptors are immutable, and every `var` is only read
    // and written while holding `lock`.
    let readinessDescriptor: Int32
    private let writeEnd: Int32
    private let deadline: Int32?
    private let start = Date()
    private let lock = NSLock()
    private var turns = 0
    private var threads: Set<String> = []
    private var firstByteDrainedAfter: TimeInterval?
    private var writtenAfter: TimeInterval?

    init(deadline: Int32?) throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        readinessDescriptor = ends[0]
        writeEnd = ends[1]
        self.deadline = deadline
    }

    deinit {
        close(readinessDescriptor)
        close(writeEnd)
    }

    func runReady() -> (didWork: Bool, nextDeadline: Int32?) {
        var buffer = [UInt8](repeating: 0, count: 16)
        let drained = read(readinessDescriptor, &buffer, buffer.count)
        let thread = "\(pthread_self())"
        lock.withLock {
            turns += 1
            threads.insert(thread)
            if drained > 0, firstByteDrainedAfter == nil { firstByteDrainedAfter = Date().timeIntervalSince(start) }
        }
        return (drained > 0, deadline)
    }

    /// Writes a byte to the pipe, noting when.
    func writeByte() {
        var byte: UInt8 = 1
        lock.withLock { writtenAfter = Date().timeIntervalSince(start) }
        _ = write(writeEnd, &byte, 1)
    }

    /// How long after the byte was written a turn drained it.
    var drainDelay: TimeInterval? {
        lock.withLock { firstByteDrainedAfter.flatMap { drained in writtenAfter.map { drained - $0 } } }
    }

    func snapshot() -> (turns: Int, threads: Set<String>) {
        lock.withLock { (turns, threads) }
    }
}

@Suite("HTTPMultiClient: many requests at once")
struct HTTPMultiClientTests {
    @Test func everyRequestGetsItsOwnAnswerWhateverOrderTheyFinishIn() throws {
        let server = try TestHTTPServer { request in
            CannedResponse(body: Array(request.target.utf8))
        }
        defer { server.stop() }
        let requests = (0..<40).map { HTTPRequest(url: server.baseURL + "/item/\($0)") }

        let outcomes = runAll(requests, jobs: 4)

        for (index, outcome) in outcomes.enumerated() {
            let response = try #require(try outcome?.result.get())
            #expect(response.body == Array("/item/\(index)".utf8))
            #expect(response.httpVersion == "1.1")
            #expect(outcome?.attempts == 1)
        }
    }

    @Test func aHandleReusedForRequestsThatDifferOnlyInURLSendsEachExactlyAsAsked() throws {
        let server = try TestHTTPServer { request in CannedResponse(body: Array(request.target.utf8)) }
        defer { server.stop() }
        let base = server.baseURL
        let tagged = [HTTPHeader(name: "X-Tag", value: "one")]
        // One job: every request runs on the same easy handle, in order. Runs of requests with
        // the same options, broken by ones that change a header, the method or the body.
        let requests = [
            HTTPRequest(url: base + "/a/0"), HTTPRequest(url: base + "/a/1"),
            HTTPRequest(url: base + "/b/0", headers: tagged), HTTPRequest(url: base + "/b/1", headers: tagged),
            HTTPRequest(url: base + "/c/0"),
            HTTPRequest(method: "POST", url: base + "/d/0", body: Array("x".utf8)),
            HTTPRequest(method: "POST", url: base + "/d/1", body: Array("x".utf8)),
            HTTPRequest(method: "POST", url: base + "/e/0", body: Array("yz".utf8)),
            HTTPRequest(method: "HEAD", url: base + "/f/0"), HTTPRequest(url: base + "/g/0"),
        ]

        let outcomes = runAll(requests, jobs: 1)

        let seen = server.requests
        #expect(seen.count == requests.count)
        for (index, request) in requests.enumerated() {
            let response = try #require(try outcomes[index]?.result.get())
            #expect(response.status == 200)
            #expect(response.effectiveURL == request.url)
            guard index < seen.count else { continue }
            #expect(seen[index].target == String(request.url.dropFirst(base.count)))
            #expect(seen[index].method == request.method)
            #expect(seen[index].header("X-Tag") == request.headers.first?.value)
            #expect(seen[index].body == (request.body ?? []))
            #expect(response.body == (request.method == "HEAD" ? [] : Array(seen[index].target.utf8)))
        }
    }

    @Test func connectionsAreReusedAcrossRequestsToTheSameHost() throws {
        let server = try TestHTTPServer { _ in CannedResponse(body: Array("{}".utf8)) }
        defer { server.stop() }
        let requests = (0..<30).map { HTTPRequest(url: server.baseURL + "/r/\($0)") }

        let outcomes = runAll(requests, jobs: 3)

        #expect(outcomes.allSatisfy { (try? $0?.result.get())?.status == 200 })
        #expect(server.requests.count == 30)
        #expect(server.acceptedConnections <= 3)
    }

    @Test func requestsSpreadOverLanesEachGetTheirOwnAnswerOnceWithinTheJobLimit() throws {
        let server = try TestHTTPServer { request in
            CannedResponse(body: Array(request.target.utf8))
        }
        defer { server.stop() }
        let requests = (0..<60).map { HTTPRequest(url: server.baseURL + "/lane/\($0)") }
        let collected = LaneOutcomes(count: requests.count)

        HTTPMultiClient.run(requests, lanes: 3, maxConcurrent: 6) { index, outcome in
            collected.store(index, outcome)
        }

        let (outcomes, calls, threads) = collected.snapshot()
        #expect(calls == 60)
        #expect(threads == 3)
        for (index, outcome) in outcomes.enumerated() {
            #expect((try? outcome?.result.get())?.body == Array("/lane/\(index)".utf8))
        }
        #expect(Set(server.requests.map(\.target)).count == 60)
        #expect(server.requests.count == 60)
        // Three lanes of two transfers each: no more connections than one client of six.
        #expect(server.acceptedConnections <= 6)
    }

    @Test func placedLanesRunOnTheirCoresAndTheCallerGetsItsCoresBack() throws {
        let server = try TestHTTPServer { request in
            CannedResponse(body: Array(request.target.utf8))
        }
        defer { server.stop() }
        let cores = ThreadAffinity.allowedCores()
        let core = try #require(cores.last)
        // Over TCP: a lane's socket applies only to requests sent through a socket.
        let requests = (0..<20).map { HTTPRequest(url: server.baseURL + "/placed/\($0)") }
        let seen = PlacementRecord()
        let placement = [LanePlacement(core: core, localSocketPath: "/nonexistent/a.sock"), LanePlacement(core: core, localSocketPath: "/nonexistent/b.sock")]
        let done = DispatchSemaphore(value: 0)
        let caller = PlacementRecord()
        // On a thread of its own: the lane the caller runs keeps it on the core meanwhile.
        let thread = Thread {
            HTTPMultiClient.run(requests, lanes: 2, maxConcurrent: 4, placement: placement) { index, outcome in
                seen.store(index, status: (try? outcome.result.get())?.status, cores: ThreadAffinity.allowedCores())
            }
            caller.store(0, status: nil, cores: ThreadAffinity.allowedCores())
            done.signal()
        }
        thread.start()
        done.wait()
        let (statuses, coreSets) = seen.snapshot()
        #expect(statuses == Array(repeating: 200, count: 20))
        #expect(coreSets.allSatisfy { $0 == [core] })
        #expect(caller.snapshot().cores == [cores])
    }

    @Test func laneWorkRunsOnTheLanesThreadAndWakesItForItsDescriptorAndItsDeadline() throws {
        // Answers take 600 ms: a lane that only slept until libcurl's sockets were ready would
        // give its work no turn meanwhile.
        let server = try TestHTTPServer { request in
            Thread.sleep(forTimeInterval: 0.6)
            return CannedResponse(body: Array(request.target.utf8))
        }
        defer { server.stop() }
        let requests = (0..<2).map { HTTPRequest(url: server.baseURL + "/slow/\($0)") }

        // The descriptor: a byte written while the lane waits is drained at once (libcurl's
        // own wake-ups come some 200 ms apart here).
        let woken = try PipeWork(deadline: nil)
        let writer = Thread {
            Thread.sleep(forTimeInterval: 0.25)
            woken.writeByte()
        }
        writer.start()
        var lanes: Set<String> = []
        var statuses: [Int] = []
        HTTPMultiClient(maxConcurrent: 2).run(requests, work: woken) { _, outcome in
            lanes.insert("\(pthread_self())")
            statuses.append((try? outcome.result.get())?.status ?? 0)
        }
        #expect(statuses == [200, 200])
        let delay = try #require(woken.drainDelay)
        #expect(delay < 0.2)
        #expect(woken.snapshot().threads == lanes)

        // The deadline: a work that asks for a turn every 20 ms gets one about that often.
        let ticking = try PipeWork(deadline: 20)
        HTTPMultiClient(maxConcurrent: 2).run(requests, work: ticking) { _, _ in }
        #expect(ticking.snapshot().turns >= 10)
    }

    @Test func a503WithRetryAfterIsRetriedUntilTheServerAnswers() throws {
        let counter = Counter()
        let server = try TestHTTPServer { _ in
            counter.next() <= 2
                ? CannedResponse(status: 503, reason: "Service Unavailable", headers: [HTTPHeader(name: "Retry-After", value: "0")])
                : CannedResponse(body: Array("fine".utf8))
        }
        defer { server.stop() }

        let outcomes = runAll([HTTPRequest(url: server.baseURL + "/busy")], jobs: 1, retry: RetryPolicy(retries: 3, baseDelay: 0.001))

        let outcome = try #require(outcomes[0])
        #expect(outcome.attempts == 3)
        #expect(try outcome.result.get().body == Array("fine".utf8))
    }

    @Test func retriesStopAfterTheLimitAndReportTheLastAnswer() throws {
        let server = try TestHTTPServer { _ in CannedResponse(status: 429, reason: "Too Many Requests") }
        defer { server.stop() }

        let outcomes = runAll([HTTPRequest(url: server.baseURL + "/limited")], jobs: 1, retry: RetryPolicy(retries: 2, baseDelay: 0.001))

        let outcome = try #require(outcomes[0])
        #expect(outcome.attempts == 3)
        #expect(try outcome.result.get().status == 429)
        #expect(server.requests.count == 3)
    }

    @Test func refusedConnectionsAreRetriedThenReported() throws {
        let port = try LoopbackSocket.closedPort()

        let outcomes = runAll([HTTPRequest(url: "http://127.0.0.1:\(port)/")], jobs: 2, retry: RetryPolicy(retries: 2, baseDelay: 0.001))

        let outcome = try #require(outcomes[0])
        #expect(outcome.attempts == 3)
        #expect(throws: TransportError.self) { try outcome.result.get() }
        if case .failure(let error) = outcome.result { #expect(error.code == 7) }
    }

    @Test func anInvalidRequestFailsAloneWithoutStoppingTheOthers() throws {
        let server = try TestHTTPServer { _ in CannedResponse(body: Array("ok".utf8)) }
        defer { server.stop() }
        let requests = [
            HTTPRequest(url: server.baseURL + "/a"),
            HTTPRequest(url: server.baseURL + "/b", headers: [HTTPHeader(name: "X-Bad", value: "a\nb")]),
            HTTPRequest(url: server.baseURL + "/c"),
        ]

        let outcomes = runAll(requests, jobs: 2)

        #expect((try? outcomes[0]?.result.get())?.body == Array("ok".utf8))
        if case .failure(let error)? = outcomes[1]?.result { #expect(error.name == "invalid-request") } else { Issue.record("expected a failure") }
        #expect((try? outcomes[2]?.result.get())?.body == Array("ok".utf8))
    }

    @Test func anAnswerWithADeclaredLengthOverTheLimitFailsAsFilesizeExceeded() throws {
        let server = try TestHTTPServer { _ in CannedResponse(body: [UInt8](repeating: 0x20, count: 5000)) }
        defer { server.stop() }

        let error = try #require(throws: TransportError.self) {
            try HTTPClient().send(HTTPRequest(url: server.baseURL + "/big", maxBodyBytes: 1000))
        }

        #expect(error.code == 63)
        #expect(error.name == "filesize-exceeded")
        #expect(error.description.contains("larger than the limit of 1000 bytes"))
    }

    @Test func aChunkedAnswerOverTheLimitIsCutOffByTheWriteCallback() throws {
        let chunk = String(repeating: "x", count: 4096)
        var reply = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        for _ in 0..<4 { reply += String(4096, radix: 16) + "\r\n" + chunk + "\r\n" }
        reply += "0\r\n\r\n"
        let server = try RawReplyServer(reply: Array(reply.utf8))
        defer { server.stop() }

        let error = try #require(throws: TransportError.self) {
            try HTTPClient().send(HTTPRequest(url: "http://127.0.0.1:\(server.port)/", timeout: 5, maxBodyBytes: 10_000))
        }

        #expect(error.name == "filesize-exceeded")
        let fits = try HTTPClient().send(HTTPRequest(url: "http://127.0.0.1:\(server.port)/", timeout: 5, maxBodyBytes: 20_000))
        #expect(fits.body.count == 4 * 4096)
    }
}

@Suite("RetryPolicy")
struct RetryPolicyTests {
    private let refused = Result<HTTPResponse, TransportError>.failure(.curl(code: 7, summary: "", detail: "", url: "http://x/"))
    private let timedOut = Result<HTTPResponse, TransportError>.failure(.curl(code: 28, summary: "", detail: "", url: "http://x/"))

    private func answer(_ status: Int, retryAfter: Double? = nil) -> Result<HTTPResponse, TransportError> {
        .success(HTTPResponse(status: status, headers: [], body: [], effectiveURL: "http://x/", retryAfter: retryAfter))
    }

    @Test func waitsGrowExponentiallyWithJitterBetweenHalfAndAll() {
        let policy = RetryPolicy(retries: 5, baseDelay: 1, maxDelay: 5)
        #expect(policy.delay(after: refused, attempt: 1, method: "GET", random: { 1 }) == 1)
        #expect(policy.delay(after: refused, attempt: 2, method: "GET", random: { 1 }) == 2)
        #expect(policy.delay(after: refused, attempt: 3, method: "GET", random: { 0 }) == 2)
        #expect(policy.delay(after: refused, attempt: 4, method: "GET", random: { 1 }) == 5)
        #expect(policy.delay(after: refused, attempt: 6, method: "GET") == nil)
    }

    @Test func retryAfterReplacesTheComputedWaitUnlessItIsTooLong() {
        let policy = RetryPolicy(retries: 2, baseDelay: 1, maxRetryAfter: 60)
        #expect(policy.delay(after: answer(503, retryAfter: 7), attempt: 1, method: "GET") == 7)
        #expect(policy.delay(after: answer(429, retryAfter: 3600), attempt: 1, method: "GET") == nil)
        #expect(policy.delay(after: answer(429), attempt: 1, method: "GET", random: { 1 }) == 1)
    }

    @Test func otherStatusesAndNonIdempotentFailuresAreFinal() {
        let policy = RetryPolicy(retries: 2)
        #expect(policy.delay(after: answer(500), attempt: 1, method: "GET") == nil)
        #expect(policy.delay(after: answer(200), attempt: 1, method: "GET") == nil)
        #expect(policy.delay(after: timedOut, attempt: 1, method: "POST") == nil)
        #expect(policy.delay(after: timedOut, attempt: 1, method: "GET", random: { 1 }) == 1)
        #expect(policy.delay(after: refused, attempt: 1, method: "POST", random: { 1 }) == 1)
        #expect(RetryPolicy.none.delay(after: refused, attempt: 1, method: "GET") == nil)
    }
}
