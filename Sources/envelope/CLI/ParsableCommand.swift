/// A command of the tool: a type that declares its command line and runs.
///
/// The framework resolves the subcommand path, handles `--help`, parses against
/// ``configuration``, builds the command with ``init(parsed:)`` and calls ``run()``.
/// A command with subcommands and nothing to do itself can return 0 from `run()`: given no
/// subcommand and no options, the framework shows its help instead of running it.
///
/// `SendableMetatype` lets command types sit in static configurations (`subcommands`) under
/// Swift 6 strict concurrency without requiring the command values themselves to be Sendable.
protocol ParsableCommand: SendableMetatype {
    /// The command's name, help texts, options, arguments and subcommands.
    static var configuration: CommandConfiguration { get }

    /// Builds the command from its parsed arguments; throw ``CLIError`` for bad combinations
    /// or values (for example through `ParsedArguments.integer(_:in:)`).
    init(parsed: ParsedArguments) throws(CLIError)

    /// Does the command's work and returns the process exit code.
    func run() throws -> Int32
}
