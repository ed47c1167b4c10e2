import EnvelopeCore
import Foundation

/// The items written so far.
final class QueryEncodingSink {
    let keyStrategy: QueryKeyStrategy
    var items: [QueryItem] = []

    init(keyStrategy: QueryKeyStrategy) {
        self.keyStrategy = keyStrategy
    }
}
