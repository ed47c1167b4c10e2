import Foundation
import Testing

@Suite("Colour in the text report")
struct ColorTests {
    /// Runs `envelope check` on a pseudo-terminal through util-linux's `script`, which is what
    /// a person at a terminal sees.
    func runOnTerminal(noColor: String?) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "\(Envelope.binary.path) check --only hanyang-menu", "/dev/null"]
        process.currentDirectoryURL = packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = noColor
        environment["TERM"] = "xterm"
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    @Test("on a terminal the report is coloured")
    func coloredOnTerminal() throws {
        let text = try runOnTerminal(noColor: nil)
        #expect(text.contains("\u{1B}[31m✗\u{1B}[0m /result/list/*/MENU_ID2"))
    }

    @Test("NO_COLOR turns colour off even on a terminal")
    func noColorOnTerminal() throws {
        let text = try runOnTerminal(noColor: "1")
        #expect(text.contains("✗ /result/list/*/MENU_ID2"))
        #expect(!text.contains("\u{1B}["))
    }

    @Test("through a pipe there is no colour, NO_COLOR or not")
    func noColorThroughPipe() throws {
        let result = try Envelope.run(["check", "--only", "hanyang-menu"], environment: ["NO_COLOR": ""])
        #expect(result.exitCode == 1)
        #expect(!result.standardOutput.contains("\u{1B}["))
    }
}
