import Foundation

extension TemplateHelpers {
    static let randomHelpers: [String: Helper] = [
        "randomValue": { args, _ in
            let type = args.string("type") ?? "ALPHANUMERIC"
            let length = args.hash["length"]?.intValue ?? 36
            // WireMock lower-cases the value unless asked for upper case.
            let upper = args.hash["uppercase"]?.isTruthy == true
            let alphabet: String
            switch type {
            case "UUID":
                var generator = SplitMix64.fresh()
                let text = generator.uuidString()
                return .string(upper ? text.uppercased() : text)
            case "ALPHANUMERIC": alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
            case "ALPHABETIC": alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
            case "NUMERIC": alphabet = "0123456789"
            case "HEXADECIMAL": alphabet = "0123456789abcdef"
            case "ALPHANUMERIC_AND_SYMBOLS":
                alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
            default:
                return error("Unknown randomValue type \(type); use ALPHANUMERIC, ALPHABETIC, NUMERIC, ALPHANUMERIC_AND_SYMBOLS, HEXADECIMAL or UUID")
            }
            return .string(randomString(length, from: alphabet, upper: upper))
        },
        "randomInt": { args, _ in
            let lower = args.hash["lower"]?.intValue ?? Int(Int32.min)
            let upper = args.hash["upper"]?.intValue ?? Int(Int32.max)
            // Java's nextInt(lower, upper): the upper bound is excluded.
            guard lower < upper else { return error("lower must be below upper") }
            return .int(Int.random(in: lower..<upper))
        },
        "randomDecimal": { args, _ in
            let lower = args.hash["lower"]?.doubleValue ?? -Double(Int64.max)
            let upper = args.hash["upper"]?.doubleValue ?? Double(Int64.max)
            guard lower < upper else { return error("lower must be below upper") }
            return .double(Double.random(in: lower..<upper))
        },
        "pickRandom": { args, _ in
            let choices = args.params.count == 1 ? (args.params[0].elements ?? args.params) : args.params
            guard !choices.isEmpty else { return error("pickRandom needs at least one value") }
            if let count = args.hash["count"]?.intValue {
                return .list(Array(choices.shuffled().prefix(max(0, count))))
            }
            return choices.randomElement() ?? .null
        },
    ]

    /// `length` characters of the ASCII `alphabet`, drawn with a generator of its own
    /// (``SplitMix64/fresh()``: no system call).
    /// The letters are folded to one case as they are drawn (ASCII), not by a Unicode
    /// case mapping of the whole text afterwards.
    static func randomString(_ length: Int, from alphabet: String, upper: Bool = false) -> String {
        let characters = Array(alphabet.utf8).map { upper ? asciiUpper($0) : asciiLower($0) }
        var generator = SplitMix64.fresh()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(0, min(length, 1 << 20)))
        for _ in 0..<max(0, min(length, 1 << 20)) { bytes.append(characters[Int(generator.next() % UInt64(characters.count))]) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
    private static func asciiUpper(_ byte: UInt8) -> UInt8 { byte >= 0x61 && byte <= 0x7A ? byte & ~0x20 : byte }
}
