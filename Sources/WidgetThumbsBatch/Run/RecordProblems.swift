import WidgetThumbnails

/// Problems with the batch's own record files (`RecordFileLines`: not regular files, over-long
/// lines, a journal or manifest that cannot be written): each reported once, however often it
/// recurs, and any of them makes the run fail. The thumbnails are fine all the same.
package final class RecordProblems: Sendable {
    /// Shows one problem to the user (the command's console).
    private let show: @Sendable (ImageError) -> Void
    private let reported = Locked(Set<String>())

    package init(print: @escaping @Sendable (ImageError) -> Void) {
        show = print
    }

    package func report(_ error: ImageError) {
        guard reported.withLock({ $0.insert(error.description).inserted }) else { return }
        show(error)
    }

    package var any: Bool { reported.withLock { !$0.isEmpty } }
}
