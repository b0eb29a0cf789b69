extension Duration {
    /// The duration as a floating-point number of seconds, for reports and JSON.
    public var totalSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
