import Glibc
import WidgetThumbnails

/// `mkdir -p` for the folders of outputs: `--out`, the folders that mirror the inputs' relative
/// paths, the staging folder, a preview page's folder (`OutputPlacement.placeCommandOutput`).
package enum OutputDirectories {
    package static func create(parentOf path: String) throws(ImageError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        try create(String(path[..<slash]))
    }

    package static func create(_ directory: String) throws(ImageError) {
        var status = stat()
        if RawPath.withCString(directory, { stat($0, &status) }) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                throw ImageError(.io, "cannot create the output folder: a file is in the way", file: directory)
            }
            return
        }
        try create(parentOf: directory)
        // Another worker may create it between the check and here: that is fine.
        guard RawPath.withCString(directory, { mkdir($0, 0o777) }) == 0 || errno == EEXIST else {
            throw ImageError(.io, "cannot create the output folder: \(String(cString: strerror(errno)))", file: directory)
        }
    }
}
