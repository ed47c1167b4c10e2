import EnvelopeCore
extension ParsedArguments {
    /// Parses one command's tokens (everything after its name) against `configuration`.
    ///
    /// Accepts `--name value`, `--name=value`, `-n value`, flags, positionals, `--` (all later
    /// tokens are positionals) and a lone `-` as a positional (conventionally standard input).
    /// `--help` is not handled here: the runner looks for it before parsing, so that help works
    /// even on an otherwise broken command line.
    init(parsing tokens: [String], for configuration: CommandConfiguration) throws(CLIError) {
        self.init(configuration: configuration)
        var index = tokens.startIndex
        var optionsEnded = false
        while index < tokens.endIndex {
            let token = tokens[index]
            index += 1
            if optionsEnded || token == "-" || !token.hasPrefix("-") || Self.isNegativeNumber(token) {
                appendPositional(token)
                continue
            }
            if token == "--" {
                optionsEnded = true
                continue
            }
            // Split `--name=value`; short options take their value as the next token only.
            var name = token
            var inlineValue: String?
            if token.hasPrefix("--"), let equals = token.firstIndex(of: "=") {
                name = String(token[..<equals])
                inlineValue = String(token[token.index(after: equals)...])
            }
            guard let spec = configuration.option(named: name) else {
                let candidates = configuration.options.map(\.name) + [OptionSpec.helpOption.name]
                throw .unknownOption(name, suggestion: EditDistance.suggestion(for: name, among: candidates))
            }
            if spec.kind == .flag {
                if let inlineValue { throw .unexpectedValue(option: spec.name, value: inlineValue) }
                setFlag(spec.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < tokens.endIndex, Self.canBeValue(tokens[index]) {
                value = tokens[index]
                index += 1
            } else {
                throw .missingValue(option: spec.displayName)
            }
            try Self.validate(value, for: spec)
            append(value, to: spec.name)
        }
        try checkPositionals()
    }

    /// Whether a token after a value-taking option is its value rather than the next option.
    ///
    /// Refusing dash-led tokens turns `--output --format json` into "missing value" instead of
    /// silently writing to a file named `--format`; `-` and negative numbers are still values.
    private static func canBeValue(_ token: String) -> Bool {
        !token.hasPrefix("-") || token == "-" || isNegativeNumber(token)
    }

    /// Whether a dash-led token is a number such as `-5` or `-0.5`, not an option.
    private static func isNegativeNumber(_ token: String) -> Bool {
        token.count > 1 && Double(token) != nil
    }

    /// Rejects a value outside the option's allowed list, suggesting the nearest allowed one.
    private static func validate(_ value: String, for spec: OptionSpec) throws(CLIError) {
        guard !spec.allowedValues.isEmpty, !spec.allowedValues.contains(value) else { return }
        throw .invalidValue(
            option: spec.name, value: value,
            expected: "one of " + spec.allowedValues.joined(separator: ", "),
            suggestion: EditDistance.suggestion(for: value, among: spec.allowedValues))
    }

    /// Checks the positionals against the declared arguments: none missing, none extra.
    private func checkPositionals() throws(CLIError) {
        var remaining = positionals.count
        for spec in configuration.arguments {
            switch spec.kind {
            case .required:
                guard remaining > 0 else { throw .missingArgument(spec.usage) }
                remaining -= 1
            case .optional:
                remaining = max(0, remaining - 1)
            case .repeating:
                remaining = 0
            }
        }
        if remaining > 0 {
            throw .unexpectedArgument(positionals[positionals.count - remaining])
        }
    }
}
