import Foundation
import Testing

/// What the help screens promise, held against what the binary does.
@Suite("help text", .temporaryFolders)
struct HelpTextTests {
    @Test("envelope --help's Start here commands, run as printed, make a first contract that check passes")
    func startHereMakesAFirstContract() throws {
        let help = try Envelope.run(["--help"]).standardOutput
        let steps = HelpTextTests.startHereCommands(in: help)
        try #require(steps.map { $0.first ?? "" } == ["record", "infer", "check"], "Start here commands: \(steps)")

        // The live endpoint the steps name (https://example.com) is a local server here.
        let live = try temporaryDirectory()
        try FileManager.default.createDirectory(at: live.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try #"""
            { "request": { "method": "GET", "urlPath": "/v1/users" },
              "response": { "status": 200, "headers": { "Content-Type": "application/json" },
                            "jsonBody": { "users": [ { "id": 1, "name": "Ada", "email": null }, { "id": 2, "name": "Alan", "email": "alan@example.com" } ] } } }
            """#.write(to: live.appendingPathComponent("mappings/users.json"), atomically: true, encoding: .utf8)
        let server = try ServeProcess(["--mocks", live.path])
        defer { _ = server.stop() }

        let project = try temporaryDirectory()
        for step in steps {
            let arguments = step.map { $0.replacingOccurrences(of: "https://example.com", with: server.url) }
            let result = try Envelope.run(arguments, in: project)
            #expect(result.exitCode == 0, "envelope \(arguments.joined(separator: " ")) exited \(result.exitCode): \(result.standardOutput)\(result.standardError)")
        }
        for file in ["Mocks/mappings/users.json", "Mocks/__files/users.json", "Contracts/users.json"] {
            #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent(file).path), "\(file) is missing")
        }
        // The help's next sentence: with --base-url the live answer is checked too.
        let live2 = try Envelope.run(["check", "--base-url", server.url], in: project)
        #expect(live2.exitCode == 0, "\(live2.standardOutput)\(live2.standardError)")
        let prose = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(prose.contains("or the live one with --base-url https://example.com."))
    }

    @Test("every option with a fixed set of values names each of them in its help")
    func enumeratedOptionsNameTheirValues() throws {
        let commands = try HelpText.commands().map(\.name)
        try #require(!commands.isEmpty)
        var checked = 0
        // An empty folder: an option that takes the value runs its command, which finds no
        // contracts or mocks there and stops, writing nothing into the package.
        let empty = try temporaryDirectory()
        for command in commands {
            let help = try Envelope.run([command, "--help"]).standardOutput
            for (option, takesValue) in HelpText.options(in: help) where takesValue {
                // A value no option accepts: an enumerated option answers with its list.
                let result = try Envelope.run([command, option, "no-such-value"], in: empty)
                let prefix = "error: \(option) expects one of "
                guard result.standardError.hasPrefix(prefix), let end = result.standardError.range(of: ", got '") else { continue }
                let values = result.standardError[result.standardError.index(result.standardError.startIndex, offsetBy: prefix.count)..<end.lowerBound]
                    .components(separatedBy: ", ")
                let description = try #require(HelpText.description(of: option, in: help))
                let words = Set(description.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "-" }).map(String.init))
                for value in values {
                    #expect(words.contains(value), "envelope \(command) --help: \(option) accepts '\(value)' but its help does not say so: \(description.debugDescription)")
                }
                checked += 1
            }
        }
        // At least --format, --fail-on and --access were found, so the probe itself works.
        #expect(checked >= 3)
    }

    /// The `envelope …` lines under "Start here" in a help screen, each split into words as a
    /// shell would (single quotes, a trailing backslash continuing the line), without `envelope`.
    static func startHereCommands(in help: String) -> [[String]] {
        var lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Start here") }) else { return [] }
        lines = Array(lines[(start + 1)...].prefix(while: { $0.hasPrefix(" ") }))
        var commands: [String] = []
        var continuing = false
        for line in lines {
            let text = line.trimmingCharacters(in: .whitespaces)
            let joined = text.hasSuffix("\\") ? String(text.dropLast()).trimmingCharacters(in: .whitespaces) : text
            if continuing { commands[commands.count - 1] += " " + joined } else { commands.append(joined) }
            continuing = text.hasSuffix("\\")
        }
        return commands.filter { $0.hasPrefix("envelope ") || $0 == "envelope" }.map { Array(shellWords($0).dropFirst()) }
    }

    /// Splits a command line into words: spaces separate them, single quotes group them.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var inWord = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                inWord = true
            } else if character == " ", !quoted {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
