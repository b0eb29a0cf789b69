import CShimMessage

/// The one way a C shim's words reach Swift: every shim call that can fail takes a
/// `wt_message` (CShimMessage), and the text is read back here.
enum ShimMessage {
    /// Runs `call` with an empty message for the shim to fill; returns its status and the text
    /// ("" when the shim wrote none).
    static func call<Status, Failure: Error>(_ call: (UnsafeMutablePointer<wt_message>) throws(Failure) -> Status)
        throws(Failure) -> (status: Status, text: String) {
        var message = wt_message()
        let status = try withUnsafeMutablePointer(to: &message) { (pointer) throws(Failure) in try call(pointer) }
        return (status, text(of: message))
    }

    /// The text of a message a shim keeps (a reader's first warning).
    static func text(of message: UnsafePointer<wt_message>) -> String {
        text(of: message.pointee)
    }

    private static func text(of message: wt_message) -> String {
        withUnsafeBytes(of: message.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
