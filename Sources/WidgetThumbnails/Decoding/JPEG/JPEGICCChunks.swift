/// APP2 "ICC_PROFILE\0" chunks: a profile too big for one segment is split into up to 255,
/// each tagged with its sequence number (1-based) and the total count. Anything inconsistent
/// (a missing, repeated or out-of-range chunk, disagreeing counts, a total over the metadata
/// limit) drops the profile: a bad profile must not cost the picture.
struct JPEGICCChunks {
    let maxBytes: Int
    private var chunks: [Int: ArraySlice<UInt8>] = [:]
    private var declaredCount: Int?
    private var totalBytes = 0
    private var isValid = true

    init(maxBytes: Int) { self.maxBytes = maxBytes }

    /// `chunk` is the segment payload after "ICC_PROFILE\0": sequence, count, data.
    mutating func add(_ chunk: ArraySlice<UInt8>) {
        guard isValid else { return }
        guard chunk.count >= 2 else { isValid = false; return }
        let sequence = Int(chunk[chunk.startIndex]), count = Int(chunk[chunk.startIndex + 1])
        let data = chunk.dropFirst(2)
        guard count >= 1, (1...count).contains(sequence), declaredCount ?? count == count,
              chunks[sequence] == nil, totalBytes + data.count <= maxBytes else {
            isValid = false
            chunks = [:]
            return
        }
        declaredCount = count
        totalBytes += data.count
        chunks[sequence] = data
    }

    func profile() -> ICCProfile? {
        guard isValid, let count = declaredCount, chunks.count == count, totalBytes > 0 else { return nil }
        var data: [UInt8] = []
        data.reserveCapacity(totalBytes)
        for sequence in 1...count {
            guard let chunk = chunks[sequence] else { return nil }
            data.append(contentsOf: chunk)
        }
        return ICCProfile(data: data)
    }
}
