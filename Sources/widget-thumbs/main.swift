import Glibc
import WidgetThumbnails

// argv as bytes (`RawPath`): CommandLine.arguments would replace bytes that are not UTF-8
// with U+FFFD, and a file name so changed names another file, or none.
let arguments = (0..<Int(CommandLine.argc)).map { index in
    CommandLine.unsafeArgv[index].map { RawPath.decode(cString: $0) } ?? ""
}
if let status = HEIFEncodeChild.serveOrSetUp(arguments) { exit(status) }
exit(WidgetThumbs.main(arguments, console: Console()).rawValue)
