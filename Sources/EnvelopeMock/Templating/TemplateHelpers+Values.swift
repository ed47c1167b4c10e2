import Foundation

extension TemplateHelpers {
    static let valueHelpers: [String: Helper] = [
        "lookup": { args, _ in
            guard let key = args.param(1)?.rendered else { return .null }
            return args.param(0)?.child(key) ?? .null
        },
        "array": { args, _ in .list(args.params) },
        "range": { args, _ in
            guard let lower = args.param(0)?.intValue, let upper = args.param(1)?.intValue else {
                return error("The range helper needs two whole numbers")
            }
            let (span, overflow) = upper.subtractingReportingOverflow(lower)
            guard lower <= upper, !overflow, span <= 100_000 else { return .list([]) }
            return .list((lower...upper).map(TemplateValue.int))
        },
        "math": math,
        "val": { args, evaluator in
            var value = args.param(0) ?? .null
            if value.isNull || (value.elements?.isEmpty ?? false) { value = args.hash["or"] ?? args.hash["default"] ?? .null }
            if let variable = args.string("assign") {
                evaluator.assigned[variable] = value
                return .string("")
            }
            return value
        },
        "assign": { args, evaluator in
            guard let name = args.param(0)?.rendered else { return error("assign needs a variable name") }
            evaluator.assigned[name] = args.block.map(TemplateValue.string) ?? args.param(1) ?? .null
            return .string("")
        },
        "hostname": { _, evaluator in .string(evaluator.environment.hostname) },
        "systemValue": { args, evaluator in
            let key = args.string("key") ?? ""
            let type = args.string("type") ?? "ENVIRONMENT"
            guard type == "ENVIRONMENT", let allowed = evaluator.environment.allowed[key] else {
                return error("Access to \(key) is denied")
            }
            return allowed.map(TemplateValue.string) ?? args.hash["default"] ?? .null
        },
    ]

    /// `{{math a '+' b}}` with `+ - * / %`: whole numbers stay whole unless a division leaves
    /// a remainder.
    static let math: Helper = { args, _ in
        guard args.params.count == 3, let a = args.params[0].doubleValue, let b = args.params[2].doubleValue else {
            return error("All arguments must be numbers, written as: math 1 '+' 2")
        }
        let op = args.params[1].rendered
        let whole: Bool = {
            guard let x = args.params[0].intValue, let y = args.params[2].intValue else { return false }
            return Double(x) == a && Double(y) == b && !isDecimal(args.params[0]) && !isDecimal(args.params[2])
        }()
        let result: Double
        switch op {
        case "+": result = a + b
        case "-": result = a - b
        case "*": result = a * b
        case "/":
            guard b != 0 else { return error("Division by zero") }
            result = a / b
        case "%":
            guard b != 0 else { return error("Division by zero") }
            result = a.truncatingRemainder(dividingBy: b)
        default:
            return error("\(op) is not a valid operator; use +, -, *, / or %")
        }
        // Whole numbers stay whole (BigDecimal of scale 0): a division rounds half up.
        if whole, let integer = Int(exactly: result.rounded(.toNearestOrAwayFromZero)) { return .int(integer) }
        return .double(result)
    }

    private static func isDecimal(_ value: TemplateValue) -> Bool {
        switch value {
        case .double: true
        case .number(let text), .string(let text): text.contains(".") || text.contains("e") || text.contains("E")
        default: false
        }
    }
}
