/// What a command line asks for, once the subcommand path is resolved: help, a ready
/// command, or a usage error. Separate from running so tests can inspect it.
struct CommandInvocation {
    /// The outcome of resolving and parsing.
    enum Action {
        /// Print this help text to standard output and exit 0.
        case showHelp(String)
        /// Run this command, built from its parsed arguments.
        case run(any ParsableCommand)
        /// Report this usage error and exit 2.
        case fail(CLIError)
    }

    /// The command names from the root to the command reached, for example
    /// `["envelope", "check"]`; used in help and in the `See '… --help'.` hint.
    let path: [String]
    /// What to do.
    let action: Action

    /// The hint printed under a usage error, pointing at the help for the command reached.
    var hint: String {
        "See '\(path.joined(separator: " ")) --help'."
    }
}
