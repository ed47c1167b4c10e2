import Dispatch
import EnvelopeMock
import Foundation

/// `envelope serve`: run the mock server until Ctrl-C.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the mocks over HTTP on 127.0.0.1 until stopped (Ctrl-C).",
        options: [
            .value("--mocks", valueName: "dir", help: "Folder of mocks (mappings/ and __files/).", default: "Mocks"),
            .value("--port", short: "-p", valueName: "port", help: "Port to listen on; 0 picks a free one.", default: "8080"),
            .value("--host", valueName: "address", help: "Address to listen on.", default: "127.0.0.1"),
        ]
    )

    let mocksDirectory: String
    let port: UInt16
    let host: String

    init(parsed: ParsedArguments) throws(CLIError) {
        mocksDirectory = parsed.value("--mocks") ?? "Mocks"
        port = UInt16(try parsed.integer("--port", in: 0...65_535) ?? 8080)
        host = parsed.value("--host") ?? "127.0.0.1"
    }

    func run() throws -> Int32 {
        let mappings: MockMappings
        do {
            mappings = try MockMappings.load(directory: mocksDirectory)
        } catch {
            throw CommandFailure.badInput("\(error)")
        }
        let server = MockServer(mappings: mappings, host: host, port: port)
        do {
            try server.start()
        } catch {
            throw CommandFailure.transport("cannot start the mock server: \(error)")
        }
        // Signals are turned into a graceful stop: in-flight answers finish, then wait() returns.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let queue = DispatchQueue(label: "envelope.serve.signals")
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { server.stop() }
            source.resume()
            return source
        }
        Terminal.writeStandardOutput("Serving \(mappings.stubs.count) mapping\(mappings.stubs.count == 1 ? "" : "s") from \(mocksDirectory) at \(server.baseURL)\nPress Ctrl-C to stop.\n")
        server.wait()
        sources.forEach { $0.cancel() }
        Terminal.writeStandardOutput("Stopped.\n")
        return 0
    }
}
