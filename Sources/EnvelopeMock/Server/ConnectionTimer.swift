/// A connection's next deadline: a delayed answer, a slow head, a lingering close.
struct ConnectionTimer: Comparable {
    var deadline: UInt64
    var fd: Int32
    var serial: UInt64

    static func < (a: ConnectionTimer, b: ConnectionTimer) -> Bool { a.deadline < b.deadline }
}
