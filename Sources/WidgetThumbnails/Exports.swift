// WidgetThumbnails' public API is written in the store's types (StoredFormat, PixelSize,
// SHA256Digest, StoredImage, SnapshotStore), so an app that imports it always needs them:
// re-exporting keeps that one import. A widget extension imports WidgetSnapshots alone.
@_exported import WidgetSnapshots
// What a widget can show (the catalogue, sizing, limits, log lines, check's rules) is
// WidgetRules'; the pipeline's API speaks of its types (WidgetFamily, DeviceClass, RenderCost),
// and importers of WidgetThumbnails keep seeing them through this one import.
@_exported import WidgetRules
