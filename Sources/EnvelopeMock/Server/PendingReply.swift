/// An answer waiting in a connection's queue until `readyAt` (its delay).
struct PendingReply {
    var reply: Reply
    var readyAt: UInt64
    /// Non-zero while the answer is a forwarded request's that has not come back yet.
    var forwardToken: UInt64 = 0
    /// A forwarded answer being sent while it arrives; nil until its first piece.
    var stream: ForwardStream? = nil
}
