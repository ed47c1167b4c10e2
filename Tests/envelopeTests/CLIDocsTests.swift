import Foundation
import Testing

/// docs/cli.md's generated parts (the table of commands and one `--help` block per command)
/// against what the built binary prints; docs/generate-cli.sh writes them.
@Suite("docs/cli.md matches the binary's help")
struct CLIDocsTests {
    static let regenerate = "regenerate them with `make docs` (or docs/generate-cli.sh after `swift build`) and commit docs/cli.md"

    @Test("every command the top-level help lists has a help block in docs/cli.md, equal to its --help")
    func helpBlocksMatchTheBinary() throws {
        let page = try CLIPage.load()
        let commands = try HelpText.commands()
        try #require(!commands.isEmpty, "envelope --help lists no SUBCOMMANDS")
        for words in [["envelope"]] + commands.map { ["envelope", $0.name] } {
            let command = words.joined(separator: " ")
            let help = try Envelope.run(Array(words.dropFirst()) + ["--help"])
            try #require(help.exitCode == 0, "\(command) --help exited \(help.exitCode): \(help.standardError)")
            let expected = "```\n$ \(command) --help\n\(help.standardOutput)```\n"
            guard let block = page.generated("\(command) --help") else {
                Issue.record("docs/cli.md has no block for '\(command) --help'; \(Self.regenerate)")
                continue
            }
            // A plain Bool, so a failure prints the message and the first difference rather
            // than both blocks whole.
            let matches = block == expected
            #expect(matches, "docs/cli.md's '\(command) --help' block differs from the binary's \(firstDifference(block, expected)); \(Self.regenerate)")
        }
    }

    @Test("docs/cli.md's table of commands lists every command with its abstract, in the binary's order")
    func commandTableMatchesTheBinary() throws {
        let page = try CLIPage.load()
        let rows = try HelpText.commands().map { "| [`envelope \($0.name)`](#envelope-\($0.name)) | \($0.abstract) |\n" }
        let expected = "| command | what it does |\n|---------|--------------|\n" + rows.joined()
        let table = try #require(page.generated("commands"), "docs/cli.md has no table of commands; \(Self.regenerate)")
        let matches = table == expected
        #expect(matches, "docs/cli.md's table of commands differs from the binary's \(firstDifference(table, expected)); \(Self.regenerate)")
    }

    @Test("docs/cli.md says at the top how to regenerate its help blocks")
    func pageSaysHowToRegenerate() throws {
        let page = try CLIPage.load()
        let head = page.text.prefix(600)
        #expect(head.contains("make docs") && head.contains("docs/generate-cli.sh"))
    }

    @Test("the generator rewrites a stale block and adds the blocks a page lacks", .temporaryFolders)
    func generatorRewritesStaleBlocks() throws {
        // A copy of the generator and of docs/cli.md with the check block out of date, the
        // codegen block gone (its heading kept) and the serve section gone altogether.
        let docs = try temporaryDirectory().appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        let script = docs.appendingPathComponent("generate-cli.sh")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("docs/generate-cli.sh"), to: script)
        let original = try CLIPage.load()
        var stale = original.text
        try CLIPage.replaceBlock("envelope check --help", in: &stale, with: "```\n$ envelope check --help\nOVERVIEW: out of date\n```\n")
        try CLIPage.removeBlock("envelope codegen --help", from: &stale)
        try CLIPage.removeBlock("envelope serve --help", from: &stale)
        stale = stale.replacingOccurrences(of: "## `envelope serve`\n", with: "## Serving the mocks\n")
        try stale.write(to: docs.appendingPathComponent("cli.md"), atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [script.path, Envelope.binary.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message)")
        #expect(message == """
            docs/cli.md: added a section for 'envelope serve'; describe the command there
            docs/cli.md: added the help block of 'envelope codegen' under its heading

            """)

        let page = CLIPage(text: try String(contentsOf: docs.appendingPathComponent("cli.md"), encoding: .utf8))
        for command in ["envelope check --help", "envelope codegen --help", "envelope serve --help"] {
            let block = try #require(page.generated(command), "no block for \(command)")
            #expect(block == original.generated(command), "\(command): \(firstDifference(block, original.generated(command) ?? ""))")
        }
        let marker = "<!-- generated by docs/generate-cli.sh: "
        #expect(page.text.contains("## `envelope codegen`\n\n\(marker)envelope codegen --help -->\n```\n"))
        let serve = try #require(page.text.range(of: "## `envelope serve`\n\n\(marker)envelope serve --help -->\n```\n"))
        let reports = try #require(page.text.range(of: "\n## Reports\n"))
        #expect(serve.upperBound < reports.lowerBound)
    }
}

/// docs/cli.md, with its generated parts found by their marker comments.
struct CLIPage {
    var text: String

    static func load() throws -> CLIPage {
        CLIPage(text: try String(contentsOf: packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8))
    }

    /// Replaces what lies between the markers of `what` (they stay).
    static func replaceBlock(_ what: String, in text: inout String, with replacement: String) throws {
        let start = try #require(text.range(of: "<!-- generated by docs/generate-cli.sh: \(what) -->\n"))
        let end = try #require(text.range(of: "<!-- end of generated ", range: start.upperBound..<text.endIndex))
        text.replaceSubrange(start.upperBound..<end.lowerBound, with: replacement)
    }

    /// Removes the markers of `what` and what lies between them.
    static func removeBlock(_ what: String, from text: inout String) throws {
        let start = try #require(text.range(of: "<!-- generated by docs/generate-cli.sh: \(what) -->\n"))
        let end = try #require(text.range(of: "<!-- end of generated help -->\n", range: start.upperBound..<text.endIndex))
        text.removeSubrange(start.lowerBound..<end.upperBound)
    }

    /// What lies between `<!-- generated by docs/generate-cli.sh: WHAT -->` and the next
    /// `<!-- end of generated … -->` line, or nil when there is no such marker.
    func generated(_ what: String) -> String? {
        guard let start = text.range(of: "<!-- generated by docs/generate-cli.sh: \(what) -->\n"),
              let end = text.range(of: "<!-- end of generated ", range: start.upperBound..<text.endIndex) else { return nil }
        return String(text[start.upperBound..<end.lowerBound])
    }
}

/// The built binary's top-level help, read the way docs/generate-cli.sh reads it.
enum HelpText {
    /// The commands of the SUBCOMMANDS section, in order, each with its abstract unwrapped.
    static func commands() throws -> [(name: String, abstract: String)] {
        let help = try Envelope.run(["--help"]).standardOutput
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

/// Where two texts first differ, by line, for a failure message.
func firstDifference(_ found: String, _ expected: String) -> String {
    let a = found.split(separator: "\n", omittingEmptySubsequences: false)
    let b = expected.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(a.count, b.count) {
        let left = index < a.count ? String(a[index]) : "(end)"
        let right = index < b.count ? String(b[index]) : "(end)"
        if left != right { return "at line \(index + 1) of the block: the page has \(left.debugDescription), the binary \(right.debugDescription)" }
    }
    return "(no line differs)"
}
