import WidgetThumbnails

extension Console {
    /// `widget-thumbs: <container>: <what the store said>` on standard error. The store's
    /// descriptions start with `stale:`, `conflict:` or `lock timeout:` for those cases.
    func report(_ error: StoreError, container: String) {
        write("\(WidgetThumbs.name): \(StoreText.shown(container)): \(StoreText.described(error.description))", to: .error)
    }

    /// An original that could not be thumbnailed is reported like any image failure
    /// (`widget-thumbs: <file>: ...`); a store error as above.
    func report(_ error: OriginalCommitError, container: String) {
        switch error {
        case .thumbnail(let imageError): report(imageError)
        case .store(let storeError): report(storeError, container: container)
        }
    }
}
