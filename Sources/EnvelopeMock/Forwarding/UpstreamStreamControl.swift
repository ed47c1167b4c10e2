/// How the server holds back the upstream transfer of an answer it streams to a client
/// (``UpstreamPiece/control``): the forwarder hands over no more than its window of body bytes
/// beyond those the server reports sent, pausing its reading from the upstream meanwhile, so a
/// client that reads slowly (or not at all) costs a bounded buffer instead of a second copy of
/// the answer, and the other clients are not held up.
public protocol UpstreamStreamControl: Sendable {
    /// The server has written `bytes` more of the body handed over to the client's socket.
    /// Called on an event loop's thread.
    func sent(bytes: Int)
    /// The client has gone: the forwarder stops the transfer and completes the request with a
    /// failure. Called on an event loop's thread.
    func cancel()
}
