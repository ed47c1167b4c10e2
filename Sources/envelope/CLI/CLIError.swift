/// A usage error: the command line does not match what the command declares.
///
/// Every case is the user's mistake, never the tool's, so the runner reports all of them the
/// same way: the message on standard error, a hint pointing at `--help`, and exit code 2.
/// Keeping the wording in ``message`` (one place) keeps every command's errors consistent.
enum CLIError: Error, Equatable, Sendable {
    /// An option the command does not declare, with the closest declared name if one is near.
    case unknownOption(String, suggestion: String?)
    /// A value-taking option at the end of the line, or followed by another option.
    /// `option` is the display form, for example `--format <format>`.
    case missingValue(option: String)
    /// A flag given a value with `--flag=value`.
    case unexpectedValue(option: String, value: String)
    /// A value outside what the option accepts; `expected` completes "expects …".
    case invalidValue(option: String, value: String, expected: String, suggestion: String?)
    /// A subcommand name the command does not have, with the closest one if one is near.
    case unknownCommand(String, suggestion: String?)
    /// A required positional argument that was not given; `name` is its display name.
    case missingArgument(String)
    /// A positional argument beyond what the command declares.
    case unexpectedArgument(String)
    /// A command-specific usage rule, such as two options that exclude each other.
    case usage(String)

    /// The text shown after `error: `, a single sentence or two.
    var message: String {
        switch self {
        case let .unknownOption(name, suggestion):
            return "Unknown option '\(name)'." + Self.didYouMean(suggestion)
        case let .missingValue(option):
            return "Missing value for '\(option)'."
        case let .unexpectedValue(option, value):
            return "Option '\(option)' does not take a value, got '\(value)'."
        case let .invalidValue(option, value, expected, suggestion):
            return "\(option) expects \(expected), got '\(value)'." + Self.didYouMean(suggestion)
        case let .unknownCommand(name, suggestion):
            return "Unknown command '\(name)'." + Self.didYouMean(suggestion)
        case let .missingArgument(name):
            return "Missing expected argument '\(name)'."
        case let .unexpectedArgument(value):
            return "Unexpected argument '\(value)'."
        case let .usage(text):
            return text
        }
    }

    /// The exit code for every usage error, as the design fixes it for all commands.
    static let exitCode: Int32 = 2

    /// A trailing " Did you mean 'x'?" when there is a suggestion, else nothing.
    private static func didYouMean(_ suggestion: String?) -> String {
        guard let suggestion else { return "" }
        return " Did you mean '\(suggestion)'?"
    }
}
