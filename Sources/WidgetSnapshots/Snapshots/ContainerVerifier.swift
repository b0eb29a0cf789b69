import WidgetSnapshotsPlatform

/// Checks every reference, checksum and path in a container, without locking and without
/// changing anything: the committed chain (manifest, snapshot, image), the retained older
/// revisions, and every file in `images/` and `snapshots/`.
struct ContainerVerifier {
    let loader: SnapshotLoader
    let operations: FileSystemOperations
    private(set) var report = VerificationReport()
    /// Layout paths that some checked snapshot names.
    private var referenced: Set<String> = []

    init(loader: SnapshotLoader, operations: FileSystemOperations) {
        self.loader = loader
        self.operations = operations
    }

    mutating func run() -> VerificationReport {
        var manifest: Manifest?
        do {
            manifest = try loader.manifest()
        } catch {
            problem(kind(of: error), Manifest.fileName, error.reason)
        }
        report.revision = manifest?.revision
        if let manifest {
            checkSnapshot(revision: manifest.revision, checksum: manifest.checksum)
        }
        let snapshotNames = list(LayoutPath.snapshotsDirectory)
        let manifestLost = report.problems.isEmpty && manifest == nil
            && snapshotNames.contains { if case .snapshot = $0.1 { true } else { false } }
        if manifestLost {
            let revisions = snapshotNames.compactMap { if case .snapshot(let revision) = $0.1 { revision } else { nil } }
            problem(.missingManifest, Manifest.fileName,
                    Manifest.lostDamage(snapshotCount: revisions.count, newestRevision: revisions.max()!))
        }
        for (name, path) in snapshotNames {
            guard let path, case .snapshot(let revision) = path else { continue }
            if revision == manifest?.revision { continue }
            if manifestLost {
                warnIfIncomplete(revision: revision)
            } else if let current = manifest?.revision, revision < current {
                checkSnapshot(revision: revision, checksum: nil)
            } else {
                warn(.uncommitted, "\(LayoutPath.snapshotsDirectory)/\(name)",
                     "newer than the committed revision (left by an interrupted commit)")
                if let snapshot = try? loader.snapshot(revision: revision, checksum: nil, as: JSONValue.self).0,
                   let image = snapshot.image {
                    referenced.insert(image.relativePath)
                }
            }
        }
        for (name, path) in list(LayoutPath.imagesDirectory) {
            guard let path, !referenced.contains(path.description) else { continue }
            warn(.orphan, "\(LayoutPath.imagesDirectory)/\(name)", "no retained snapshot names this image")
        }
        if let names = try? operations.listDirectory(loader.opener.container.descriptor, label: ".") {
            for name in names.sorted()
            where name.hasPrefix(TemporaryName.manifestPrefix) || name.hasPrefix(TemporaryName.ledgerPrefix) {
                warn(.leftoverTemporary, name, "left by an interrupted commit")
            }
        }
        return report
    }

    private mutating func checkSnapshot(revision: UInt64, checksum: SHA256Digest?) {
        let path = LayoutPath.snapshot(revision: revision).description
        referenced.insert(path)
        let snapshot: Snapshot<JSONValue>
        do {
            snapshot = try loader.snapshot(revision: revision, checksum: checksum, as: JSONValue.self).0
        } catch {
            problem(kind(of: error), path, error.reason)
            return
        }
        guard let reference = snapshot.image else { return }
        referenced.insert(reference.relativePath)
        let image = loader.image(reference, revision: revision)
        let kind: VerificationReport.Finding.Kind
        switch image.status {
        case .ok: return
        case .missing: kind = .brokenReference
        case .corrupt: kind = .checksumMismatch
        case .rejected: kind = .refusedPath
        }
        problem(kind, reference.relativePath, "named by \(path): \(image.reason ?? "")")
    }

    /// With the manifest lost, each snapshot is a candidate for recovery: say which are not
    /// complete (their files are warnings, the missing manifest is the problem).
    private mutating func warnIfIncomplete(revision: UInt64) {
        let path = LayoutPath.snapshot(revision: revision).description
        referenced.insert(path)
        do {
            let snapshot = try loader.snapshot(revision: revision, checksum: nil, as: JSONValue.self).0
            guard let reference = snapshot.image else { return }
            referenced.insert(reference.relativePath)
            let image = loader.image(reference, revision: revision)
            if image.status != .ok {
                warn(.uncommitted, path, "cannot be recovered: its image is \(image.status): \(image.reason ?? "")")
            }
        } catch {
            warn(.uncommitted, path, "cannot be recovered: \(error.reason)")
        }
    }

    /// The names in `images/` or `snapshots/` with their layout paths (nil for other names),
    /// warning about temporaries, strangers and writable files on the way.
    private mutating func list(_ directory: String) -> [(String, LayoutPath?)] {
        let fd: Int32
        do {
            fd = try loader.opener.open(try! ContainerPath(directory), as: .directory)
        } catch {
            if case .notFound = error { return [] }
            problem(.refusedPath, directory, error.description)
            return []
        }
        defer { try? operations.close(fd, label: directory) }
        let names: [String]
        do {
            names = try operations.listDirectory(fd, label: directory).sorted()
        } catch {
            problem(.corrupt, directory, error.description)
            return []
        }
        var entries: [(String, LayoutPath?)] = []
        for name in names {
            let label = "\(directory)/\(name)"
            if TemporaryName.isTemporary(name) {
                warn(.leftoverTemporary, label, "left by an interrupted commit")
                continue
            }
            guard let path = LayoutPath.entry(name, in: directory) else {
                warn(.unexpectedFile, label, "not part of the layout")
                continue
            }
            if let info = try? operations.status(in: fd, name, label: label) {
                if (info.st_mode & S_IFMT) != S_IFREG {
                    warn(.unexpectedFile, label, "\(FileKind.name(of: info.st_mode)), not a regular file")
                } else if info.st_mode & 0o7777 != ImmutableFilePublisher.storeMode {
                    warn(.permissions, label, "mode \(String(info.st_mode & 0o7777, radix: 8)), expected 444")
                }
            }
            entries.append((name, path))
        }
        return entries
    }

    private func kind(of failure: ReadFailure) -> VerificationReport.Finding.Kind {
        switch failure.code {
        case .snapshotMissing: .brokenReference
        case .manifestMissing: .missingManifest
        case .snapshotChecksumMismatch: .checksumMismatch
        case .manifestRejected, .snapshotRejected: .refusedPath
        case .containerUnavailable, .unreadable, .manifestCorrupt, .snapshotCorrupt: .corrupt
        }
    }

    private mutating func problem(_ kind: VerificationReport.Finding.Kind, _ path: String, _ detail: String) {
        report.problems.append(.init(kind: kind, path: path, detail: detail))
    }

    private mutating func warn(_ kind: VerificationReport.Finding.Kind, _ path: String, _ detail: String) {
        report.warnings.append(.init(kind: kind, path: path, detail: detail))
    }
}
