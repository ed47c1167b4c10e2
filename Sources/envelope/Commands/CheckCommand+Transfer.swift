import EnvelopeCore
import EnvelopeHTTP
import Foundation

/// The transfer options that `check` and `record` share, checked and announced the same way
/// by both.
extension CheckCommand {
    /// Exit 2 before any request when `--cacert` names no readable file: libcurl's own error
    /// for it would only say that the certificate could not be verified.
    func verifyCACertificateFile() throws(CommandFailure) {
        if let caCertificateFile, !FileManager.default.isReadableFile(atPath: caCertificateFile) {
            throw CommandFailure.badInput("--cacert: no readable file \(caCertificateFile) (expected a PEM file of CA certificates)")
        }
    }

    /// With `--insecure`, the warning on standard error that the answers could be anyone's.
    func warnIfInsecure() {
        guard insecure else { return }
        Terminal.writeStandardError("warning: --insecure: TLS certificates are not verified, so anyone on the network path could read or change these answers. Use --cacert FILE to trust a test server's certificate instead.\n")
    }

    /// `--retries` and `--retry-delay`.
    var retryPolicy: RetryPolicy { RetryPolicy(retries: retries, baseDelay: retryDelay) }
}
