/// An answer waiting in a connection's queue until `readyAt` (its delay).
struct PendingReply {
    var reply: Reply
    var readyAt: UInt64
}
