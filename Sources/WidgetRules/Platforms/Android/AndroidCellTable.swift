/// Android's widget sizes per cell span on a handheld: the smallest and largest frame in dp a
/// launcher gives a widget spanning so many columns and rows (the design guide's "Sizing"
/// table), with its source. Data: Data/widget-catalog.json's `androidCells`.
public struct AndroidCellTable: Sendable, Hashable {
    /// The id of the catalogue source of the table (`WidgetCatalog.Source`).
    public let source: String
    /// Every span the table gives, in the catalogue's order.
    public let spans: [AndroidCellSpan]

    /// The span of `columns` x `rows` cells, or nil when the table has none.
    public func span(columns: Int, rows: Int) -> AndroidCellSpan? {
        spans.first { $0.columns == columns && $0.rows == rows }
    }
}

/// One row of the cell table: a widget `columns` cells wide and `rows` high, and the frame the
/// launcher gives it, from `minimum` to `maximum` dp (it depends on the launcher's grid and
/// the screen's width).
public struct AndroidCellSpan: Sendable, Hashable, CustomStringConvertible {
    /// Cells across.
    public let columns: Int
    /// Cells down.
    public let rows: Int
    /// The smallest frame, in dp.
    public let minimum: DPSize
    /// The largest frame, in dp.
    public let maximum: DPSize

    /// The largest frame in whole pixels at `density` (each side rounded down): the slot a
    /// widget bitmap of this span needs at most. 4x2 (624x276 dp) at 2.625 is 1638x724.
    public func largestSlot(at density: AndroidDensity) -> PixelSize { density.pixels(dp: maximum) }

    /// The smallest frame in whole pixels at `density`.
    public func smallestSlot(at density: AndroidDensity) -> PixelSize { density.pixels(dp: minimum) }

    /// `4x2`.
    public var description: String { "\(columns)x\(rows)" }
}

extension WidgetCatalog {
    /// The slot in pixels for a widget of `columns` x `rows` cells at `density`: the largest
    /// frame of the cell table's span, rounded down (nil when the catalogue has no such span).
    /// What `budget`, `thumbnail` and a resource check size against.
    public func androidSlot(columns: Int, rows: Int, density: AndroidDensity) -> PixelSize? {
        androidCells?.span(columns: columns, rows: rows)?.largestSlot(at: density)
    }

    /// The Android screen `name` names (`AndroidScreen.isNamed`), the first in catalogue order.
    public func androidScreen(named name: String) -> AndroidScreen? {
        androidScreens.first { $0.isNamed(name) }
    }
}
