/// Everything the framework needs to know about a command to parse for it and describe it.
struct CommandConfiguration: Sendable {
    /// The word that selects this command, for example `check`; the root's is the tool name.
    let commandName: String
    /// A one-line summary, shown after OVERVIEW and in the parent's SUBCOMMANDS list.
    let abstract: String
    /// Longer text shown under the overview. Paragraphs are wrapped to the help width;
    /// lines that start with a space are kept as written, so examples keep their layout.
    let discussion: String
    /// Replaces the generated USAGE line when the generated one would mislead.
    let usage: String?
    /// The options the command accepts, in the order help lists them; `--help` is implicit.
    let options: [OptionSpec]
    /// The positional arguments the command accepts, in order.
    let arguments: [ArgumentSpec]
    /// The commands nested under this one, in the order help lists them.
    let subcommands: [any ParsableCommand.Type]

    /// Describes a command; only the name and abstract are needed for a simple one.
    init(
        commandName: String,
        abstract: String,
        discussion: String = "",
        usage: String? = nil,
        options: [OptionSpec] = [],
        arguments: [ArgumentSpec] = [],
        subcommands: [any ParsableCommand.Type] = []
    ) {
        self.commandName = commandName
        self.abstract = abstract
        self.discussion = discussion
        self.usage = usage
        self.options = options
        self.arguments = arguments
        self.subcommands = subcommands
    }

    /// The declared option whose long or short name is `name`, if any.
    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name || $0.shortName == name }
    }

    /// The subcommand whose name is `name`, if any.
    func subcommand(named name: String) -> (any ParsableCommand.Type)? {
        subcommands.first { $0.configuration.commandName == name }
    }
}
