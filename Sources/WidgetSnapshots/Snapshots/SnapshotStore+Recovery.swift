extension SnapshotStore {
    /// Re-points a missing, damaged or dangling `current.json` at the newest complete revision:
    /// its snapshot parses as `Payload`, and its image, if it names one, is present with the
    /// right size, checksum and format. Under the writers' lock, with the usual durable replace
    /// (temporary file, fsync, rename, fsync).
    ///
    /// - A manifest whose snapshot and image are complete is `.intact`; so is a container with
    ///   nothing committed `.empty`. Both are decided before the lock is taken (and written
    ///   nothing), so a read-only container, or one whose `.lock` cannot be created, reports
    ///   them; anything else is decided again under the lock.
    /// - A valid manifest whose snapshot or image is missing or corrupt is re-pointed at the
    ///   newest complete revision *older* than the one it names: newer revisions were never
    ///   committed (their commit did not finish). The damaged revision heads `skipped`.
    /// - A manifest that cannot be read for an I/O error is left alone (the file may be fine).
    ///
    /// Throws `.corruptContainer` when no candidate revision is complete, changing nothing.
    @discardableResult
    public func recoverManifest() throws(StoreError) -> ManifestRecovery {
        if let unchanged = try recoveryState().unchanged { return unchanged }
        let lock = try ContainerLock(container: container, operations: operations, paths: options.fileSystem,
                                     timeout: options.lockTimeout)
        defer { lock.release() }
        let state = try recoveryState()
        if let unchanged = state.unchanged { return unchanged }

        var skipped: [ManifestRecovery.SkippedRevision] = []
        var candidates = try snapshotRevisions().sorted(by: >)
        if case .damaged(let revision, let reason) = state {
            candidates = candidates.filter { $0 < revision }
            skipped.append(.init(revision: revision, reason: reason))
        }
        for revision in candidates {
            let check: (reason: String?, bytes: [UInt8])
            do {
                check = try loader.incompleteness(of: revision, checksum: nil, as: Payload.self)
            } catch {
                throw StoreError(error)
            }
            if let reason = check.reason {
                skipped.append(.init(revision: revision, reason: reason))
                continue
            }
            let manifest = Manifest(revision: revision, checksum: SHA256Digest.of(check.bytes))
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
        if case .damaged(let revision, _) = state {
            throw .corruptContainer(reason: "current.json names revision \(revision), which is not complete, and no older "
                                        + "revision is complete (\(reasons)); nothing was changed")
        }
        throw .corruptContainer(reason: "current.json is missing and no snapshot is complete (\(reasons))")
    }

    /// What the committed chain looks like, for `recoverManifest()`.
    enum RecoveryState {
        /// The manifest and everything it names are complete.
        case intact(revision: UInt64)
        /// No manifest and no snapshot.
        case empty
        /// The manifest is valid but its snapshot or image is not complete.
        case damaged(revision: UInt64, reason: String)
        /// No valid manifest while snapshots exist (missing, corrupt or refused).
        case lost

        /// The outcome when nothing needs writing.
        var unchanged: ManifestRecovery? {
            switch self {
            case .intact(let revision): .intact(revision: revision)
            case .empty: .empty
            case .damaged, .lost: nil
            }
        }
    }

    /// Checks the manifest and what it names (reads only; no lock needed for the answer to be
    /// true at the moment of reading). I/O errors are thrown: an unreadable file may be fine.
    func recoveryState() throws(StoreError) -> RecoveryState {
        try refuseRedirectedDirectories()
        let manifest: Manifest?
        do {
            manifest = try loader.manifest()
        } catch {
            if let call = error.systemCall { throw StoreError(call) }
            manifest = nil
        }
        guard let manifest else { return try snapshotRevisions().isEmpty ? .empty : .lost }
        guard let reason = try incompleteness(of: manifest) else { return .intact(revision: manifest.revision) }
        return .damaged(revision: manifest.revision, reason: reason)
    }

    /// Why what `manifest` names is not complete (its snapshot's checksum and parse, its
    /// image's size and SHA-256), nil when it is: what recover and gc both check first.
    func incompleteness(of manifest: Manifest) throws(StoreError) -> String? {
        do {
            return try loader.incompleteness(of: manifest.revision, checksum: manifest.checksum, as: Payload.self).reason
        } catch {
            throw StoreError(error)
        }
    }
}
