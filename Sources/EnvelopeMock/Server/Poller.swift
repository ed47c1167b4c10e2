#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a descriptor is ready for.
struct PollEvent {
    var fd: Int32
    var readable: Bool
    var writable: Bool
    /// Hang-up or error: the connection is gone (reads may still drain buffered bytes).
    var failed: Bool
}

/// Readiness notification for one event loop. Level-triggered: a ready descriptor is reported
/// on every wait until it is drained. Used from one thread only.
protocol Poller: AnyObject {
    /// Watches `fd`. `exclusive` asks that only one of several loops sharing `fd` is woken
    /// (EPOLLEXCLUSIVE; ignored where unsupported).
    func add(_ fd: Int32, read: Bool, write: Bool, exclusive: Bool) -> Bool
    func update(_ fd: Int32, read: Bool, write: Bool)
    func remove(_ fd: Int32)
    /// Waits up to `timeoutMilliseconds` (-1: forever) and calls `handler` for each ready
    /// descriptor. The handler may add, update and remove descriptors.
    func wait(timeoutMilliseconds: Int32, _ handler: (PollEvent) -> Void)
    func close()
}

#if os(Linux)
/// epoll(7), called through function pointers looked up with dlsym: Swift's Glibc module does
/// not include <sys/epoll.h>, and this package has no C target of its own for it. The
/// pointers are typed `@convention(c)`, so the calls use the C calling convention; the
/// constants and the `struct epoll_event` layout are Linux's fixed kernel ABI.
enum LinuxEpoll {
    typealias CreateFunction = @convention(c) (Int32) -> Int32
    typealias ControlFunction = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
    typealias WaitFunction = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32
    typealias Accept4Function = @convention(c) (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32

    struct Functions: Sendable {
        let create: CreateFunction
        let control: ControlFunction
        let wait: WaitFunction
    }

    static let functions: Functions? = {
        guard let create = dlsym(nil, "epoll_create1"), let control = dlsym(nil, "epoll_ctl"),
              let wait = dlsym(nil, "epoll_wait")
        else { return nil }
        return Functions(create: unsafeBitCast(create, to: CreateFunction.self),
                         control: unsafeBitCast(control, to: ControlFunction.self),
                         wait: unsafeBitCast(wait, to: WaitFunction.self))
    }()

    struct Accept4: Sendable {
        let call: Accept4Function
    }

    static let accept4: Accept4? = dlsym(nil, "accept4").map { Accept4(call: unsafeBitCast($0, to: Accept4Function.self)) }

    static let cloexec: Int32 = 0o2000000
    static let controlAdd: Int32 = 1
    static let controlDelete: Int32 = 2
    static let controlModify: Int32 = 3
    static let eventIn: UInt32 = 0x001
    static let eventOut: UInt32 = 0x004
    static let eventError: UInt32 = 0x008
    static let eventHangUp: UInt32 = 0x010
    static let eventReadHangUp: UInt32 = 0x2000
    static let eventExclusive: UInt32 = 1 << 28

    // struct epoll_event { uint32_t events; epoll_data_t data; } is packed on x86-64 only.
    #if arch(x86_64)
    static let eventSize = 12
    static let dataOffset = 4
    #else
    static let eventSize = 16
    static let dataOffset = 8
    #endif
}

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

/// close(2), callable where a type has its own `close()`.
@inline(__always)
func closeDescriptor(_ fd: Int32) -> Int32 {
    close(fd)
}
