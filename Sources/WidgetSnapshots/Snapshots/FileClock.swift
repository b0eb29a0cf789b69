import WidgetSnapshotsPlatform

/// The clock that stamps the container's files, read by making a file: gc compares file times
/// only with this, never with its own process's clock. On NFS the server sets file times, and
/// a client's clock may be hours off; after an NTP step the process clock no longer matches
/// the times written before it. Either way a comparison across the two clocks could delete a
/// revision retired seconds ago, or keep one for ever.
enum FileClock {
    /// Seconds since 1970 by the file system's clock: the change time of a marker file made
    /// now in the container (a ctime is set by the file system itself, never by a client), then
    /// removed. The marker carries gc's temporary prefix, so a crash in between leaves a
    /// leftover that the next gc removes.
    static func now(in container: ContainerDirectory, operations: FileSystemOperations) throws(SystemCallError) -> Double {
        let name = TemporaryName.make(TemporaryName.ledgerPrefix)
        let fd = try operations.openNoFollow(container.descriptor, name, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600,
                                             label: name)
        defer {
            try? operations.close(fd, label: name)
            try? operations.unlink(in: container.descriptor, name, label: name)
        }
        return RetirementLedger.seconds(try operations.status(fd, label: name).st_ctim)
    }
}
