/// A JSON number as an exact decimal (digits and a power of ten), for `multipleOf` without
/// binary floating-point error (`0.0075` is a multiple of `0.0001`).
struct DecimalText {
    /// The digits without sign or point, as an integer (numbers this fits, else nil).
    var digits: Int64
    /// The power of ten: value = digits × 10^exponent.
    var exponent: Int

    /// Parses JSON number text; nil when it does not fit 18 significant digits.
    init?(_ text: String) {
        var digits: Int64 = 0
        var exponent = 0
        var negative = false
        var afterPoint = false
        var count = 0
        var rest = Substring(text)
        if rest.first == "-" {
            negative = true
            rest = rest.dropFirst()
        }
        var exponentPart = 0
        if let e = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let value = Int(rest[rest.index(after: e)...].replacing("+", with: "")), abs(value) < 300 else { return nil }
            exponentPart = value
            rest = rest[..<e]
        }
        for character in rest {
            if character == "." {
                afterPoint = true
                continue
            }
            guard let digit = character.wholeNumberValue else { return nil }
            if digits == 0 && digit == 0 {
                if afterPoint { exponent -= 1 }
                continue
            }
            count += 1
            guard count <= 18 else { return nil }
            digits = digits * 10 + Int64(digit)
            if afterPoint { exponent -= 1 }
        }
        self.digits = negative ? -digits : digits
        self.exponent = exponent + exponentPart
    }

    /// Whether `self` is a whole multiple of `step`; nil when the exact answer needs more
    /// digits than fit.
    func isMultiple(of step: DecimalText) -> Bool? {
        guard step.digits != 0 else { return nil }
        if digits == 0 { return true }
        // Bring both to the smaller exponent; then the remainder of the digit counts decides.
        let shift = exponent - step.exponent
        if shift >= 0 {
            guard shift <= 18 else { return nil }
            var scaled = digits.magnitude
            for _ in 0..<shift {
                let (result, overflow) = scaled.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                scaled = result
            }
            return scaled % step.digits.magnitude == 0
        } else {
            guard -shift <= 18 else { return nil }
            var scaled = step.digits.magnitude
            for _ in 0..<(-shift) {
                let (result, overflow) = scaled.multipliedReportingOverflow(by: 10)
                if overflow { return nil }
                scaled = result
            }
            return digits.magnitude % scaled == 0
        }
    }
}
