/// `1 item`, `2 items`: a count with its noun in the right number, for messages where the
/// count may be one (`minItems: 1` is the most common limit there is).
package func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
