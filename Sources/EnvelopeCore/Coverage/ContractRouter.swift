/// Finds the contract a request is an instance of, for a proxy that sees requests it did not
/// plan: by method, path (`{name}` and `${VAR}` segments take any one segment) and the query
/// parameters the contract names. When several fit, the most specific wins (more equal
/// segments and values), then the first in contract order.
public struct ContractRouter: Sendable {
    /// Each contract's route, by the contract's position.
    public let routes: [ContractRoute]

    /// A router over `contracts`, in their order.
    public init(contracts: [Contract]) {
        routes = contracts.map { ContractRoute($0.request) }
    }

    /// The position of the contract for a request with `method`, `path` (decoded, `/a/b`) and
    /// decoded `query`, or nil when none describes it.
    public func match(method: String, path: String, query: [(name: String, value: String)]) -> Int? {
        let segments = PathShape.segments(of: path)
        var best: (index: Int, specificity: Int)?
        for (index, route) in routes.enumerated() where route.matches(method: method, path: segments, query: query) {
            if best == nil || route.specificity > best?.specificity ?? 0 { best = (index, route.specificity) }
        }
        return best?.index
    }
}
