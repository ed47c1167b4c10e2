/// WireMock's global settings (`/__admin/settings`): a delay added to every stub's answer.
struct GlobalSettings: Sendable, Equatable {
    /// Milliseconds added to every answer's own delay (`fixedDelay`).
    var fixedDelay = 0
    /// A random delay drawn for every answer and added too (`delayDistribution`).
    var delayDistribution: DelayDistribution?
}
