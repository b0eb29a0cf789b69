extension Array where Element == String {
    /// The names as a sentence lists them: "JPEG", "JPEG or PNG", "JPEG, PNG or WebP", with
    /// `conjunction` ("and", "or") before the last. `package`: a public extension of a standard
    /// library type would reach every client of the store.
    package func spokenList(_ conjunction: String) -> String {
        guard let last, count > 1 else { return last ?? "" }
        return dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
