import Foundation

/// WireMock's `delayDistribution`: a random delay in milliseconds, drawn for every answer.
public enum DelayDistribution: Sendable, Hashable {
    /// `{"type": "uniform", "lower": L, "upper": U}`: every whole millisecond in L...U equally likely.
    case uniform(lower: Int, upper: Int)
    /// `{"type": "lognormal", "median": M, "sigma": S}`: M·e^(S·Z) for a standard normal Z, cut
    /// at `maxValue` when given (and always at ten minutes).
    case lognormal(median: Double, sigma: Double, maxValue: Double?)

    /// The longest delay any distribution may produce (ten minutes), as for the fixed delay.
    public static let ceiling = 600_000

    /// One delay in milliseconds.
    public func sample<G: RandomNumberGenerator>(using generator: inout G) -> Int {
        switch self {
        case .uniform(let lower, let upper):
            return Int.random(in: lower...upper, using: &generator)
        case .lognormal(let median, let sigma, let maxValue):
            // Box–Muller: two uniforms in (0, 1] give one standard normal.
            let u1 = Double.random(in: Double.ulpOfOne...1, using: &generator)
            let u2 = Double.random(in: 0...1, using: &generator)
            let z = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
            var value = median * exp(sigma * z)
            if let maxValue { value = min(value, maxValue) }
            return Int(min(Double(Self.ceiling), max(0, value.rounded())))
        }
    }
}
