#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// poll(2): the portable fallback (macOS and other systems without epoll). Fine for tests and
/// a few hundred connections; its cost grows with the number of descriptors.
final class PollPoller: Poller {
    private var fds: [pollfd] = []
    private var positions: [Int32: Int] = [:]
    private var ready: [PollEvent] = []

    init() {}

    private static func mask(read: Bool, write: Bool) -> Int16 {
        var mask: Int16 = 0
        if read { mask |= Int16(POLLIN) }
        if write { mask |= Int16(POLLOUT) }
        return mask
    }

    func add(_ fd: Int32, read: Bool, write: Bool, exclusive: Bool) -> Bool {
        guard positions[fd] == nil else { return false }
        positions[fd] = fds.count
        fds.append(pollfd(fd: fd, events: Self.mask(read: read, write: write), revents: 0))
        return true
    }

    func update(_ fd: Int32, read: Bool, write: Bool) {
        guard let position = positions[fd] else { return }
        fds[position].events = Self.mask(read: read, write: write)
    }

    func remove(_ fd: Int32) {
        guard let position = positions.removeValue(forKey: fd) else { return }
        let last = fds.count - 1
        if position != last {
            fds[position] = fds[last]
            positions[fds[position].fd] = position
        }
        fds.removeLast()
    }

    func wait(timeoutMilliseconds: Int32, _ handler: (PollEvent) -> Void) {
        let count = fds.withUnsafeMutableBufferPointer { buffer in
            poll(buffer.baseAddress, nfds_t(buffer.count), timeoutMilliseconds)
        }
        guard count > 0 else { return }
        ready.removeAll(keepingCapacity: true)
        let failedMask = Int16(POLLERR) | Int16(POLLHUP) | Int16(POLLNVAL)
        for entry in fds where entry.revents != 0 {
            ready.append(PollEvent(fd: entry.fd,
                                   readable: entry.revents & Int16(POLLIN) != 0,
                                   writable: entry.revents & Int16(POLLOUT) != 0,
                                   failed: entry.revents & failedMask != 0))
        }
        // The handler may change `fds`, so hand out a snapshot.
        for event in ready where positions[event.fd] != nil {
            handler(event)
        }
    }

    func close() {
        fds.removeAll()
        positions.removeAll()
    }

}
