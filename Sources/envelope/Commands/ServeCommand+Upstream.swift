import EnvelopeHTTP
import EnvelopeMock
import Foundation

/// The libcurl client behind `proxyBaseUrl` stubs and `--proxy-all`.
extension ServeCommand {
    /// A running client: its forwarder, and how to stop its thread.
    struct UpstreamClient {
        let forwarder: CurlForwarder
        let queue: HTTPRequestQueue
        let done: DispatchSemaphore

        /// Closes the queue and waits for the client's thread to end.
        func stop() {
            queue.close()
            done.wait()
        }
    }

    /// The client, started on its own thread. Always: a `proxyBaseUrl` stub may come later,
    /// through the admin API or `--watch`; it idles on its queue until one does.
    func startUpstreamClient() throws -> UpstreamClient {
        CurlLibrary.loadInBackground()
        guard let queue = HTTPRequestQueue() else { throw CommandFailure.transport("cannot start the upstream client: no pipe for it") }
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            HTTPMultiClient(maxConcurrent: 256).serve(queue)
            done.signal()
        }
        thread.name = "envelope-serve-curl"
        thread.start()
        // WireMock's proxy has no timeouts of its own worth copying; a minute of silence ends a stuck upstream's request.
        let forwarder = CurlForwarder(upstream: proxyAll?.baseURL ?? "", extraHeaders: [], queue: queue, timeout: 60, connectTimeout: 10,
                                      verifyTLS: true, caCertificateFile: nil)
        return UpstreamClient(forwarder: forwarder, queue: queue, done: done)
    }
}
