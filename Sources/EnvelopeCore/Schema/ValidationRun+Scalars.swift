extension ValidationRun {
    /// `minLength`, `maxLength`, `pattern` and an asserted `format` on the string at
    /// `instance`.
    mutating func validateString(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>) -> Bool {
        var valid = true
        let text = string(instance)
        let length = text.unicodeScalars.count
        if let minimum = schemaNode.pointee.minLength, length < minimum {
            valid = false
            record(.constraintViolation, keyword: "minLength", expected: "at least \(counted(minimum, "character"))", actual: counted(length, "character"), at: instance)
        }
        if let maximum = schemaNode.pointee.maxLength, length > maximum {
            valid = false
            record(.constraintViolation, keyword: "maxLength", expected: "at most \(counted(maximum, "character"))", actual: counted(length, "character"), at: instance)
        }
        if let pattern = schemaNode.pointee.pattern, !pattern.matches(text) {
            valid = false
            record(.constraintViolation, keyword: "pattern", expected: "a string matching /\(pattern.source)/", actual: excerpt(instance), at: instance)
        }
        if schemaNode.pointee.assertsFormat, let format = schemaNode.pointee.format, let check = FormatChecker.check(format, text), !check {
            valid = false
            record(.constraintViolation, keyword: "format", expected: "a string in \(format) format", actual: excerpt(instance), at: instance)
        }
        return valid
    }

    /// The limits and `multipleOf` on the number at `instance`.
    mutating func validateNumber(_ instance: Int, _ schemaNode: UnsafePointer<SchemaNode>) -> Bool {
        guard let number = node(instance).doubleValue else { return true }
        var valid = true
        func check(_ failed: Bool, _ keyword: String, _ expected: String) {
            guard failed else { return }
            valid = false
            record(.constraintViolation, keyword: keyword, expected: expected, actual: excerpt(instance), at: instance)
        }
        if let limit = schemaNode.pointee.minimum { check(number < limit, "minimum", "at least \(format(limit))") }
        if let limit = schemaNode.pointee.maximum { check(number > limit, "maximum", "at most \(format(limit))") }
        if let limit = schemaNode.pointee.exclusiveMinimum { check(number <= limit, "exclusiveMinimum", "more than \(format(limit))") }
        if let limit = schemaNode.pointee.exclusiveMaximum { check(number >= limit, "exclusiveMaximum", "less than \(format(limit))") }
        if let divisor = schemaNode.pointee.multipleOf {
            check(!isMultiple(instance, number, of: divisor, text: schemaNode.pointee.multipleOfText), "multipleOf", "a multiple of \(format(divisor))")
        }
        return valid
    }

    /// `multipleOf` without binary floating-point surprises where it can: exact decimal
    /// arithmetic on the written digits when both numbers are short decimals.
    func isMultiple(_ instance: Int, _ number: Double, of divisor: Double, text: String?) -> Bool {
        if let text, let exact = DecimalText(node(instance).rawText), let step = DecimalText(text), let result = exact.isMultiple(of: step) {
            return result
        }
        let quotient = number / divisor
        guard quotient.isFinite else { return false }
        return abs(quotient - quotient.rounded()) < 1e-9 * max(1, abs(quotient))
    }

    /// A limit as a message shows it: a whole number without a fraction.
    func format(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
