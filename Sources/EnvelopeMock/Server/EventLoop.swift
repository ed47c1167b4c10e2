#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// A single-threaded event loop: accepts from its listeners, reads requests, writes answers,
/// fires delay timers. Several loops may share a listening socket (each on its thread).
///
/// `@unchecked Sendable` is sound: every `var` below is read and written only on the loop's own
/// thread, inside ``run()`` (the instance is handed to that thread once, before it starts).
/// Other threads only call ``requestStop()``, which writes a byte to `wakeWrite` (a `let`
/// descriptor) and touches no mutable state, and wait on `finished`, a thread-safe semaphore.
final class EventLoop: @unchecked Sendable {
    let finished = DispatchSemaphore(value: 0)

    private let listeners: [Int32]
    private let responder: StubResponder
    private let parser: HTTPRequestParser
    private let poller: Poller
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let drainTimeoutNanoseconds: UInt64
    private let idleTimeoutNanoseconds: UInt64
    private let headTimeoutNanoseconds: UInt64
    private var nextIdleSweep: UInt64 = 0

    private var connections: [ServerConnection?] = []
    private var liveConnections = 0
    private var nextSerial: UInt64 = 1
    private var timers: [ConnectionTimer] = []  // binary min-heap
    private var draining = false
    private var drainDeadline: UInt64 = 0
    private var listenerPausedUntil: UInt64 = 0
    private let readBuffer: UnsafeMutableRawBufferPointer
    /// Where forwarded requests' results arrive (nil when the server forwards nothing), and
    /// the token of the next forwarded request.
    private let mailbox: ForwardMailbox?
    private var nextForwardToken: UInt64 = 1
    /// The server's forwarding, read out of the responder once rather than copied out of it
    /// (forwarder and observer retained and released) several times per forwarded request.
    private let forwarding: Forwarding?
    private let forwardsEveryRequest: Bool
    /// Streamed answers whose client went away, so their transfer was cancelled: the head the
    /// upstream sent, by token, until the forwarder's result comes.
    private var abandoned: [UInt64: UpstreamResponse] = [:]

    /// Limits that keep one connection from hogging memory.
    private let maxPipelined = 64
    private let outputHighWater = 4 * 1024 * 1024
    private static let readChunk = 64 * 1024
    private static let lingerNanoseconds: UInt64 = 2_000_000_000

    init?(listeners: [Int32], responder: StubResponder, parser: HTTPRequestParser, usePoll: Bool, drainTimeout: Double,
          idleTimeout: Double, headTimeout: Double) {
        guard let (wakeRead, wakeWrite) = Socket.makeWakePipe() else { return nil }
        #if os(Linux)
        let poller: Poller? = usePoll ? PollPoller() : EpollPoller()
        #else
        let poller: Poller? = PollPoller()
        #endif
        let mailbox = responder.forwarding == nil ? nil : ForwardMailbox()
        guard let poller, responder.forwarding == nil || mailbox != nil else {
            _ = systemClose(wakeRead)
            _ = systemClose(wakeWrite)
            return nil
        }
        self.mailbox = mailbox
        forwarding = responder.forwarding
        if case .everyRequest = responder.forwarding?.scope { forwardsEveryRequest = true } else { forwardsEveryRequest = false }
        self.listeners = listeners
        self.responder = responder
        self.parser = parser
        self.poller = poller
        self.wakeRead = wakeRead
        self.wakeWrite = wakeWrite
        self.drainTimeoutNanoseconds = UInt64(max(0, drainTimeout) * 1e9)
        self.idleTimeoutNanoseconds = UInt64(max(0.001, idleTimeout) * 1e9)
        self.headTimeoutNanoseconds = UInt64(max(0.001, headTimeout) * 1e9)
        self.readBuffer = .allocate(byteCount: Self.readChunk, alignment: 16)
    }

    deinit {
        readBuffer.deallocate()
    }

    /// Asks the loop to stop accepting, finish in-flight answers and exit. Any thread.
    func requestStop() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Runs until stopped, then signals `finished`.
    func run() {
        _ = poller.add(wakeRead, read: true, write: false, exclusive: false)
        if let mailbox { _ = poller.add(mailbox.wakeRead, read: true, write: false, exclusive: false) }
        for listener in listeners { _ = poller.add(listener, read: true, write: false, exclusive: true) }
        while turn() {}
        for case let connection? in connections {
            close(connection)
        }
        if let mailbox {
            poller.remove(mailbox.wakeRead)
            mailbox.shut()
        }
        poller.close()
        _ = systemClose(wakeRead)
        _ = systemClose(wakeWrite)
        finished.signal()
    }

    /// One pass of the loop: waits for events up to the next timer, handles them and fires
    /// the timers that are due. Returns false once a drain has finished.
    private func turn() -> Bool {
        let now = Socket.now()
        if draining, liveConnections == 0 || now >= drainDeadline { return false }
        poller.wait(timeoutMilliseconds: waitTimeout(now: now)) { event in handle(event) }
        let afterWait = Socket.now()
        fireTimers(now: afterWait)
        if afterWait >= nextIdleSweep {
            closeIdleConnections(now: afterWait)
        }
        if listenerPausedUntil != 0, !draining, afterWait >= listenerPausedUntil {
            listenerPausedUntil = 0
            for listener in listeners { _ = poller.add(listener, read: true, write: false, exclusive: true) }
        }
        return true
    }

    private func waitTimeout(now: UInt64) -> Int32 {
        var deadline = UInt64.max
        if let first = timers.first { deadline = first.deadline }
        if liveConnections > 0 { deadline = min(deadline, nextIdleSweep) }
        if draining { deadline = min(deadline, drainDeadline) }
        if listenerPausedUntil != 0 { deadline = min(deadline, listenerPausedUntil) }
        if deadline == UInt64.max { return -1 }
        if deadline <= now { return 0 }
        // Round up so the timer has passed when we wake.
        return Int32(min(60_000, (deadline - now + 999_999) / 1_000_000))
    }

    // MARK: - Events

    private func handle(_ event: PollEvent) {
        if listeners.contains(event.fd) {
            if !draining { acceptConnections(from: event.fd) }
            return
        }
        if event.fd == wakeRead {
            var sink = [UInt8](repeating: 0, count: 16)
            _ = read(wakeRead, &sink, sink.count)
            beginDrain()
            return
        }
        if let mailbox, event.fd == mailbox.wakeRead {
            deliverForwarded(mailbox.takeAll())
            return
        }
        guard Int(event.fd) < connections.count, let connection = connections[Int(event.fd)] else { return }
        if event.readable || event.failed {
            readAvailable(connection)
            guard isOpen(connection) else { return }
        }
        if event.writable || connection.unsentBytes == 0 {
            process(connection)
        }
    }

    private func acceptConnections(from listener: Int32) {
        for _ in 0..<128 {
            let fd = Socket.accept(listener)
            if fd < 0 {
                switch errno {
                case EINTR, ECONNABORTED, EPROTO:
                    continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors: stop accepting for a moment instead of spinning.
                    for listener in listeners { poller.remove(listener) }
                    listenerPausedUntil = Socket.now() + 100_000_000
                    return
                default:
                    return  // EAGAIN: another loop took it, or the queue is empty.
                }
            }
            let index = Int(fd)
            if index >= connections.count {
                connections.append(contentsOf: repeatElement(nil, count: max(index + 1 - connections.count, connections.count)))
            }
            let connection = ServerConnection(fd: fd, serial: nextSerial)
            connection.lastActivity = Socket.now()
            if liveConnections == 0 { nextIdleSweep = connection.lastActivity + idleSweepInterval }
            nextSerial += 1
            guard poller.add(fd, read: true, write: false, exclusive: false) else {
                _ = systemClose(fd)
                continue
            }
            connections[index] = connection
            liveConnections += 1
        }
    }

    private func beginDrain() {
        guard !draining else { return }
        draining = true
        drainDeadline = Socket.now() + drainTimeoutNanoseconds
        if listenerPausedUntil == 0 { for listener in listeners { poller.remove(listener) } }
        listenerPausedUntil = 0
        for case let connection? in connections {
            if connection.lingering || connection.isIdle {
                close(connection)
            } else {
                connection.closeAfterPending = true
                process(connection)
            }
        }
    }

    /// How often idle connections are looked for: a tenth of the timeout, at most 5 s.
    private var idleSweepInterval: UInt64 { min(5_000_000_000, max(10_000_000, idleTimeoutNanoseconds / 10)) }

    /// Closes connections that have neither sent nor received anything for the idle timeout
    /// and have no answer waiting for its delay (keep-alive clients gone quiet, stalled heads).
    private func closeIdleConnections(now: UInt64) {
        nextIdleSweep = now + idleSweepInterval
        for case let connection? in connections
        where connection.pending.isEmpty && now &- connection.lastActivity >= idleTimeoutNanoseconds {
            close(connection)
        }
    }

    // MARK: - Reading

    /// Reads what the socket has into `input` (or discards it while lingering).
    private func readAvailable(_ connection: ServerConnection) {
        while true {
            let count = recv(connection.fd, readBuffer.baseAddress, Self.readChunk, 0)
            if count > 0 {
                connection.lastActivity = Socket.now()
                if !connection.lingering && !connection.closeAfterPending {
                    connection.input.append(contentsOf: UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
                }
                if count < Self.readChunk { return }
                // Stop reading when a full request head plus body limit is already buffered.
                if connection.input.count > parser.maxBodyBytes + parser.maxHeadBytes { return }
            } else if count == 0 {
                connection.readClosed = true
                if connection.lingering { close(connection) }
                return
            } else {
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK: return
                default:
                    close(connection)
                    return
                }
            }
        }
    }

    // MARK: - Processing

    /// Parses what can be answered, moves ready answers to `output`, writes, and decides whether
    /// the connection closes. Called after reads, writes and timers.
    private func process(_ connection: ServerConnection) {
        while true {
            let parsed = parseRequests(connection)
            promoteReadyReplies(connection, now: Socket.now())
            guard flushOutput(connection) else { return }  // closed
            // Parse again only if the last round stopped at a limit that has now cleared.
            if !parsed || connection.unsentBytes > 0 || !connection.pending.isEmpty || connection.input.isEmpty { break }
        }
        finish(connection)
    }

    /// Turns complete requests at the front of `input` into pending replies. Returns whether it
    /// consumed any.
    private func parseRequests(_ connection: ServerConnection) -> Bool {
        var offset = 0
        var parsedAny = false
        defer {
            if offset > 0 {
                if offset >= connection.input.count {
                    connection.input.removeAll(keepingCapacity: connection.input.capacity <= 256 * 1024)
                } else {
                    connection.input.removeFirst(offset)
                }
            }
        }
        while !connection.closeAfterPending, !connection.lingering, offset < connection.input.count,
              connection.pending.count < maxPipelined, connection.unsentBytes < outputHighWater
        {
            let result = connection.input.withUnsafeBufferPointer {
                parser.parse(UnsafeBufferPointer(rebasing: $0[offset...]))
            }
            switch result {
            case .incomplete:
                // Slowloris: a head that takes too long gets 408 and the connection closes.
                let now = Socket.now()
                if connection.headStartedAt == 0 { connection.headStartedAt = now }
                if now &- connection.headStartedAt >= headTimeoutNanoseconds {
                    offset = connection.input.count
                    connection.headStartedAt = 0
                    let error = HTTPParseError(status: 408, reason: "the request head did not arrive within \(headTimeoutSeconds) seconds")
                    connection.pending.append(PendingReply(reply: responder.reply(to: error), readyAt: 0))
                    connection.closeAfterPending = true
                    return true
                }
                armTimer(connection, at: connection.headStartedAt + headTimeoutNanoseconds)
                return parsedAny
            case .awaitingBody(let expectsContinue):
                connection.headStartedAt = 0
                if expectsContinue, !connection.continueSent {
                    connection.continueSent = true
                    connection.pending.append(PendingReply(reply: Reply(response: nil, raw: Self.continueBytes, close: false), readyAt: 0))
                }
                return parsedAny
            case .complete(var request, let consumed):
                offset += consumed
                if request.headerValue("Host")?.isEmpty ?? true {
                    // `request.host` and the journal then name where the connection arrived, as WireMock does.
                    if connection.localAddress == nil { connection.localAddress = Socket.localAddress(of: connection.fd) }
                    request.localAddress = connection.localAddress
                }
                parsedAny = true
                connection.continueSent = false
                connection.headStartedAt = 0
                if forwardsEveryRequest, !AdminAPI.handles(request.target) || responder.admin == nil {
                    startForwarding(request, on: connection)
                    continue
                }
                let reply = responder.reply(to: request, forceClose: draining)
                if let target = reply.forwardTo {
                    startForwarding(request, on: connection, to: target)
                    continue
                }
                let now = Socket.now()
                let start = reply.delayMilliseconds > 0 ? now + UInt64(reply.delayMilliseconds) * 1_000_000 : 0
                if reply.dribble == nil {
                    connection.pending.append(PendingReply(reply: reply, readyAt: start))
                } else {
                    // chunkedDribbleDelay: the pieces go out on their own timers, in order.
                    for (piece, after) in reply.dribblePieces() {
                        let readyAt = after == 0 ? start : max(start, now) + UInt64(after) * 1_000_000
                        connection.pending.append(PendingReply(reply: piece, readyAt: readyAt))
                    }
                }
                if reply.close { connection.closeAfterPending = true }
            case .failure(let error):
                offset = connection.input.count
                parsedAny = true
                connection.pending.append(PendingReply(reply: responder.reply(to: error), readyAt: 0))
                connection.closeAfterPending = true
            }
        }
        return parsedAny
    }

    private var headTimeoutSeconds: String {
        let seconds = Double(headTimeoutNanoseconds) / 1e9
        return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    private static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Moves replies whose delay has passed, in order, into `output`; arms a timer for the next.
    private func promoteReadyReplies(_ connection: ServerConnection, now: UInt64) {
        var taken = 0
        for pending in connection.pending {
            // A forwarded request's answer has not come back yet (or only in part: what came
            // goes out); the later ones wait for it.
            if pending.forwardToken != 0 {
                if let stream = pending.stream, !stream.bytes.isEmpty, let (bytes, body) = connection.pending[taken].stream?.takeBytes() {
                    moveToOutput(bytes, connection)
                    if body > 0, let control = stream.control {
                        connection.flowMarks.append(ServerConnection.FlowMark(end: connection.sentTotal + UInt64(connection.unsentBytes), body: body,
                                                                              control: control))
                    }
                }
                break
            }
            if pending.readyAt > now {
                armTimer(connection, at: pending.readyAt)
                break
            }
            if connection.outputOffset > 0, connection.outputOffset == connection.output.count {
                connection.output.removeAll(keepingCapacity: true)
                connection.outputOffset = 0
            }
            // A draining server closes after this answer, and says so if it still can. A piece
            // of a dribbled answer closes only with the last piece.
            let drainClose = draining && pending.reply.response != nil
            let close = pending.reply.close || (drainClose && !pending.reply.continues)
            pending.reply.encode(into: &connection.output, close: close || drainClose || pending.reply.announceClose)
            taken += 1
            if close {
                // Nothing after a closing answer is sent.
                connection.closeAfterPending = true
                connection.resetOnClose = pending.reply.fault == .connectionResetByPeer
                taken = connection.pending.count
                break
            }
        }
        if taken > 0 { connection.pending.removeFirst(taken) }
    }

    /// Appends `bytes` to what is to be sent; takes them as they are when nothing is waiting.
    private func moveToOutput(_ bytes: [UInt8], _ connection: ServerConnection) {
        if connection.unsentBytes == 0 {
            connection.output = bytes
            connection.outputOffset = 0
        } else {
            connection.output.append(contentsOf: bytes)
        }
    }

    /// Writes as much of `output` as the socket takes. Returns false if the connection closed.
    private func flushOutput(_ connection: ServerConnection) -> Bool {
        while connection.unsentBytes > 0 {
            let sent = connection.output.withUnsafeBytes { bytes in
                send(connection.fd, bytes.baseAddress! + connection.outputOffset, connection.unsentBytes, Socket.sendFlags)
            }
            if sent > 0 {
                connection.outputOffset += sent
                connection.sentTotal += UInt64(sent)
                connection.lastActivity = Socket.now()
            } else if sent < 0 && errno == EINTR {
                continue
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                break
            } else {
                close(connection)
                return false
            }
        }
        if !connection.flowMarks.isEmpty { reportSentBody(connection) }
        if connection.unsentBytes == 0, connection.outputOffset > 0 {
            if connection.output.capacity > 1024 * 1024 {
                connection.output = []
            } else {
                connection.output.removeAll(keepingCapacity: true)
            }
            connection.outputOffset = 0
        }
        return true
    }

    /// Closes a finished connection, or sets what the poller watches.
    private func finish(_ connection: ServerConnection) {
        let allSent = connection.unsentBytes == 0 && connection.pending.isEmpty
        if allSent && connection.closeAfterPending && !connection.lingering {
            if connection.resetOnClose {
                Socket.setResetOnClose(connection.fd)
                close(connection)
                return
            }
            if connection.readClosed || draining {
                close(connection)
                return
            }
            // Lingering close: send FIN, then read and drop until the peer's FIN so that
            // unread request bytes do not turn our close into an RST that eats the answer.
            _ = shutdown(connection.fd, Int32(SHUT_WR))
            connection.lingering = true
            connection.input = []
            armTimer(connection, at: Socket.now() + Self.lingerNanoseconds)
        }
        if allSent && connection.readClosed && !connection.lingering {
            // The peer is done sending and everything it asked for is answered.
            close(connection)
            return
        }
        let wantRead = !connection.readClosed
            && (connection.lingering
                || (!connection.closeAfterPending && connection.pending.count < maxPipelined
                    && connection.unsentBytes < outputHighWater))
        let wantWrite = connection.unsentBytes > 0
        if wantRead != connection.watchingRead || wantWrite != connection.watchingWrite {
            connection.watchingRead = wantRead
            connection.watchingWrite = wantWrite
            poller.update(connection.fd, read: wantRead, write: wantWrite)
        }
    }

    private func isOpen(_ connection: ServerConnection) -> Bool {
        Int(connection.fd) < connections.count && connections[Int(connection.fd)] === connection
    }

    private func close(_ connection: ServerConnection) {
        guard isOpen(connection) else { return }
        connections[Int(connection.fd)] = nil
        liveConnections -= 1
        poller.remove(connection.fd)
        _ = systemClose(connection.fd)
        // Nobody reads the rest of a streamed answer: its transfer need not go on.
        for pending in connection.pending where pending.forwardToken != 0 {
            guard let stream = pending.stream, stream.framing != nil, let control = stream.control else { continue }
            abandon(pending.forwardToken, head: stream.head, control: control)
        }
    }

    /// Tells the forwarders how much of their streamed bodies the socket has taken.
    private func reportSentBody(_ connection: ServerConnection) {
        var done = 0
        for mark in connection.flowMarks {
            guard mark.end <= connection.sentTotal else { break }
            mark.control.sent(bytes: mark.body)
            done += 1
        }
        if done > 0 { connection.flowMarks.removeFirst(done) }
    }

    // MARK: - Forwarding

    /// Hands `request` to the forwarder and holds its place in the connection's queue until
    /// the answer comes back (``deliverForwarded(_:)``).
    private func startForwarding(_ request: MockRequest, on connection: ServerConnection, to target: ProxyTarget? = nil) {
        guard let forwarding, let mailbox else { return }
        let token = nextForwardToken
        nextForwardToken += 1
        connection.pending.append(PendingReply(reply: Reply(response: nil, close: !request.keepAlive), readyAt: 0, forwardToken: token))
        if !request.keepAlive { connection.closeAfterPending = true }
        if connection.peerAddress == nil { connection.peerAddress = Socket.peerAddress(of: connection.fd) }
        let (fd, serial, startedAt) = (connection.fd, connection.serial, Socket.now())
        let forwarded = ForwardedRequest(request: request, clientAddress: connection.peerAddress ?? "", target: target)
        forwarding.forwarder.forward(forwarded, streaming: { piece in
            mailbox.post(ForwardMailbox.Delivery(fd: fd, serial: serial, token: token, request: request, target: target, content: .piece(piece),
                                                 startedAt: startedAt))
        }, completion: { result in
            mailbox.post(ForwardMailbox.Delivery(fd: fd, serial: serial, token: token, request: request, target: target, content: .result(result),
                                                 startedAt: startedAt))
        })
    }

    /// The connection a delivery is for and the place of its request in the queue, if the
    /// client is still there.
    private func place(of delivery: ForwardMailbox.Delivery) -> (connection: ServerConnection, position: Int)? {
        guard Int(delivery.fd) < connections.count, let connection = connections[Int(delivery.fd)], connection.serial == delivery.serial,
              let position = connection.pending.firstIndex(where: { $0.forwardToken == delivery.token }) else { return nil }
        return (connection, position)
    }

    /// Adds a piece of an answer still arriving to its place and sends what can go: the
    /// first piece decides whether the answer streams (``ForwardStream/start(_:for:fallsBackToStubs:draining:control:)``).
    private func deliverPiece(_ piece: UpstreamPiece, of delivery: ForwardMailbox.Delivery) {
        guard let (connection, position) = place(of: delivery) else {
            // The client went before the first piece came: nobody will read the answer.
            if let control = piece.control, let head = piece.head { abandon(delivery.token, head: head, control: control) }
            return
        }
        var stream = connection.pending[position].stream
        if stream == nil, let head = piece.head {
            stream = ForwardStream.start(head, for: delivery.request, fallsBackToStubs: forwarding?.fallsBackToStubs == true,
                                         draining: draining, control: piece.control)
        }
        guard var started = stream else { return }
        started.append(piece.bytes)
        connection.pending[position].stream = started
        if started.framing != nil { process(connection) }
    }

    /// Cancels the transfer of the streamed answer `token`, whose client has gone, and keeps
    /// its head for the observer.
    private func abandon(_ token: UInt64, head: UpstreamResponse, control: any UpstreamStreamControl) {
        abandoned[token] = head
        control.cancel()
    }

    /// Puts each forwarded answer in its place, sends what is ready, and tells the observer.
    private func deliverForwarded(_ deliveries: [ForwardMailbox.Delivery]) {
        for delivery in deliveries {
            guard case .result(let result) = delivery.content else {
                if case .piece(let piece) = delivery.content { deliverPiece(piece, of: delivery) }
                continue
            }
            let place = place(of: delivery)
            if let head = abandoned.removeValue(forKey: delivery.token), place == nil, case .failure = result {
                reportAbandoned(delivery, head: head, result: result)
                continue
            }
            var made = responder.forwardedReply(to: delivery.request, result: result, forceClose: draining, target: delivery.target)
            if let (connection, position) = place {
                if let stream = connection.pending[position].stream, stream.framing != nil {
                    // Part of the answer has gone: the rest follows, or the connection is cut.
                    made.reply = stream.finalReply(for: result)
                    switch result {
                    case .response(let response): (made.answeredBy, made.answer) = (.upstream, response)
                    case .failure(let failure): (made.answeredBy, made.answer) = (.gateway, StubResponder.gatewayAnswer(for: failure, upstream: delivery.target?.baseURL))
                    }
                }
                connection.pending[position] = PendingReply(reply: made.reply, readyAt: 0)
                process(connection)
            }
            let seconds = Double(Socket.now() &- delivery.startedAt) / 1e9
            forwarding?.observer?(ForwardedExchange(request: delivery.request, upstream: result, answeredBy: made.answeredBy,
                                                              answer: made.answer, seconds: seconds, delivered: place != nil))
        }
    }

    /// Tells the observer of a streamed answer cut short because its client went away.
    private func reportAbandoned(_ delivery: ForwardMailbox.Delivery, head: UpstreamResponse, result: UpstreamResult) {
        responder.journal.record(delivery.request, status: head.status, stubIdentifier: delivery.target?.stubIdentifier)
        let seconds = Double(Socket.now() &- delivery.startedAt) / 1e9
        var exchange = ForwardedExchange(request: delivery.request, upstream: result, answeredBy: .upstream, answer: head, seconds: seconds,
                                         delivered: false)
        exchange.abandoned = true
        forwarding?.observer?(exchange)
    }

    // MARK: - Timers

    private func armTimer(_ connection: ServerConnection, at deadline: UInt64) {
        if connection.timerDeadline != 0, connection.timerDeadline <= deadline { return }
        connection.timerDeadline = deadline
        timers.append(ConnectionTimer(deadline: deadline, fd: connection.fd, serial: connection.serial))
        var child = timers.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard timers[child] < timers[parent] else { break }
            timers.swapAt(child, parent)
            child = parent
        }
    }

    private func popTimer() -> ConnectionTimer {
        let top = timers[0]
        let last = timers.removeLast()
        if !timers.isEmpty {
            timers[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < timers.count, timers[left] < timers[smallest] { smallest = left }
                if right < timers.count, timers[right] < timers[smallest] { smallest = right }
                if smallest == parent { break }
                timers.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top
    }

    private func fireTimers(now: UInt64) {
        while let first = timers.first, first.deadline <= now {
            let timer = popTimer()
            guard Int(timer.fd) < connections.count, let connection = connections[Int(timer.fd)],
                  connection.serial == timer.serial
            else { continue }
            if connection.timerDeadline == timer.deadline { connection.timerDeadline = 0 }
            if connection.lingering {
                close(connection)
            } else {
                process(connection)
            }
        }
    }
}

@inline(__always)
private func systemClose(_ fd: Int32) -> Int32 {
    close(fd)
}
