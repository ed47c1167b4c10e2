import EnvelopeCore
import EnvelopeHTTP
import Foundation

/// `envelope record`: fetch live answers and write them as WireMock mappings under `Mocks/`.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Fetch live answers and write them as mocks (one mapping per contract).",
        discussion: """
            With --env NAME (or --base-url) each contract's request is sent to that server and \
            the answer written to MOCKS/mappings/NAME.json, body inline (--body-files puts it in \
            MOCKS/__files/). With --url URL --name NAME an endpoint without a contract is \
            recorded. Files are written atomically and never overwritten without --force: \
            without it, the structural difference (keys, types, nulls) between the recorded \
            answer and the new one is printed, and the exit code is 1 if there is one. Secrets \
            (${VAR} values, credential headers) are written as ***. Each answer is validated \
            against its contract and its drift reported.
            """,
        usage: "envelope record (--env <name> | --base-url <url>) [--only <name> ...] [<options>]\n       envelope record --url <url> --name <name> [--header <header> ...] [<options>]",
        options: [
            .value("--env", short: "-e", valueName: "name", help: "Record from this environment of the project file."),
            .value("--base-url", valueName: "url", help: "Record from this server (overrides the environment's)."),
            .repeatable("--only", valueName: "name", help: "Record only this contract; repeat (or separate with commas) for more."),
            .value("--url", valueName: "url", help: "Record this URL, for an endpoint without a contract (with --name)."),
            .value("--name", valueName: "name", help: "The mapping's name for --url."),
            .value("--method", valueName: "method", help: "The method for --url.", default: "GET"),
            .repeatable("--header", short: "-H", valueName: "header", help: "'Name: value' to send with --url; ${VAR} allowed."),
            .value("--contracts", valueName: "dir", help: "Folder of contract files.", default: "Contracts"),
            .value("--mocks", valueName: "dir", help: "Folder to write mocks to (mappings/ and __files/).", default: "Mocks"),
            .value("--config", valueName: "file", help: "The project file with the environments.", default: "envelope.json"),
            .flag("--body-files", help: "Write bodies to __files/NAME.json instead of inline."),
            .flag("--force", help: "Overwrite mocks that exist."),
            .value("--fail-on", valueName: "level", help: "Exit 1 on drift at or above: breaking, warning, never.", default: "breaking",
                   allowed: FailLevel.allCases.map(\.rawValue)),
            .value("--timeout", valueName: "seconds", help: "Give up on an answer after this long.", default: "30"),
            .value("--cacert", valueName: "file", help: "Trust the CA certificates in this PEM file."),
            .flag("--insecure", short: "-k", help: "Do not verify TLS certificates (test servers only)."),
        ]
    )

    let url: String?
    let name: String?
    let method: String
    let headers: [String]
    let mocksDirectory: String
    let bodyFiles: Bool
    let force: Bool
    let failOn: FailLevel
    /// The planning half of `check` (contracts, environment, `${VAR}`, TLS and timeouts),
    /// reused so that record sends exactly what check sends.
    let check: CheckCommand
    let timeout: Double

    init(parsed: ParsedArguments) throws(CLIError) {
        url = parsed.value("--url")
        name = parsed.value("--name")
        method = parsed.value("--method") ?? "GET"
        headers = parsed.values("--header")
        mocksDirectory = parsed.value("--mocks") ?? "Mocks"
        bodyFiles = parsed.flag("--body-files")
        force = parsed.flag("--force")
        failOn = FailLevel(rawValue: parsed.value("--fail-on") ?? "breaking") ?? .breaking
        timeout = try parsed.number("--timeout", in: 0.001...86_400) ?? 30
        if let url {
            guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
                throw .invalidValue(option: "--url", value: url, expected: "an http:// or https:// URL", suggestion: nil)
            }
            guard name != nil else { throw .usage("--url needs --name NAME: the mapping is written to MOCKS/mappings/NAME.json.") }
            if parsed.isSpecified("--env") || parsed.isSpecified("--only") || parsed.isSpecified("--base-url") {
                throw .usage("--url records one URL without a contract; leave out --env, --base-url and --only.")
            }
        } else if !parsed.isSpecified("--env") && !parsed.isSpecified("--base-url") {
            throw .usage("record needs a live server: --env NAME (from envelope.json) or --base-url URL, or --url URL --name NAME.")
        }
        var forwarded: [String] = ["--contracts", parsed.value("--contracts") ?? "Contracts", "--config", parsed.value("--config") ?? "envelope.json",
                                   "--timeout", parsed.value("--timeout") ?? "30"]
        for option in ["--env", "--base-url", "--cacert"] {
            if let value = parsed.value(option) { forwarded += [option, value] }
        }
        for value in parsed.values("--only") { forwarded += ["--only", value] }
        if parsed.flag("--insecure") { forwarded.append("--insecure") }
        check = try CheckCommand(parsed: ParsedArguments(parsing: forwarded, for: CheckCommand.configuration))
    }

    func run() throws -> Int32 {
        // libcurl is opened on first use (see CurlLibrary): open it while the contracts load.
        CurlLibrary.loadInBackground()
        if let url, let name { return try recordURL(url, name: name) }
        return try recordContracts()
    }
}
