/// What a descriptor is ready for.
struct PollEvent {
    var fd: Int32
    var readable: Bool
    var writable: Bool
    /// Hang-up or error: the connection is gone (reads may still drain buffered bytes).
    var failed: Bool
}
