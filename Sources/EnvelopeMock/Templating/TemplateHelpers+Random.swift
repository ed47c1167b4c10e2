import Foundation

extension TemplateHelpers {
    static let randomHelpers: [String: Helper] = [
        "randomValue": { args, _ in
            let type = args.string("type") ?? "ALPHANUMERIC"
            let length = args.hash["length"]?.intValue ?? 36
            var text: String
            switch type {
            case "UUID": text = UUID().uuidString.lowercased()
            case "ALPHANUMERIC": text = randomString(length, from: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
            case "ALPHABETIC": text = randomString(length, from: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
            case "NUMERIC": text = randomString(length, from: "0123456789")
            case "HEXADECIMAL": text = randomString(length, from: "0123456789abcdef")
            case "ALPHANUMERIC_AND_SYMBOLS":
                text = randomString(length, from: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
            default:
                return error("Unknown randomValue type \(type); use ALPHANUMERIC, ALPHABETIC, NUMERIC, ALPHANUMERIC_AND_SYMBOLS, HEXADECIMAL or UUID")
            }
            // WireMock lower-cases the value unless asked for upper case.
            text = args.hash["uppercase"]?.isTruthy == true ? text.uppercased() : text.lowercased()
            return .string(text)
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

    /// `length` characters of the ASCII `alphabet`, drawn with a generator seeded once from
    /// the system's (one system call per value rather than one per character).
    static func randomString(_ length: Int, from alphabet: String) -> String {
        let characters = Array(alphabet.utf8)
        var generator = SplitMix64(seed: UInt64.random(in: 0...UInt64.max))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(0, min(length, 1 << 20)))
        for _ in 0..<max(0, min(length, 1 << 20)) { bytes.append(characters[Int(generator.next() % UInt64(characters.count))]) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
