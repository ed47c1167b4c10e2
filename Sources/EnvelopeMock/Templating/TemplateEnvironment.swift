import Foundation

/// What templates may see of the machine: the environment variables `envelope serve
/// --allow-env NAME` lets through, and the host name.
public struct TemplateEnvironment: Sendable {
    /// The allowed variables and their values (a name without a value is allowed but unset).
    public var allowed: [String: String?]
    /// What `{{hostname}}` renders.
    public var hostname: String

    /// - Parameter allowed: the variables `systemValue` may read, each with its value.
    public init(allowed: [String: String?] = [:], hostname: String = ProcessInfo.processInfo.hostName) {
        self.allowed = allowed
        self.hostname = hostname
    }
}
