import EnvelopeCore

/// A JSONPath expression (the subset WireMock users write in `matchesJsonPath`), compiled
/// once and evaluated on JSON trees.
///
/// Supported: `$` root; `.name` and `['name']` (also `["name"]` and `['a','b']`); `.*` and
/// `[*]`; `[n]` with negative `n` from the end, `[n,m]`, `[start:end]`; `..name`, `..*` and
/// `..[...]` (recursive descent); filters `[?(...)]` over `@` with `==`, `!=`, `<`, `<=`,
/// `>`, `>=` against a number, a quoted string, `true`, `false` or `null`, `=~ /regex/`, a bare
/// `@.path` (exists), `!`, `&&`, `||` and parentheses. Not supported: functions such as
/// `length()`, script expressions `[(...)]`, and `$` inside filters.
public struct JSONPath: Sendable, CustomStringConvertible {
    /// The expression as written.
    public let text: String
    let steps: [Step]

    indirect enum Step: Sendable {
        case child(String)
        case names([String])
        case wildcard
        case indices([Int])
        case slice(Int?, Int?)
        case recursive(Step)
        case filter(Filter)
    }

    indirect enum Filter: Sendable {
        case exists([Step])
        case compare([Step], Comparison, JSONValue)
        case regex([Step], RegexPattern)
        case not(Filter)
        case and(Filter, Filter)
        case or(Filter, Filter)
    }

    enum Comparison: String, Sendable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    /// Why an expression does not compile: what and at which character (0-based).
    public struct SyntaxError: Error, Sendable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "\(reason) at character \(offset + 1)" }
    }

    /// Compiles `text`.
    public init(_ text: String) throws(SyntaxError) {
        var parser = JSONPathParser(Array(text.unicodeScalars))
        self.text = text
        self.steps = try parser.parsePath()
    }

    public var description: String { text }

    /// The values the expression selects in `root`, in document order.
    public func select(in root: JSONValue) -> [JSONValue] {
        Self.apply(steps, to: [root])
    }

    static func apply(_ steps: [Step], to start: [JSONValue]) -> [JSONValue] {
        var nodes = start
        for step in steps {
            var next: [JSONValue] = []
            for node in nodes { apply(step, to: node, into: &next) }
            nodes = next
            if nodes.isEmpty { break }
        }
        return nodes
    }

    private static func apply(_ step: Step, to node: JSONValue, into out: inout [JSONValue]) {
        switch step {
        case .child(let name):
            if let value = node[name] { out.append(value) }
        case .names(let names):
            for name in names { if let value = node[name] { out.append(value) } }
        case .wildcard:
            switch node {
            case .object(let members): out += members.map(\.value)
            case .array(let elements): out += elements
            default: break
            }
        case .indices(let indices):
            guard case .array(let elements) = node else { return }
            for index in indices {
                let position = index < 0 ? elements.count + index : index
                if position >= 0, position < elements.count { out.append(elements[position]) }
            }
        case .slice(let start, let end):
            guard case .array(let elements) = node else { return }
            let count = elements.count
            func clamp(_ value: Int?, _ fallback: Int) -> Int {
                guard let value else { return fallback }
                return min(count, max(0, value < 0 ? count + value : value))
            }
            let from = clamp(start, 0), to = clamp(end, count)
            if from < to { out += elements[from..<to] }
        case .recursive(let inner):
            var all: [JSONValue] = []
            collectDescendants(node, into: &all)
            for value in all { apply(inner, to: value, into: &out) }
        case .filter(let filter):
            switch node {
            case .array(let elements): out += elements.filter { evaluate(filter, on: $0) }
            case .object: if evaluate(filter, on: node) { out.append(node) }
            default: break
            }
        }
    }

    /// `node` and everything inside it, parents before children.
    private static func collectDescendants(_ node: JSONValue, into out: inout [JSONValue]) {
        out.append(node)
        switch node {
        case .object(let members): for member in members { collectDescendants(member.value, into: &out) }
        case .array(let elements): for element in elements { collectDescendants(element, into: &out) }
        default: break
        }
    }

    private static func evaluate(_ filter: Filter, on node: JSONValue) -> Bool {
        switch filter {
        case .exists(let steps):
            return !apply(steps, to: [node]).isEmpty
        case .compare(let steps, let comparison, let literal):
            guard let value = apply(steps, to: [node]).first else { return false }
            return compare(value, comparison, literal)
        case .regex(let steps, let regex):
            guard let value = apply(steps, to: [node]).first, case .string(let text) = value else { return false }
            return regex.matchesWhole(text)
        case .not(let inner): return !evaluate(inner, on: node)
        case .and(let a, let b): return evaluate(a, on: node) && evaluate(b, on: node)
        case .or(let a, let b): return evaluate(a, on: node) || evaluate(b, on: node)
        }
    }

    private static func compare(_ value: JSONValue, _ comparison: Comparison, _ literal: JSONValue) -> Bool {
        let order: Int?
        switch (value, literal) {
        case (.number(let a), .number(let b)):
            guard let x = Double(a), let y = Double(b) else { return false }
            order = x < y ? -1 : (x > y ? 1 : 0)
        case (.string(let a), .string(let b)):
            order = a < b ? -1 : (a > b ? 1 : 0)
        default:
            let equal = value.jsonMatches(literal, ignoreArrayOrder: false, ignoreExtraElements: false)
            switch comparison {
            case .equal: return equal
            case .notEqual: return !equal
            default: return false
            }
        }
        guard let order else { return false }
        switch comparison {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        }
    }
}
