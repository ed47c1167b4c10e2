/// One declared option of a command: `--format <format>`, `-o, --output <file>`, `--insecure`.
///
/// Options are declared as data rather than property wrappers so the framework stays small
/// and the whole declaration is visible in one `CommandConfiguration`.
struct OptionSpec: Sendable, Equatable {
    /// How an option consumes the command line.
    enum Kind: Sendable, Equatable {
        /// Present or absent; takes no value.
        case flag
        /// Takes one value; given twice, the last one wins (so scripts can override).
        case value
        /// Takes one value each time and may be given many times; all are kept in order.
        case repeatable
    }

    /// The long name with its dashes, for example `--format`; also the key for lookups.
    let name: String
    /// The one-letter short name with its dash, for example `-o`, if any.
    let shortName: String?
    /// How the option consumes arguments.
    let kind: Kind
    /// The placeholder shown in help, without brackets, for example `format`.
    let valueName: String
    /// One or two sentences for the help screen.
    let help: String
    /// The value used when the option is absent; shown in help as `(default: …)`.
    let defaultValue: String?
    /// The only values accepted, if the option is an enumeration (for example report formats).
    let allowedValues: [String]

    /// Declares an option; prefer the `flag`, `value` and `repeatable` shorthands.
    init(
        name: String,
        shortName: String? = nil,
        kind: Kind,
        valueName: String = "value",
        help: String,
        defaultValue: String? = nil,
        allowedValues: [String] = []
    ) {
        self.name = name
        self.shortName = shortName
        self.kind = kind
        self.valueName = valueName
        self.help = help
        self.defaultValue = defaultValue
        self.allowedValues = allowedValues
    }

    /// A flag such as `--insecure`.
    static func flag(_ name: String, short: String? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, shortName: short, kind: .flag, help: help)
    }

    /// A single-value option such as `--format <format>`.
    static func value(
        _ name: String, short: String? = nil, valueName: String, help: String,
        default defaultValue: String? = nil, allowed allowedValues: [String] = []
    ) -> OptionSpec {
        OptionSpec(
            name: name, shortName: short, kind: .value, valueName: valueName, help: help,
            defaultValue: defaultValue, allowedValues: allowedValues)
    }

    /// A repeatable option such as `--only <name>`, given once per value.
    static func repeatable(
        _ name: String, short: String? = nil, valueName: String, help: String,
        allowed allowedValues: [String] = []
    ) -> OptionSpec {
        OptionSpec(
            name: name, shortName: short, kind: .repeatable, valueName: valueName, help: help,
            allowedValues: allowedValues)
    }

    /// The option as written in usage and errors: `--format <format>` or `--insecure`.
    var displayName: String {
        kind == .flag ? name : "\(name) <\(valueName)>"
    }

    /// The framework's own `-h, --help`, appended to every command's help.
    static let helpOption = OptionSpec.flag("--help", short: "-h", help: "Show help information.")
}
