extension Duration {
    /// The duration as a floating-point number of seconds, for reports and JSON. `package`: a
    /// public extension of a standard library type would reach every client of the store.
    package var totalSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
