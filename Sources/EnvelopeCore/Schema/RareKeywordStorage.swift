/// The box that holds a node's ``RareKeywords``, shared by copies of the node until one of
/// them changes a keyword (copy on write).
// Safe to share across threads: `keywords` is only written by ``SchemaNode/changeRare(_:)``,
// which first makes the box unique to the node being changed (a new box when another value
// holds this one), so a box that more than one value, and so more than one thread, can
// reach is never written again.
final class RareKeywordStorage: @unchecked Sendable {
    var keywords: RareKeywords

    init(_ keywords: RareKeywords = RareKeywords()) {
        self.keywords = keywords
    }
}
