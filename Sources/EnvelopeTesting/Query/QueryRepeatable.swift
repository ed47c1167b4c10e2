import EnvelopeCore
import Foundation

/// Collections that take a parameter's repeated values (`?id=1&id=2`).
protocol QueryRepeatable {}
