import EnvelopeCore
import Foundation

/// The entry point: resolves the command line to a command, shows help or errors, runs the
/// command, and turns the outcome into the process exit code.
enum CommandRunner {
    /// Runs the command line `arguments` (without the program path) against the tree rooted at
    /// `root` and returns the exit code: help goes to standard output (0), usage errors to
    /// standard error (2), otherwise the command's own code. The writers can be replaced so
    /// tests see exactly what a user would.
    static func main(
        root: any ParsableCommand.Type,
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        standardOutput: (String) -> Void = { print($0, terminator: "") },
        standardError: (String) -> Void = writeToStandardError
    ) -> Int32 {
        let invocation = resolve(root: root, arguments: arguments)
        switch invocation.action {
        case let .showHelp(text):
            standardOutput(text)
            return 0
        case let .fail(error):
            standardError("error: \(error.message)\n\(invocation.hint)\n")
            return CLIError.exitCode
        case let .run(command):
            do {
                return try command.run()
            } catch let error as CLIError {
                standardError("error: \(error.message)\n\(invocation.hint)\n")
                return CLIError.exitCode
            } catch {
                // Errors with a place print like a compiler's (`file:line:column: error: …`);
                // the rest get the `error: ` prefix.
                if let placed = error as? any PlacedError {
                    standardError(placed.placedMessage + "\n")
                } else {
                    standardError("error: \(describe(error))\n")
                }
                return (error as? any ExitCodeProviding)?.exitCode ?? CLIError.exitCode
            }
        }
    }

    /// Walks subcommand names from `root`, then parses the rest for the command reached.
    ///
    /// At a command with subcommands, a leading word selects a subcommand (or `help`, which
    /// shows the help of the command named after it); nothing at all shows that command's help;
    /// leading options are parsed for the command itself (for example a root `--version`).
    /// `--help` or `-h` anywhere before `--` shows help, even if other arguments are wrong.
    static func resolve(root: any ParsableCommand.Type, arguments: [String]) -> CommandInvocation {
        var command = root
        var path = [root.configuration.commandName]
        var tokens = arguments[...]
        while !command.configuration.subcommands.isEmpty {
            let configuration = command.configuration
            guard let word = tokens.first else {
                return CommandInvocation(path: path, action: .showHelp(HelpFormatter.help(for: command, path: path)))
            }
            if word.hasPrefix("-") { break }
            tokens = tokens.dropFirst()
            if let next = configuration.subcommand(named: word) {
                command = next
                path.append(word)
            } else if word == "help" {
                return helpCommand(from: command, path: path, names: tokens)
            } else {
                return CommandInvocation(path: path, action: .fail(unknownCommand(word, in: configuration)))
            }
        }
        if tokens.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            return CommandInvocation(path: path, action: .showHelp(HelpFormatter.help(for: command, path: path)))
        }
        do throws(CLIError) {
            let parsed = try ParsedArguments(parsing: Array(tokens), for: command.configuration)
            return CommandInvocation(path: path, action: .run(try command.init(parsed: parsed)))
        } catch {
            return CommandInvocation(path: path, action: .fail(error))
        }
    }

    /// Writes `text` to standard error unbuffered, so it is not held back behind stdout.
    static func writeToStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// `help <name> <name>…`: the help of the command those names lead to from `command`.
    private static func helpCommand(
        from command: any ParsableCommand.Type, path: [String], names: ArraySlice<String>
    ) -> CommandInvocation {
        var command = command
        var path = path
        for name in names {
            guard let next = command.configuration.subcommand(named: name) else {
                return CommandInvocation(path: path, action: .fail(unknownCommand(name, in: command.configuration)))
            }
            command = next
            path.append(name)
        }
        return CommandInvocation(path: path, action: .showHelp(HelpFormatter.help(for: command, path: path)))
    }

    /// The unknown-command error for `name`, suggesting the closest subcommand (or `help`).
    private static func unknownCommand(_ name: String, in configuration: CommandConfiguration) -> CLIError {
        // A closure, not `\.configuration.commandName`: a key path through a static member
        // of an existential metatype crashes the Swift 6.3.1 compiler in SILGen.
        let names = configuration.subcommands.map { $0.configuration.commandName } + ["help"]
        return .unknownCommand(name, suggestion: EditDistance.suggestion(for: name, among: names))
    }

    /// The message for an error from `run()`: its `LocalizedError` description if it has one,
    /// since those are written for people, else its Swift description.
    private static func describe(_ error: any Error) -> String {
        if let localized = error as? any LocalizedError, let text = localized.errorDescription {
            return text
        }
        return String(describing: error)
    }
}
