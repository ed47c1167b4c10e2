#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if os(Linux)
/// epoll(7): the event loops' poller on Linux, whose cost does not grow with the number of
/// connections.
final class EpollPoller: Poller {
    private let epfd: Int32
    private let functions: LinuxEpoll.Functions
    private let capacity = 512
    private let events: UnsafeMutableRawPointer
    private let scratch: UnsafeMutableRawPointer

    init?() {
        guard let functions = LinuxEpoll.functions else { return nil }
        let epfd = functions.create(LinuxEpoll.cloexec)
        guard epfd >= 0 else { return nil }
        self.functions = functions
        self.epfd = epfd
        events = .allocate(byteCount: capacity * LinuxEpoll.eventSize, alignment: 8)
        scratch = .allocate(byteCount: LinuxEpoll.eventSize, alignment: 8)
    }

    deinit {
        events.deallocate()
        scratch.deallocate()
    }

    private static func mask(read: Bool, write: Bool) -> UInt32 {
        var mask: UInt32 = 0
        if read { mask |= LinuxEpoll.eventIn | LinuxEpoll.eventReadHangUp }
        if write { mask |= LinuxEpoll.eventOut }
        return mask
    }

    private func control(_ operation: Int32, _ fd: Int32, _ mask: UInt32) -> Bool {
        scratch.storeBytes(of: mask, toByteOffset: 0, as: UInt32.self)
        scratch.storeBytes(of: UInt64(UInt32(bitPattern: fd)), toByteOffset: LinuxEpoll.dataOffset, as: UInt64.self)
        return functions.control(epfd, operation, fd, scratch) == 0
    }

    func add(_ fd: Int32, read: Bool, write: Bool, exclusive: Bool) -> Bool {
        let mask = Self.mask(read: read, write: write)
        if control(LinuxEpoll.controlAdd, fd, mask | (exclusive ? LinuxEpoll.eventExclusive : 0)) { return true }
        if exclusive, errno == EINVAL {
            // Kernels before 4.5 do not know EPOLLEXCLUSIVE.
            return control(LinuxEpoll.controlAdd, fd, mask)
        }
        return false
    }

    func update(_ fd: Int32, read: Bool, write: Bool) {
        _ = control(LinuxEpoll.controlModify, fd, Self.mask(read: read, write: write))
    }

    func remove(_ fd: Int32) {
        _ = control(LinuxEpoll.controlDelete, fd, 0)
    }

    func wait(timeoutMilliseconds: Int32, _ handler: (PollEvent) -> Void) {
        let count = functions.wait(epfd, events, Int32(capacity), timeoutMilliseconds)
        guard count > 0 else { return }
        let failedMask = LinuxEpoll.eventError | LinuxEpoll.eventHangUp
        let readMask = LinuxEpoll.eventIn | LinuxEpoll.eventReadHangUp
        for index in 0..<Int(count) {
            let base = index * LinuxEpoll.eventSize
            let bits = events.loadUnaligned(fromByteOffset: base, as: UInt32.self)
            let data = events.loadUnaligned(fromByteOffset: base + LinuxEpoll.dataOffset, as: UInt64.self)
            handler(PollEvent(fd: Int32(bitPattern: UInt32(truncatingIfNeeded: data)),
                              readable: bits & readMask != 0,
                              writable: bits & LinuxEpoll.eventOut != 0,
                              failed: bits & failedMask != 0))
        }
    }

    func close() {
        _ = closeDescriptor(epfd)
    }

}
#endif
