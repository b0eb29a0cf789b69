import WidgetThumbnails

extension Console {
    /// `widget-thumbs: <container>: <what the store said>` on standard error. The store's
    /// descriptions start with `stale:` or `conflict:` for those two cases. An original that
    /// could not be thumbnailed is reported like any image failure: `widget-thumbs: <file>: ...`.
    func report(_ error: StoreError, container: String) {
        if case .thumbnailFailed(let imageError) = error {
            report(imageError)
        } else {
            write("\(WidgetThumbs.name): \(container): \(StoreText.shown(error.description))", to: .error)
        }
    }
}
