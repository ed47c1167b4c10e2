/// Work that a transfer lane does on its own thread between libcurl's steps: the event loop of
/// an in-process server, which then needs no thread of its own (see ``LanePlacement``).
///
/// The lane calls ``runReady()`` after each step of libcurl's; when neither has anything to do
/// it sleeps in libcurl's poll with ``readinessDescriptor`` among the sockets, at most until
/// the work's next deadline. A request to the server and its answer then pass between the two
/// on one thread, without waking another.
public protocol LaneWork: AnyObject, Sendable {
    /// A descriptor that polls readable when ``runReady()`` has something to do.
    var readinessDescriptor: Int32 { get }
    /// Does what is ready without waiting; returns whether it did anything, and the
    /// milliseconds until it must run again even if the descriptor stays quiet (nil: none).
    func runReady() -> (didWork: Bool, nextDeadline: Int32?)
}
