/// How every report says that an input was damaged but decoded anyway (`Thumbnail.damage`,
/// lenient mode): the text output, the batch's JSON and preview page, and `inspect` print
/// this one sentence.
public enum InputDamage {
    /// The sentence for `reason`, the decoder's own words ("Premature end of JPEG file").
    public static func message(_ reason: String) -> String {
        "the input is damaged (\(reason)): what the decoder could not read comes out grey; --strict refuses it"
    }
}
