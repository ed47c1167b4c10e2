import Foundation
import Testing
@testable import EnvelopeCore

/// The huge-page advice for a thread's malloc heap must land on that heap: the kernel shows
/// advised regions with the `hg` flag in /proc/self/smaps.
@Suite("Memory advice")
struct MemoryAdviceTests {
    @Test("a thread's malloc heap is advised to use huge pages once, and memory from it still works")
    func threadHeapIsAdvised() throws {
        #if os(Linux)
        // Without transparent huge pages in the kernel there is nothing to advise.
        guard FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled") else { return }
        let result = OnThread.run { () -> (advised: UInt?, again: UInt?, bytesIntact: Bool, onMainHeap: Bool) in
            let advised = MemoryAdvice.preferHugePagesForThisThreadsHeap()
            let again = MemoryAdvice.preferHugePagesForThisThreadsHeap()
            let block = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
            defer { block.deallocate() }
            block.initialize(repeating: 0xA5, count: 4096)
            let intact = UnsafeBufferPointer(start: block, count: 4096).allSatisfy { $0 == 0xA5 }
            let onMainHeap = UInt(bitPattern: block) < UInt(bitPattern: sbrk(0))
            return (advised.map { UInt(bitPattern: $0) }, again.map { UInt(bitPattern: $0) }, intact, onMainHeap)
        }
        #expect(result.bytesIntact)
        #expect(result.again == nil, "a second call on the same thread advised again")
        // A thread that shares the main heap (as under glibc.malloc.arena_max=1) finds room to
        // advise only when the heap was first grown by the top pad, as envelope's start does
        // and this test runner does not.
        if result.advised == nil && result.onMainHeap { return }
        let advised = try #require(result.advised, "nothing was advised")
        let flags = try #require(Self.vmFlags(containing: advised), "no mapping holds the advised heap")
        #expect(flags.contains("hg"), "flags of the heap's mapping: \(flags)")
        #endif
    }

    /// The `VmFlags` of the mapping in /proc/self/smaps that contains `address`.
    static func vmFlags(containing address: UInt) -> [Substring]? {
        // Read to the end: /proc files report a size of 0.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/smaps"), let data = try? file.readToEnd() else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        var inside = false
        for line in text.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
               let start = UInt(line[..<dash], radix: 16), let end = UInt(line[line.index(after: dash)..<space], radix: 16) {
                inside = (start..<end).contains(address)
            } else if inside, line.hasPrefix("VmFlags:") {
                return line.dropFirst("VmFlags:".count).split(separator: " ")
            }
        }
        return nil
    }
}

/// Runs a closure on a new thread (its own malloc arena) and waits for its result.
private enum OnThread {
    static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let slot = ResultSlot<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            slot.value = body()
            done.signal()
        }
        thread.start()
        done.wait()
        return slot.value!
    }
}

/// `@unchecked Sendable` is sound: the thread writes `value` once before signalling, and the
/// caller reads it only after the wait.
private final class ResultSlot<T>: @unchecked Sendable {
    var value: T?
}
