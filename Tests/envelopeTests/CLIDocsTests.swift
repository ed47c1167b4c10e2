import Foundation
import Testing

/// docs/cli.md's generated parts (the table of commands and one `--help` block per command)
/// against what the built binary prints; docs/generate-cli.sh writes them.
@Suite("docs/cli.md matches the binary's help")
struct CLIDocsTests {
    static let regenerate = "regenerate them with `make docs` (or docs/generate-cli.sh after `swift build`) and commit docs/cli.md"

    @Test("every command the top-level help lists, and every subcommand of those, has a help block in docs/cli.md, equal to its --help")
    func helpBlocksMatchTheBinary() throws {
        let page = try CLIPage.load()
        let commands = try HelpText.commands()
        try #require(!commands.isEmpty, "envelope --help lists no SUBCOMMANDS")
        let paths = [["envelope"]] + (try HelpText.commandPaths()).map { ["envelope"] + $0 }
        for words in paths {
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
