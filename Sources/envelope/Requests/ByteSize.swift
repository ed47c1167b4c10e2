/// Sizes as people type them on the command line: `65536`, `512K`, `64M`, `1G` (binary
/// multiples, an optional trailing `B` or `iB`).
enum ByteSize {
    /// Parses `text` for `option`, or throws a usage error saying what is accepted.
    static func parse(_ text: String, option: String) throws(CLIError) -> Int {
        var digits = Substring(text.uppercased())
        for suffix in ["IB", "B"] where digits.hasSuffix(suffix) && digits.count > suffix.count {
            digits = digits.dropLast(suffix.count)
            break
        }
        var multiplier = 1
        if let last = digits.last, let power = ["K": 1, "M": 2, "G": 3][String(last)] {
            multiplier = 1 << (10 * power)
            digits = digits.dropLast()
        }
        guard let number = Int(digits), number >= 0, number <= Int.max / multiplier else {
            throw .invalidValue(option: option, value: text, expected: "a size such as 65536, 512K, 64M or 1G (0 for no limit)", suggestion: nil)
        }
        return number * multiplier
    }
}
