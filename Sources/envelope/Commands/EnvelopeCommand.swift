/// The root command: `envelope <subcommand>`.
struct EnvelopeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "envelope",
        abstract: "Contract tests for JSON HTTP APIs: catch schema drift before your app ships.",
        discussion: """
            Start here: a first contract in three commands, from an endpoint your app calls.
              envelope record --url https://example.com/v1/users --name users --body-files
              envelope infer Mocks/__files/users.json --request 'GET /v1/users' \\
                  -o Contracts/users.json
              envelope check

            record saves the live answer as a mock (Mocks/mappings/users.json, its body in \
            Mocks/__files/users.json); infer writes a contract from that body (keep in \
            'required' what the app relies on); check validates the mock's answer against the \
            contract, or the live one with --base-url https://example.com. docs/authoring.md \
            has the details.

            Exit codes, the same for every command: 0 nothing at or above --fail-on; 1 drift at or \
            above it; 2 a usage error or a broken contract or mock file; 3 an answer that \
            could not be judged: a transport error, a 5xx (an outage), a body cut off.
            """,
        options: [.flag("--version", help: "Show the version.")],
        subcommands: [CheckCommand.self, ValidateCommand.self, ServeCommand.self, InferCommand.self, DiffCommand.self, LintCommand.self, RecordCommand.self, CodegenCommand.self, ProxyCommand.self, ImportCommand.self, ExportCommand.self]
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
