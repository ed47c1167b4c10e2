import Foundation

/// Runs a tool (found on PATH when not a path) and returns its exit status and combined output.
func runTool(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    if tool.contains("/") {
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
    } else {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
    }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
