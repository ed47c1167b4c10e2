/// Renders a command's help screen: OVERVIEW, USAGE, ARGUMENTS, OPTIONS and SUBCOMMANDS,
/// wrapped to a fixed width with the descriptions in one aligned column.
enum HelpFormatter {
    /// The width help is wrapped to; 80 suits every terminal and reads well in CI logs.
    static let width = 80
    /// Where descriptions start: two spaces of indent plus a 24-column label, as in
    /// swift-argument-parser, so our help looks like other Swift tools'.
    private static let descriptionColumn = 26

    /// The full help screen for `command`, reached through `path` (for example
    /// `["envelope", "check"]`), ending in a newline.
    static func help(for command: any ParsableCommand.Type, path: [String]) -> String {
        let configuration = command.configuration
        var sections: [String] = []
        sections.append(wrap(words(configuration.abstract), firstPrefix: "OVERVIEW: ", restPrefix: ""))
        if !configuration.discussion.isEmpty {
            sections.append(discussion(configuration.discussion))
        }
        sections.append(usage(for: command, path: path))
        if !configuration.arguments.isEmpty {
            let rows = configuration.arguments.map { ("<\($0.name)>", $0.help) }
            sections.append("ARGUMENTS:\n" + table(rows))
        }
        let options = configuration.options + [OptionSpec.helpOption]
        sections.append("OPTIONS:\n" + table(options.map { (label(for: $0), description(for: $0)) }))
        if !configuration.subcommands.isEmpty {
            let rows = configuration.subcommands.map {
                ($0.configuration.commandName, $0.configuration.abstract)
            }
            let pathText = path.joined(separator: " ")
            sections.append(
                "SUBCOMMANDS:\n" + table(rows)
                    + "\n\n  See '\(pathText) help <subcommand>' for detailed help.")
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The USAGE line: the configured override, or the path followed by every option and
    /// argument, wrapped between items so that `[--format <format>]` never splits.
    static func usage(for command: any ParsableCommand.Type, path: [String]) -> String {
        let configuration = command.configuration
        let prefix = "USAGE: "
        if let custom = configuration.usage { return prefix + custom }
        var items = [path.joined(separator: " ")]
        for option in configuration.options {
            switch option.kind {
            case .flag: items.append("[\(option.name)]")
            case .value: items.append("[\(option.displayName)]")
            case .repeatable: items.append("[\(option.displayName) ...]")
            }
        }
        items += configuration.arguments.map(\.usage)
        if !configuration.subcommands.isEmpty { items.append("<subcommand>") }
        return wrap(items, firstPrefix: prefix, restPrefix: String(repeating: " ", count: prefix.count))
    }

    /// The left column for an option: `-o, --output <file>` or `--format <format>`.
    private static func label(for option: OptionSpec) -> String {
        if let short = option.shortName { return "\(short), \(option.displayName)" }
        return option.displayName
    }

    /// The option's help text with its default appended, as people look for it there.
    private static func description(for option: OptionSpec) -> String {
        guard let defaultValue = option.defaultValue else { return option.help }
        return "\(option.help) (default: \(defaultValue))"
    }

    /// Two-column rows; a label too wide for its column puts the description on the next line.
    private static func table(_ rows: [(label: String, text: String)]) -> String {
        let indent = "  "
        let column = String(repeating: " ", count: descriptionColumn)
        var lines: [String] = []
        for row in rows {
            let head = indent + row.label
            if head.count + 2 <= descriptionColumn {
                let padded = head + String(repeating: " ", count: descriptionColumn - head.count)
                lines.append(wrap(words(row.text), firstPrefix: padded, restPrefix: column))
            } else {
                lines.append(head)
                lines.append(wrap(words(row.text), firstPrefix: column, restPrefix: column))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The discussion: prose paragraphs wrapped, indented lines (examples) kept verbatim.
    private static func discussion(_ text: String) -> String {
        var output: [String] = []
        var paragraph: [String] = []
        func flush() {
            if !paragraph.isEmpty { output.append(wrap(paragraph, firstPrefix: "", restPrefix: "")) }
            paragraph = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.first == " " {
                flush()
                output.append(String(line))
            } else if line.allSatisfy(\.isWhitespace) {
                flush()
                output.append("")
            } else {
                paragraph += words(String(line))
            }
        }
        flush()
        return output.joined(separator: "\n")
    }

    /// Splits prose into words on spaces and newlines.
    private static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }

    /// Joins `items` with single spaces into lines of at most ``width`` columns; an item wider
    /// than a line gets a line of its own rather than being broken.
    private static func wrap(_ items: [String], firstPrefix: String, restPrefix: String) -> String {
        var lines: [String] = []
        var line = firstPrefix
        var lineHasItem = false
        for item in items {
            if lineHasItem, line.count + 1 + item.count > width {
                lines.append(line)
                line = restPrefix
                lineHasItem = false
            }
            line += (lineHasItem ? " " : "") + item
            lineHasItem = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
