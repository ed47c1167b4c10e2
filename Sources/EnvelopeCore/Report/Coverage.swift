/// What a run of `envelope proxy` saw of the contracts: which ones the app's requests
/// exercised and how often, which it never reached, and the requests no contract covers,
/// grouped by method and path shape. Part of ``Report`` (``Report/coverage``); every format
/// shows it, and docs/report-format.md documents its JSON.
public struct Coverage: Sendable, Equatable {
    /// A contract and how the requests of it went.
    public struct Exercised: Sendable, Equatable {
        /// The contract's name.
        public var contract: String
        /// The contract file, relative to the contracts folder.
        public var file: String
        /// The method.
        public var method: String
        /// The contract's path shape, `/v1/menus/{id}`.
        public var path: String
        /// Requests that matched it.
        public var requests: Int
        /// Answers with findings (any severity).
        public var drifted: Int
        /// Requests a mock answered because the upstream could not (`--fallback-to-mocks`).
        public var fallbacks: Int
        /// Requests the upstream did not answer (the app got a 502).
        public var transportErrors: Int

        /// Creates an entry.
        public init(contract: String, file: String, method: String, path: String, requests: Int, drifted: Int = 0, fallbacks: Int = 0,
                    transportErrors: Int = 0) {
            self.contract = contract
            self.file = file
            self.method = method
            self.path = path
            self.requests = requests
            self.drifted = drifted
            self.fallbacks = fallbacks
            self.transportErrors = transportErrors
        }
    }

    /// A contract no request reached.
    public struct Unexercised: Sendable, Equatable {
        /// The contract's name.
        public var contract: String
        /// The contract file, relative to the contracts folder.
        public var file: String
        /// The method.
        public var method: String
        /// The contract's path shape.
        public var path: String

        /// Creates an entry.
        public init(contract: String, file: String, method: String, path: String) {
            self.contract = contract
            self.file = file
            self.method = method
            self.path = path
        }
    }

    /// Requests no contract covers, of one method and path shape.
    public struct Uncovered: Sendable, Equatable {
        /// The method.
        public var method: String
        /// The path shape: segments that look like identifiers read `{id}`.
        public var path: String
        /// How many requests.
        public var requests: Int
        /// The statuses the app got, with how many of each, by status.
        public var statuses: [Int: Int]
        /// Requests a mock answered because the upstream could not.
        public var fallbacks: Int

        /// Creates an entry.
        public init(method: String, path: String, requests: Int, statuses: [Int: Int] = [:], fallbacks: Int = 0) {
            self.method = method
            self.path = path
            self.requests = requests
            self.statuses = statuses
            self.fallbacks = fallbacks
        }
    }

    /// The contracts requests reached, in contract order.
    public var exercised: [Exercised]
    /// The contracts no request reached, in contract order.
    public var unexercised: [Unexercised]
    /// Requests no contract covers, by method and path shape, most requests first.
    public var uncovered: [Uncovered]

    /// Creates a coverage.
    public init(exercised: [Exercised] = [], unexercised: [Unexercised] = [], uncovered: [Uncovered] = []) {
        self.exercised = exercised
        self.unexercised = unexercised
        self.uncovered = uncovered
    }

    /// Every request seen.
    public var requests: Int { exercised.reduce(0) { $0 + $1.requests } + uncovered.reduce(0) { $0 + $1.requests } }
    /// Requests no contract covers.
    public var uncoveredRequests: Int { uncovered.reduce(0) { $0 + $1.requests } }
    /// Requests a mock answered instead of the upstream.
    public var fallbacks: Int { exercised.reduce(0) { $0 + $1.fallbacks } + uncovered.reduce(0) { $0 + $1.fallbacks } }

    /// `2 of 5 contracts exercised (14 requests), 3 never; 4 requests no contract covers`.
    public var headline: String {
        let total = exercised.count + unexercised.count
        var line = "\(exercised.count) of \(total) contract\(total == 1 ? "" : "s") exercised (\(requests - uncoveredRequests) request\(requests - uncoveredRequests == 1 ? "" : "s"))"
        line += ", \(unexercised.count) never"
        let uncovered = uncoveredRequests
        line += "; \(uncovered) request\(uncovered == 1 ? "" : "s") no contract covers"
        if fallbacks > 0 { line += "; \(fallbacks) answered by mocks" }
        return line
    }
}
