/// The command line of one command after parsing: which flags were set, the values given to
/// each option, and the positional arguments.
///
/// Lookups use the option's long name (`"--format"`). Asking for a name the command did not
/// declare is a programming mistake, caught by an assertion in debug builds.
struct ParsedArguments: Sendable {
    /// The configuration these arguments were parsed against, for defaults and checks.
    let configuration: CommandConfiguration
    /// Long names of the flags given.
    private(set) var flags: Set<String> = []
    /// Values given to each value or repeatable option, keyed by long name, in order.
    private(set) var optionValues: [String: [String]] = [:]
    /// Positional arguments in order, including any after `--`.
    private(set) var positionals: [String] = []

    /// Empty arguments for `configuration`; the parser fills them in.
    init(configuration: CommandConfiguration) {
        self.configuration = configuration
    }

    /// Whether the flag `name` was given.
    func flag(_ name: String) -> Bool {
        assertDeclared(name)
        return flags.contains(name)
    }

    /// The value of option `name`: the last one given, else its declared default, else nil.
    func value(_ name: String) -> String? {
        assertDeclared(name)
        return optionValues[name]?.last ?? configuration.option(named: name)?.defaultValue
    }

    /// Every value given to option `name`, in command-line order; empty if none.
    func values(_ name: String) -> [String] {
        assertDeclared(name)
        return optionValues[name] ?? []
    }

    /// Whether option `name` appeared on the command line at all (as opposed to a default).
    func isSpecified(_ name: String) -> Bool {
        assertDeclared(name)
        return flags.contains(name) || optionValues[name] != nil
    }

    /// The value(s) matched to the declared positional `name`: one for required or optional
    /// arguments (none if an optional one was left out), any number for a repeating one.
    func argument(_ name: String) -> [String] {
        var remaining = positionals[...]
        for spec in configuration.arguments {
            switch spec.kind {
            case .required, .optional:
                let taken = Array(remaining.prefix(1))
                remaining = remaining.dropFirst(taken.count)
                if spec.name == name { return taken }
            case .repeating:
                if spec.name == name { return Array(remaining) }
                remaining = []
            }
        }
        assertionFailure("No positional argument '\(name)' is declared")
        return []
    }

    /// The value of option `name` as a whole number, or nil if absent.
    ///
    /// Throws ``CLIError/invalidValue(option:value:expected:suggestion:)`` for text that is
    /// not a whole number or falls outside `range`, naming the range in the message.
    func integer(_ name: String, in range: ClosedRange<Int>? = nil) throws(CLIError) -> Int? {
        guard let text = value(name) else { return nil }
        var expected = "a whole number"
        if let range { expected += " from \(range.lowerBound) to \(range.upperBound)" }
        guard let number = Int(text), range?.contains(number) ?? true else {
            throw .invalidValue(option: name, value: text, expected: expected, suggestion: nil)
        }
        return number
    }

    /// The value of option `name` as a decimal number, or nil if absent.
    ///
    /// Throws ``CLIError/invalidValue(option:value:expected:suggestion:)`` for text that is
    /// not a finite number or falls outside `range`.
    func number(_ name: String, in range: ClosedRange<Double>? = nil) throws(CLIError) -> Double? {
        guard let text = value(name) else { return nil }
        var expected = "a number"
        if let range {
            expected += " from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
        }
        guard let number = Double(text), number.isFinite, range?.contains(number) ?? true else {
            throw .invalidValue(option: name, value: text, expected: expected, suggestion: nil)
        }
        return number
    }

    /// Records a flag; used by the parser.
    mutating func setFlag(_ name: String) {
        flags.insert(name)
    }

    /// Records one value for an option; used by the parser.
    mutating func append(_ value: String, to name: String) {
        optionValues[name, default: []].append(value)
    }

    /// Records a positional argument; used by the parser.
    mutating func appendPositional(_ value: String) {
        positionals.append(value)
    }

    /// Shows `30` rather than `30.0` in range messages, since people type the former.
    private static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    /// Catches lookups of undeclared names, which would otherwise silently read as absent.
    private func assertDeclared(_ name: String) {
        assert(configuration.option(named: name) != nil, "No option '\(name)' is declared")
    }
}
