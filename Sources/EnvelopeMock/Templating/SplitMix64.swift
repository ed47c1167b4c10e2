import Synchronization

/// A small, fast pseudo-random generator (SplitMix64) for `randomValue`'s characters and
/// `request.id`: mock data needs no cryptographic strength, and the system generator costs a
/// system call per value.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// A generator on a stream of its own, without a system call: seeds are drawn from one
    /// SplitMix64 sequence shared by every thread (an atomic counter seeded once from the
    /// system's generator), so two answers never start from the same state.
    static func fresh() -> SplitMix64 {
        let stepped = SeedSource.counter.wrappingAdd(golden, ordering: .relaxed).newValue
        var mixer = SplitMix64(seed: stepped)
        return SplitMix64(seed: mixer.next())
    }

    private static let golden: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func next() -> UInt64 {
        state &+= Self.golden
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A version 4 UUID in lower case, as `UUID().uuidString.lowercased()` writes one.
    mutating func uuidString() -> String {
        let high = next(), low = next()
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * UInt64(index)))
            bytes[index + 8] = UInt8(truncatingIfNeeded: low >> (56 - 8 * UInt64(index)))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// Where ``SplitMix64/fresh()`` draws its seeds.
private enum SeedSource {
    static let counter = Atomic<UInt64>(UInt64.random(in: 0...UInt64.max))
}
