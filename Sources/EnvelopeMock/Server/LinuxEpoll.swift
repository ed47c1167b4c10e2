#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
#endif
