extension SnapshotStore {
    /// Re-points a missing or damaged `current.json` at the newest complete revision: its
    /// snapshot parses as `Payload`, and its image, if it names one, is present with the right
    /// size, checksum and format. Under the writers' lock, with the usual durable replace
    /// (temporary file, fsync, rename, fsync). A valid manifest is left alone, and so is one
    /// that cannot be read for an I/O error (the file may be fine). Throws
    /// `.corruptContainer` when snapshots exist but none is complete.
    @discardableResult
    public func recoverManifest() throws(StoreError) -> ManifestRecovery {
        let lock = try ContainerLock(container: container, operations: operations, paths: options.fileSystem,
                                     timeout: options.lockTimeout)
        defer { lock.release() }
        try refuseRedirectedDirectories()
        do {
            if let manifest = try loader.manifest() { return .intact(revision: manifest.revision) }
        } catch {
            // An unreadable file, not a damaged one, may be fine: do not replace it.
            if let call = error.systemCall { throw StoreError(call) }
        }
        let revisions = try snapshotRevisions().sorted(by: >)
        guard !revisions.isEmpty else { return .empty }
        var skipped: [ManifestRecovery.SkippedRevision] = []
        for revision in revisions {
            let bytes: [UInt8]
            do {
                let (snapshot, checked) = try loader.snapshot(revision: revision, checksum: nil, as: Payload.self)
                if let reference = snapshot.image {
                    let image = loader.image(reference, revision: revision)
                    guard image.status == .ok else {
                        skipped.append(.init(revision: revision, reason: "its image is \(image.status): \(image.reason ?? "")"))
                        continue
                    }
                }
                bytes = checked
            } catch {
                if let call = error.systemCall { throw StoreError(call) }
                skipped.append(.init(revision: revision, reason: error.description))
                continue
            }
            let manifest = Manifest(revision: revision, checksum: SHA256Digest.of(bytes))
            do {
                try FileReplacer(operations: operations).replace(Manifest.fileName, in: container.descriptor,
                                                                 with: manifest.encoded)
                // gc's records of when revisions were retired no longer hold: one of them (or
                // a newer one) may be current again.
                try RetirementLedger.remove(container: container, operations: operations)
            } catch {
                throw StoreError(error)
            }
            return .recovered(revision: revision, skipped: skipped)
        }
        let reasons = skipped.prefix(3).map { "revision \($0.revision): \($0.reason)" }.joined(separator: "; ")
        throw .corruptContainer(reason: "current.json is missing and no snapshot is complete (\(reasons))")
    }
}
