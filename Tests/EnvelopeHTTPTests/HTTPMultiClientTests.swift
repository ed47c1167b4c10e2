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
