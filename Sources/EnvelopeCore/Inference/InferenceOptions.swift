/// The thresholds ``SchemaInferrer`` works with, so a reviewer can see (and a user change)
/// when a set of strings becomes an `enum`.
public struct InferenceOptions: Sendable, Hashable {
    /// The most distinct strings a place may hold and still become an `enum` (0 turns enums
    /// off). Ten covers status codes and categories without turning names into a closed list.
    public var enumMaxValues: Int
    /// How many times, on average, each distinct string must have been seen. A set is only
    /// "closed" when values repeat: six items with two statuses are evidence, six items with
    /// six names are not.
    public var enumMinRepeats: Int
    /// The longest string that may be an `enum` value; longer text is prose, not a code.
    public var enumMaxLength: Int
    /// Whether the items of the one array of objects inside an object envelope go to
    /// `$defs/item`, so the envelope around them can be moved to a shared file.
    public var extractItems: Bool
    /// Whether a shape (an object schema) written at two or more places goes to `$defs` once,
    /// named after the key it sits under, and each place says `{"$ref": "#/$defs/NAME"}`.
    public var shareShapes: Bool
    /// Which keys go into `required`.
    public var required: RequiredKeys

    /// Creates options; the defaults are the documented ones (10 values, 3 repeats, 40
    /// characters, items extracted, repeated shapes shared, `required` for keys every object had).
    public init(enumMaxValues: Int = 10, enumMinRepeats: Int = 3, enumMaxLength: Int = 40, extractItems: Bool = true,
                shareShapes: Bool = true, required: RequiredKeys = .common) {
        self.enumMaxValues = enumMaxValues
        self.enumMinRepeats = enumMinRepeats
        self.enumMaxLength = enumMaxLength
        self.extractItems = extractItems
        self.shareShapes = shareShapes
        self.required = required
    }
}
