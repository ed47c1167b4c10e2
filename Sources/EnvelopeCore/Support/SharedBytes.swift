/// Immutable bytes shared without copying: an array, or memory that an owner lends for as
/// long as this object lives (a file mapped into memory, say).
///
/// A 50 MB answer read into an array costs the kernel 50 MB of freshly zeroed pages and a
/// copy before the first byte is parsed; a mapped file costs neither. Core does no I/O: the
/// lender (the command-line tool) maps the file and hands over how to release it.
public final class SharedBytes: @unchecked Sendable {
    // @unchecked Sendable: every stored property is immutable after `init`; lent memory is
    // only ever read, and `release` runs once, in `deinit`, when no one can read it any more.
    private let array: [UInt8]
    private let lent: UnsafeBufferPointer<UInt8>?
    private let release: (@Sendable () -> Void)?

    /// Bytes owned as an array.
    public init(_ bytes: [UInt8]) {
        array = bytes
        lent = nil
        release = nil
    }

    /// Bytes another owner keeps valid until `release` is called (once, when this object
    /// goes away). The memory must not change meanwhile.
    public init(lending buffer: UnsafeBufferPointer<UInt8>, release: @escaping @Sendable () -> Void) {
        array = []
        lent = buffer
        self.release = release
    }

    deinit { release?() }

    /// How many bytes there are.
    public var count: Int { lent?.count ?? array.count }

    /// Whether there are no bytes.
    public var isEmpty: Bool { count == 0 }

    /// Calls `body` with the bytes; the pointer must not escape it.
    @inlinable
    public func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if let buffer = lentBuffer { return try body(buffer) }
        return try arrayStorage.withUnsafeBufferPointer { buffer throws(Failure) in try body(buffer) }
    }

    @usableFromInline var lentBuffer: UnsafeBufferPointer<UInt8>? { lent }
    @usableFromInline var arrayStorage: [UInt8] { array }

    /// The bytes as an array (a copy when they are lent).
    public var bytes: [UInt8] { lent.map { Array($0) } ?? array }

    /// A copy of the bytes in `range`.
    public func copy(_ range: Range<Int>) -> [UInt8] {
        withUnsafeBufferPointer { Array(UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
