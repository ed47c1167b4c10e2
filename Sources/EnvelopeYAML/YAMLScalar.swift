/// The YAML 1.2 core schema's rules for plain scalars, and their JSON forms.
///
/// YAML 1.2 types a plain (unquoted) scalar by its text alone: `null`, `Null`, `NULL`, `~`
/// and nothing are null; `true`/`True`/`TRUE` and `false`/`False`/`FALSE` are booleans (not
/// 1.1's `yes`, `no`, `on`, `off`, `y`, `n`); decimal, `0o` octal and `0x` hex integers; decimal
/// floats with an optional exponent, `.inf` and `.nan`. Anything else is a string.
enum YAMLScalar {
    /// What a plain scalar's text is under the core schema.
    enum Value: Equatable {
        case null
        case bool(Bool)
        /// A number, as JSON text (`0x1F` is `31`, `+1.5` is `1.5`, `.5` is `0.5`).
        case number(String)
        /// `.inf`, `-.inf` or `.nan`: a float JSON has no text for.
        case notJSON
        case string
    }

    /// The core schema's type of a plain scalar.
    static func coreValue(of text: UnsafeBufferPointer<UInt8>) -> Value {
        guard let first = text.first else { return .null }
        // Most scalars are words: only these first bytes can start anything but a string.
        switch first {
        case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "~"):
            return isNull(text) ? .null : .string
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            return boolean(text).map(Value.bool) ?? .string
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            if let number = integer(text) ?? float(text) { return .number(number) }
            return isInfinityOrNaN(text) ? .notJSON : .string
        default:
            return .string
        }
    }

    /// Whether the text is one of the core schema's nulls.
    static func isNull(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.isEmpty || matches(text, ["null", "Null", "NULL", "~"])
    }

    /// The core schema's boolean, or nil.
    static func boolean(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        if matches(text, ["true", "True", "TRUE"]) { return true }
        if matches(text, ["false", "False", "FALSE"]) { return false }
        return nil
    }

    /// Whether the text is `.inf`, `-.inf`, `+.inf` or `.nan` in one of their three spellings.
    static func isInfinityOrNaN(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if matches(text, [".nan", ".NaN", ".NAN"]) { return true }
        let unsigned = text.first == UInt8(ascii: "-") || text.first == UInt8(ascii: "+") ? UnsafeBufferPointer(rebasing: text.dropFirst()) : text
        return matches(unsigned, [".inf", ".Inf", ".INF"])
    }

    /// The JSON text of a core schema integer (`[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`),
    /// or nil. Any size: octal and hex are converted digit by digit, not through a 64-bit Int.
    static func integer(_ text: UnsafeBufferPointer<UInt8>) -> String? {
        guard !text.isEmpty else { return nil }
        if text.count > 2, text[0] == UInt8(ascii: "0"), text[1] == UInt8(ascii: "o") || text[1] == UInt8(ascii: "x") {
            let radix = text[1] == UInt8(ascii: "o") ? 8 : 16
            var digits: [Int] = []
            for byte in text.dropFirst(2) {
                guard let digit = digitValue(byte), digit < radix else { return nil }
                digits.append(digit)
            }
            return decimal(digits, radix: radix)
        }
        var start = 0
        var negative = false
        if text[0] == UInt8(ascii: "-") || text[0] == UInt8(ascii: "+") {
            negative = text[0] == UInt8(ascii: "-")
            start = 1
        }
        guard start < text.count, text[start...].allSatisfy(isDigit) else { return nil }
        return (negative ? "-" : "") + withoutLeadingZeros(text[start...])
    }

    /// The JSON text of a core schema float (`[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`),
    /// or nil (also for `.inf` and `.nan`, which JSON cannot write).
    static func float(_ text: UnsafeBufferPointer<UInt8>) -> String? {
        var i = 0
        var out = ""
        if i < text.count, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            if text[i] == UInt8(ascii: "-") { out = "-" }
            i += 1
        }
        let integerStart = i
        while i < text.count, isDigit(text[i]) { i += 1 }
        let integerPart = text[integerStart..<i]
        var fraction: Slice<UnsafeBufferPointer<UInt8>>?
        if i < text.count, text[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < text.count, isDigit(text[i]) { i += 1 }
            fraction = text[fractionStart..<i]
        }
        // Digits before the point, or after it: `.` alone and `e5` are strings.
        guard !integerPart.isEmpty || !(fraction?.isEmpty ?? true) else { return nil }
        var exponent = ""
        if i < text.count, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i += 1
            exponent = "e"
            if i < text.count, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                exponent.append(Character(Unicode.Scalar(text[i])))
                i += 1
            }
            let exponentStart = i
            while i < text.count, isDigit(text[i]) { i += 1 }
            guard i > exponentStart else { return nil }
            exponent += String(decoding: UnsafeBufferPointer(rebasing: text[exponentStart..<i]), as: UTF8.self)
        }
        guard i == text.count else { return nil }
        out += integerPart.isEmpty ? "0" : withoutLeadingZeros(integerPart)
        // A float stays a float in JSON's text too: `1.` is `1.0`.
        if let fraction { out += "." + (fraction.isEmpty ? "0" : String(decoding: UnsafeBufferPointer(rebasing: fraction), as: UTF8.self)) }
        return out + exponent
    }

    // MARK: - Helpers

    private static func matches(_ text: UnsafeBufferPointer<UInt8>, _ words: [StaticString]) -> Bool {
        words.contains { word in
            word.utf8CodeUnitCount == text.count && (0..<text.count).allSatisfy { word.utf8Start[$0] == text[$0] }
        }
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// Decimal digits without leading zeros (`007` is `7`, `000` is `0`).
    private static func withoutLeadingZeros(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        return significant.isEmpty ? "0" : String(decoding: UnsafeBufferPointer(rebasing: significant), as: UTF8.self)
    }

    /// The decimal text of a number given by its digits in `radix`, most significant first.
    private static func decimal(_ digits: [Int], radix: Int) -> String {
        // Base 10^9 limbs, least significant first: n = n * radix + digit, for each digit.
        var limbs: [UInt64] = [0]
        for digit in digits {
            var carry = UInt64(digit)
            for k in limbs.indices {
                let value = limbs[k] * UInt64(radix) + carry
                limbs[k] = value % 1_000_000_000
                carry = value / 1_000_000_000
            }
            if carry > 0 { limbs.append(carry) }
        }
        var text = String(limbs[limbs.count - 1])
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }
}
