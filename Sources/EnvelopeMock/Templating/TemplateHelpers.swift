import EnvelopeCore
import Foundation

/// WireMock's Handlebars helpers (3.x behaviour), by name. The names are checked when a
/// template compiles; ``call(_:_:_:)`` runs one per use.
enum TemplateHelpers {
    typealias Helper = @Sendable (TemplateHelperArguments, inout TemplateEvaluator) -> TemplateValue

    /// The block helpers Handlebars itself provides (the evaluator runs them).
    static let builtinBlocks: Set<String> = ["if", "unless", "each", "with"]
    /// Helpers whose block form picks the body or the `else` by their result.
    static let conditions: Set<String> = ["eq", "ne", "neq", "gt", "gte", "lt", "lte", "and", "or", "not", "contains", "matches"]

    static let table: [String: Helper] = {
        var table: [String: Helper] = [:]
        table.merge(conditionHelpers) { $1 }
        table.merge(stringHelpers) { $1 }
        table.merge(jsonHelpers) { $1 }
        table.merge(dateHelpers) { $1 }
        table.merge(randomHelpers) { $1 }
        table.merge(valueHelpers) { $1 }
        return table
    }()

    static func isKnown(_ name: String) -> Bool {
        table[name] != nil || builtinBlocks.contains(name)
    }

    static func isBlockHelper(_ name: String) -> Bool { isKnown(name) }

    static func isCondition(_ name: String) -> Bool { conditions.contains(name) }

    static func unknownMessage(_ name: String, block: Bool) -> String {
        let names = Array(table.keys) + Array(builtinBlocks)
        let list = "docs/mocks.md for the helpers Envelope supports"
        if let suggestion = EditDistance.suggestion(for: name, among: names) {
            return "unknown helper '\(name)'; did you mean '\(suggestion)'? See \(list)"
        }
        return "unknown helper '\(name)'; see \(list)"
    }

    static func call(_ name: String, _ arguments: TemplateHelperArguments, _ evaluator: inout TemplateEvaluator) -> TemplateValue {
        if name == "if" { return arguments.input.isTruthy ? .bool(true) : .bool(false) }
        if name == "unless" { return .bool(!arguments.input.isTruthy) }
        if name == "with" || name == "each" { return arguments.input }
        guard let helper = table[name] else { return .null }
        return helper(arguments, &evaluator)
    }

    /// WireMock's text for a helper that cannot do its job (it renders into the answer).
    static func error(_ message: String) -> TemplateValue {
        .string("[ERROR: \(message)]")
    }

    // MARK: Conditions

    static let conditionHelpers: [String: Helper] = [
        "eq": { args, _ in .bool(equal(args.param(0) ?? .null, args.param(1) ?? .null)) },
        "ne": { args, _ in .bool(!equal(args.param(0) ?? .null, args.param(1) ?? .null)) },
        "neq": { args, _ in .bool(!equal(args.param(0) ?? .null, args.param(1) ?? .null)) },
        "gt": { args, _ in .bool(compare(args) { $0 > 0 }) },
        "gte": { args, _ in .bool(compare(args) { $0 >= 0 }) },
        "lt": { args, _ in .bool(compare(args) { $0 < 0 }) },
        "lte": { args, _ in .bool(compare(args) { $0 <= 0 }) },
        "and": { args, _ in .bool(!args.params.isEmpty && args.params.allSatisfy(\.isTruthy)) },
        "or": { args, _ in .bool(args.params.contains(where: \.isTruthy)) },
        "not": { args, _ in .bool(!(args.param(0)?.isTruthy ?? false)) },
        "contains": { args, _ in
            let haystack = args.param(0) ?? .null
            let needle = args.param(1)?.rendered ?? ""
            if let elements = haystack.elements { return .bool(elements.contains { $0.rendered == needle }) }
            return .bool(haystack.rendered.contains(needle))
        },
        "matches": { args, _ in
            guard let pattern = args.param(1)?.rendered, let regex = TemplateCache.shared.regex(pattern) else { return .bool(false) }
            return .bool(regex.matchesWhole(args.param(0)?.rendered ?? ""))
        },
    ]

    /// Java's `equals`, as Handlebars.java's `eq` uses it: values of different kinds differ
    /// (a request value, which may repeat, is not the text `'x'`; wrap it in a helper that
    /// gives text, such as `(trim request.query.a)`, to compare).
    static func equal(_ a: TemplateValue, _ b: TemplateValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.string(let x), .string(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.multi(let x), .multi(let y)): return x == y
        case (.date(let x), .date(let y)): return x == y
        case (.list, .list), (.map, .map), (.json, .json): return a.rendered == b.rendered
        default: return false
        }
    }

    /// Compares the first two arguments (numbers by value when both read as numbers, text
    /// otherwise) and tests the sign of the result.
    static func compare(_ args: TemplateHelperArguments, _ test: (Int) -> Bool) -> Bool {
        let a = args.param(0) ?? .null, b = args.param(1) ?? .null
        if let x = a.doubleValue, let y = b.doubleValue { return test(x < y ? -1 : (x > y ? 1 : 0)) }
        let x = a.rendered, y = b.rendered
        return test(x < y ? -1 : (x > y ? 1 : 0))
    }
}
