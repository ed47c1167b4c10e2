import Foundation

/// The built binary's top-level help, read the way docs/generate-cli.sh reads it.
enum HelpText {
    /// The commands of the SUBCOMMANDS section, in order, each with its abstract unwrapped.
    static func commands() throws -> [(name: String, abstract: String)] {
        try commands(in: try Envelope.run(["--help"]).standardOutput)
    }

    /// Every command and nested subcommand, as the words after `envelope`: `["check"]`,
    /// `["import"]`, `["import", "openapi"]`, in the order the help screens list them.
    static func commandPaths() throws -> [[String]] {
        var paths: [[String]] = []
        for command in try commands() {
            paths.append([command.name])
            let help = try Envelope.run([command.name, "--help"]).standardOutput
            paths += try commands(in: help).map { [command.name, $0.name] }
        }
        return paths
    }

    /// The commands of the SUBCOMMANDS section of one help screen.
    static func commands(in help: String) throws -> [(name: String, abstract: String)] {
        var commands: [(name: String, abstract: String)] = []
        guard let section = help.range(of: "\nSUBCOMMANDS:\n") else { return [] }
        for line in help[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty { break }
            if line.hasPrefix("   "), !commands.isEmpty {
                commands[commands.count - 1].abstract += " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                let words = line.split(separator: " ", maxSplits: 1)
                commands.append((String(words[0]), words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""))
            }
        }
        return commands
    }

    /// The description column of `option` in a help screen, its wrapped lines joined with
    /// single spaces; nil when the help has no such option.
    static func description(of option: String, in help: String) -> String? {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let index = lines.firstIndex(where: { labelNames($0).contains(option) }) else { return nil }
        var text = lines[index].count > 26 ? String(lines[index].dropFirst(26)) : ""
        for line in lines[(index + 1)...] {
            guard line.hasPrefix(String(repeating: " ", count: 26)) else { break }
            text += (text.isEmpty ? "" : " ") + line.trimmingCharacters(in: .whitespaces)
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The long name of every OPTIONS row in a help screen, in order, and whether it takes a
    /// value (its label has a `<placeholder>`).
    static func options(in help: String) -> [(name: String, takesValue: Bool)] {
        guard let section = help.range(of: "\nOPTIONS:\n") else { return [] }
        return help[section.upperBound...].split(separator: "\n").compactMap { line in
            labelNames(String(line)).last.map { ($0, line.dropFirst(2).components(separatedBy: "  ")[0].contains("<")) }
        }
    }

    /// The names in an option row's label (`  -o, --output <file>   Write…` → `-o`, `--output`).
    private static func labelNames(_ line: String) -> [String] {
        guard line.hasPrefix("  -") else { return [] }
        let label = line.dropFirst(2).prefix(while: { $0 != "<" }).components(separatedBy: "  ")[0]
        return label.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init).filter { $0.hasPrefix("-") }
    }
}
