/// A digest of the content of every object in one sample, by tape index, so that
/// ``InferredPlace`` can tell an object it has seen before (the same organization inside 26
/// teams) from a new one, and count the strings inside it as evidence for an `enum` once.
///
/// Equal objects get equal digests whatever the order of their keys; numbers are compared by
/// value (`1` and `1.0`), and a key written twice counts with its last value, as a decoder
/// sees it. Computed bottom-up in one pass, so a sample costs its size, not its size times
/// its depth.
struct ObjectFingerprints {
    private(set) var digests: [Int: UInt64] = [:]

    /// The digests of every object in `root`.
    init(_ root: JSONNode) {
        _ = digest(root)
    }

    /// The digest of the object at `node`; 0 for anything else (never looked up).
    func of(_ node: JSONNode) -> UInt64 { digests[node.index] ?? 0 }

    private mutating func digest(_ node: JSONNode) -> UInt64 {
        var hash = FNV(tag: UInt8(truncatingIfNeeded: node.kind.rawValue))
        switch node.kind {
        case .null: break
        case .bool: hash.add(byte: node.boolValue == true ? 1 : 0)
        case .number: hash.add(bytes: JSONValue.canonicalNumber(node.rawText).utf8)
        case .string: hash.add(bytes: (node.stringValue ?? "").utf8)
        case .array:
            for element in node.elements { hash.add(word: digest(element)) }
        case .object:
            var latest: [String: UInt64] = [:]
            for member in node.members { latest[member.key] = digest(member.value) }
            for key in latest.keys.sorted(by: ByteOrder.precedes) {
                hash.add(bytes: key.utf8)
                hash.add(byte: 0xFF)
                hash.add(word: latest[key] ?? 0)
            }
            let value = hash.finished
            digests[node.index] = value
            return value
        }
        return hash.finished
    }

    /// FNV-1a, 64 bits, with a final mix so digests of similar objects spread.
    private struct FNV {
        var state: UInt64 = 0xcbf2_9ce4_8422_2325

        init(tag: UInt8) { add(byte: tag) }

        mutating func add(byte: UInt8) {
            state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }

        mutating func add<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
            var count: UInt64 = 0
            for byte in bytes {
                add(byte: byte)
                count += 1
            }
            add(word: count)
        }

        mutating func add(word: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { add(byte: UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }

        var finished: UInt64 {
            var z = state &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
