import WidgetThumbnails

/// Text that comes from a container (payloads, paths, file names, reasons naming them) as the
/// store commands print it: control characters, escape sequences and bidi overrides escaped,
/// so a hostile container cannot forge a line such as `revision 1: clean`. Every such print
/// goes through here, one place to point at a shared display helper.
enum StoreText {
    /// Text as it came from the container or the command line (a payload, a file name or a
    /// path the snapshot names): escaped whole, backslashes doubled.
    static func shown(_ text: String) -> String {
        DisplayText.escaped(text)
    }

    /// A message the store built (a `StoreError`'s description, a read failure's or a skipped
    /// revision's reason): the texts from outside in it are escaped already, so it is only
    /// guarded (`DisplayText.guarded`), never escaped a second time.
    static func described(_ message: String) -> String {
        DisplayText.guarded(message)
    }
}
