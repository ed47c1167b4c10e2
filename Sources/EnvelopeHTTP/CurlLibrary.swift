import CCurl
import Dispatch

/// libcurl itself, which EnvelopeHTTP opens on first use rather than linking: a process that
/// never makes a request never loads it (nor the thirty-odd libraries it needs).
///
/// The environment variable `ENVELOPE_LIBCURL` names a library to use instead of the
/// system's `libcurl.so.4` (`libcurl.4.dylib` on macOS).
public enum CurlLibrary {
    /// Loads libcurl now, if no earlier call did; nil when it is ready, else why it could not
    /// be loaded. Safe from any thread: a command that will need the network calls it on
    /// another thread at its start, so the loading overlaps its other preparations.
    @discardableResult
    public static func load() -> String? {
        envelope_curl_load().map { String(cString: $0) }
    }

    /// Starts loading libcurl on another thread and returns at once: for a command that will
    /// need the network, so the loading overlaps its other preparations (a later ``load()``
    /// waits for it).
    public static func loadInBackground() {
        DispatchQueue.global(qos: .userInitiated).async { load() }
    }
}
