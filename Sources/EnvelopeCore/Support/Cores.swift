import Foundation

/// The cores this process may use, for work split across them (parsing halves, array
/// shares).
package enum Cores {
    /// How many, up to 8: asked once, since asking reads the system's files each time (it was
    /// half of validating a small answer).
    package static let available = min(ProcessInfo.processInfo.activeProcessorCount, 8)
}
