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
            .repeatable("--inject", valueName: "drift",
                        help: "Make JSON answers drift: null:POINTER, drop:POINTER, retype:POINTER, rename:POINTER=KEY or random:SEED "
                            + "(POINTER may use * for every element). Repeat for several."),
            .flag("--watch", help: "Reload the mappings when files under the mocks folder change; a broken file keeps the old ones."),
            .value("--max-body-size", valueName: "bytes", help: "Largest request body accepted; larger ones get 413.",
                   default: "16777216"),
            .value("--head-timeout", valueName: "seconds", help: "Time a client has to send a request head before it gets 408.",
                   default: "10"),
            .value("--journal-size", valueName: "count", help: "Requests kept for /__admin/requests; 0 turns the journal off.",
                   default: "10000"),
            .value("--workers", valueName: "count", help: "Event-loop threads (default: half the cores, 1 to 4)."),
            .flag("--global-response-templating",
                  help: "Render every stub's response as a template, not only those with \"transformers\": [\"response-template\"] (WireMock's flag)."),
            .repeatable("--allow-env", valueName: "name",
                        help: "Let templates read this environment variable with {{systemValue key='NAME'}}; others render as refused. Repeat for several."),
            .value("--proxy-all", valueName: "url",
                   help: "Forward every request no stub answers to this upstream (WireMock's flag); proxyBaseUrl stubs forward anyway."),
            .flag("--record-mappings",
                  help: "With --proxy-all, write what the upstream answers as mappings into the mocks folder, one per distinct request."),
            .flag("--allow-errors", help: "Also record answers with a status other than 2xx, or a body that says it is JSON and is not."),
            .flag("--force", help: "Let recordings replace mappings that exist."),
        ]
    )

    let mocksDirectory: String
    let options: MockServerOptions
    let watch: Bool
    /// `--proxy-all`: where requests no stub answers go.
    let proxyAll: ProxyTarget?
    /// `--global-response-templating`.
    let globalTemplating: Bool
    /// `--record-mappings`: what `--proxy-all` forwards is written as mappings.
    let recordMappings: Bool
    /// `--allow-errors` and `--force`, for recordings.
    let allowErrors: Bool
    let force: Bool

    init(parsed: ParsedArguments) throws(CLIError) {
        mocksDirectory = parsed.value("--mocks") ?? "Mocks"
        var options = MockServerOptions()
        options.port = UInt16(try parsed.integer("--port", in: 0...65_535) ?? 8080)
        options.host = parsed.value("--host") ?? "127.0.0.1"
        options.maxBodyBytes = try parsed.integer("--max-body-size", in: 0...(1 << 40)) ?? options.maxBodyBytes
        options.headTimeout = try parsed.number("--head-timeout", in: 0.01...86_400) ?? options.headTimeout
        options.journalCapacity = try parsed.integer("--journal-size", in: 0...10_000_000) ?? options.journalCapacity
        options.workers = try parsed.integer("--workers", in: 1...64)
        var base = mocksDirectory
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        options.bodyFiles = MockFolder.bodyFiles(of: base)
        options.mappingFiles = MockFolder.mappingFiles(of: base)
        for text in parsed.values("--inject") {
            do {
                options.injections.append(try DriftInjection.parse(text))
            } catch {
                throw .usage("--inject: \(error.description)")
            }
        }
        let environment = ProcessInfo.processInfo.environment
        var allowed: [String: String?] = [:]
        for name in parsed.values("--allow-env") { allowed[name] = environment[name] }
        options.templateEnvironment = TemplateEnvironment(allowed: allowed)
        globalTemplating = parsed.flag("--global-response-templating")
        options.globalResponseTemplating = globalTemplating
        self.options = options
        watch = parsed.flag("--watch")
        proxyAll = try parsed.value("--proxy-all").map { url throws(CLIError) in
            guard url.hasPrefix("http://") || url.hasPrefix("https://"), url.count > 8 else {
                throw .usage("--proxy-all: '\(url)' is not an http:// or https:// URL; give the upstream's base, such as http://localhost:9000")
            }
            return ProxyTarget(baseURL: url)
        }
        recordMappings = parsed.flag("--record-mappings")
        allowErrors = parsed.flag("--allow-errors")
        force = parsed.flag("--force")
        if recordMappings, proxyAll == nil {
            throw .usage("--record-mappings records what --proxy-all forwards; give --proxy-all URL too (or record through POST /__admin/recordings/start)")
        }
    }

    func run() throws -> Int32 {
        let mappings: MockMappings
        do {
            mappings = try MockMappings.load(directory: mocksDirectory, globalTemplating: globalTemplating)
        } catch {
            throw MockLoadFailure(error: error)
        }
        var options = self.options
        let client = try startUpstreamClient()
        let recorder: ServeRecorder
        do {
            recorder = try ServeRecorder(directory: mocksDirectory, upstream: proxyAll?.baseURL ?? "http://upstream", force: force, allowErrors: allowErrors)
        } catch {
            client.stop()
            throw error
        }
        let observer: (@Sendable (ForwardedExchange) -> Void)? = recordMappings ? { @Sendable exchange in recorder.record(exchange) } : nil
        options.forwarding = Forwarding(forwarder: client.forwarder, scope: .proxyStubs(unmatched: proxyAll), observer: observer)
        options.recorder = recorder
        let server = MockServer(mappings: mappings, options: options)
        // Signals are turned into a graceful stop: in-flight answers finish, then wait() returns.
        // They are caught before the server listens: a client may answer the first request
        // and send SIGTERM at once, which an ignored-but-not-yet-caught signal would lose.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let queue = DispatchQueue(label: "envelope.serve.signals")
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { server.stop() }
            source.resume()
            return source
        }
        do {
            try server.start()
        } catch {
            client.stop()
            sources.forEach { $0.cancel() }
            // Only a stop before the start makes a server "already started": a signal came first.
            if case .alreadyStarted = error {
                Terminal.writeStandardOutput("Stopped.\n")
                return 0
            }
            throw CommandFailure.transport("cannot start the mock server: \(error)")
        }
        defer { client.stop() }
        let count = mappings.stubs.count
        var banner = "Serving \(count) mapping\(count == 1 ? "" : "s") from \(mocksDirectory) at \(server.baseURL)\n"
        if let proxyAll {
            banner += "Forwarding what no stub answers to \(proxyAll.baseURL)\n"
            if recordMappings { banner += "Recording its answers into \(mocksDirectory)/mappings\n" }
        }
        if globalTemplating { banner += "Rendering every response as a template.\n" }
        if !options.injections.isEmpty {
            banner += "Injecting drift into JSON answers: \(options.injections.map(\.description).joined(separator: ", "))\n"
        }
        var watcher: MappingWatcher? = nil
        if watch {
            let directory = mocksDirectory
            watcher = MappingWatcher(directory: directory, globalTemplating: globalTemplating, onReload: { reloaded in
                server.replaceMappings(reloaded)
                let count = reloaded.stubs.count
                Terminal.writeStandardOutput("Reloaded \(count) mapping\(count == 1 ? "" : "s") from \(directory)\n")
            }, onError: { error in
                Terminal.writeStandardError(MockLoadFailure(error: error).placedMessage + "\nKept the mappings loaded before; fix the file to reload.\n")
            })
            watcher?.start()
            banner += "Watching \(directory) for changes.\n"
        }
        Terminal.writeStandardOutput(banner + "Press Ctrl-C to stop.\n")
        server.wait()
        watcher?.stop()
        recorder.finish()
        sources.forEach { $0.cancel() }
        Terminal.writeStandardOutput("Stopped.\n")
        return 0
    }
}
