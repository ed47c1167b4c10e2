import EnvelopeCore
import Testing
@testable import envelope

/// A tiny root command with one subcommand, standing in for `envelope`.
private struct ToolCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tool",
        abstract: "A test tool.",
        subcommands: [CheckCommand.self]
    )
    init(parsed: ParsedArguments) throws(CLIError) {}
    func run() throws -> Int32 { 0 }
}

/// A tiny leaf command with one option of each kind and repeating positionals.
private struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Fetch every contract's request, validate the answers, report drift.",
        options: [
            .value("--contracts", valueName: "dir", help: "Folder of contract files.", default: "Contracts"),
            .value("--format", valueName: "format", help: "Report format: text, json, junit.",
                   default: "text", allowed: ["text", "json", "junit"]),
            .value("--output", short: "-o", valueName: "file", help: "Write the report to this file."),
            .repeatable("--only", valueName: "name", help: "Check only this contract; repeat for more."),
            .value("--port", valueName: "port", help: "Port of the mock server."),
            .flag("--insecure", help: "Skip TLS certificate checks."),
        ],
        arguments: [ArgumentSpec("file", help: "Response files; '-' reads standard input.", kind: .repeating)]
    )

    let format: String
    let insecure: Bool
    let port: Int?

    init(parsed: ParsedArguments) throws(CLIError) {
        format = parsed.value("--format") ?? "text"
        insecure = parsed.flag("--insecure")
        port = try parsed.integer("--port", in: 0...65535)
    }

    /// Exit code 5 with `--insecure`, 0 otherwise, so tests can see that run() was reached.
    func run() throws -> Int32 { insecure ? 5 : 0 }
}

/// Parses `tokens` for the check command.
private func parse(_ tokens: [String]) throws(CLIError) -> ParsedArguments {
    try ParsedArguments(parsing: tokens, for: CheckCommand.configuration)
}

/// Runs `arguments` through the whole runner, capturing what a user would see.
private func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
    var out = "", err = ""
    let code = CommandRunner.main(
        root: ToolCommand.self, arguments: arguments,
        standardOutput: { out += $0 }, standardError: { err += $0 })
    return (code, out, err)
}

/// The error `tokens` raise when parsed for the check command, if any.
private func parseError(_ tokens: [String]) -> CLIError? {
    do { _ = try parse(tokens); return nil } catch { return error }
}

@Suite("CLIParserTests")
struct CLIParserTests {
    @Test func optionValueCanFollowAsNextTokenOrAfterEquals() throws {
        let spaced = try parse(["--format", "json", "-o", "out.json"])
        #expect(spaced.value("--format") == "json")
        #expect(spaced.value("--output") == "out.json")
        let joined = try parse(["--format=junit", "--output=-"])
        #expect(joined.value("--format") == "junit")
        #expect(joined.value("--output") == "-")
    }

    @Test func absentOptionReadsAsItsDefault() throws {
        let parsed = try parse([])
        #expect(parsed.value("--format") == "text")
        #expect(parsed.value("--output") == nil)
        #expect(!parsed.isSpecified("--format"))
    }

    @Test func repeatableOptionKeepsEveryValueInOrder() throws {
        let parsed = try parse(["--only", "menu", "--only=users", "--only", "orders"])
        #expect(parsed.values("--only") == ["menu", "users", "orders"])
    }

    @Test func singleValueOptionGivenTwiceKeepsTheLast() throws {
        #expect(try parse(["--format", "json", "--format", "text"]).value("--format") == "text")
    }

    @Test func flagsAreSetOnlyWhenGiven() throws {
        #expect(try parse(["--insecure"]).flag("--insecure"))
        #expect(try !parse([]).flag("--insecure"))
    }

    @Test func positionalsMixWithOptionsAndDashIsAPositional() throws {
        let parsed = try parse(["a.json", "--insecure", "-", "b.json"])
        #expect(parsed.positionals == ["a.json", "-", "b.json"])
        #expect(parsed.argument("file") == ["a.json", "-", "b.json"])
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parse(["--insecure", "--", "--format", "-o"])
        #expect(parsed.positionals == ["--format", "-o"])
        #expect(parsed.value("--format") == "text")
    }

    @Test func unknownOptionSuggestsTheCloseOne() {
        #expect(parseError(["--formt", "json"]) == .unknownOption("--formt", suggestion: "--format"))
        #expect(parseError(["--zzz"]) == .unknownOption("--zzz", suggestion: nil))
        let result = run(["check", "--formt", "json"])
        #expect(result.code == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == "error: Unknown option '--formt'. Did you mean '--format'?\nSee 'tool check --help'.\n")
    }

    @Test func valueOutsideTheAllowedListSuggestsTheCloseOne() {
        let result = run(["check", "--format", "jsn"])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix(
            "error: --format expects one of text, json, junit, got 'jsn'. Did you mean 'json'?\n"))
    }

    @Test func optionWithoutValueIsAMissingValue() {
        #expect(parseError(["--output"]) == .missingValue(option: "--output <file>"))
        #expect(parseError(["--output", "--insecure"]) == .missingValue(option: "--output <file>"))
        #expect(CLIError.missingValue(option: "--output <file>").message == "Missing value for '--output <file>'.")
    }

    @Test func flagGivenAValueIsAnError() {
        #expect(parseError(["--insecure=yes"]) == .unexpectedValue(option: "--insecure", value: "yes"))
    }

    @Test func wholeNumberConversionNamesTheRange() {
        let result = run(["check", "--port", "abc"])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("error: --port expects a whole number from 0 to 65535, got 'abc'.\n"))
        #expect(run(["check", "--port", "70000"]).code == 2)
        #expect(run(["check", "--port", "8080"]).code == 0)
    }

    @Test func helpHasOverviewUsageAndAlignedOptions() {
        let result = run(["check", "--help"])
        #expect(result.code == 0)
        #expect(result.err.isEmpty)
        let help = result.out
        #expect(help.hasPrefix("OVERVIEW: Fetch every contract's request, validate the answers, report drift.\n"))
        #expect(help.contains("\nUSAGE: tool check [--contracts <dir>] [--format <format>]"))
        #expect(help.contains("[--only <name> ...]"))
        #expect(help.contains("\nOPTIONS:\n"))
        #expect(help.contains("\n  --contracts <dir>       Folder of contract files. (default: Contracts)\n"))
        #expect(help.contains("\n  --format <format>       Report format: text, json, junit. (default: text)\n"))
        #expect(help.contains("\n  -o, --output <file>     Write the report to this file.\n"))
        #expect(help.contains("\n  -h, --help              Show help information.\n"))
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func helpWorksEvenWithOtherwiseBadArguments() {
        let result = run(["check", "--formt", "-h"])
        #expect(result.code == 0)
        #expect(result.out.hasPrefix("OVERVIEW: "))
    }

    @Test func rootHelpListsSubcommands() {
        for arguments in [[], ["--help"], ["help"]] {
            let result = run(arguments)
            #expect(result.code == 0)
            #expect(result.out.contains("\nUSAGE: tool <subcommand>\n"))
            #expect(result.out.contains("\nSUBCOMMANDS:\n  check                   Fetch every contract's"))
        }
    }

    @Test func helpSubcommandShowsTheNamedCommandsHelp() {
        let result = run(["help", "check"])
        #expect(result.code == 0)
        #expect(result.out.contains("USAGE: tool check "))
    }

    @Test func subcommandIsResolvedAndRun() throws {
        #expect(run(["check", "--insecure"]).code == 5)
        #expect(run(["check", "a.json"]).code == 0)
        let invocation = CommandRunner.resolve(root: ToolCommand.self, arguments: ["check", "--format", "json"])
        #expect(invocation.path == ["tool", "check"])
        guard case let .run(command) = invocation.action else {
            Issue.record("expected a command to run, got \(invocation.action)")
            return
        }
        let check = try #require(command as? CheckCommand)
        #expect(check.format == "json")
    }

    @Test func unknownSubcommandSuggestsTheCloseOne() {
        let result = run(["chek"])
        #expect(result.code == 2)
        #expect(result.err == "error: Unknown command 'chek'. Did you mean 'check'?\nSee 'tool --help'.\n")
        #expect(run(["help", "chekc"]).err.hasPrefix("error: Unknown command 'chekc'. Did you mean 'check'?\n"))
    }

    @Test func errorsFromRunMapToExitCodes() {
        struct Unreachable: Error, ExitCodeProviding, CustomStringConvertible {
            var exitCode: Int32 { 3 }
            var description: String { "could not reach 127.0.0.1:9" }
        }
        struct Failing: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "fail", abstract: "Fails.")
            init(parsed: ParsedArguments) throws(CLIError) {}
            func run() throws -> Int32 { throw Unreachable() }
        }
        var err = ""
        let code = CommandRunner.main(root: Failing.self, arguments: [], standardOutput: { _ in }, standardError: { err += $0 })
        #expect(code == 3)
        #expect(err == "error: could not reach 127.0.0.1:9\n")
    }

    @Test func editDistanceCountsASwapAsOneEdit() {
        #expect(EditDistance.between("format", "fromat") == 1)
        #expect(EditDistance.between("format", "formt") == 1)
        #expect(EditDistance.between("", "abc") == 3)
        #expect(EditDistance.suggestion(for: "-format", among: ["--format"]) == "--format")
        #expect(EditDistance.suggestion(for: "--xyz", among: ["--format"]) == nil)
    }
}
