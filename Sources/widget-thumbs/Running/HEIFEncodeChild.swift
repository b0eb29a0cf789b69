import Glibc
import WidgetThumbnails

/// `widget-thumbs` runs every AVIF and HEIC encode in a child process that is itself again
/// (`HEIFEncodeProcess` says why: x265 crashes when an allocation fails, and a batch must
/// outlive that). The child is started through /proc/self/exe, so it is this very build even
/// if the installed binary is replaced during a long batch; without /proc the encodes run in
/// process, as the library's do.
enum HEIFEncodeChild {
    /// The argument that makes this binary the child: not a command, and not in the help.
    static let argument = "__serve-heif-encode"
    static let executable = "/proc/self/exe"

    /// The child's exit status when `arguments` (argv, program name first) ask for the child;
    /// nil otherwise, after pointing the library's encodes at the child.
    static func serveOrSetUp(_ arguments: [String]) -> Int32? {
        if arguments.count == 2, arguments[1] == argument {
            return HEIFEncoder.serveChildEncode()
        }
        if access(executable, X_OK) == 0 {
            HEIFEncoder.process = .child(command: [executable, argument])
        }
        return nil
    }
}
