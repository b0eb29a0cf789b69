// WidgetRules' API is written in the store's value types (PixelSize), so an importer always
// needs them: re-exporting keeps one import, as WidgetThumbnails does.
@_exported import WidgetSnapshots
