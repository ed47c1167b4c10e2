/// What the event loop sends for one request. Encoded only when it is sent, so that a
/// server that starts draining meanwhile can still add `Connection: close`.
struct Reply {
    /// The answer, or nil for raw bytes (faults, `100 Continue`).
    var response: PreparedResponse?
    var raw: [UInt8] = []
    var headOnly = false
    /// HTTP/1.0 keep-alive: say `Connection: keep-alive`.
    var announceKeepAlive = false
    var delayMilliseconds = 0
    var fault: ResponseDefinition.Fault? = nil
    /// `chunkedDribbleDelay`: the event loop splits the answer into timed pieces.
    var dribble: ChunkedDribbleDelay? = nil
    /// For a piece of a dribbled answer: whether it starts with the head, which body bytes it
    /// carries, and whether more pieces follow.
    var includesHead = true
    var bodyRange: Range<Int>? = nil
    var continues = false
    /// The head says `Connection: close` although this piece does not close (a later one will).
    var announceClose = false
    /// Close the connection after this answer.
    var close: Bool
    /// A `proxyBaseUrl` stub matched: the event loop forwards the request there instead of
    /// sending this reply.
    var forwardTo: ProxyTarget? = nil

    /// Appends the bytes to `output`; `close` may be forced by a draining server.
    func encode(into output: inout [UInt8], close: Bool) {
        guard let response else {
            output.append(contentsOf: raw)
            return
        }
        let connection: ConnectionDirective = close ? .close : (announceKeepAlive ? .keepAlive : .none)
        if includesHead, bodyRange == nil {
            response.encode(into: &output, headOnly: headOnly, connection: connection)
            return
        }
        if includesHead { response.encode(into: &output, headOnly: true, connection: connection) }
        if !headOnly, let bodyRange { output.append(contentsOf: response.body[bodyRange]) }
    }

    /// The pieces of a dribbled answer with their delays after the first, in milliseconds: the
    /// body split into `numberOfChunks` nearly equal parts spread over `totalDuration`.
    func dribblePieces() -> [(reply: Reply, afterMilliseconds: Int)] {
        guard let dribble, let response, !headOnly, response.body.count > 1, dribble.numberOfChunks > 1 else {
            var whole = self
            whole.dribble = nil
            return [(whole, 0)]
        }
        let count = min(dribble.numberOfChunks, response.body.count)
        let size = response.body.count
        var pieces: [(Reply, Int)] = []
        for index in 0..<count {
            var piece = self
            piece.dribble = nil
            piece.includesHead = index == 0
            piece.bodyRange = (size * index / count)..<(size * (index + 1) / count)
            piece.continues = index < count - 1
            piece.close = index == count - 1 ? close : false
            piece.announceClose = close
            pieces.append((piece, dribble.totalDuration * index / (count - 1)))
        }
        return pieces
    }
}
