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
            recorded. An answer with another status than the contract's (2xx without one), a \
            body that is not JSON where JSON is expected, or breaking drift from its contract \
            is not written (an outage must not replace a good mock) unless --allow-errors is \
            given. Files are written atomically and never overwritten without --force: without \
            it, the structural difference (keys, types, nulls) between the recorded answer and \
            the new one is printed. --force keeps the mapping's layout (inline or a body file). \
            Bodies are written as received. Secrets (${VAR} values, credential headers) are \
            written as ***. Each answer is validated against its contract and the report \
            printed in --format. Exit codes: 0 all written or kept; 1 an answer was not \
            written (error or changed structure) or drift at or above --fail-on; 2 usage or \
            input error; 3 an answer could not be fetched, or the server answered 5xx (an outage, \
            not a change) and no drift elsewhere made it 1.
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
            .flag("--force", help: "Overwrite mocks that exist (keeping their inline or body-file layout)."),
            .flag("--allow-errors", help: "Also write answers with an unexpected status, a body that is not JSON, or breaking drift."),
        ] + ReportOutput.optionSpecs(failingOn: "drift") + [
            .value("--timeout", valueName: "seconds", help: "Give up on an answer after this long.", default: "30"),
            .value("--connect-timeout", valueName: "seconds", help: "Give up connecting after this long.", default: "10"),
            .value("--retries", valueName: "n", help: "Send again after connection failures, 429 and 503, with exponential backoff.", default: "0"),
            .value("--retry-delay", valueName: "seconds", help: "Wait before the first retry; doubles each time (Retry-After wins).", default: "1"),
            .value("--max-redirects", valueName: "n", help: "Follow at most this many redirects; 0 records the redirect itself.", default: "10"),
            .value("--max-body", valueName: "size", help: "Cut off and report answers larger than this (e.g. 512K, 64M; 0 for no limit).", default: "64M"),
            .value("--cacert", valueName: "file", help: "Trust the CA certificates in this PEM file (e.g. a test server's own)."),
            .flag("--insecure", short: "-k", help: "Do not verify TLS certificates (test servers only; prints a warning)."),
            .value("--slow", valueName: "ms", help: "Warn (slow-answer) about answers slower than this many milliseconds (overrides contracts' response.slow)."),
            .flag("--verbose", short: "-v", help: "Print each exchange to standard error: request line, headers sent and received (secrets as ***), timings."),
        ]
    )

    let url: String?
    let name: String?
    let method: String
    let headers: [String]
    let mocksDirectory: String
    let bodyFiles: Bool
    let force: Bool
    /// Whether answers that look like errors (see ``RecordingRefusal``) are written anyway.
    let allowErrors: Bool
    let failOn: FailLevel
    /// The planning half of `check` (contracts, environment, `${VAR}`, TLS, timeouts, retries,
    /// redirects, the body limit, `--verbose`), reused so that record sends exactly what check
    /// sends, in both modes.
    let check: CheckCommand

    init(parsed: ParsedArguments) throws(CLIError) {
        url = parsed.value("--url")
        name = parsed.value("--name")
        method = parsed.value("--method") ?? "GET"
        headers = parsed.values("--header")
        mocksDirectory = parsed.value("--mocks") ?? "Mocks"
        bodyFiles = parsed.flag("--body-files")
        force = parsed.flag("--force")
        allowErrors = parsed.flag("--allow-errors")
        failOn = FailLevel(rawValue: parsed.value("--fail-on") ?? "breaking") ?? .breaking
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
        // Check parses (and checks the ranges of) every option the two commands share; only
        // those given are passed on, so check's defaults hold and it knows what was given.
        var forwarded: [String] = ["--contracts", parsed.value("--contracts") ?? "Contracts"]
        for option in ["--config", "--env", "--base-url", "--cacert", "--format", "--output", "--timeout", "--connect-timeout", "--retries", "--retry-delay",
                       "--max-redirects", "--max-body", "--slow"] {
            if parsed.isSpecified(option), let value = parsed.value(option) { forwarded += [option, value] }
        }
        for value in parsed.values("--only") { forwarded += ["--only", value] }
        for flag in ["--insecure", "--verbose"] where parsed.flag(flag) { forwarded.append(flag) }
        check = try CheckCommand(parsed: ParsedArguments(parsing: forwarded, for: CheckCommand.configuration))
    }

    func run() throws -> Int32 {
        // libcurl is opened on first use (see CurlLibrary): open it while the contracts load.
        CurlLibrary.loadInBackground()
        if let url, let name { return try recordURL(url, name: name) }
        return try recordContracts()
    }
}
