/// The root command: `envelope <subcommand>`.
struct EnvelopeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "envelope",
        abstract: "Contract tests for JSON HTTP APIs: catch schema drift before your app ships.",
        discussion: """
            Exit codes, the same for every command: 0 nothing at or above --fail-on; 1 drift at or \
            above it; 2 a usage error or a broken contract or mock file; 3 a transport error.
            """,
        options: [.flag("--version", help: "Show the version.")],
        subcommands: [CheckCommand.self, ValidateCommand.self, ServeCommand.self, InferCommand.self, DiffCommand.self, LintCommand.self, RecordCommand.self, CodegenCommand.self]
    )

    let showVersion: Bool

    init(parsed: ParsedArguments) throws(CLIError) {
        showVersion = parsed.flag("--version")
    }

    func run() throws -> Int32 {
        if showVersion { print("envelope \(EnvelopeVersion.current)") }
        return 0
    }
}
