import Foundation
import Testing

/// Debian's nginx, started once for the test run on free loopback ports: plain HTTP and HTTPS
/// (HTTP/2, a certificate made with `openssl` at setup), gzip, a redirect chain, a busy
/// endpoint, a large file and an endpoint that echoes the request's secrets back.
///
/// nginx runs in the foreground under a small shell that kills it once the test process is
/// gone, however it ends (the shell checks its parent every second), so no nginx outlives the
/// tests. It is killed outright: without a master process nginx keeps SIGTERM blocked, so
/// the polite signal the first version sent was never taken, and every run left one behind.
/// The same shell then removes the server's temporary folder.
/// A missing nginx or openssl fails every test that needs them, loudly.
///
/// `@unchecked Sendable` is safe: every stored property is a `let` set in `init`.
final class NginxServer: @unchecked Sendable {
    /// Why the server could not be started.
    struct SetupError: Error, CustomStringConvertible {
        var description: String
    }

    /// The one server of this test run, or why there is none.
    static let shared: Result<NginxServer, SetupError> = Result(catching: { () throws(SetupError) -> NginxServer in try NginxServer() })

    /// The server for a test; throws (failing the test) when nginx could not be started.
    static func get() throws -> NginxServer {
        try shared.get()
    }

    /// `http://127.0.0.1:PORT`.
    let httpURL: String
    /// `https://127.0.0.1:PORT`.
    let httpsURL: String
    /// The self-signed certificate's PEM file, for `--cacert`.
    let certificate: String
    /// A folder of contracts for the endpoints above.
    let contracts: String
    /// The working folder.
    let directory: URL

    private init() throws(SetupError) {
        for (tool, package) in [("nginx", "nginx"), ("openssl", "openssl")] where Self.which(tool) == nil {
            throw SetupError(description: "\(tool) is not installed; these tests need it (apt-get install \(package), as .ci/run does)")
        }
        do {
            // Its own folder, not a test's: the server outlives the test that starts it. The
            // shell below removes it once nginx is gone.
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-nginx-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let httpPort = try closedLoopbackPort()
            var httpsPort = try closedLoopbackPort()
            while httpsPort == httpPort { httpsPort = try closedLoopbackPort() }
            httpURL = "http://127.0.0.1:\(httpPort)"
            httpsURL = "https://127.0.0.1:\(httpsPort)"
            certificate = directory.appendingPathComponent("cert.pem").path
            contracts = directory.appendingPathComponent("Contracts").path
            try Self.writeFiles(in: directory)
            try Self.run("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                                     "-keyout", directory.appendingPathComponent("key.pem").path, "-out", certificate,
                                     "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"])
            let config = Self.configuration(directory: directory.path, httpPort: httpPort, httpsPort: httpsPort)
            let configFile = directory.appendingPathComponent("nginx.conf")
            try config.write(to: configFile, atomically: true, encoding: .utf8)

            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            // $PPID is the test process: once it is gone, nginx goes too, and then its folder.
            shell.arguments = ["-c", "\"$3\" -p \"$1\" -c \"$2\" -e \"$1/error.log\" & pid=$!; "
                                   + "while kill -0 $PPID 2>/dev/null; do sleep 1; done; kill -KILL $pid; wait $pid; rm -rf \"$1\"", "sh",
                               directory.path, configFile.path, Self.which("nginx") ?? "nginx"]
            shell.standardInput = FileHandle.nullDevice
            shell.standardOutput = FileHandle.nullDevice
            shell.standardError = FileHandle.nullDevice
            try shell.run()
            // Wait (bounded) until both ports accept connections.
            for port in [httpPort, httpsPort] {
                var ready = false
                for _ in 0..<200 where !ready {
                    ready = Self.accepts(port: port)
                    if !ready { usleep(25_000) }
                }
                guard ready else {
                    let log = (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
                    throw SetupError(description: "nginx did not start listening on port \(port): \(log)")
                }
            }
        } catch let error as SetupError {
            throw error
        } catch {
            throw SetupError(description: "cannot set up nginx: \(error)")
        }
    }

    /// The nginx configuration: one server on both ports.
    private static func configuration(directory: String, httpPort: UInt16, httpsPort: UInt16) -> String {
        """
        daemon off;
        master_process off;
        worker_processes 1;
        pid \(directory)/nginx.pid;
        error_log \(directory)/error.log warn;
        events { worker_connections 256; }
        http {
            access_log off;
            client_body_temp_path \(directory)/tmp-body;
            proxy_temp_path \(directory)/tmp-proxy;
            fastcgi_temp_path \(directory)/tmp-fastcgi;
            uwsgi_temp_path \(directory)/tmp-uwsgi;
            scgi_temp_path \(directory)/tmp-scgi;
            types { application/json json; }
            default_type application/json;
            gzip on;
            gzip_types application/json;
            gzip_min_length 1;
            server {
                listen 127.0.0.1:\(httpPort);
                listen 127.0.0.1:\(httpsPort) ssl http2;
                ssl_certificate \(directory)/cert.pem;
                ssl_certificate_key \(directory)/key.pem;
                root \(directory)/html;
                location = /hop/1 { return 302 /hop/2; }
                location = /hop/2 { return 302 /hop/3; }
                location = /hop/3 { return 302 /v1/search/news.json?query=swift; }
                location = /busy { add_header Retry-After 0 always; return 503 '{"error": "busy"}'; }
                location = /headers { return 200 'added=$http_x_added secret=$http_x_secret uri=$request_uri\n'; }
                location = /echo {
                    add_header X-Echo "$http_x_api_key" always;
                    add_header Set-Cookie "session=$http_x_api_key" always;
                    return 200 '{\\n  "id": 1,\\n  "echo": "$http_x_api_key",\\n  "query": "$arg_key"\\n}\\n';
                }
            }
        }
        """
    }

    /// The answers nginx serves and the contracts that ask for them.
    private static func writeFiles(in directory: URL) throws {
        let manager = FileManager.default
        let html = directory.appendingPathComponent("html")
        try manager.createDirectory(at: html.appendingPathComponent("v1/search"), withIntermediateDirectories: true)
        let items = (0..<20).map { "    {\"title\": \"Swift \($0)\", \"link\": \"https://example.com/\($0)\"}" }.joined(separator: ",\n")
        try "{\n  \"total\": 20,\n  \"items\": [\n\(items)\n  ]\n}\n".write(to: html.appendingPathComponent("v1/search/news.json"), atomically: true, encoding: .utf8)
        let big = "[" + (0..<20_000).map { "{\"n\": \($0)}" }.joined(separator: ",") + "]"
        try big.write(to: html.appendingPathComponent("big.json"), atomically: true, encoding: .utf8)

        let contracts = directory.appendingPathComponent("Contracts")
        try manager.createDirectory(at: contracts, withIntermediateDirectories: true)
        let newsBody = #"{"type": "object", "required": ["total", "items"], "properties": {"total": {"type": "integer"}, "items": {"type": "array", "items": {"type": "object", "required": ["title"], "properties": {"title": {"type": "string"}, "link": {"type": "string"}}}}}}"#
        let files: [String: String] = [
            "news": #"{"contract": "news", "request": {"path": "/v1/search/news.json", "query": {"query": "swift"}}, "response": {"status": 200, "headers": {"Content-Encoding": "gzip", "Content-Type": {"pattern": "^application/json"}}, "body": \#(newsBody)}}"#,
            "redirected": #"{"contract": "redirected", "request": {"path": "/hop/1"}, "response": {"status": 200, "body": \#(newsBody)}}"#,
            "busy": #"{"contract": "busy", "request": {"path": "/busy"}, "response": {"status": 200}}"#,
            "big": #"{"contract": "big", "request": {"path": "/big.json"}, "response": {"status": 200, "body": {"type": "array"}}}"#,
            "echo": #"{"contract": "echo", "request": {"path": "/echo", "query": {"key": "${PLANTED_SECRET}"}, "headers": {"X-Api-Key": "${PLANTED_SECRET}"}}, "response": {"status": 200, "headers": {"X-Echo": "expected-other", "Set-Cookie": {"absent": true}}, "body": {"type": "object", "properties": {"id": {"type": "integer"}, "echo": {"type": "integer"}, "query": {"type": "integer"}}}}}"#,
        ]
        for (name, text) in files {
            try (text + "\n").write(to: contracts.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        }
    }

    /// Whether something accepts TCP connections on the loopback port.
    private static func accepts(port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// The path of `tool` on PATH (or in /usr/sbin, where Debian puts nginx), or nil.
    static func which(_ tool: String) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/sbin:/sbin"
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a tool to completion; throws with its output when it fails.
    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: which(tool) ?? tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SetupError(description: "\(tool) \(arguments.joined(separator: " ")) failed: \(text)")
        }
    }
}
