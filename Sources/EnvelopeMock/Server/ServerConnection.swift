/// One accepted connection, owned by one ``EventLoop``.
final class ServerConnection {
    let fd: Int32
    let serial: UInt64
    /// Received bytes not yet parsed into requests.
    var input: [UInt8] = []
    /// Encoded answers being sent; `outputOffset` bytes of it are already written.
    var output: [UInt8] = []
    var outputOffset = 0
    /// Answers in request order, waiting for their delay to pass.
    var pending: [PendingReply] = []
    /// No more requests are read: close once `pending` and `output` are sent.
    var closeAfterPending = false
    /// Reset (RST) instead of a graceful close.
    var resetOnClose = false
    /// The peer sent FIN.
    var readClosed = false
    /// Our side is shut down for writing; waiting for the peer's FIN (lingering close).
    var lingering = false
    /// `100 Continue` was sent for the request being received.
    var continueSent = false
    /// What the poller watches.
    var watchingRead = true
    var watchingWrite = false
    /// The deadline of the earliest armed timer, 0 if none.
    var timerDeadline: UInt64 = 0
    /// When bytes last arrived or left (monotonic nanoseconds), for the idle timeout.
    var lastActivity: UInt64 = 0
    /// When the first byte of a request head still incomplete arrived (0: none pending), for
    /// the head timeout (408).
    var headStartedAt: UInt64 = 0
    /// The client's IP address, looked up when a request of it is first forwarded.
    var peerAddress: String?
    /// Where the connection arrived (this machine's address and port), looked up for the first
    /// request without a `Host` header.
    var localAddress: (host: String, port: UInt16)?
    /// Bytes written to the socket since the connection opened.
    var sentTotal: UInt64 = 0
    /// Streamed body bytes in `output`, in order, each told to its forwarder once written.
    var flowMarks: [FlowMark] = []

    /// Body bytes of a streamed answer moved to `output`: they are written once `sentTotal`
    /// reaches `end`.
    struct FlowMark {
        var end: UInt64
        var body: Int
        var control: any UpstreamStreamControl
    }

    init(fd: Int32, serial: UInt64) {
        self.fd = fd
        self.serial = serial
    }

    var unsentBytes: Int { output.count - outputOffset }
    var isIdle: Bool { input.isEmpty && pending.isEmpty && unsentBytes == 0 }
}
