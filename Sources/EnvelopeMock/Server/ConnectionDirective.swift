/// How the `Connection` header of an answer is written.
enum ConnectionDirective {
    /// HTTP/1.1 keep-alive: no header.
    case none
    /// `Connection: close`.
    case close
    /// HTTP/1.0 keep-alive: `Connection: keep-alive`.
    case keepAlive
}

