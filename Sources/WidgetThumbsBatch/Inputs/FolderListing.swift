import Glibc
import WidgetThumbnails

/// One folder's names as every walk of the engine sees them (`batch`'s `InputDiscovery` and
/// `check`'s `CheckInputs`): listed byte for byte (a name that is not UTF-8 is listed like
/// any other), sorted byte-wise, hidden names (leading dot) skipped, each name looked at with
/// `lstat` (a link is reported as a link, never followed here). Nothing is left out without a
/// word: a name that cannot be looked at is `unreachable` with the reason, and a folder that
/// cannot be listed or searched is a failure naming it.
package struct FolderListing {
    /// What a name is.
    package enum Kind: Equatable {
        case file
        case folder
        /// A symbolic link; `toFolder` when it leads to a folder (never walked).
        case symbolicLink(toFolder: Bool)
        /// A FIFO, socket or device.
        case other
    }

    /// One listed name.
    package struct Entry {
        package var name: String
        package var path: String
        package var kind: Kind
        /// The name's own `lstat`.
        package var status: stat
    }

    /// The folder's identity (device and inode), for a walk's loop guard.
    package var identity: FileIdentity?
    package var entries: [Entry]
    /// Names listed that could not be looked at, with the reason.
    package var unreachable: [(path: String, reason: String)]

    /// Lists `directory`; the reason when it cannot be listed, or when it cannot be searched
    /// (then none of its names can be reached, and it fails once rather than once a name).
    package static func list(_ directory: String) -> Result<FolderListing, FolderListingFailure> {
        let identity = FileIdentity(path: directory)
        guard let names = PathLookup.entries(of: directory) else {
            return .failure(FolderListingFailure(path: directory, reason: "cannot list the directory: \(String(cString: strerror(errno)))"))
        }
        var entries: [Entry] = []
        var unreachable: [(String, String)] = []
        for name in names where !name.hasPrefix(".") {
            let path = PathComponents.join(directory, name)
            var link = stat()
            guard RawPath.withCString(path, { lstat($0, &link) }) == 0 else {
                // A name removed since the listing (ENOENT: a download's `.part` renamed, a
                // file deleted) is no longer there to lose, and failing the run for it would
                // make every walk of a live folder a coin toss.
                let code = errno
                if code == ENOENT { continue }
                if code == EACCES {
                    return .failure(FolderListingFailure(
                        path: directory, reason: "cannot search the directory, so none of its files can be reached: \(String(cString: strerror(code)))"))
                }
                unreachable.append((path, unreachableReason(code)))
                continue
            }
            let kind: Kind = switch link.st_mode & S_IFMT {
            case S_IFREG: .file
            case S_IFDIR: .folder
            case S_IFLNK: .symbolicLink(toFolder: PathLookup.isDirectory(path, followingLinks: true))
            default: .other
            }
            entries.append(Entry(name: name, path: path, kind: kind, status: link))
        }
        return .success(FolderListing(identity: identity, entries: entries, unreachable: unreachable))
    }

    /// Why a listed name could not be looked at (`lstat` failed with `code`).
    package static func unreachableReason(_ code: Int32) -> String {
        let reason = String(cString: strerror(code))
        if code == ENAMETOOLONG {
            return "cannot be reached: \(reason) (the path is longer than the system's limit of \(PATH_MAX) bytes)"
        }
        return "cannot be reached: \(reason)"
    }
}

/// A folder a walk could not list or search, and why.
package struct FolderListingFailure: Error {
    package var path: String
    package var reason: String
}
