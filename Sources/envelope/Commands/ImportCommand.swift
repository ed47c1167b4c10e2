/// `envelope import`: write contracts and mocks from another description of an API.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write contracts and mocks from an API description (OpenAPI) or pact files.",
        discussion: """
            envelope import openapi reads an OpenAPI 3.0 or 3.1 document and writes a contract \
            and a mock per operation; envelope import pact reads pact files (V2, V3, V4) and writes \
            one per HTTP interaction. See envelope import openapi --help and envelope import pact --help.
            """,
        subcommands: [ImportOpenAPICommand.self, ImportPactCommand.self]
    )

    init(parsed: ParsedArguments) throws(CLIError) {}

    func run() throws -> Int32 { 0 }
}
