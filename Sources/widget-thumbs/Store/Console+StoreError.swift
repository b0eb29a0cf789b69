import WidgetThumbnails

extension Console {
    /// `widget-thumbs: <container>: <what the store said>` on standard error. The store's
    /// descriptions start with `stale:` or `conflict:` for those two cases.
    func report(_ error: StoreError, container: String) {
        write("\(WidgetThumbs.name): \(container): \(error)", to: .error)
    }
}
