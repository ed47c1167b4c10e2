import EnvelopeCore

/// A recursive-descent parser for ``JSONPath`` expressions over Unicode scalars.
struct JSONPathParser {
    private let text: [Unicode.Scalar]
    private var position = 0

    init(_ text: [Unicode.Scalar]) {
        self.text = text
    }

    private var current: Unicode.Scalar? { position < text.count ? text[position] : nil }

    private func fail(_ reason: String) -> JSONPath.SyntaxError {
        JSONPath.SyntaxError(offset: position, reason: reason)
    }

    private mutating func skipSpaces() {
        while let c = current, c == " " || c == "\t" { position += 1 }
    }

    private mutating func take(_ literal: String) -> Bool {
        let scalars = Array(literal.unicodeScalars)
        guard position + scalars.count <= text.count, Array(text[position..<(position + scalars.count)]) == scalars else { return false }
        position += scalars.count
        return true
    }

    mutating func parsePath() throws(JSONPath.SyntaxError) -> [JSONPath.Step] {
        skipSpaces()
        guard take("$") else { throw fail("a JSONPath starts with '$'") }
        let steps = try parseSteps()
        skipSpaces()
        guard current == nil else { throw fail("unexpected '\(current.map { String($0) } ?? "")'") }
        return steps
    }

    private mutating func parseSteps() throws(JSONPath.SyntaxError) -> [JSONPath.Step] {
        var steps: [JSONPath.Step] = []
        while let c = current {
            if c == "." {
                if take("..") {
                    if current == "[" {
                        steps.append(.recursive(try parseBracket()))
                    } else {
                        steps.append(.recursive(try parseDotName()))
                    }
                } else {
                    position += 1
                    // Jayway (WireMock's JSONPath) reads `$.[...]` as `$[...]`; recorded
                    // mappings use `$.[?(@.flag == true)]`.
                    steps.append(current == "[" ? try parseBracket() : try parseDotName())
                }
            } else if c == "[" {
                steps.append(try parseBracket())
            } else {
                break
            }
        }
        return steps
    }

    private mutating func parseDotName() throws(JSONPath.SyntaxError) -> JSONPath.Step {
        if take("*") { return .wildcard }
        let start = position
        while let c = current, c != ".", c != "[", c != "]", c != " ", c != ")", c != "=", c != "!", c != "<", c != ">", c != "&", c != "|" {
            position += 1
        }
        guard position > start else { throw fail("expected a member name") }
        return .child(String(String.UnicodeScalarView(text[start..<position])))
    }

    private mutating func parseBracket() throws(JSONPath.SyntaxError) -> JSONPath.Step {
        guard take("[") else { throw fail("expected '['") }
        skipSpaces()
        let step: JSONPath.Step
        if take("*") {
            step = .wildcard
        } else if take("?") {
            skipSpaces()
            guard take("(") else { throw fail("expected '(' after '?'") }
            let filter = try parseOr()
            skipSpaces()
            guard take(")") else { throw fail("expected ')' to close the filter") }
            step = .filter(filter)
        } else if current == "'" || current == "\"" {
            var names: [String] = []
            repeat {
                skipSpaces()
                names.append(try parseQuoted())
                skipSpaces()
            } while take(",")
            step = names.count == 1 ? .child(names[0]) : .names(names)
        } else {
            let first = try parseOptionalInteger()
            skipSpaces()
            if take(":") {
                skipSpaces()
                let end = try parseOptionalInteger()
                step = .slice(first, end)
            } else {
                guard let first else { throw fail("expected an index, a quoted name, '*' or a filter") }
                var indices = [first]
                while take(",") {
                    skipSpaces()
                    guard let next = try parseOptionalInteger() else { throw fail("expected an index") }
                    indices.append(next)
                    skipSpaces()
                }
                step = .indices(indices)
            }
        }
        skipSpaces()
        guard take("]") else { throw fail("expected ']'") }
        return step
    }

    private mutating func parseOptionalInteger() throws(JSONPath.SyntaxError) -> Int? {
        let start = position
        if current == "-" { position += 1 }
        while let c = current, c.properties.numericType != nil, c.isASCII { position += 1 }
        guard position > start else { return nil }
        guard let value = Int(String(String.UnicodeScalarView(text[start..<position]))) else {
            throw JSONPath.SyntaxError(offset: start, reason: "not an index")
        }
        return value
    }

    private mutating func parseQuoted() throws(JSONPath.SyntaxError) -> String {
        guard let quote = current, quote == "'" || quote == "\"" else { throw fail("expected a quoted string") }
        position += 1
        var result = String.UnicodeScalarView()
        while let c = current, c != quote {
            if c == "\\", position + 1 < text.count {
                position += 1
            }
            if let escaped = current { result.append(escaped) }
            position += 1
        }
        guard take(String(quote)) else { throw fail("unterminated string") }
        return String(result)
    }

    // MARK: Filters

    private mutating func parseOr() throws(JSONPath.SyntaxError) -> JSONPath.Filter {
        var left = try parseAnd()
        skipSpaces()
        while take("||") {
            left = .or(left, try parseAnd())
            skipSpaces()
        }
        return left
    }

    private mutating func parseAnd() throws(JSONPath.SyntaxError) -> JSONPath.Filter {
        var left = try parseUnary()
        skipSpaces()
        while take("&&") {
            left = .and(left, try parseUnary())
            skipSpaces()
        }
        return left
    }

    private mutating func parseUnary() throws(JSONPath.SyntaxError) -> JSONPath.Filter {
        skipSpaces()
        if current == "!", position + 1 < text.count, text[position + 1] != "=" {
            position += 1
            return .not(try parseUnary())
        }
        if take("(") {
            let inner = try parseOr()
            skipSpaces()
            guard take(")") else { throw fail("expected ')'") }
            return inner
        }
        guard take("@") else { throw fail("a filter compares '@' (the current element) with a value") }
        let steps = try parseSteps()
        skipSpaces()
        if take("=~") {
            skipSpaces()
            guard take("/") else { throw fail("expected /regex/ after '=~'") }
            var pattern = ""
            while let c = current, c != "/" {
                if c == "\\", position + 1 < text.count, text[position + 1] == "/" { position += 1 }
                pattern.unicodeScalars.append(text[position])
                position += 1
            }
            guard take("/") else { throw fail("unterminated /regex/") }
            do {
                return .regex(steps, try RegexPattern(pattern))
            } catch {
                throw fail("the regular expression does not compile")
            }
        }
        for comparison in [JSONPath.Comparison.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
        where take(comparison.rawValue) {
            skipSpaces()
            return .compare(steps, comparison, try parseLiteral())
        }
        return .exists(steps)
    }

    private mutating func parseLiteral() throws(JSONPath.SyntaxError) -> JSONValue {
        if current == "'" || current == "\"" { return .string(try parseQuoted()) }
        if take("true") { return .bool(true) }
        if take("false") { return .bool(false) }
        if take("null") { return .null }
        let start = position
        while let c = current, c == "-" || c == "+" || c == "." || c == "e" || c == "E" || (c.isASCII && c.properties.numericType != nil) {
            position += 1
        }
        let number = String(String.UnicodeScalarView(text[start..<position]))
        guard !number.isEmpty, Double(number) != nil else {
            throw JSONPath.SyntaxError(offset: start, reason: "expected a number, a quoted string, true, false or null")
        }
        return .number(number)
    }
}
