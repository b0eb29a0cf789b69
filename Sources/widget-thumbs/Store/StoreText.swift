import WidgetThumbnails

/// Text that comes from a container (payloads, paths, file names, reasons naming them) as the
/// store commands print it: control characters, escape sequences and bidi overrides escaped,
/// so a hostile container cannot forge a line such as `revision 1: clean`. Every such print
/// goes through `shown`, one place to point at a shared display helper.
enum StoreText {
    static func shown(_ text: String) -> String {
        DisplayText.escaped(text)
    }
}
