// WidgetThumbnails' public API is written in the store's types (StoredFormat, PixelSize,
// SHA256Digest, StoredImage, SnapshotStore), so an app that imports it always needs them:
// re-exporting keeps that one import. A widget extension imports WidgetSnapshots alone.
@_exported import WidgetSnapshots
