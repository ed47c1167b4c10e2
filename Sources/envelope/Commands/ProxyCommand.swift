import Dispatch
import EnvelopeCore
import EnvelopeHTTP
import EnvelopeMock
import Foundation

/// `envelope proxy`: a validating reverse proxy between an app and its upstream. Every answer
/// goes back to the app unchanged and is validated against its contract afterwards; at the
/// end the report says which contracts the app exercised, which never, and which requests no
/// contract covers.
struct ProxyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proxy",
        abstract: "A validating reverse proxy: answers pass through unchanged, drift and coverage are reported.",
        discussion: """
            Point the app at the proxy (http://127.0.0.1:8080 by default): every request is \
            forwarded to --upstream through libcurl (connections reused, TLS verified, Host \
            rewritten, X-Forwarded-For/-Proto/-Host added) and the answer goes back unchanged, \
            compressed or not. Each answer is then validated against the contract whose request \
            it matches (method, path with {name} segments, query), and a line per request goes \
            to standard error, with the whole drift the first time a contract drifts. Ctrl-C, \
            SIGTERM, --requests N or --duration S ends the run with the report (--format, \
            --output): the results and the coverage. An upstream that refuses, hangs, resets or \
            sends garbage gives the app a 502 and the report a transport-error. The machine's \
            proxy settings are never changed. Exit codes as check: 0 nothing at or above \
            --fail-on; 1 drift at or above it; 2 usage or input error; 3 a request had no answer.
            """,
        usage: "envelope proxy --upstream <url> [--port <port>] [--host <address>] [<options>]",
        options: [
            .value("--upstream", short: "-u", valueName: "url", help: "Forward every request to this server (default: the environment's base URL)."),
            .value("--port", short: "-p", valueName: "port", help: "Port to listen on; 0 picks a free one.", default: "8080"),
            .value("--host", valueName: "address", help: "Address to listen on; 0.0.0.0 lets a phone on the network in (with a warning).",
                   default: "127.0.0.1"),
            .value("--env", short: "-e", valueName: "name", help: "Take the upstream, headers and contracts of this environment of the project file."),
            .value("--config", valueName: "file", help: "The project file with the environments.", default: "envelope.json"),
            .value("--contracts", valueName: "dir", help: "Folder of contract files.", default: "Contracts"),
            .value("--record", valueName: "dir", help: "Write what passes through as mocks into this folder (record's rules)."),
            .flag("--force", help: "With --record: overwrite mocks that exist."),
            .value("--fallback-to-mocks", valueName: "dir", help: "When the upstream cannot answer (or says 404/501), answer from these mocks."),
        ] + ReportOutput.optionSpecs() + [
            .value("--requests", valueName: "n", help: "Stop after this many requests have been answered."),
            .value("--duration", valueName: "seconds", help: "Stop after this long."),
            .value("--timeout", valueName: "seconds", help: "Give the app a 502 when the upstream has sent nothing for this long.", default: "30"),
            .value("--connect-timeout", valueName: "seconds", help: "Give up connecting to the upstream after this long.", default: "10"),
            .value("--cacert", valueName: "file", help: "Trust the CA certificates in this PEM file for the upstream."),
            .flag("--insecure", short: "-k", help: "Do not verify the upstream's TLS certificate (test servers only; prints a warning)."),
        ] + SchemaOptions.specs
    )

    let upstream: String?
    let port: UInt16
    let host: String
    let environmentName: String?
    let configPath: String
    let contractsDirectory: String
    let recordDirectory: String?
    let force: Bool
    let fallbackDirectory: String?
    let output: ReportOutput
    let failOn: FailLevel
    let requestLimit: Int?
    let duration: Double?
    let timeout: Double
    let connectTimeout: Double
    let caCertificateFile: String?
    let insecure: Bool
    let schemaOptions: SchemaOptions

    init(parsed: ParsedArguments) throws(CLIError) {
        upstream = parsed.value("--upstream")
        if let upstream, !(upstream.hasPrefix("http://") || upstream.hasPrefix("https://")) {
            throw .invalidValue(option: "--upstream", value: upstream, expected: "an http:// or https:// URL", suggestion: nil)
        }
        environmentName = parsed.value("--env")
        if upstream == nil, environmentName == nil {
            throw .usage("proxy needs a server to forward to: --upstream URL (or --env NAME from envelope.json).")
        }
        port = UInt16(try parsed.integer("--port", in: 0...65_535) ?? 8080)
        host = parsed.value("--host") ?? "127.0.0.1"
        configPath = parsed.value("--config") ?? "envelope.json"
        contractsDirectory = parsed.value("--contracts") ?? "Contracts"
        recordDirectory = parsed.value("--record")
        force = parsed.flag("--force")
        if force, recordDirectory == nil { throw .usage("--force replaces recorded mocks; it goes with --record DIR.") }
        fallbackDirectory = parsed.value("--fallback-to-mocks")
        output = ReportOutput(parsed: parsed)
        failOn = FailLevel(rawValue: parsed.value("--fail-on") ?? "breaking") ?? .breaking
        requestLimit = try parsed.integer("--requests", in: 1...Int(Int32.max))
        duration = try parsed.number("--duration", in: 0.001...31_536_000)
        timeout = try parsed.number("--timeout", in: 0.001...86_400) ?? 30
        connectTimeout = try parsed.number("--connect-timeout", in: 0.001...86_400) ?? 10
        caCertificateFile = parsed.value("--cacert")
        insecure = parsed.flag("--insecure")
        schemaOptions = try SchemaOptions(parsed: parsed)
    }

    func run() throws -> Int32 {
        CurlLibrary.loadInBackground()
        let plan = try prepare()
        guard let queue = HTTPRequestQueue() else { throw CommandFailure.transport("cannot start the proxy: no pipe for its HTTP client") }
        let recorder = try recordDirectory.map { directory throws(CLIError) in
            try ProxyRecorder(directory: directory, force: force, upstream: plan.upstream, upstreamDisplay: plan.upstreamDisplay)
        }
        let stop = DispatchSemaphore(value: 0)
        let setup = ProxySession.Setup(contracts: plan.contracts, upstreamDisplay: plan.upstreamDisplay, policy: schemaOptions.policy,
                                       failOn: failOn, secrets: plan.secrets, useColor: Terminal.wantsColor(fileDescriptor: STDERR_FILENO),
                                       requestLimit: requestLimit)
        let session = ProxySession(setup: setup, recorder: recorder) { stop.signal() }

        // libcurl runs on a thread of its own, serving every event loop's requests.
        let clientDone = DispatchSemaphore(value: 0)
        let client = Thread {
            HTTPMultiClient(maxConcurrent: 256).serve(queue)
            clientDone.signal()
        }
        client.name = "envelope-proxy-curl"
        client.start()

        var options = MockServerOptions(host: host, port: port, journalCapacity: 0, adminEnabled: false)
        // Answers in flight get their upstream's time to finish, but a Ctrl-C waits 10 s at most.
        options.drainTimeout = min(timeout + 1, 10)
        let forwarder = CurlForwarder(upstream: plan.upstream, extraHeaders: plan.headers, queue: queue, timeout: timeout,
                                      connectTimeout: connectTimeout, verifyTLS: !insecure, caCertificateFile: caCertificateFile)
        options.forwarding = Forwarding(forwarder: forwarder, fallsBackToStubs: plan.fallback != nil) { session.observe($0) }
        let server = MockServer(mappings: plan.fallback ?? MockMappings(stubs: []), options: options)
        do {
            try server.start()
        } catch {
            queue.close()
            clientDone.wait()
            throw CommandFailure.transport("cannot start the proxy: \(error)")
        }
        let sources = stopSignals { stop.signal() }
        if let duration { DispatchQueue.global().asyncAfter(deadline: .now() + duration) { stop.signal() } }
        Terminal.writeStandardError(banner(plan: plan, url: server.baseURL))

        stop.wait()
        server.stop()
        queue.close()
        clientDone.wait()
        sources.forEach { $0.cancel() }
        let report = session.report()
        recorder?.finish()
        var shown = report
        shown.contractsDirectory = contractsDirectory
        try output.write(shown)
        return report.exitCode
    }

    /// SIGINT and SIGTERM end the run (with the report) instead of the process.
    private func stopSignals(_ stop: @escaping @Sendable () -> Void) -> [any DispatchSourceSignal] {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let queue = DispatchQueue(label: "envelope.proxy.signals")
        return [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { stop() }
            source.resume()
            return source
        }
    }

    /// What is printed first on standard error: where to point the app (tests read the URL
    /// from the first line), and warnings.
    private func banner(plan: Plan, url: String) -> String {
        let count = plan.contracts.count
        var text = "Proxying \(url) to \(plan.upstreamDisplay) (\(count) contract\(count == 1 ? "" : "s") from \(contractsDirectory))\n"
        if host == "0.0.0.0" || host == "::" || host == "[::]" {
            text += "warning: --host \(host): the proxy accepts connections from the whole network, and forwards them to \(plan.upstreamDisplay) with the headers of this machine's environment. Use it on a network you trust, for a phone that shares it.\n"
        }
        if insecure {
            text += "warning: --insecure: the upstream's TLS certificate is not verified, so anyone on the network path could read or change these answers. Use --cacert FILE to trust a test server's certificate instead.\n"
        }
        if let fallbackDirectory { text += "When the upstream cannot answer, the mocks in \(fallbackDirectory) do.\n" }
        if let recordDirectory { text += "Recording answers as mocks into \(recordDirectory).\n" }
        return text + "Press Ctrl-C to stop and print the report.\n"
    }
}
