/// A digest of the content of every object in one sample, by tape index, so that
/// ``InferredPlace`` can tell an object it has seen before (the same organization inside 26
/// teams) from a new one, and count the strings inside it as evidence for an `enum` once.
///
/// Equal objects get equal digests whatever the order of their keys; scalars are compared by
/// their text as written. Computed bottom-up in one walk of the tape, without making strings
/// or member arrays, so a sample costs about its size, not its size times its depth.
struct ObjectFingerprints {
    /// One digest per tape entry; only objects' are set.
    private var digests: [UInt64]

    /// The digests of every object in `root`'s document.
    init(_ root: JSONNode) {
        let document = root.document
        var digests = [UInt64](repeating: 0, count: document.tape.count)
        // The document owns its tape: it must outlive every read of it below.
        withExtendedLifetime(document) {
            document.text.withUnsafeBufferPointer { text in
                _ = Self.digest(root.index, tape: document.tape, text: text, into: &digests)
            }
        }
        self.digests = digests
    }

    /// The digest of the object at `node`.
    func of(_ node: JSONNode) -> UInt64 { digests[node.index] }

    private static func digest(_ index: Int, tape: UnsafeBufferPointer<JSONTapeEntry>, text: UnsafeBufferPointer<UInt8>,
                               into digests: inout [UInt64]) -> UInt64 {
        let entry = tape[index]
        var hash = FNV()
        hash.add(byte: UInt8(truncatingIfNeeded: entry.kind.rawValue))
        switch entry.kind {
        case .null, .bool, .number, .string:
            let start = Int(entry.offset)
            hash.add(bytes: UnsafeBufferPointer(rebasing: text[start..<start + tape.byteLength(index)]))
            return hash.finished
        case .array:
            var child = index + 1
            let end = tape.childrenEnd(index)
            while child < end {
                hash.add(word: digest(child, tape: tape, text: text, into: &digests))
                child = tape.valueEnd(child)
            }
            return hash.finished
        case .object:
            // Members are summed, each mixed first, so the order of keys does not matter.
            var sum: UInt64 = 0
            var child = index + 1
            let end = tape.childrenEnd(index)
            while child < end {
                var member = FNV()
                let key = tape[child]
                member.add(bytes: UnsafeBufferPointer(rebasing: text[Int(key.offset)..<Int(key.offset) + key.payload]))
                member.add(word: digest(child + 1, tape: tape, text: text, into: &digests))
                sum &+= member.finished
                child = tape.valueEnd(child + 1)
            }
            hash.add(word: sum)
            let value = hash.finished
            digests[index] = value
            return value
        }
    }

    /// FNV-1a over 64-bit words (eight bytes a step, with a shift so high bits reach the low
    /// ones), with a final mix so digests of similar values spread.
    private struct FNV {
        var state: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(byte: UInt8) {
            add(word: UInt64(byte))
        }

        mutating func add(bytes: UnsafeBufferPointer<UInt8>) {
            var position = 0
            if let base = bytes.baseAddress {
                while position + 8 <= bytes.count {
                    add(word: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                    position += 8
                }
            }
            var tail: UInt64 = 0
            while position < bytes.count {
                tail = tail << 8 | UInt64(bytes[position])
                position += 1
            }
            add(word: tail)
            add(word: UInt64(bytes.count))
        }

        mutating func add(word: UInt64) {
            state = (state ^ word) &* 0x0000_0100_0000_01B3
            state ^= state >> 29
        }

        var finished: UInt64 {
            var z = state &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
