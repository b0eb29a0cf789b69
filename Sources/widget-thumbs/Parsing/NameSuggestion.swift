/// "Did you mean ...?": the known name closest to a mistyped one, when it is close enough
/// to be a plausible typo (edit distance at most 2, and less than half the name).
enum NameSuggestion {
    static func closest(to typed: String, among candidates: [String]) -> String? {
        let scored = candidates.map { (name: $0, distance: editDistance(typed, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        let tolerance = min(2, max(1, typed.count / 2))
        return best.distance <= tolerance ? best.name : nil
    }

    /// Levenshtein distance over characters, two rows at a time.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs), right = Array(rhs)
        var previous = Array(0...right.count)
        for (row, leftChar) in left.enumerated() {
            var current = [row + 1] + Array(repeating: 0, count: right.count)
            for (column, rightChar) in right.enumerated() {
                let substitution = previous[column] + (leftChar == rightChar ? 0 : 1)
                current[column + 1] = min(substitution, previous[column + 1] + 1, current[column] + 1)
            }
            previous = current
        }
        return previous[right.count]
    }
}
