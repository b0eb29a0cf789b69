extension OptionSpec {
    /// `thumbnail --per-device` (`PerDeviceThumbnails`): here, beside the other thumbnail options,
    /// because `FamiliesArgument` refuses it next to `--families`.
    static let perDevice = OptionSpec.flag(
        "per-device",
        help: "With --family: one thumbnail per distinct slot size of the family (OUT.family-WxH.ext), all from one decode, "
            + "each covering its slot and under its devices' smallest cap; prints which devices each serves as JSON. "
            + "Each file follows -o's rules and fails alone; the others are still made.")
}
