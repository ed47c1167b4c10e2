/// `envelope export`: write another tool's description of the API from the contracts and mocks.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write another tool's files from the contracts and mocks (a Pact file).",
        discussion: """
            envelope export pact writes a pact file (specification 3 or 4) that Pact's own \
            verifier and mock server accept. See envelope export pact --help.
            """,
        subcommands: [ExportPactCommand.self]
    )

    init(parsed: ParsedArguments) throws(CLIError) {}

    func run() throws -> Int32 { 0 }
}
