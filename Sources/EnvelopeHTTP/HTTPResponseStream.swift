/// Hands an answer to its caller in pieces while it arrives, for a server that passes answers
/// on (`envelope proxy`): a large answer then reaches the proxy's client while the rest is still
/// coming, instead of after all of it. The outcome at the end still carries the whole body.
///
/// Small answers are not split: pieces start only once ``threshold`` body bytes have arrived,
/// so an answer smaller than that comes whole, with the outcome alone, and costs nothing extra.
public struct HTTPResponseStream: Sendable {
    /// Body bytes that must have arrived before the first piece is handed over.
    public var threshold: Int
    /// The fewest new bytes a later piece carries (the last bytes come with the outcome).
    public var pieceBytes: Int
    /// Called on the serving client's thread with each piece, in order (keep it short).
    public var receive: @Sendable (HTTPResponsePiece) -> Void
    /// How many body bytes the receiver may have been handed and not passed on before the
    /// transfer pauses (an ``HTTPStreamWindow`` of that size comes with the first piece); 0 for
    /// no limit.
    public var windowBytes: Int

    /// Pieces of at least `pieceBytes` once `threshold` bytes have arrived, to `receive`; with
    /// `windowBytes`, no more than that outstanding.
    public init(threshold: Int = 256 * 1024, pieceBytes: Int = 256 * 1024, windowBytes: Int = 0,
                receive: @escaping @Sendable (HTTPResponsePiece) -> Void) {
        self.threshold = max(1, threshold)
        self.pieceBytes = max(1, pieceBytes)
        self.windowBytes = max(0, windowBytes)
        self.receive = receive
    }
}

/// One piece of an answer that is handed over while it arrives (``HTTPResponseStream``).
public struct HTTPResponsePiece: Sendable {
    /// The answer's status line and header fields: on the first piece only.
    public var head: HTTPResponseHead?
    /// The body bytes that arrived since the last piece, as received (never decompressed).
    public var bytes: [UInt8]
    /// On the first piece of a stream with ``HTTPResponseStream/windowBytes``: where the
    /// receiver reports the bytes it has passed on (and cancels). Made only for an answer that
    /// streams, so a small one costs nothing.
    public var window: HTTPStreamWindow?
}

/// An answer's status line and header fields, before its body.
public struct HTTPResponseHead: Sendable {
    /// The status code.
    public var status: Int
    /// The reason phrase as sent; empty when there was none.
    public var reasonPhrase: String
    /// The header fields in the order received.
    public var headers: [HTTPHeader]
}
