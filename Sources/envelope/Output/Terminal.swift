import EnvelopeCore
import Foundation

/// Facts about the terminal and unbuffered writes.
enum Terminal {
    /// Colour only on a terminal, and never with `NO_COLOR` set to anything non-empty
    /// (no-color.org).
    static func wantsColor(fileDescriptor: Int32) -> Bool {
        if let noColor = ProcessInfo.processInfo.environment["NO_COLOR"], !noColor.isEmpty { return false }
        if ProcessInfo.processInfo.environment["TERM"] == "dumb" { return false }
        return isatty(fileDescriptor) == 1
    }

    /// Writes to standard output at once.
    static func writeStandardOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes to standard error at once.
    static func writeStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
